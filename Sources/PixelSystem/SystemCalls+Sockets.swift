#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The socket calls of the seam: IPv4 only, each recorded and answerable by a test like the
/// others. They keep the C convention: -1 (or nil) with `errno` on failure.
extension SystemCalls {
    /// `socket(AF_INET, type | SOCK_NONBLOCK | SOCK_CLOEXEC, 0)`: a non-blocking IPv4 socket,
    /// datagram (`stream` false) or stream.
    public static func ipv4Socket(stream: Bool) -> Int32 {
        #if os(Linux)
        let base: Int32 = stream ? Int32(SOCK_STREAM.rawValue) : Int32(SOCK_DGRAM.rawValue)
        let type: Int32 = base | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        #else
        let type: Int32 = stream ? SOCK_STREAM : SOCK_DGRAM
        #endif
        switch answer(.socket(domain: AF_INET, type: type)) {
        case .fail?: return -1
        case let .succeed(fd)?: return Int32(fd)
        case nil: break
        }
        let fd = socket(AF_INET, type, 0)
        #if !os(Linux)
        if fd >= 0 { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        #endif
        return fd
    }

    /// `setsockopt(2)` with `value`'s bytes.
    public static func setSocketOption(_ fd: Int32, level: Int32, name: Int32, value: [UInt8]) -> Int32 {
        switch answer(.setSocketOption(fd: fd, level: level, name: name, value: value)) {
        case .fail?: return -1
        case .succeed?: return 0
        case nil: break
        }
        return value.withUnsafeBytes { setsockopt(fd, level, name, $0.baseAddress, socklen_t($0.count)) }
    }

    /// `setsockopt(2)` with a C `int`.
    public static func setSocketOption(_ fd: Int32, level: Int32, name: Int32, integer: Int32) -> Int32 {
        let bytes = withUnsafeBytes(of: integer) { Array($0) }
        return setSocketOption(fd, level: level, name: name, value: bytes)
    }

    /// `bind(2)` to an IPv4 `address` (host order) and `port`.
    public static func bind(_ fd: Int32, address: UInt32, port: UInt16) -> Int32 {
        switch answer(.bind(fd: fd, address: address, port: port)) {
        case .fail?: return -1
        case .succeed?: return 0
        case nil: break
        }
        var socketAddress = Self.socketAddress(address, port)
        return withUnsafePointer(to: &socketAddress) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                #if canImport(Glibc)
                Glibc.bind(fd, generic, socklen_t(MemoryLayout<sockaddr_in>.size))
                #else
                Darwin.bind(fd, generic, socklen_t(MemoryLayout<sockaddr_in>.size))
                #endif
            }
        }
    }

    /// `listen(2)`.
    public static func listen(_ fd: Int32, backlog: Int32) -> Int32 {
        if intercept(.listen(fd: fd, backlog: backlog)) { return -1 }
        #if canImport(Glibc)
        return Glibc.listen(fd, backlog)
        #else
        return Darwin.listen(fd, backlog)
        #endif
    }

    /// `accept(2)`, the new connection made non-blocking and close-on-exec: its descriptor and the peer, or nil with
    /// `errno` (EAGAIN when nobody is waiting).
    public static func accept(_ fd: Int32) -> (fd: Int32, address: UInt32, port: UInt16)? {
        switch answer(.accept(fd: fd)) {
        case .fail?: return nil
        case let .succeed(client)?: return (Int32(client), 0x7F00_0001, 0)
        case nil: break
        }
        var peer = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let client: Int32 = withUnsafeMutablePointer(to: &peer) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                #if canImport(Glibc)
                Glibc.accept(fd, generic, &length)
                #else
                Darwin.accept(fd, generic, &length)
                #endif
            }
        }
        guard client >= 0 else { return nil }
        _ = fcntl(client, F_SETFL, fcntl(client, F_GETFL) | O_NONBLOCK)
        _ = fcntl(client, F_SETFD, FD_CLOEXEC)
        return (client, UInt32(bigEndian: peer.sin_addr.s_addr), UInt16(bigEndian: peer.sin_port))
    }

    /// `recvfrom(2)` into `buffer`, with `MSG_TRUNC` so a datagram longer than the buffer
    /// reports its whole length: that length and the sender, or nil with `errno` (EAGAIN when
    /// nothing waits).
    public static func receiveFrom(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> (length: Int, address: UInt32, port: UInt16)? {
        switch answer(.receiveFrom(fd: fd, count: buffer.count)) {
        case .fail?: return nil
        case let .succeed(length)?: return (length, 0x7F00_0001, 0)
        case nil: break
        }
        var peer = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let flags: Int32 = Int32(MSG_TRUNC)
        let received: Int = withUnsafeMutablePointer(to: &peer) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                recvfrom(fd, buffer.baseAddress, buffer.count, flags, generic, &length)
            }
        }
        guard received >= 0 else { return nil }
        return (received, UInt32(bigEndian: peer.sin_addr.s_addr), UInt16(bigEndian: peer.sin_port))
    }

    /// `recvmsg(2)` of one datagram on a socket with `IP_PKTINFO` on: its length (longer than
    /// `buffer` when it was cut, as with `MSG_TRUNC`), its sender, and where it arrived (nil
    /// when the kernel gave no `IP_PKTINFO` message). A recorded answer came from and to
    /// 127.0.0.1 on interface 1. Nil when nothing waits.
    public static func receiveMessage(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer)
        -> (length: Int, address: UInt32, port: UInt16, arrival: DatagramArrival?)? {
        switch answer(.receiveMessage(fd: fd, count: buffer.count)) {
        case .fail?: return nil
        case let .succeed(length)?: return (length, 0x7F00_0001, 0, DatagramArrival(interfaceIndex: 1, localAddress: 0x7F00_0001, destination: 0x7F00_0001))
        case nil: break
        }
        var peer = sockaddr_in()
        var vector = iovec(iov_base: buffer.baseAddress, iov_len: buffer.count)
        var control = [UInt8](repeating: 0, count: 64)
        var controlLength = 0
        let received: Int = withUnsafeMutablePointer(to: &peer) { peerPointer in
            withUnsafeMutablePointer(to: &vector) { vectorPointer in
                control.withUnsafeMutableBytes { controlBytes in
                    var message = msghdr()
                    message.msg_name = UnsafeMutableRawPointer(peerPointer)
                    message.msg_namelen = socklen_t(MemoryLayout<sockaddr_in>.size)
                    message.msg_iov = vectorPointer
                    message.msg_iovlen = 1
                    message.msg_control = controlBytes.baseAddress
                    message.msg_controllen = numericCast(controlBytes.count)
                    let count = recvmsg(fd, &message, Int32(MSG_TRUNC))
                    controlLength = Int(message.msg_controllen)
                    return count
                }
            }
        }
        guard received >= 0 else { return nil }
        let arrival = DatagramArrival(packetInformation: Array(control.prefix(controlLength)))
        return (received, UInt32(bigEndian: peer.sin_addr.s_addr), UInt16(bigEndian: peer.sin_port), arrival)
    }

    /// `sendto(2)` of `bytes` to an IPv4 `address` (host order) and `port`.
    public static func sendTo(_ fd: Int32, _ bytes: [UInt8], address: UInt32, port: UInt16) -> Int {
        if intercept(.sendTo(fd: fd, bytes: bytes, address: address, port: port)) { return -1 }
        var socketAddress = Self.socketAddress(address, port)
        return withUnsafePointer(to: &socketAddress) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bytes.withUnsafeBytes { sendto(fd, $0.baseAddress, $0.count, 0, generic, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        }
    }

    private static func socketAddress(_ address: UInt32, _ port: UInt16) -> sockaddr_in {
        var socketAddress = sockaddr_in()
        socketAddress.sin_family = sa_family_t(AF_INET)
        socketAddress.sin_port = port.bigEndian
        socketAddress.sin_addr.s_addr = address.bigEndian
        return socketAddress
    }
}
