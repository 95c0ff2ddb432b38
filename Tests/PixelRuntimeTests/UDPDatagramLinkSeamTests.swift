import Testing
import PixelBus
import PixelCore
import PixelNetwork
import PixelPanels
import PixelRuntime
import PixelSystem

/// A sending panel on the machine's network goes through the system-call seam: the socket it
/// opens and each datagram's destination and bytes, with no network touched.
struct UDPDatagramLinkSeamTests {
    @Test func aDDPPanelSendsItsFrameAsOneDatagramToItsHost() throws {
        // The socket is real (bound to a port the kernel picks); the send is answered by the
        // seam with a failure, so nothing leaves the machine and the call is recorded.
        let recorder = SystemCallRecorder()
        recorder.fail(errno: ErrorNumber.addressNotAvailable, when: { if case .sendTo = $0 { true } else { false } })
        let description = try PanelDescription(parsing: "ddp:host=10.0.0.2,port=4049,width=2,height=2")
        guard case let .network(configuration) = description.kind else { Issue.record("not a sending panel"); return }
        var frame = Frame(width: 2, height: 2)
        frame[1, 1] = Color(red: 10, green: 20, blue: 30).linear
        let link = try UDPDatagramLink(sendingTo: NetworkEndpoint(address: configuration.tiles[0].host, port: configuration.tiles[0].port))
        #expect(link.name == "10.0.0.2:4049")
        try SystemCallRecorder.$current.withValue(recorder) {
            try NetworkSenderPanel(links: [link], configuration: configuration).show(frame)
        }
        let header: [UInt8] = [0x41, 1, 0x0B, 1, 0, 0, 0, 0, 0, 12]
        let pixels: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 10, 20, 30]
        let sent = recorder.calls.compactMap { call -> [UInt8]? in
            guard case let .sendTo(_, bytes, address, port) = call, address == 0x0A00_0002, port == 4049 else { return nil }
            return bytes
        }
        #expect(sent == [header + pixels])
        #expect(link.failedSends == 1, "a failed send is counted, not thrown")
    }
}
