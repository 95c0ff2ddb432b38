import PixelCore
import PixelRuntime
import PixelSystem

/// The web simulator's page: a fixed list of static files, read into memory once at start.
///
/// Only these names are served, by exact path (`/` is `index.html`), so no request can reach
/// another file: `..`, encoded slashes, absolute paths and symbolic links all fall outside the
/// list.
public struct WebPage: Sendable {
    /// One file of the page.
    public struct File: Sendable {
        /// Its `Content-Type`.
        public var contentType: String
        /// Its bytes.
        public var bytes: [UInt8]
    }

    /// The page's files, in the repository's `web/` folder.
    public static let fileNames = ["index.html", "pixelwheel.css", "pixelwheel.js", "login.html", "login.js", "controls.html", "controls.js", "photos.html", "photos.js"]
    /// The largest page file read.
    public static let maximumFileSize = 1 << 20

    /// The files by name.
    public let files: [String: File]
    /// The folder they came from.
    public let directory: String

    /// Reads the page from `directory`.
    public init(directory: String) throws {
        var files: [String: File] = [:]
        for name in Self.fileNames {
            let path = directory + "/" + name
            do {
                files[name] = File(contentType: Self.contentType(of: name), bytes: try FileBytes.read(path, limit: Self.maximumFileSize))
            } catch {
                throw WebSetupError.pageIncomplete(path: path, reason: "\(error)")
            }
        }
        self.files = files
        self.directory = directory
    }

    /// The file for a request's `path` (without the query), or nil: `/` and `/index.html`
    /// are the page, `/pixelwheel.js` and `/pixelwheel.css` its parts; nothing else.
    public func file(forPath path: String) -> File? {
        if path == "/" { return files["index.html"] }
        guard path.hasPrefix("/") else { return nil }
        let name = String(path.dropFirst())
        guard Self.fileNames.contains(name) else { return nil }
        return files[name]
    }

    static func contentType(of name: String) -> String {
        if name.hasSuffix(".html") { return "text/html; charset=utf-8" }
        if name.hasSuffix(".css") { return "text/css; charset=utf-8" }
        if name.hasSuffix(".js") { return "text/javascript; charset=utf-8" }
        return "application/octet-stream"
    }

    /// Where the page is: `explicit` when given; else, beside an installed binary,
    /// `PREFIX/share/pixelwheel/web`; else the `web/` folder of the source tree the binary was
    /// built in (found by walking up from it). Nil when none holds `index.html`.
    public static func locate(explicit: String?, executable: String? = Environment.executablePath) -> String? {
        if let explicit { return explicit }
        guard let executable else { return nil }
        var directory = FileSystem.split(executable).directory
        let installed = directory + "/../share/pixelwheel/web"
        if FileSystem.isReadable(installed + "/index.html") { return installed }
        for _ in 0..<6 {
            if FileSystem.isReadable(directory + "/web/index.html") && FileSystem.isReadable(directory + "/Package.swift") {
                return directory + "/web"
            }
            let parent = FileSystem.split(directory).directory
            if parent == directory || parent.isEmpty { break }
            directory = parent
        }
        return nil
    }
}

/// Why the web front end cannot start: one line naming the problem and the fix.
public enum WebSetupError: NamesUserSetting, Equatable, Sendable {
    /// No page folder was found.
    case pageMissing
    /// A file of the page cannot be read.
    case pageIncomplete(path: String, reason: String)
    /// The server cannot listen: the problem, and the address to give the listen setting
    /// instead (nil: any other address or port).
    case cannotListen(problem: String, instead: String?)
    /// The password file cannot be used; the text says why and how to fix it.
    case noPassword(String)

    /// One line naming the problem and the fix, each setting named by `name`.
    public func message(naming name: (UserSetting) -> String) -> String {
        switch self {
        case .pageMissing:
            "cannot find the web page (index.html); name the folder that holds it (\(name(.page))): web/ in the source tree, or PREFIX/share/pixelwheel/web where it was installed; or run 'make install'"
        case let .pageIncomplete(path, reason):
            "the web page is incomplete: \(path): \(reason); name a folder with every file of the source tree's web/ (\(name(.page)))"
        case let .cannotListen(problem, instead?):
            "\(problem); listen on \(instead) instead (\(name(.webListen)))"
        case let .cannotListen(problem, nil):
            "\(problem); pick another address or port (\(name(.webListen)))"
        case let .noPassword(text): text
        }
    }
}
