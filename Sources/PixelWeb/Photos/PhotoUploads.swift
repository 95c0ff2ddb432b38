import PixelBus
import PixelCore
import PixelImages
import PixelRuntime
import PixelSystem
import PixelUI

/// Photos' folder as the remote page changes it: `GET /photos.json`, `POST /photos/NAME`
/// (the body is the file) and `DELETE /photos/NAME`, free of the server. A file is decoded
/// before it is kept, then written atomically; the folder's size is bounded.
public struct PhotoUploads: Sendable {
    /// The folder the uploads go into (its top level: a name holds no slash).
    public let folder: String

    /// The largest file taken.
    public static let maximumFileBytes = 8 << 20
    /// The most the folder may hold, its albums included, with a new file.
    public static let maximumFolderBytes = 256 << 20
    /// Uploads read at once; more wait for a 503 and are tried again by the page.
    public static let maximumConcurrentUploads = 2

    /// The uploads into `folder`.
    public init(folder: String) { self.folder = folder }

    /// Why a request is refused, as an HTTP status and one line that names the problem and the fix.
    public struct Refusal: Error, Equatable, Sendable {
        /// 400, 404, 409, 413, 415 or 500.
        public var status: Int
        /// The line shown on the page.
        public var message: String
    }

    /// `name` from a request path, percent-decoded, when it is one a photo may have: not empty,
    /// at most 255 bytes, no slash, backslash or control character, not starting with a dot
    /// (so neither `.` nor `..`), with a PNG, JPEG, GIF or PPM extension.
    public static func checkedName(_ encoded: Substring) throws(Refusal) -> String {
        guard let name = percentDecoded(encoded) else { throw Refusal(status: 400, message: "the name is not valid percent-encoded UTF-8") }
        guard !name.isEmpty, name.utf8.count <= 255 else { throw Refusal(status: 400, message: "a photo's name must be 1 to 255 bytes") }
        guard !name.contains("/"), !name.contains("\\"), !name.hasPrefix("."), !name.contains(".."),
              !name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw Refusal(status: 400, message: "'\(name)' is not a plain file name: no slash, '..', leading dot or control characters")
        }
        guard PhotoDecoder.isSupported(fileName: name) else {
            throw Refusal(status: 415, message: "'\(name)' is not a PNG, JPEG, GIF or PPM name: end it in .png, .jpg, .jpeg, .gif or .ppm")
        }
        return name
    }

    /// The folder's photos (name, size in bytes, album or null), its albums and the bytes it holds.
    public func listing() -> JSONValue {
        let catalog = PhotoFolder(path: folder).scan()
        let sized = catalog.allPhotos.map { ($0, FileSystem.size(of: path(of: $0)) ?? 0) }  // one stat a photo
        let photos = sized.map { item, size -> JSONValue in
            .object([("name", .string(item.name)), ("size", .int(Int64(size))), ("album", item.album.map { .string($0) } ?? .null)])
        }
        return .object([
            ("folder", .string(folder)), ("photos", .array(photos)), ("albums", .array(catalog.albums.map { .string($0.name) })),
            ("skipped", .int(Int64(catalog.skipped))), ("bytes", .int(Int64(sized.reduce(0) { $0 + $1.1 }))),
            ("limits", .object([("file", .int(Int64(Self.maximumFileBytes))), ("folder", .int(Int64(Self.maximumFolderBytes)))])),
            ("problem", catalog.problem.map { .string($0) } ?? .null),
        ])
    }

    /// Keeps `bytes` as `name` once they decode as a picture and fit in the folder's bound,
    /// written atomically (replacing a photo of that name); nothing is stored otherwise.
    public func store(_ bytes: [UInt8], as name: String) throws(Refusal) {
        guard bytes.count <= Self.maximumFileBytes else {
            throw Refusal(status: 413, message: "\(name) is \(bytes.count >> 20) MiB; a photo may be at most 8 MiB: make it smaller")
        }
        let catalog = PhotoFolder(path: folder).scan()
        if let problem = catalog.problem { throw Refusal(status: 500, message: problem) }
        let replaced = FileSystem.size(of: folder + "/" + name) ?? 0
        guard usedBytes(catalog) - replaced + bytes.count <= Self.maximumFolderBytes else {
            throw Refusal(status: 413, message: "the photos folder would hold over 256 MiB: delete some photos first")
        }
        do {
            // Decoded whole (every frame of a GIF) at a small size: a file that does not decode is never kept.
            switch try PhotoDecoder.decode(bytes, name: name, width: 16, height: 8, supersampling: .x1, fit: .fit) {
            case .still: break
            case let .animation(animation):
                var frames = 0
                while try animation.next() != nil {
                    frames += 1
                    if frames > 100_000 { throw Refusal(status: 400, message: "\(name) has over 100000 frames") }
                }
            }
        } catch let refusal as Refusal {
            throw refusal
        } catch {
            throw Refusal(status: 400, message: "\(error)")
        }
        do {
            try AtomicFile.write(bytes, to: folder + "/" + name, mode: 0o644)
        } catch {
            throw Refusal(status: 500, message: "\(error)")
        }
    }

    /// Removes photo `name` of the folder's top level.
    public func delete(_ name: String) throws(Refusal) {
        let file = folder + "/" + name
        guard FileSystem.kind(of: file) == .file else { throw Refusal(status: 404, message: "there is no photo \(name)") }
        guard FileSystem.remove(file) else { throw Refusal(status: 500, message: "\(name) could not be removed: let the service user write \(folder)") }
    }

    /// The file of photo `name` of the top level, for the page's thumbnails, with its content type.
    public func file(_ name: String) throws(Refusal) -> (bytes: [UInt8], contentType: String) {
        let file = folder + "/" + name
        guard FileSystem.kind(of: file) == .file else { throw Refusal(status: 404, message: "there is no photo \(name)") }
        do {
            let bytes = try FileBytes.read(file, limit: PhotoFolder.maximumFileBytes)
            return (bytes, Self.contentType(of: name))
        } catch {
            throw Refusal(status: 500, message: "\(error)")
        }
    }

    /// The bytes the folder's photos take.
    private func usedBytes(_ catalog: PhotoCatalog) -> Int {
        catalog.allPhotos.reduce(0) { $0 + (FileSystem.size(of: path(of: $1)) ?? 0) }
    }

    private func path(of item: PhotoItem) -> String { folder + "/" + item.relativePath }

    /// The media type for a photo's name.
    static func contentType(of name: String) -> String {
        switch name.split(separator: ".").last?.lowercased() {
        case "png": return "image/png"
        case "gif": return "image/gif"
        case "jpg", "jpeg": return "image/jpeg"
        default: return "image/x-portable-pixmap"
        }
    }

    /// `text` with its `%XX` escapes decoded; nil for a bad escape or bytes that are not UTF-8.
    static func percentDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var input = Array(text.utf8)[...]
        while let byte = input.popFirst() {
            guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
            guard input.count >= 2, let high = Hex.digit(input.removeFirst()), let low = Hex.digit(input.removeFirst()) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
