import PixelCore

/// One picture in the Photos folder: the album it is in (a subfolder; nil for the top
/// folder) and its file name.
public struct PhotoItem: Hashable, Sendable {
    /// The subfolder, or nil for the folder itself.
    public var album: String?
    /// The file's name, with its extension.
    public var name: String

    /// A photo named `name` in `album`.
    public init(album: String? = nil, name: String) {
        self.album = album; self.name = name
    }

    /// The path under the Photos folder: `album/name` or `name`.
    public var relativePath: String { album.map { $0 + "/" + name } ?? name }

    /// The name shown on the panel: the file name without its extension.
    public var title: String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }
}

/// What the Photos folder holds, read when Photos opens.
public struct PhotoCatalog: Equatable, Sendable {
    /// The folder's path as the user gave it; nil when no folder was given.
    public var folder: String?
    /// The photos of the folder itself, by file name.
    public var photos: [PhotoItem]
    /// The albums (subfolders holding photos), by name, each with its photos by file name.
    public var albums: [(name: String, photos: [PhotoItem])]
    /// Files that are not PNG, JPEG, GIF or PPM, skipped.
    public var skipped: Int
    /// Why the folder could not be read, if it could not (missing, not a folder, no permission).
    public var problem: String?

    /// A catalog.
    public init(folder: String?, photos: [PhotoItem] = [], albums: [(name: String, photos: [PhotoItem])] = [], skipped: Int = 0,
                problem: String? = nil) {
        self.folder = folder; self.photos = photos; self.albums = albums; self.skipped = skipped; self.problem = problem
    }

    /// No folder given.
    public static let none = PhotoCatalog(folder: nil)

    /// The photos of `album` (nil: the folder's own).
    public func photos(in album: String?) -> [PhotoItem] {
        guard let album else { return photos }
        return albums.first { $0.name == album }?.photos ?? []
    }

    /// Every photo: the folder's own, then each album's.
    public var allPhotos: [PhotoItem] { photos + albums.flatMap(\.photos) }

    public static func == (a: PhotoCatalog, b: PhotoCatalog) -> Bool {
        a.folder == b.folder && a.photos == b.photos && a.skipped == b.skipped && a.problem == b.problem
            && a.albums.map(\.name) == b.albums.map(\.name) && a.albums.map(\.photos) == b.albums.map(\.photos)
    }
}

/// Why a photo cannot be shown, in one line ("holiday.jpg: the JPEG is cut short").
public struct PhotoProblem: Error, Equatable, Sendable {
    /// The line shown in place of the picture.
    public var message: String
    /// A problem described by `message`.
    public init(_ message: String) { self.message = message }
}

/// The frames of an animated photo, decoded and fitted as they play.
public protocol PhotoFrames: AnyObject {
    /// The GIF's loop count: nil to play once, 0 forever, N to play N + 1 times (as browsers do).
    var loopCount: Int? { get }
    /// The next frame and how long it stays up in milliseconds; nil after the last.
    func nextFrame() throws(PhotoProblem) -> (frame: Frame, milliseconds: Int)?
    /// Starts again from the first frame.
    func rewind() throws(PhotoProblem)
}

/// A photo opened for the panel.
public enum OpenedPhoto {
    /// A picture that does not move, fitted to the panel.
    case still(Frame)
    /// An animation whose first frame has been read: it and its time, then the rest.
    case animation(first: Frame, milliseconds: Int, rest: any PhotoFrames)
}

/// Where Photos finds its pictures: the boundary between the app, which holds no files, and
/// the folder. The runtime's `PhotoFolder` reads a folder on disk; tests use pictures in memory.
public protocol PhotoLibrary: AnyObject {
    /// What the folder holds now (read again on every call: a file copied in by hand appears).
    func scan() -> PhotoCatalog
    /// `item` decoded and fitted to a `width × height` panel drawn at `supersampling`, placed
    /// by `fit`; a damaged or vanished file is a one-line problem.
    func open(_ item: PhotoItem, width: Int, height: Int, supersampling: Supersampling, fit: PhotoFit) throws(PhotoProblem) -> OpenedPhoto
}
