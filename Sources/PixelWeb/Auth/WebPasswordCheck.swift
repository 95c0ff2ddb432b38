import PixelConfig
import PixelSystem

/// The password control needs, as the server checks it: none, one written in the
/// configuration file (compared in constant time), or a crypt(3) hash from a password file.
public enum WebPasswordCheck: Sendable, Equatable {
    /// No password: control is for loopback (and the API's allow-list) only.
    case none
    /// A password written in the configuration file.
    case plain(String)
    /// A hash as `pixelwheel passwd` writes it.
    case hash(String)

    /// The check for `password`: a file is read (at most 4 KiB, one hash on its first line);
    /// a missing or unreadable file, or one holding no hash, is one line naming the fix.
    public init(_ password: WebSetup.Password?) throws {
        switch password {
        case nil: self = .none
        case let .plain(text)?: self = .plain(text)
        case let .file(path)?:
            let text: String
            do {
                text = try FileBytes.readText(path, limit: 4096)
            } catch {
                throw WebSetupError.noPassword("\(error); set a password with 'pixelwheel passwd --file \(path)'")
            }
            let line = String(text.split(separator: "\n", omittingEmptySubsequences: true).first ?? "")
            guard PasswordHash.looksLikeHash(line) else {
                throw WebSetupError.noPassword("\(path) holds no password hash; write one with 'pixelwheel passwd --file \(path)'")
            }
            self = .hash(line)
        }
    }

    /// Whether `candidate` is the password (always false without one).
    public func matches(_ candidate: String) -> Bool {
        switch self {
        case .none: false
        case let .plain(password): ConstantTime.equal(Array(candidate.utf8), Array(password.utf8))
        case let .hash(stored): PasswordHash.verify(candidate, against: stored)
        }
    }
}
