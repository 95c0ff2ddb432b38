import PixelBus
import PixelCore
import PixelNetwork

/// Why a receiver's port could not be opened, in the words of what it was for: one line for
/// the person at the terminal, naming the fix. Made at the runtime's edge from the plain
/// `TransportError` the sockets throw.
public enum NetworkPortError: NamesUserSetting, Sendable, Hashable {
    /// The port is taken by another program.
    case portInUse(NetworkProtocol, NetworkEndpoint)
    /// The listen address is not one of this machine's.
    case addressNotAvailable(NetworkEndpoint)
    /// A port below 1024 without the right to it.
    case permissionDenied(NetworkProtocol, NetworkEndpoint)
    /// The E1.31 multicast group of a universe could not be joined.
    case multicastJoin(group: NetworkEndpoint, universe: UInt16, cause: TransportError.Cause, meaning: String)
    /// Any other failed call.
    case failed(NetworkProtocol, TransportError)

    /// The error `kind`'s port met as `error`.
    public init(_ error: TransportError, opening kind: NetworkProtocol) {
        switch error.cause {
        case .addressInUse: self = .portInUse(kind, error.endpoint)
        case .addressNotAvailable: self = .addressNotAvailable(error.endpoint)
        case .permissionDenied: self = .permissionDenied(kind, error.endpoint)
        case .noBufferSpace, .noDevice, .other:
            if error.call == .joinGroup, let universe = E131Packet.universe(ofGroup: error.endpoint.address) {
                self = .multicastJoin(group: error.endpoint, universe: universe, cause: error.cause, meaning: error.meaning)
            } else {
                self = .failed(kind, error)
            }
        }
    }

    /// One line naming the problem and the fix, each setting named by `name`.
    public func message(naming name: (UserSetting) -> String) -> String {
        switch self {
        case let .portInUse(kind, endpoint):
            return "\(kind.displayName) port \(endpoint) is already bound by another program; pick another with \(name(.networkPort(protocolName: kind.flagName)))"
        case let .addressNotAvailable(endpoint):
            return "the listen address \(endpoint.addressText) (\(name(.networkListen))) is not an address of this machine; give one of its addresses, 127.0.0.1 or 0.0.0.0"
        case let .permissionDenied(kind, endpoint):
            return "\(kind.displayName) port \(endpoint): ports below 1024 need privileges; pick another with \(name(.networkPort(protocolName: kind.flagName)))"
        case let .multicastJoin(group, universe, cause, meaning):
            let start = "cannot join the E1.31 multicast group \(group.addressText) of universe \(universe) (\(meaning)); "
            switch cause {
            case .noBufferSpace:
                return start + "raise the groups a socket may join (sysctl -w net.ipv4.igmp_max_memberships=64), or send unicast to this machine"
            case .noDevice:
                return start + "no interface has a route to it: add one (ip route add 239.255.0.0/16 dev IFACE), or send unicast to this machine"
            default:
                return start + "send unicast to this machine instead"
            }
        case let .failed(kind, error):
            return "\(kind.displayName) on \(error.endpoint): \(error.call) failed (\(error.meaning))"
        }
    }
}
