#if canImport(Glibc)
import Glibc
#endif
import PixelBus
@testable import PixelSystem
import Testing

/// The network ports through the system-call seam: the exact calls, and each failure as a
/// transport error with its cause, with no socket made (the runtime words the fix).
struct NetworkPortTests {
    static let endpoint = NetworkEndpoint(dotted: "127.0.0.1", port: 5568)!

    @Test func aPortInUseIsATransportErrorWithItsCause() throws {
        let recorder = SystemCallRecorder()
        recorder.succeed(returning: 42, when: { if case .socket = $0 { true } else { false } })
        recorder.succeed(when: { if case .setSocketOption = $0 { true } else { false } })
        recorder.fail(errno: ErrorNumber.addressInUse, when: { if case .bind = $0 { true } else { false } })
        recorder.succeed(when: { if case .close = $0 { true } else { false } })
        let error = SystemCallRecorder.$current.withValue(recorder) { () -> TransportError? in
            do throws(TransportError) {
                _ = try UDPSocket(binding: Self.endpoint)
                return nil
            } catch {
                return error
            }
        }
        #expect(error?.cause == .addressInUse && error?.call == .bind && error?.endpoint == Self.endpoint)
        #expect(error?.errno == ErrorNumber.addressInUse)
        #expect(recorder.calls.contains(.bind(fd: 42, address: 0x7F00_0001, port: 5568)))
        #expect(recorder.calls.contains(.close(fd: 42)), "the socket is closed on the way out")
    }

    @Test func anErrnoIsReadIntoTheCauseACallerActsOn() {
        let endpoint = NetworkEndpoint(dotted: "10.9.9.9", port: 4048)!
        #expect(TransportError.failed(.bind, endpoint, errno: ErrorNumber.addressNotAvailable).cause == .addressNotAvailable)
        #expect(TransportError.failed(.bind, endpoint, errno: ErrorNumber.permissionDenied).cause == .permissionDenied)
        #expect(TransportError.failed(.joinGroup, endpoint, errno: ErrorNumber.noDevice).cause == .noDevice)
        #expect(TransportError.failed(.listen, endpoint, errno: EINVAL).cause == .other)
        #expect(TransportError.failed(.bind, endpoint, errno: ErrorNumber.addressInUse).description.hasPrefix("10.9.9.9:4048: bind failed ("))
    }

    @Test func aRealSocketReceivesADatagramWithItsSender() throws {
        let receiver = try UDPSocket(binding: NetworkEndpoint(dotted: "127.0.0.1", port: 0)!)
        #expect(receiver.receive(maximum: 4).isEmpty, "non-blocking: nothing waits")
    }

    /// A recorder standing in for the kernel: sockets 42 then 43, and a first socket that takes
    /// `limit` groups before `ENOBUFS`, as `net.ipv4.igmp_max_memberships` makes it.
    static func kernel(limit: Int, holderFails: Bool = false) -> SystemCallRecorder {
        let recorder = SystemCallRecorder()
        recorder.succeed(returning: 42, times: 1, when: { if case .socket = $0 { true } else { false } })
        recorder.succeed(returning: 43, times: 1, when: { if case .socket = $0 { true } else { false } })
        recorder.succeed(when: { if case .bind = $0 { true } else { false } })
        recorder.succeed(returning: 2, when: { if case .library(name: "getifaddrs", _, _, _, _) = $0 { true } else { false } })
        recorder.succeed(when: { if case .close = $0 { true } else { false } })
        recorder.succeed(times: limit, when: { if case .setSocketOption(42, _, IP_ADD_MEMBERSHIP, _) = $0 { true } else { false } })
        recorder.fail(errno: ErrorNumber.noBufferSpace, when: { if case .setSocketOption(42, _, IP_ADD_MEMBERSHIP, _) = $0 { true } else { false } })
        if holderFails {
            recorder.fail(errno: ErrorNumber.noBufferSpace, when: { if case .setSocketOption(43, _, IP_ADD_MEMBERSHIP, _) = $0 { true } else { false } })
        }
        recorder.succeed(when: { if case .setSocketOption = $0 { true } else { false } })
        return recorder
    }

    /// E1.31's groups of universes 1–3 (239.255.0.1–3).
    static let groups: [UInt32] = (1...3).map { 0xEFFF_0000 | $0 }

    @Test func groupsPastOneSocketsLimitAreJoinedOnAHolderSocket() throws {
        let recorder = Self.kernel(limit: 2)
        SystemCallRecorder.$current.withValue(recorder) {
            let socket = try? UDPSocket(binding: NetworkEndpoint(dotted: "0.0.0.0", port: 5568)!, multicastGroups: Self.groups)
            #expect(socket != nil)
        }
        let third = UDPSocket.membership(group: (0xEFFF_0000 | 3), interface: 0)
        let joinedOnHolder = SystemCall.setSocketOption(fd: 43, level: Int32(IPPROTO_IP), name: IP_ADD_MEMBERSHIP, value: third)
        #expect(recorder.calls.contains(joinedOnHolder))
        #expect(recorder.calls.contains(.close(fd: 43)), "the holder closes with the socket")
    }

    /// Listening on one interface's address: bound to every address, `IP_PKTINFO` on, each
    /// group joined on the interface with that address, and reads through `recvmsg`.
    @Test func oneInterfacesMulticastJoinsThereAndReadsWhereEachDatagramArrived() throws {
        let recorder = Self.kernel(limit: 20)
        let group: UInt32 = 0xEFFF_0000 | 7
        let interface = try #require(NetworkEndpoint(dotted: "192.168.1.50", port: 0)).address
        recorder.fail(errno: EAGAIN, when: { if case .receiveMessage = $0 { true } else { false } })
        SystemCallRecorder.$current.withValue(recorder) {
            let socket = try? UDPSocket(binding: NetworkEndpoint(address: 0, port: 5568),
                                        multicastGroups: [group], multicastInterface: interface)
            #expect(socket?.receive(maximum: 4).isEmpty == true)
        }
        let request = UDPSocket.membership(group: group, interface: interface)
        #expect(request == [239, 255, 0, 7, 192, 168, 1, 50], "struct ip_mreq: the group, then the interface's address")
        #expect(recorder.calls.contains(.setSocketOption(fd: 42, level: Int32(IPPROTO_IP), name: IP_ADD_MEMBERSHIP, value: request)))
        #expect(recorder.calls.contains { if case .setSocketOption(42, Int32(IPPROTO_IP), IP_PKTINFO, _) = $0 { true } else { false } })
        #expect(recorder.calls.contains(.bind(fd: 42, address: 0, port: 5568)))
        #expect(recorder.calls.contains(.receiveMessage(fd: 42, count: 2048)))
    }

    /// A sync universe asked for later is joined on a holder socket of its own, on the same
    /// interface; a socket that joined no groups (unicast only) joins nothing.
    @Test func aRequestedGroupIsJoinedOnItsOwnHolderOnTheSameInterface() throws {
        let recorder = Self.kernel(limit: 20)
        let interface = try #require(NetworkEndpoint(dotted: "192.168.1.50", port: 0)).address
        SystemCallRecorder.$current.withValue(recorder) {
            let socket = try? UDPSocket(binding: NetworkEndpoint(address: 0, port: 5568),
                                        multicastGroups: Array(Self.groups.prefix(1)), multicastInterface: interface)
            socket?.joinGroup(0xEFFF_0000 | 63_000)
            #expect(socket?.failedJoins == 0)
        }
        let sync = UDPSocket.membership(group: (0xEFFF_0000 | 63_000), interface: interface)
        #expect(sync == [239, 255, 246, 24, 192, 168, 1, 50])
        #expect(recorder.calls.contains(.setSocketOption(fd: 43, level: Int32(IPPROTO_IP), name: IP_ADD_MEMBERSHIP, value: sync)))
        #expect(recorder.calls.contains(.close(fd: 43)), "the holder closes with the socket")
        let unicast = Self.kernel(limit: 20)
        SystemCallRecorder.$current.withValue(unicast) {
            let socket = try? UDPSocket(binding: NetworkEndpoint(address: 0x7F00_0001, port: 5568))
            socket?.joinGroup(0xEFFF_0000 | 63_000)
        }
        #expect(!unicast.calls.contains { if case .setSocketOption(_, _, IP_ADD_MEMBERSHIP, _) = $0 { true } else { false } })
    }

    /// What one interface's multicast socket keeps: datagrams to a group that came in on its
    /// interface; not a group on another interface, not unicast (the socket bound to the
    /// address has that), and nothing the kernel said nothing about.
    @Test func onlyGroupsArrivingOnTheInterfaceAreKept() throws {
        let address = try #require(NetworkEndpoint(dotted: "192.168.1.50", port: 0)).address
        let group: UInt32 = 0xEFFF_0000 | 1
        #expect(UDPSocket.isMulticast(DatagramArrival(interfaceIndex: 2, localAddress: address, destination: group), onInterface: 2))
        #expect(!UDPSocket.isMulticast(DatagramArrival(interfaceIndex: 3, localAddress: address, destination: group), onInterface: 2),
                "the address the kernel pairs with it does not matter: the interface does")
        #expect(!UDPSocket.isMulticast(DatagramArrival(interfaceIndex: 2, localAddress: address, destination: address), onInterface: 2))
        #expect(!UDPSocket.isMulticast(DatagramArrival(interfaceIndex: 2, localAddress: address, destination: 0xC0A8_01FF), onInterface: 2),
                "a broadcast is not a group")
        #expect(!UDPSocket.isMulticast(nil, onInterface: 2))
    }

    /// The real kernel's answer: a datagram sent to this socket on 127.0.0.1 arrives with
    /// IP_PKTINFO saying 127.0.0.1 on the loopback interface's index.
    @Test func theKernelsPacketInformationParses() throws {
        let loopback: UInt32 = 0x7F00_0001
        let fd = SystemCalls.ipv4Socket(stream: false)
        try #require(fd >= 0)
        defer { SystemCalls.close(fd) }
        #expect(SystemCalls.setSocketOption(fd, level: Int32(IPPROTO_IP), name: IP_PKTINFO, integer: 1) == 0)
        var port: UInt16 = 0
        for candidate in UInt16(47_000)..<UInt16(47_200) where SystemCalls.bind(fd, address: loopback, port: candidate) == 0 {
            port = candidate
            break
        }
        try #require(port != 0, "no free port from 47000")
        #expect(SystemCalls.sendTo(fd, [1, 2, 3], address: loopback, port: port) == 3)
        var buffer = [UInt8](repeating: 0, count: 16)
        var read: (length: Int, address: UInt32, port: UInt16, arrival: DatagramArrival?)?
        for _ in 0..<100 where read == nil {
            read = buffer.withUnsafeMutableBytes { SystemCalls.receiveMessage(fd, into: $0) }
            if read == nil { usleep(1000) }
        }
        let arrival = try #require(read?.arrival, "no IP_PKTINFO message")
        #expect(read?.length == 3 && read?.address == loopback && read?.port == port)
        #expect(arrival.destination == loopback && arrival.localAddress == loopback)
        #expect(arrival.interfaceIndex == HostAddress.interfaceIndex(of: loopback))
    }

    /// `recvmsg`'s control bytes, laid out as this CPU's kernel writes them (a `size_t`
    /// length, level and type, data padded to a `size_t`), parse into the arrival.
    @Test func thePacketInformationControlMessageParses() throws {
        let word = MemoryLayout<Int>.size
        func native(_ value: Int, _ size: Int) -> [UInt8] { (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        let header = word + 8
        let padding = [UInt8](repeating: 0, count: (word - header % word) % word)
        let data: [UInt8] = native(3, 4) + [192, 168, 1, 50] + [239, 255, 0, 7]
        let other: [UInt8] = native(header + 4, word) + native(1, 4) + native(29, 4) + padding + native(1, 4) + [UInt8](repeating: 0, count: (word - 4 % word) % word)
        let information: [UInt8] = native(header + padding.count + 12, word) + native(Int(IPPROTO_IP), 4) + native(Int(IP_PKTINFO), 4) + padding + data
        let arrival = DatagramArrival(packetInformation: other + information)
        #expect(arrival == DatagramArrival(interfaceIndex: 3, localAddress: 0xC0A8_0132, destination: 0xEFFF_0007))
        #expect(DatagramArrival(packetInformation: other) == nil, "no IP_PKTINFO message")
        #expect(DatagramArrival(packetInformation: Array(information.prefix(header))) == nil, "cut short")
    }

    @Test func aGroupNoSocketCanJoinNamesTheGroupAndTheCause() {
        let recorder = Self.kernel(limit: 2, holderFails: true)
        let error = SystemCallRecorder.$current.withValue(recorder) { () -> TransportError? in
            do throws(TransportError) {
                _ = try UDPSocket(binding: NetworkEndpoint(dotted: "0.0.0.0", port: 5568)!, multicastGroups: Self.groups)
                return nil
            } catch {
                return error
            }
        }
        #expect(error?.call == .joinGroup && error?.cause == .noBufferSpace)
        #expect(error?.endpoint == NetworkEndpoint(dotted: "239.255.0.3", port: 5568)!, "the group that did not fit")
        #expect(recorder.calls.contains(.close(fd: 42)) && recorder.calls.contains(.close(fd: 43)), "nothing left open")
    }
}
