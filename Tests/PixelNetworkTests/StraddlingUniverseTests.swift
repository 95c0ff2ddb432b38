import Testing
@testable import PixelNetwork

/// Universes of 512 channels, or a start channel off a pixel boundary, split pixels between
/// two universes, as xLights and FPP number channels then: what the sender splits, the
/// receiver puts back exactly, whatever order the universes come in.
@Suite struct StraddlingUniverseTests {
    static func picture(pixels: Int) -> [UInt8] { (0..<(pixels * 3)).map { UInt8(truncatingIfNeeded: $0 * 11 + 5) } }

    @Test func a512ChannelUniverseEndsInsideAPixel() throws {
        let layout = try #require(StreamLayout(width: 64, height: 32, channelsPerUniverse: 512))
        #expect(layout.universeCount == 12)  // 6144 bytes
        #expect(layout.firstByte(ofUniverseAt: 1) == 512 && layout.firstPixel(ofUniverseAt: 1) == 170)
        let started = try #require(StreamLayout(width: 10, height: 10, startAddress: 2))
        #expect(started.bytesInFirstUniverse == 509 && started.universeCount == 1)
        #expect(StreamLayout(width: 4, height: 4, startAddress: 512, channelsPerUniverse: 512) != nil)
        #expect(StreamLayout(width: 4, height: 4, startAddress: 513, channelsPerUniverse: 512) == nil)
        #expect(StreamLayout(width: 4, height: 4, channelsPerUniverse: 513) == nil)
    }

    @Test(arguments: [(512, 1), (510, 2), (510, 3), (512, 512), (7, 1), (100, 5)])
    func whatTheSenderSplitsTheReceiverPutsBackExactly(channels: Int, start: Int) throws {
        let layout = try #require(StreamLayout(width: 32, height: 16, startAddress: start, channelsPerUniverse: channels))
        let frame = Self.picture(pixels: layout.pixelCount)
        let universes = StreamSending.universes(frame: frame, layout: layout)
        #expect(universes.count == layout.universeCount)
        for order in [Array(universes), Array(universes.reversed())] {
            var assembler = StreamFrameAssembler(layout: layout)
            for (universe, channels) in order {
                _ = assembler.receiveUniverse(universe, channels: channels[...], waitsForSync: true)
            }
            let shown = assembler.receiveSync()
            #expect(shown)
            #expect(assembler.frame == frame, "\(channels) channels from \(start), \(order.first?.universe == universes.first?.universe ? "in order" : "reversed")")
        }
    }

    @Test func rgbwStraddlesToo() throws {
        let layout = try #require(StreamLayout(width: 9, height: 9, startAddress: 3, pixelFormat: .rgbw))
        let frame = Self.picture(pixels: layout.pixelCount)
        var assembler = StreamFrameAssembler(layout: layout)
        for (universe, channels) in StreamSending.universes(frame: frame, layout: layout) {
            _ = assembler.receiveUniverse(universe, channels: channels[...], waitsForSync: true)
        }
        _ = assembler.receiveSync()
        #expect(assembler.frame == frame, "white is sent as 0, so the frame comes back as it was")
    }
}
