import Testing
@testable import PixelNetwork

/// DDP's offset counts bytes, and senders that set "channels per packet" (xLights, FPP) split a
/// frame inside a pixel: each split below must show the frame exactly, whatever order the
/// packets arrive in, in RGB and in RGBW.
@Suite struct DDPByteOffsetTests {
    static let layout = StreamLayout(width: 64, height: 32)!  // 2048 pixels, 6144 RGB bytes

    /// A frame whose every byte differs from its neighbours', so a pixel placed one byte off shows.
    static func picture(bytes: Int, seed: Int) -> [UInt8] { (0..<bytes).map { UInt8(truncatingIfNeeded: $0 * 7 + seed) } }

    /// `frame` as packets of `size` bytes (the last one pushing), at their byte offsets.
    static func packets(_ frame: [UInt8], size: Int) -> [(offset: Int, data: ArraySlice<UInt8>, push: Bool)] {
        stride(from: 0, to: frame.count, by: size).map { start in
            let end = min(start + size, frame.count)
            return (start, frame[start..<end], end == frame.count)
        }
    }

    @Test(arguments: [1400, 1441, 1442, 1, 2, 4])
    func aFrameSplitInsidePixelsIsShownExactly(packetSize: Int) {
        var assembler = StreamFrameAssembler(layout: Self.layout)
        for (round, seed) in [3, 100].enumerated() {
            let frame = Self.picture(bytes: Self.layout.pixelCount * 3, seed: seed)
            var shown = false
            for packet in Self.packets(frame, size: packetSize) {
                shown = assembler.receiveDDP(offset: UInt32(packet.offset), data: packet.data, format: .rgb, push: packet.push)
            }
            #expect(shown, "frame \(round) split every \(packetSize) bytes")
            #expect(assembler.frame == frame, "frame \(round) is exact")
        }
    }

    @Test(arguments: [1400, 1441, 1442])
    func packetsInReverseOrderStillMakeTheFrameAndOnlyOnPush(packetSize: Int) {
        var assembler = StreamFrameAssembler(layout: Self.layout)
        _ = assembler.receiveDDP(offset: 0, data: [1, 2, 3][...], format: .rgb, push: true, sequence: 15)  // the stream pushes
        let frame = Self.picture(bytes: Self.layout.pixelCount * 3, seed: 9)
        let packets = Self.packets(frame, size: packetSize)
        // The numbered push first: it waits for the rest, which then arrives backwards.
        var shownAt: [Int] = []
        for (index, packet) in packets.enumerated().reversed() {
            let shown = assembler.receiveDDP(offset: UInt32(packet.offset), data: packet.data, format: .rgb, push: packet.push,
                                             sequence: UInt8(index + 1))
            if shown { shownAt.append(index) }
        }
        #expect(shownAt == [0], "shown when the first packet, arriving last, completed it")
        #expect(assembler.frame == frame, "the frame is exact")
    }

    @Test func aFrameMissingOneByteIsNotShownOnPush() {
        var assembler = StreamFrameAssembler(layout: Self.layout)
        _ = assembler.receiveDDP(offset: 0, data: [1, 2, 3][...], format: .rgb, push: true)
        let frame = Self.picture(bytes: Self.layout.pixelCount * 3, seed: 5)
        let first = assembler.receiveDDP(offset: 0, data: frame[0..<1441], format: .rgb, push: false)
        let rest = assembler.receiveDDP(offset: 1442, data: frame[1442...], format: .rgb, push: true)
        #expect(!first && !rest && assembler.incompleteFrames == 1)
    }

    @Test func rgbwSplitInsideAPixelAddsItsWhite() {
        let layout = StreamLayout(width: 4, height: 1)!
        var assembler = StreamFrameAssembler(layout: layout)
        let frame: [UInt8] = [10, 20, 30, 1, 40, 50, 60, 2, 70, 80, 90, 3, 100, 110, 120, 4]
        let head = assembler.receiveDDP(offset: 0, data: frame[0..<6], format: .rgbw, push: false)
        let tail = assembler.receiveDDP(offset: 6, data: frame[6...], format: .rgbw, push: true)
        #expect(!head && tail)
        #expect(assembler.frame == [11, 21, 31, 42, 52, 62, 73, 83, 93, 104, 114, 124] as [UInt8])
    }
}
