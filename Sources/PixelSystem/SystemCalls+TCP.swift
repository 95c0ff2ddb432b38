import CPixelSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The calls by which the web server bounds connections another library reads and owns:
/// how much one has received, and ending one without closing its descriptor. Each goes
/// through the seam as a `library` call, so a test can see and answer it.
extension SystemCalls {
    /// The bytes TCP has received on connection `fd` since it opened, read yet or not
    /// (Linux's `TCP_INFO`); nil where the system does not say (another system, a kernel
    /// before 4.1, not a TCP connection).
    public static func tcpBytesReceived(_ fd: Int32) -> UInt64? {
        switch answer(.library(name: "tcp_bytes_received", fd: fd, arguments: [], bytes: [], text: "")) {
        case .fail?: return nil
        case let .succeed(bytes)?: return UInt64(max(0, bytes))
        case nil: break
        }
        let bytes = pw_tcp_bytes_received(fd)
        return bytes < 0 ? nil : UInt64(bytes)
    }

    /// The bytes read from connection `fd` since it opened (received less what waits unread in
    /// the kernel's queue), or nil where that is unknown. Traced as `tcp_bytes_read`.
    public static func tcpBytesRead(_ fd: Int32) -> UInt64? {
        switch answer(.library(name: "tcp_bytes_read", fd: fd, arguments: [], bytes: [], text: "")) {
        case .fail?: return nil
        case let .succeed(bytes)?: return UInt64(max(0, bytes))
        case nil: break
        }
        let bytes = pw_tcp_bytes_read(fd)
        return bytes < 0 ? nil : UInt64(bytes)
    }

    /// Ends connection `fd` at once, dropping what it has queued, and leaves the descriptor
    /// open for its owner to close: the owner's next read fails. A reset on Linux
    /// (`connect(AF_UNSPEC)`), `shutdown(SHUT_RDWR)` elsewhere. 0, or -1 with `errno`.
    public static func disconnect(_ fd: Int32) -> Int32 {
        library(.library(name: "disconnect", fd: fd, arguments: [], bytes: [], text: "")) { pw_disconnect(fd) }
    }

    /// `shutdown(fd, SHUT_RD)`: the owner's reads end (once what is queued is read) while it
    /// may still write, so a last message can go out before it closes. 0, or -1 with `errno`.
    public static func shutdownReading(_ fd: Int32) -> Int32 {
        library(.library(name: "shutdown", fd: fd, arguments: [Int(SHUT_RD)], bytes: [], text: "")) {
            shutdown(fd, Int32(SHUT_RD))
        }
    }
}
