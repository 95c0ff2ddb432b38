import Testing
@testable import PixelNetwork

@Suite struct SequenceWindowTests {
    /// Which of `sequence`, offered in order, `window` accepts.
    static func verdicts(_ window: SequenceWindow, _ sequence: [UInt8]) -> [Bool] {
        var window = window
        return sequence.map { window.accept($0) }
    }

    @Test func e131DropsUpToNineteenBehindAndRepeats() {
        // 80 is 20 behind 100: a restarted sender, followed.
        #expect(Self.verdicts(.e131, [100, 100, 81, 80, 81]) == [true, false, false, true, true])
    }

    @Test func e131WrapsAround() {
        #expect(Self.verdicts(.e131, [250, 3, 250, 4]) == [true, true, false, true])
    }

    @Test func artNetSequenceZeroIsNeverChecked() {
        #expect(Self.verdicts(.artNet, [0, 0, 50, 49, 0, 255, 1]) == [true, true, true, false, true, true, true])
    }

    @Test func ddpCountsInFourBitsAndDropsLatePackets() {
        // Frame-numbering senders repeat a number: accepted.
        #expect(Self.verdicts(.ddp, [14, 15, 1, 15, 1, 0]) == [true, true, true, false, true, true])
    }

    @Test func resetFollowsTheNextNumber() {
        var window = SequenceWindow.e131
        _ = window.accept(10)
        window.reset()
        let accepted = window.accept(9)
        #expect(accepted)
    }
}
