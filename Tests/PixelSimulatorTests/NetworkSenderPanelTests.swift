import Testing
import PixelBus
import PixelCore
import PixelNetwork
import PixelPanels
@testable import PixelSimulator

/// The sending panels through their real driver into the simulator's receiving nodes, which
/// parse the datagrams with the receivers' parsers: what the node shows is what was sent.
struct NetworkSenderPanelTests {
    /// A frame of sRGB colours, so it survives the 8-bit sRGB of the wire exactly.
    static func frame(width: Int, height: Int) -> Frame {
        var frame = Frame(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                frame[x, y] = Color(red: UInt8((x * 37 + 11) % 256), green: UInt8((y * 53 + 7) % 256), blue: UInt8((x * y * 13 + 5) % 256)).linear
            }
        }
        return frame
    }

    @Test(arguments: ["ddp:host=10.0.0.2,width=24,height=30", "e131:host=10.0.0.2,width=24,height=30,universe=3,sync=40",
                      "artnet:host=10.0.0.2,width=24,height=30,port=6455", "e131:host=10.0.0.2,width=24,height=30"])
    func theNodeShowsTheFrameSentByteForByte(text: String) throws {
        let panel = try SimulatedPanel(text)
        let frame = Self.frame(width: 24, height: 30)
        #expect(try panel.show(frame) == frame)
        #expect(panel.misfit == nil)
        #expect(panel.target.links.count == 1 && panel.target.links[0].sent > 1)
    }

    @Test func brightnessScalesWhatIsSent() throws {
        let panel = try SimulatedPanel("ddp:host=10.0.0.2,width=4,height=2")
        try panel.panel.setBrightness(percent: 0)
        let shown = try panel.show(Self.frame(width: 4, height: 2))
        #expect(shown.pixels.allSatisfy { $0 == .black })
    }

    @Test func threeDDPTilesGetTheirPartsAndAllPushesGoLast() throws {
        let tiles = try ["ddp:host=10.0.0.2,width=8,height=4", "ddp:host=10.0.0.3,width=8,height=4,x=8",
                         "ddp:host=10.0.0.4,width=16,height=2,y=4,port=4050"].map { try PanelDescription(parsing: $0) }
        let wall = try #require(PanelDescription.tiles(tiles))
        let panel = try SimulatedPanel(wall)
        #expect(panel.width == 16 && panel.height == 6)
        let frame = Self.frame(width: 16, height: 6)
        #expect(try panel.show(frame) == frame)
        let links = panel.target.links
        #expect(links.map(\.name) == ["10.0.0.2:4048", "10.0.0.3:4048", "10.0.0.4:4050"])
        for link in links {
            let packets = try link.datagrams.map { try DDPPacket.parse($0) }
            #expect(packets.map { $0.flags.contains(.push) } == [true])
        }
        // The tile at x=8 got the right half of the top four rows.
        let right = try DDPPacket.parse(links[1].datagrams[0])
        let expected = (0..<4).flatMap { y in (8..<16).flatMap { x -> [UInt8] in
            let colour = frame[x, y].srgb
            return [colour.red, colour.green, colour.blue]
        } }
        #expect(Array(right.data) == expected)
    }

    @Test func aMixOfSendingAndOtherPanelsIsNoCanvas() throws {
        let panels = try ["ddp:host=10.0.0.2", "ws2812:width=4,height=4"].map { try PanelDescription(parsing: $0) }
        #expect(PanelDescription.tiles(panels) == nil)
    }

    @Test(arguments: [("ddp:width=8", "host"), ("ddp:host=example_com", "host"), ("e131:host=10.0.0.300", "host"),
                      ("artnet:host=10.0.0.2,port=70000", "port"), ("ddp:host=10.0.0.2,port=0", "port"),
                      ("e131:host=10.0.0.2,sync=70000", "sync"), ("ddp:host=10.0.0.2,sync=3", "sync")])
    func badValuesAreOneLineNamingTheKey(text: String, key: String) {
        do {
            _ = try PanelDescription(parsing: text)
            Issue.record("\(text) was accepted")
        } catch {
            #expect(error.description.contains(key) && !error.description.contains("\n"), "\(error)")
        }
    }
}
