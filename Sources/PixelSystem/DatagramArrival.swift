#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a datagram arrived, from the `IP_PKTINFO` control message `recvmsg` gives a socket
/// that asked for it (`struct in_pktinfo`).
public struct DatagramArrival: Sendable, Hashable {
    /// The index of the interface it came in on.
    public var interfaceIndex: Int32
    /// The local address the kernel pairs with it (`ipi_spec_dst`): the address it was sent
    /// to when that is one of this machine's; for multicast, the source address of the route
    /// back to the sender, which need not be the receiving interface's (use `interfaceIndex`).
    public var localAddress: UInt32
    /// The destination in its IP header (`ipi_addr`), host order: a group for multicast.
    public var destination: UInt32

    /// An arrival to test with.
    public init(interfaceIndex: Int32, localAddress: UInt32, destination: UInt32) {
        self.interfaceIndex = interfaceIndex
        self.localAddress = localAddress
        self.destination = destination
    }

    /// The `IP_PKTINFO` message among `control`'s bytes (`struct cmsghdr`s, each padded to the
    /// size of a `size_t`), or nil when there is none.
    init?(packetInformation control: [UInt8]) {
        let wordSize = MemoryLayout<Int>.size
        let headerSize = (MemoryLayout<cmsghdr>.size + wordSize - 1) / wordSize * wordSize
        var offset = 0
        while offset + headerSize <= control.count {
            let length = Self.integer(control, at: offset, size: wordSize)
            let level = Int32(truncatingIfNeeded: Self.integer(control, at: offset + wordSize, size: 4))
            let type = Int32(truncatingIfNeeded: Self.integer(control, at: offset + wordSize + 4, size: 4))
            guard length >= headerSize, offset + length <= control.count else { return nil }
            if level == Int32(IPPROTO_IP) && type == Int32(IP_PKTINFO) && length >= headerSize + 12 {
                let data = offset + headerSize
                interfaceIndex = Int32(truncatingIfNeeded: Self.integer(control, at: data, size: 4))
                localAddress = Self.networkOrder(control, at: data + 4)
                destination = Self.networkOrder(control, at: data + 8)
                return
            }
            offset += (length + wordSize - 1) / wordSize * wordSize
        }
        return nil
    }

    /// A native-endian unsigned integer of `size` bytes at `offset`.
    private static func integer(_ bytes: [UInt8], at offset: Int, size: Int) -> Int {
        var value = 0
        for index in 0..<size {
            let shift = 8 * (isLittleEndian ? index : size - 1 - index)
            value |= Int(bytes[offset + index]) << shift
        }
        return value
    }

    /// An IPv4 address stored in network order at `offset`, in host order.
    private static func networkOrder(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }

    private static let isLittleEndian = 1.littleEndian == 1
}
