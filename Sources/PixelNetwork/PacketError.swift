/// Why some bytes are not a packet this receiver acts on.
///
/// Every parser in PixelNetwork answers any input with a packet or one of these, never a trap.
/// `description` is one line that names the protocol and the problem.
public enum PacketError: Error, CustomStringConvertible, Sendable, Hashable {
    /// Fewer bytes than the packet's fixed part, or than its own length fields promise.
    case truncated(NetworkProtocol, needed: Int, got: Int)
    /// The bytes do not start with the protocol's identifier (preamble, "Art-Net\0", 0x9C, …).
    case notThisProtocol(NetworkProtocol)
    /// A version this receiver does not speak.
    case unsupportedVersion(NetworkProtocol, version: Int)
    /// A packet kind (vector, opcode, type byte, command) this receiver does not act on.
    case unsupportedKind(NetworkProtocol, kind: Int)
    /// A field whose value the protocol does not allow.
    case fieldOutOfRange(NetworkProtocol, field: String, value: Int)
    /// A length field that disagrees with the bytes around it.
    case lengthMismatch(NetworkProtocol, field: String, declared: Int, actual: Int)
    /// A message longer than this receiver accepts; refused before anything is allocated.
    case tooLong(NetworkProtocol, length: Int, maximum: Int)
    /// A text header (Flaschen-Taschen's PPM) that does not read; `reason` says where.
    case malformedHeader(NetworkProtocol, reason: String)

    /// One line naming the protocol and the problem.
    public var description: String {
        switch self {
        case let .truncated(kind, needed, got):
            return "\(kind.displayName) packet truncated: needs \(needed) bytes, got \(got)"
        case let .notThisProtocol(kind):
            return "not a \(kind.displayName) packet: its identifier bytes are wrong"
        case let .unsupportedVersion(kind, version):
            return "\(kind.displayName) version \(version) is not supported"
        case let .unsupportedKind(kind, code):
            return "\(kind.displayName) packet kind \(code) is not one this receiver acts on"
        case let .fieldOutOfRange(kind, field, value):
            return "\(kind.displayName) \(field) \(value) is out of range"
        case let .lengthMismatch(kind, field, declared, actual):
            return "\(kind.displayName) \(field) says \(declared) but the packet has \(actual)"
        case let .tooLong(kind, length, maximum):
            return "\(kind.displayName) message of \(length) bytes is longer than the \(maximum) accepted"
        case let .malformedHeader(kind, reason):
            return "\(kind.displayName) header is malformed: \(reason)"
        }
    }
}
