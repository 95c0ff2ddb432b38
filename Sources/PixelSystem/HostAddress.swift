#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PixelBus

/// Host names and addresses as a server binds them.
public enum HostAddress {
    /// The numeric address that `host` stands for — itself when it is one (`127.0.0.1`,
    /// `::1`), else the first address `getaddrinfo` gives for it (`localhost`, a machine's
    /// name) — written as `inet_ntop` writes it; nil when it names none. Goes through the
    /// system-call seam as the library call `getaddrinfo`, naming `host`.
    public static func numeric(_ host: String) -> String? {
        numeric(host, family: AF_UNSPEC)
    }

    /// The IPv4 address `name` stands for (host order): itself when dotted, else the first
    /// IPv4 address `getaddrinfo` gives for it (DNS, mDNS, /etc/hosts); nil when none.
    public static func ipv4(_ name: String) -> UInt32? {
        numeric(name, family: AF_INET).flatMap { NetworkEndpoint.parseAddress($0) }
    }

    private static func numeric(_ host: String, family wanted: Int32) -> String? {
        SystemCalls.libraryText(.library(name: "getaddrinfo", fd: 0, arguments: wanted == AF_UNSPEC ? [] : [Int(wanted)], bytes: [], text: host),
                                capacity: Int(INET6_ADDRSTRLEN)) { buffer, capacity in
            var hints = addrinfo()
            hints.ai_family = wanted
            hints.ai_flags = AI_PASSIVE
            #if canImport(Glibc)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
            #else
            hints.ai_socktype = SOCK_STREAM
            #endif
            var list: UnsafeMutablePointer<addrinfo>?
            guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list, let address = first.pointee.ai_addr else { return -1 }
            defer { freeaddrinfo(list) }
            let family = first.pointee.ai_family
            let written: UnsafePointer<CChar>?
            switch family {
            case AF_INET:
                var bytes = UnsafeRawPointer(address).loadUnaligned(as: sockaddr_in.self).sin_addr
                written = inet_ntop(family, &bytes, buffer, socklen_t(capacity))
            case AF_INET6:
                var bytes = UnsafeRawPointer(address).loadUnaligned(as: sockaddr_in6.self).sin6_addr
                written = inet_ntop(family, &bytes, buffer, socklen_t(capacity))
            default:
                written = nil
            }
            return written == nil ? -1 : 0
        }
    }

    /// The index of the interface that has IPv4 `address` (host order), from `getifaddrs` and
    /// `if_nametoindex`; nil when no interface has it. Goes through the seam as the library call
    /// `getifaddrs`, naming the address; a test's success answer is the index.
    public static func interfaceIndex(of address: UInt32) -> Int32? {
        let index = SystemCalls.library(.library(name: "getifaddrs", fd: 0, arguments: [Int(address)], bytes: [], text: "")) {
            withInterface(of: address) { entry in
                entry.map { Int32(bitPattern: if_nametoindex($0.ifa_name)) } ?? -1
            }
        }
        return index > 0 ? index : nil
    }

    /// The IPv4 broadcast address of the interface that has `address` (host order), from
    /// `getifaddrs`; nil when no interface has it or it has none (a point-to-point link). Goes
    /// through the seam as the library call `getifaddrs`, naming the address and "broadcast";
    /// a test's success answer is the broadcast address's bits.
    public static func broadcastAddress(of address: UInt32) -> UInt32? {
        let found = SystemCalls.library(.library(name: "getifaddrs", fd: 0, arguments: [Int(address)], bytes: [], text: "broadcast")) {
            withInterface(of: address) { entry in
                guard let entry, entry.ifa_flags & UInt32(IFF_BROADCAST) != 0, let broadcast = entry.ifa_ifu.ifu_broadaddr else { return 0 }
                return Int32(bitPattern: ipv4(broadcast))
            }
        }
        // 0 is no interface or no broadcast address; all ones is a failed call (never an interface's).
        let broadcast = UInt32(bitPattern: found)
        return broadcast == 0 || broadcast == 0xFFFF_FFFF ? nil : broadcast
    }

    /// `body` with the `getifaddrs` entry of the interface that has IPv4 `address`, or nil
    /// (also when `getifaddrs` fails).
    private static func withInterface(of address: UInt32, _ body: (ifaddrs?) -> Int32) -> Int32 {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return body(nil) }
        defer { freeifaddrs(list) }
        var entry = list
        while let current = entry {
            defer { entry = current.pointee.ifa_next }
            guard let socketAddress = current.pointee.ifa_addr, Int32(socketAddress.pointee.sa_family) == AF_INET,
                  current.pointee.ifa_name != nil, ipv4(socketAddress) == address else { continue }
            return body(current.pointee)
        }
        return body(nil)
    }

    /// The IPv4 address (host order) of a `sockaddr_in` seen as a `sockaddr`.
    private static func ipv4(_ socketAddress: UnsafeMutablePointer<sockaddr>) -> UInt32 {
        UInt32(bigEndian: UnsafeRawPointer(socketAddress).loadUnaligned(as: sockaddr_in.self).sin_addr.s_addr)
    }
}
