import PixelNetwork

/// Why a network port could not be opened: one line for the person at the terminal, naming
/// the fix.
public enum NetworkPortError: Error, CustomStringConvertible, Sendable, Hashable {
    /// The port is taken (`EADDRINUSE`).
    case portInUse(NetworkProtocol, NetworkEndpoint)
    /// The listen address is not one of this machine's (`EADDRNOTAVAIL`).
    case addressNotAvailable(NetworkEndpoint)
    /// A port below 1024 without the right to it (`EACCES`).
    case permissionDenied(NetworkProtocol, NetworkEndpoint)
    /// The E1.31 multicast group of a universe could not be joined.
    case multicastJoin(group: NetworkEndpoint, universe: UInt16, errno: Int32)
    /// Any other failed call: its name and `errno`.
    case failed(call: String, NetworkProtocol, NetworkEndpoint, errno: Int32)

    /// One line naming the problem and the fix.
    public var description: String {
        switch self {
        case let .portInUse(kind, endpoint):
            return "\(kind.displayName) port \(endpoint) is already bound by another program; pick another with --network-port \(kind.flagName)=PORT"
        case let .addressNotAvailable(endpoint):
            return "--network-listen \(endpoint.addressText) is not an address of this machine; give one of its addresses, 127.0.0.1 or 0.0.0.0"
        case let .permissionDenied(kind, endpoint):
            return "\(kind.displayName) port \(endpoint): ports below 1024 need privileges; pick another with --network-port \(kind.flagName)=PORT"
        case let .multicastJoin(group, universe, code):
            let reason = SystemCalls.message(for: code)
            let start = "cannot join the E1.31 multicast group \(group.addressText) of universe \(universe) (\(reason)); "
            switch code {
            case ErrorNumber.noBufferSpace:
                return start + "raise the groups a socket may join (sysctl -w net.ipv4.igmp_max_memberships=64), or send unicast to this machine"
            case ErrorNumber.noDevice:
                return start + "no interface has a route to it: add one (ip route add 239.255.0.0/16 dev IFACE), or send unicast to this machine"
            default:
                return start + "send unicast to this machine instead"
            }
        case let .failed(call, kind, endpoint, code):
            return "\(kind.displayName) on \(endpoint): \(call) failed (\(SystemCalls.message(for: code)))"
        }
    }

    /// The error for a failed `bind` of `kind` on `endpoint` with `errno` `code`.
    public static func binding(_ kind: NetworkProtocol, _ endpoint: NetworkEndpoint, errno code: Int32) -> NetworkPortError {
        switch code {
        case ErrorNumber.addressInUse: return .portInUse(kind, endpoint)
        case ErrorNumber.addressNotAvailable: return .addressNotAvailable(endpoint)
        case ErrorNumber.permissionDenied: return .permissionDenied(kind, endpoint)
        default: return .failed(call: "bind", kind, endpoint, errno: code)
        }
    }
}
