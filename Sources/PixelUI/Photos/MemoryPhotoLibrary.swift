import PixelCore

/// The simulated Photos folder: pictures held in memory, already the panel's size, for tests
/// and the fuzz target. A still is one frame; an animation is frames with their times; a
/// problem stands for a file that does not decode.
public final class MemoryPhotoLibrary: PhotoLibrary {
    /// One picture of the simulated folder.
    public enum Picture {
        case still(Frame)
        case animation([(frame: Frame, milliseconds: Int)], loopCount: Int?)
        case broken(String)
    }

    /// The pictures by item; `scan()` lists them in file-name order.
    public var pictures: [PhotoItem: Picture] = [:]
    /// The folder name the catalog reports.
    public var folder = "memory"
    /// How many times `open` was called (what a cache saves).
    public private(set) var opens = 0

    /// An empty folder.
    public init() {}

    public func scan() -> PhotoCatalog {
        let items = pictures.keys.sorted { ($0.album ?? "", $0.name) < ($1.album ?? "", $1.name) }
        let albumNames = Set(items.compactMap(\.album)).sorted()
        return PhotoCatalog(folder: folder, photos: items.filter { $0.album == nil },
                            albums: albumNames.map { name in (name, items.filter { $0.album == name }) })
    }

    public func open(_ item: PhotoItem, width: Int, height: Int, supersampling: Supersampling, fit: PhotoFit) throws(PhotoProblem) -> OpenedPhoto {
        opens += 1
        switch pictures[item] {
        case let .still(frame)?: return .still(frame)
        case let .animation(frames, loopCount)?:
            guard let first = frames.first else { throw PhotoProblem("\(item.name): no frames") }
            return .animation(first: first.frame, milliseconds: first.milliseconds, rest: Frames(Array(frames.dropFirst()), all: frames, loopCount: loopCount))
        case let .broken(reason)?: throw PhotoProblem("\(item.name): \(reason)")
        case nil: throw PhotoProblem("\(item.name) is gone")
        }
    }

    /// An animation's frames after the first, then from the start on rewind.
    final class Frames: PhotoFrames {
        var pending: [(frame: Frame, milliseconds: Int)]
        let all: [(frame: Frame, milliseconds: Int)]
        let loopCount: Int?
        init(_ rest: [(frame: Frame, milliseconds: Int)], all: [(frame: Frame, milliseconds: Int)], loopCount: Int?) {
            pending = rest; self.all = all; self.loopCount = loopCount
        }
        func nextFrame() throws(PhotoProblem) -> (frame: Frame, milliseconds: Int)? {
            pending.isEmpty ? nil : pending.removeFirst()
        }
        func rewind() throws(PhotoProblem) { pending = all }
    }
}
