import CPixelSystem
import PixelCore

/// Passwords hashed as /etc/shadow holds them: the system's libcrypt, yescrypt (`$y$…`), a
/// fresh random salt per hash. Verifying re-hashes the candidate with the stored method and
/// salt and compares the two strings in constant time.
public enum PasswordHash {
    /// The longest password hashed, in bytes.
    public static let maximumPasswordBytes = 256
    /// The longest stored hash accepted, in bytes.
    public static let maximumHashBytes = 512

    /// Why a password could not be hashed.
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// Empty, too long or holding a NUL byte.
        case unusablePassword
        /// libcrypt or the random source refused.
        case systemRefused
        public var description: String {
            switch self {
            case .unusablePassword: "a password must be 1...\(PasswordHash.maximumPasswordBytes) bytes with no NUL byte"
            case .systemRefused: "the system's libcrypt could not hash it (is libcrypt1 installed?)"
            }
        }
    }

    /// A new yescrypt hash of `password`, salted from the kernel's random source.
    public static func make(_ password: String) throws(Failure) -> String {
        guard usable(password) else { throw .unusablePassword }
        guard let salt = SystemRandom.bytes(16) else { throw .systemRefused }
        var output = [CChar](repeating: 0, count: maximumHashBytes)
        guard pw_password_hash(password, salt, Int32(salt.count), &output, Int32(output.count)) == 0 else { throw .systemRefused }
        return String(nulTerminated: output)
    }

    /// Whether `password` hashes to `stored` (a crypt(3) string such as `$y$…`). False for a
    /// stored text libcrypt does not know.
    public static func verify(_ password: String, against stored: String) -> Bool {
        guard usable(password), stored.hasPrefix("$"), stored.utf8.count < maximumHashBytes else { return false }
        var output = [CChar](repeating: 0, count: maximumHashBytes)
        guard pw_password_rehash(password, stored, &output, Int32(output.count)) == 0 else { return false }
        return ConstantTime.equal(Array(String(nulTerminated: output).utf8), Array(stored.utf8))
    }

    /// Whether `text` looks like a hash this class wrote or libcrypt reads: `$id$…`, printable.
    public static func looksLikeHash(_ text: String) -> Bool {
        text.hasPrefix("$") && text.utf8.count < maximumHashBytes && text.utf8.allSatisfy { (0x21...0x7E).contains($0) }
    }

    private static func usable(_ password: String) -> Bool {
        let bytes = password.utf8
        return !bytes.isEmpty && bytes.count <= maximumPasswordBytes && !bytes.contains(0)
    }
}

/// Comparisons whose time does not depend on where two secrets differ.
public enum ConstantTime {
    /// Whether `a` equals `b`. Both are hashed with SHA-256 first, so the time depends on
    /// neither the position of the first difference nor whether the lengths match; the
    /// digests are then compared with every byte visited.
    public static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        let left = SHA256.digest(of: a), right = SHA256.digest(of: b)
        var difference: UInt8 = 0
        for index in 0..<left.count { difference |= left[index] ^ right[index] }
        return difference == 0
    }
}

/// The kernel's random bytes (getrandom), for salts and session tokens.
public enum SystemRandom {
    /// `count` random bytes, or nil when the kernel refuses.
    public static func bytes(_ count: Int) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: count)
        guard pw_random_bytes(&buffer, count) == 0 else { return nil }
        return buffer
    }
}

/// The file `pixelwheel passwd` writes and the server reads: one crypt(3) hash and a newline,
/// readable by its owner only.
public enum PasswordFile {
    /// Where it goes unless told: beside the installed configuration.
    public static let standardPath = "/etc/pixelwheel/web-password"

    /// Hashes `password` and writes the hash to `path` atomically, mode 0600.
    public static func write(password: String, to path: String) throws {
        let hash = try PasswordHash.make(password)
        try AtomicFile.write(Array((hash + "\n").utf8), to: path, mode: 0o600)
    }
}
