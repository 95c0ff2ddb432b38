import Testing
@testable import PixelSystem
#if canImport(Glibc)
import Glibc
#endif

#if os(Linux)
/// The calls the web server's connection guard makes, on a real loopback connection.
struct TCPCallsTests {
    /// A connected pair on loopback: the accepted end and the client's.
    private func connectedPair() throws -> (server: Int32, client: Int32) {
        let listener = SystemCalls.ipv4Socket(stream: true)
        try #require(listener >= 0)
        defer { close(listener) }
        try #require(SystemCalls.bind(listener, address: 0x7F00_0001, port: 0) == 0)
        try #require(SystemCalls.listen(listener, backlog: 1) == 0)
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        try #require(named == 0)
        let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(client, $0, length) }
        }
        try #require(connected == 0)
        var accepted: Int32 = -1
        for _ in 0..<100 where accepted < 0 {
            accepted = SystemCalls.accept(listener)?.fd ?? -1
            if accepted < 0 { usleep(10_000) }
        }
        try #require(accepted >= 0)
        return (accepted, client)
    }

    @Test func theBytesReceivedAreCountedBeforeTheyAreRead() throws {
        let (server, client) = try connectedPair()
        defer { close(server); close(client) }
        #expect(SystemCalls.tcpBytesReceived(server) == 0)
        let bytes = [UInt8](repeating: 7, count: 1000)
        #expect(send(client, bytes, bytes.count, 0) == 1000)
        var received: UInt64?
        for _ in 0..<100 where received != 1000 {
            received = SystemCalls.tcpBytesReceived(server)
            if received != 1000 { usleep(10_000) }
        }
        #expect(received == 1000)
    }

    @Test func aDisconnectEndsTheConnectionButLeavesTheDescriptorOpen() throws {
        let (server, client) = try connectedPair()
        defer { close(server); close(client) }
        #expect(SystemCalls.disconnect(server) == 0)
        var byte: UInt8 = 0
        #expect(recv(client, &byte, 1, 0) <= 0)  // reset (or closed)
        #expect(fcntl(server, F_GETFD) >= 0)
    }

    @Test func theCallsGoThroughTheSeam() {
        let recorder = SystemCallRecorder()
        recorder.succeed(returning: 1234) { if case .library("tcp_bytes_received", _, _, _, _) = $0 { true } else { false } }
        recorder.fail(errno: EBADF) { if case .library("disconnect", _, _, _, _) = $0 { true } else { false } }
        let (received, disconnected) = SystemCallRecorder.$current.withValue(recorder) {
            (SystemCalls.tcpBytesReceived(99), SystemCalls.disconnect(99))
        }
        #expect(received == 1234)
        #expect(disconnected == -1)
        #expect(recorder.calls.count == 2)
    }
}
#endif
