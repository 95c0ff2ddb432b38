/// Why a socket could not be opened, bound or joined to a group: the call, where, and the
/// kernel's reason. It names no protocol and no fix; the runtime, which knows what the port
/// was for and how the user chose it, turns it into the line that names the fix.
public struct TransportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The reasons a caller may act on; every other `errno` is `.other`.
    public enum Cause: Sendable, Hashable {
        /// The port is bound by another program (`EADDRINUSE`).
        case addressInUse
        /// The address is not one of this machine's (`EADDRNOTAVAIL`).
        case addressNotAvailable
        /// A port below 1024 without the privilege (`EACCES`).
        case permissionDenied
        /// The socket holds as many multicast groups as the kernel allows (`ENOBUFS`).
        case noBufferSpace
        /// No interface routes the multicast group (`ENODEV`).
        case noDevice
        /// Any other failure.
        case other
    }

    /// The calls a transport makes that can fail.
    public enum Call: Sendable, Hashable, CustomStringConvertible {
        /// `socket`.
        case socket
        /// `bind`.
        case bind
        /// `listen`.
        case listen
        /// Asking for each datagram's arrival (`setsockopt(IP_PKTINFO)`).
        case packetInformation
        /// Joining a multicast group (`IP_ADD_MEMBERSHIP`).
        case joinGroup

        /// The call as the messages name it.
        public var description: String {
            switch self {
            case .socket: "socket"
            case .bind: "bind"
            case .listen: "listen"
            case .packetInformation: "setsockopt(IP_PKTINFO)"
            case .joinGroup: "join group"
            }
        }
    }

    /// The call that failed.
    public var call: Call
    /// The address and port it was for; for `.joinGroup`, the group and the channel's port.
    public var endpoint: NetworkEndpoint
    /// What the caller may act on.
    public var cause: Cause
    /// The `errno`, 0 when no system call said it.
    public var errno: Int32
    /// The kernel's words for it (`strerror`).
    public var meaning: String

    /// The failure of `call` for `endpoint`.
    public init(call: Call, endpoint: NetworkEndpoint, cause: Cause, errno: Int32, meaning: String) {
        self.call = call
        self.endpoint = endpoint
        self.cause = cause
        self.errno = errno
        self.meaning = meaning
    }

    /// "ENDPOINT: CALL failed (MEANING)".
    public var description: String { "\(endpoint): \(call) failed (\(meaning))" }
}
