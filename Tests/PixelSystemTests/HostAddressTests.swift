import Testing
@testable import PixelSystem

struct HostAddressTests {
    @Test func numericAddressesAreThemselves() {
        #expect(HostAddress.numeric("127.0.0.1") == "127.0.0.1")
        #expect(HostAddress.numeric("0.0.0.0") == "0.0.0.0")
        #expect(HostAddress.numeric("::1") == "::1")
        #expect(HostAddress.numeric("::") == "::")
    }

    @Test func localhostIsALoopbackAddress() {
        #expect(["127.0.0.1", "::1"].contains(HostAddress.numeric("localhost")))
    }

    @Test func aSendingPanelsHostNameResolvesToIPv4Only() {
        #expect(HostAddress.ipv4("localhost") == 0x7F00_0001)
        #expect(HostAddress.ipv4("192.168.1.50") == 0xC0A8_0132)
        #expect(HostAddress.ipv4("::1") == nil, "an IPv6 address is no IPv4 one")
        let recorder = SystemCallRecorder()
        recorder.fail(errno: 2) { if case .library("getaddrinfo", _, _, _, _) = $0 { true } else { false } }
        let address = SystemCallRecorder.$current.withValue(recorder) { HostAddress.ipv4("wall-left.local") }
        #expect(address == nil)
    }

    @Test func theLookupGoesThroughTheSeamAndCanFail() {
        let recorder = SystemCallRecorder()
        recorder.fail(errno: 2) { if case .library("getaddrinfo", _, _, _, _) = $0 { true } else { false } }
        let address = SystemCallRecorder.$current.withValue(recorder) { HostAddress.numeric("pixelwheel.local") }
        #expect(address == nil)
        #expect(recorder.calls == [.library(name: "getaddrinfo", fd: 0, arguments: [], bytes: [], text: "pixelwheel.local")])
    }
}
