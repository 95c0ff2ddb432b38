import PixelCore
import PixelImages
import PixelSystem
import PixelUI

/// Photos' folder on disk: PNG, JPEG, GIF and PPM files, and one level of subfolders as
/// albums, read again whenever Photos opens; pictures decoded and fitted when shown.
public final class PhotoFolder: PhotoLibrary {
    /// The folder, as the user gave it.
    public let path: String

    /// Names read from one folder, at most: a folder with more shows the first ones by name.
    public static let maximumEntries = 4096
    /// The largest photo file read (the upload limit is 8 MiB; a file copied in by hand may be larger).
    public static let maximumFileBytes = 64 << 20

    /// The folder at `path`.
    public init(path: String) { self.path = path }

    /// The run's default folder: `/var/lib/pixelwheel/photos`, which the package makes.
    public static let defaultPath = "/var/lib/pixelwheel/photos"

    public func scan() -> PhotoCatalog {
        switch FileSystem.kind(of: path) {
        case .missing: return PhotoCatalog(folder: path, problem: "\(path) does not exist: create it and put pictures in it")
        case .directory: break
        default: return PhotoCatalog(folder: path, problem: "\(path) is not a folder: give --photos a folder")
        }
        guard let names = FileSystem.names(in: path, limit: Self.maximumEntries) else {
            return PhotoCatalog(folder: path, problem: "\(path) cannot be read: let the service user read it")
        }
        var catalog = PhotoCatalog(folder: path)
        for name in names where !name.hasPrefix(".") {
            let full = path + "/" + name
            switch FileSystem.kind(of: full) {
            case .directory:
                let (photos, skipped) = Self.photos(in: full, album: name)
                catalog.albums.append((name, photos))
                catalog.skipped += skipped
            case .file:
                if PhotoDecoder.isSupported(fileName: name) { catalog.photos.append(PhotoItem(name: name)) } else { catalog.skipped += 1 }
            default:
                catalog.skipped += 1
            }
        }
        return catalog
    }

    /// The photos in album folder `folder` (its subfolders are not read), and the files skipped.
    private static func photos(in folder: String, album: String) -> ([PhotoItem], Int) {
        guard let names = FileSystem.names(in: folder, limit: maximumEntries) else { return ([], 0) }
        var photos: [PhotoItem] = [], skipped = 0
        for name in names where !name.hasPrefix(".") {
            if PhotoDecoder.isSupported(fileName: name) && FileSystem.kind(of: folder + "/" + name) == .file {
                photos.append(PhotoItem(album: album, name: name))
            } else {
                skipped += 1
            }
        }
        return (photos, skipped)
    }

    public func open(_ item: PhotoItem, width: Int, height: Int, supersampling: Supersampling, fit: PhotoFit) throws(PhotoProblem) -> OpenedPhoto {
        let file = path + "/" + item.relativePath
        let photo: Photo
        do {
            let bytes = try FileBytes.read(file, limit: Self.maximumFileBytes)
            photo = try PhotoDecoder.decode(bytes, name: item.name, width: width, height: height, supersampling: supersampling, fit: fit)
        } catch {
            throw PhotoProblem("\(error)")
        }
        switch photo {
        case let .still(frame):
            return .still(frame)
        case let .animation(animation):
            let frames = DecodedFrames(animation)
            guard let first = try frames.nextFrame() else { throw PhotoProblem("\(item.name): the GIF has no frames") }
            return .animation(first: first.frame, milliseconds: first.milliseconds, rest: frames)
        }
    }

    /// A GIF's frames for the viewer, from PixelImages' animation.
    final class DecodedFrames: PhotoFrames {
        let animation: PhotoAnimation
        init(_ animation: PhotoAnimation) { self.animation = animation }
        var loopCount: Int? { animation.loopCount }

        func nextFrame() throws(PhotoProblem) -> (frame: Frame, milliseconds: Int)? {
            do {
                return try animation.next().map { ($0.frame, $0.durationMilliseconds) }
            } catch {
                throw PhotoProblem("\(error)")
            }
        }

        func rewind() throws(PhotoProblem) {
            do { try animation.rewind() } catch { throw PhotoProblem("\(error)") }
        }
    }
}
