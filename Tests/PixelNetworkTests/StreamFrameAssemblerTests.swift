import Testing
@testable import PixelNetwork

@Suite struct StreamLayoutTests {
    @Test func aMatrixOf128By64Needs49UniversesOf170Pixels() throws {
        let layout = try #require(StreamLayout(width: 128, height: 64))
        #expect(layout.universeCount == 49)
        #expect(layout.firstPixel(ofUniverseAt: 1) == 170)
        #expect(layout.pixelChannels(ofUniverseAt: 1) == 0..<510)
    }

    @Test func aStartAddressShortensTheFirstUniverse() throws {
        let layout = try #require(StreamLayout(width: 20, height: 20, firstUniverse: 5, startAddress: 10))
        #expect(layout.pixelsInFirstUniverse == 167)
        #expect(layout.pixelChannels(ofUniverseAt: 0) == 9..<510)
        #expect(layout.firstPixel(ofUniverseAt: 2) == 337)
        #expect(layout.index(ofUniverse: 4) == nil)
        #expect(layout.index(ofUniverse: 7) == 2)
        #expect(layout.index(ofUniverse: 8) == nil)
        let rgbw = try #require(StreamLayout(width: 16, height: 16, pixelFormat: .rgbw))
        #expect(rgbw.pixelsPerUniverse == 128 && rgbw.universeCount == 2)
    }

    @Test func outOfRangeLayoutsAreRefused() {
        #expect(StreamLayout(width: 0, height: 1) == nil)
        #expect(StreamLayout(width: 1, height: 1, startAddress: 513) == nil)
        #expect(StreamLayout(width: 1, height: 1, startAddress: 511) == nil)
        #expect(StreamLayout(width: 1, height: 1, pixelsPerUniverse: 171) == nil)
    }
}

@Suite struct StreamFrameAssemblerTests {
    /// Pixel `index` of a frame as (r, g, b).
    static func pixel(_ frame: [UInt8], _ index: Int) -> [UInt8] { Array(frame[(index * 3)..<(index * 3 + 3)]) }

    /// A 4×2 frame over universes of 3 pixels: universes 1, 2, 3 with 3, 3, 2 pixels.
    static let small = StreamLayout(width: 4, height: 2, pixelsPerUniverse: 3)!

    @Test func theLastUniverseCompletesAFrameRowMajorFromTheTopLeft() {
        var assembler = StreamFrameAssembler(layout: Self.small)
        let step1 = assembler.receiveUniverse(1, channels: SpecPackets.ramp(9, from: 1)[...], waitsForSync: false)
        #expect(!step1)
        let step2 = assembler.receiveUniverse(2, channels: SpecPackets.ramp(12, from: 10)[...], waitsForSync: false)
        #expect(!step2)
        #expect(assembler.frame == [UInt8](repeating: 0, count: 24))
        let step3 = assembler.receiveUniverse(3, channels: SpecPackets.ramp(6, from: 19)[...], waitsForSync: false)
        #expect(step3)
        #expect(assembler.frame == SpecPackets.ramp(24, from: 1))
        #expect(assembler.framesCompleted == 1)
    }

    @Test func dataBeyondTheFrameIsDroppedAndUniversesOutsideItIgnored() {
        var assembler = StreamFrameAssembler(layout: Self.small)
        let step4 = assembler.receiveUniverse(9, channels: SpecPackets.ramp(9)[...], waitsForSync: false)
        #expect(!step4)
        let step5 = assembler.receiveUniverse(3, channels: SpecPackets.ramp(512)[...], waitsForSync: false)
        #expect(step5)
        #expect(Self.pixel(assembler.frame, 7) == [4, 5, 6])
        #expect(Self.pixel(assembler.frame, 0) == [0, 0, 0])
    }

    @Test func aShortStreamLeavesTheRestBlackAndIsShownOnItsOwnLastUniverse() {
        var assembler = StreamFrameAssembler(layout: Self.small)
        let nines = [UInt8](repeating: 9, count: 9)[...], eights = [UInt8](repeating: 8, count: 9)[...]
        let first = assembler.receiveUniverse(1, channels: nines, waitsForSync: false)
        let second = assembler.receiveUniverse(2, channels: nines, waitsForSync: false)
        #expect(!first && !second)
        // The sender starts its next frame: the first one is complete.
        let restart = assembler.receiveUniverse(1, channels: eights, waitsForSync: false)
        #expect(restart)
        #expect(Self.pixel(assembler.frame, 5) == [9, 9, 9] && Self.pixel(assembler.frame, 6) == [0, 0, 0])
        // From then on the stream's own last universe completes each frame at once.
        let last = assembler.receiveUniverse(2, channels: eights, waitsForSync: false)
        #expect(last)
        #expect(Self.pixel(assembler.frame, 0) == [8, 8, 8] && Self.pixel(assembler.frame, 5) == [8, 8, 8])
        #expect(assembler.framesCompleted == 2)
    }

    @Test func syncedDataIsShownWholeOnlyOnSync() {
        var assembler = StreamFrameAssembler(layout: Self.small)
        for universe: UInt16 in 1...3 {
            let step9 = assembler.receiveUniverse(universe, channels: [UInt8](repeating: UInt8(universe), count: 9)[...], waitsForSync: true)
            #expect(!step9)
        }
        #expect(assembler.framesCompleted == 0)
        let step10 = assembler.receiveSync()
        #expect(step10)
        #expect(Self.pixel(assembler.frame, 0) == [1, 1, 1] && Self.pixel(assembler.frame, 7) == [3, 3, 3])
        let step11 = assembler.receiveSync()
        #expect(!step11)
    }

    @Test func ddpIsShownOnPushAndRGBWAddsItsWhite() throws {
        var assembler = StreamFrameAssembler(layout: Self.small)
        let first = assembler.receiveDDP(offset: 0, data: SpecPackets.ramp(12)[...], format: .rgb, push: false)
        let pushed = assembler.receiveDDP(offset: 12, data: SpecPackets.ramp(12, from: 13)[...], format: .rgb, push: true)
        #expect(!first && pushed)
        #expect(assembler.frame == SpecPackets.ramp(24))
        // Once a stream has pushed, only a push completes a frame, even a full one.
        let full = assembler.receiveDDP(offset: 0, data: SpecPackets.ramp(24, from: 100)[...], format: .rgb, push: false)
        let white = assembler.receiveDDP(offset: 4, data: [10, 20, 250, 10][...], format: .rgbw, push: false)
        #expect(!full && !white)
        #expect(assembler.frame == SpecPackets.ramp(24))
        // A packet over pixels already sent since the last push starts a new frame: the push
        // then finds pixel 0 missing from it, and drops it rather than show a mix.
        let push = assembler.receiveDDP(offset: 0, data: [][...], format: .rgbw, push: true)
        #expect(!push && assembler.incompleteFrames == 1)
        #expect(assembler.frame == SpecPackets.ramp(24))
        let head = assembler.receiveDDP(offset: 0, data: [100, 101, 102][...], format: .rgb, push: false)
        let middle = assembler.receiveDDP(offset: 4, data: [10, 20, 250, 10][...], format: .rgbw, push: false)
        let tail = assembler.receiveDDP(offset: 6, data: SpecPackets.ramp(18, from: 106)[...], format: .rgb, push: true)
        #expect(!head && !middle && tail)
        #expect(Self.pixel(assembler.frame, 1) == [20, 30, 255])
        #expect(Self.pixel(assembler.frame, 0) == [100, 101, 102])
    }

    @Test func aDDPFrameWithALostOrLatePacketIsDroppedNeverMixed() {
        var assembler = StreamFrameAssembler(layout: Self.small)  // 8 pixels: two packets of 4
        let old = SpecPackets.ramp(24), new = SpecPackets.ramp(24, from: 100)
        _ = assembler.receiveDDP(offset: 0, data: old[0..<12], format: .rgb, push: false)
        let shown = assembler.receiveDDP(offset: 12, data: old[12..<24], format: .rgb, push: true)
        #expect(shown)
        // The next frame's first packet is lost: its push shows nothing.
        let halfShown = assembler.receiveDDP(offset: 12, data: new[12..<24], format: .rgb, push: true)
        #expect(!halfShown)
        #expect(assembler.frame == old)
        // A push lost: the old frame's first half, then the new frame whole, shows the new one.
        _ = assembler.receiveDDP(offset: 0, data: old[0..<12], format: .rgb, push: false)
        _ = assembler.receiveDDP(offset: 0, data: new[0..<12], format: .rgb, push: false)
        let newShown = assembler.receiveDDP(offset: 12, data: new[12..<24], format: .rgb, push: true)
        #expect(newShown && assembler.frame == new)
        // Reordered within a frame: still whole.
        _ = assembler.receiveDDP(offset: 12, data: old[12..<24], format: .rgb, push: false)
        let reorderedShown = assembler.receiveDDP(offset: 0, data: old[0..<12], format: .rgb, push: true)
        #expect(reorderedShown)
        #expect(assembler.frame == old && assembler.incompleteFrames == 1)
    }

    @Test func numberedPacketsOfOneFrameMayArriveInAnyOrderButALostPushDropsTheNextFrame() {
        var assembler = StreamFrameAssembler(layout: Self.small)  // 8 pixels: two packets of 4
        let old = SpecPackets.ramp(24), new = SpecPackets.ramp(24, from: 100)
        func send(_ data: [UInt8], half: Int, push: Bool, _ sequence: UInt8) -> Bool {
            let range = half == 0 ? 0..<12 : 12..<24
            return assembler.receiveDDP(offset: UInt32(range.lowerBound), data: data[range], format: .rgb, push: push, sequence: sequence)
        }
        _ = send(old, half: 0, push: false, 1)
        #expect(send(old, half: 1, push: true, 2) && assembler.frame == old)
        // Frame 3–4 loses its push; frame 5–6's push overtakes its first packet. Packets 3, 5
        // and 6 fill every pixel, but 4 is missing from the count: never shown.
        _ = send(new, half: 0, push: false, 3)
        let early = send(old, half: 1, push: true, 6)
        let late = send(old, half: 0, push: false, 5)
        #expect(!early && !late && assembler.frame == old)
        // Frame 7–8 arrives push first: the push waits for packet 7, then the frame shows.
        let waiting = send(new, half: 1, push: true, 8)
        let completed = send(new, half: 0, push: false, 7)
        #expect(!waiting && completed && assembler.frame == new && assembler.incompleteFrames == 1)
        // A straggler of frame 7–8 changes nothing; numbers wrap from 15 to 1.
        #expect(!send(old, half: 0, push: false, 7))
        var shown: [Bool] = []
        for first in stride(from: 9, through: 15, by: 2) {
            _ = send(first == 15 ? old : new, half: 0, push: false, UInt8(first))
            shown.append(send(first == 15 ? old : new, half: 1, push: true, UInt8(first % 15 + 1)))
        }
        #expect(shown == [true, true, true, true] && assembler.frame == old && assembler.stragglers == 1)
    }

    @Test func ddpWithoutPushIsShownWhenTheFrameIsFull() {
        var assembler = StreamFrameAssembler(layout: Self.small)
        let step17 = assembler.receiveDDP(offset: 0, data: SpecPackets.ramp(12)[...], format: .rgb, push: false)
        #expect(!step17)
        let step18 = assembler.receiveDDP(offset: 12, data: SpecPackets.ramp(12, from: 13)[...], format: .rgb, push: false)
        #expect(step18)
        #expect(assembler.frame == SpecPackets.ramp(24))
    }
}

@Suite struct E131SourceArbiterTests {
    static let quiet = E131SourceID([1])
    static let loud = E131SourceID([2])

    static func packet(_ source: E131SourceID, priority: UInt8 = 100, sequence: UInt8, options: E131Options = []) -> E131DataPacket {
        E131DataPacket(source: source, priority: priority, sequence: sequence, options: options, universe: 1, channels: [1, 2, 3])
    }

    @Test func theHighestPriorityWinsAndALowerOneWaitsForItsTimeout() {
        var arbiter = E131SourceArbiter()
        let ms: Int64 = 1_000_000
        let step20 = arbiter.admit(Self.packet(Self.quiet, priority: 100, sequence: 1), at: 0)
        #expect(step20 == .accept)
        let step21 = arbiter.admit(Self.packet(Self.loud, priority: 150, sequence: 1), at: 10 * ms)
        #expect(step21 == .accept)
        let step22 = arbiter.admit(Self.packet(Self.quiet, priority: 100, sequence: 2), at: 20 * ms)
        #expect(step22 == .lowerPriority)
        let step23 = arbiter.admit(Self.packet(Self.quiet, priority: 100, sequence: 3), at: 2_000 * ms)
        #expect(step23 == .lowerPriority)
        // 2.5 s after the loud source's last packet it is gone.
        let step24 = arbiter.admit(Self.packet(Self.quiet, priority: 100, sequence: 4), at: 2_510 * ms)
        #expect(step24 == .accept)
        #expect(arbiter.sourceCount == 1)
    }

    @Test func terminationHandsOverAtOnce() {
        var arbiter = E131SourceArbiter()
        let step25 = arbiter.admit(Self.packet(Self.loud, priority: 150, sequence: 1), at: 0)
        #expect(step25 == .accept)
        let step26 = arbiter.admit(Self.packet(Self.quiet, sequence: 1), at: 1)
        #expect(step26 == .lowerPriority)
        let step27 = arbiter.admit(Self.packet(Self.loud, priority: 150, sequence: 2, options: .streamTerminated), at: 2)
        #expect(step27 == .terminated)
        let step28 = arbiter.admit(Self.packet(Self.quiet, sequence: 2), at: 3)
        #expect(step28 == .accept)
    }

    @Test func latePreviewAndSurplusPacketsAreDropped() {
        var arbiter = E131SourceArbiter(maximumSources: 1)
        let step29 = arbiter.admit(Self.packet(Self.quiet, sequence: 10), at: 0)
        #expect(step29 == .accept)
        let step30 = arbiter.admit(Self.packet(Self.quiet, sequence: 9), at: 1)
        #expect(step30 == .outOfSequence)
        let step31 = arbiter.admit(Self.packet(Self.quiet, sequence: 11, options: .preview), at: 2)
        #expect(step31 == .preview)
        let step32 = arbiter.admit(Self.packet(Self.loud, sequence: 1), at: 3)
        #expect(step32 == .tooManySources)
        let step33 = arbiter.isSilent(at: 2_000_000_000)
        #expect(!step33)
        let step34 = arbiter.isSilent(at: 2_600_000_000)
        #expect(step34)
    }

    @Test func artNetSyncModeLastsFourSeconds() {
        var mode = ArtNetSyncMode()
        #expect(!mode.waitsForSync(at: 0))
        mode.noteSync(at: 1_000)
        #expect(mode.waitsForSync(at: 3_999_000_000))
        #expect(!mode.waitsForSync(at: 4_000_001_000))
    }
}
