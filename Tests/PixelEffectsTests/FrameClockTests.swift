import Testing
import PixelCore
@testable import PixelEffects

struct FrameTimeTests {
    @Test func frameInstantsAreExactMultiplesOfThePeriod() {
        #expect(FrameTime.frame(30, fps: 30) == .seconds(1))
        #expect(FrameTime.frame(1, fps: 30).nanoseconds == 33_333_333)
        #expect(FrameTime.frame(24 * 3600 * 365, fps: 24) == .seconds(3600 * 365))
    }

    @Test func distanceAtARateIsExactAndFloorsNegatives() {
        #expect(FrameTime.seconds(2).distance(atRate: 12) == 24 << 16)
        #expect(FrameTime.milliseconds(500).distance(atRate: -3) == -(3 << 15))
        #expect(FrameTime(nanoseconds: 1).distance(atRate: -1) == -1)
    }

    @Test func phaseWrapsExactlyAfterYearsOfRunTime() {
        let year = FrameTime.seconds(365 * 24 * 3600)
        #expect(year.phase(cyclesPerSecond: 1) == .zero)
        #expect((year + .milliseconds(250)).phase(cyclesPerSecond: 1) == .quarterTurn)
    }

    @Test func ticksCountWholeIntervalsAndFloorBeforeTheStart() {
        let half = FrameTime.milliseconds(500)
        #expect(FrameTime.milliseconds(499).ticks(every: half) == 0)
        #expect(FrameTime.milliseconds(500).ticks(every: half) == 1)
        #expect(FrameTime.milliseconds(-1).ticks(every: half) == -1)
    }
}

/// A scripted real clock: sleeping jumps to the deadline; `lateWakeups` adds extra late time
/// to the wake-up of chosen sleeps.
final class ScriptedTime: Clock {
    var current: Int64 = 0
    var lateWakeups: [Int64: Int64] = [:]  // sleep number → extra ns
    var sleeps: [Int64] = []

    func now() -> Int64 { current }
    func sleep(until deadline: Int64) {
        sleeps.append(deadline)
        current = max(current, deadline) + (lateWakeups[Int64(sleeps.count - 1)] ?? 0)
    }
    var isVirtual: Bool { false }
}

struct FrameClockTests {
    @Test func virtualClockStepsExactlyOneFramePeriod() {
        var clock = VirtualFrameClock(framesPerSecond: 60)
        let ticks = (0..<61).map { _ in clock.nextTick() }
        #expect(ticks[0].timestamp == .zero)
        #expect(ticks[60].timestamp == .seconds(1))
        #expect(ticks.allSatisfy { $0.missedFrames == 0 })
        #expect(ticks[1].targetTimestamp == ticks[2].timestamp)
    }

    @Test func pacedClockSleepsToAbsoluteDeadlinesWithoutDrift() {
        // Each wake-up is 1 ms late; deadlines must still be start + k/fps, not drift by 1 ms per frame.
        let time = ScriptedTime()
        for k in 0..<100 { time.lateWakeups[Int64(k)] = 1_000_000 }
        var clock = PacedFrameClock(framesPerSecond: 50, clock: time)
        var ticks: [FrameTick] = []
        for _ in 0..<50 { ticks.append(clock.nextTick()) }
        #expect(ticks.map(\.index) == Array(0..<50))
        #expect(ticks[49].timestamp == FrameTime.frame(49, fps: 50))
        #expect(ticks.allSatisfy { $0.missedFrames == 0 })
    }

    @Test func pacedClockSkipsAndReportsFramesMissedWhileLate() {
        // At 10 fps (100 ms), the loop stalls 350 ms after frame 2.
        let time = ScriptedTime()
        time.lateWakeups[1] = 350_000_000  // the sleep before frame 2
        var clock = PacedFrameClock(framesPerSecond: 10, clock: time)
        let ticks = (0..<6).map { _ in clock.nextTick() }
        // Frame 2's wake-up lands at 200 + 350 = 550 ms; frame 3 (300 ms) is then due and late:
        // the clock jumps to frame 5 (500 ms), reporting 2 missed, and carries on from there.
        #expect(ticks.map(\.index) == [0, 1, 2, 5, 6, 7])
        #expect(ticks[3].missedFrames == 2)
        #expect(ticks[3].timestamp == .milliseconds(500))
        #expect(ticks[3].duration == .milliseconds(300))
        #expect(ticks[4].missedFrames == 0)
    }

    @Test func pacedClockStartsOnTheClocksTimelineWithoutCountingTheStartAsMissed() {
        // The loop starts 2.01 s after the run's clock was made (devices took that long to
        // open): its first frame is the one due then, so an input stamped on the same clock
        // at 2.02 s belongs to the frame after it, and nothing counts as missed.
        let time = ScriptedTime()
        time.current = 2_010_000_000
        var clock = PacedFrameClock(framesPerSecond: 30, clock: time)
        let first = clock.nextTick()
        #expect(first.index == 60 && first.timestamp == .seconds(2))
        #expect(first.missedFrames == 0 && first.duration == .zero)
        #expect(time.sleeps.isEmpty, "the first frame is already due")
        let second = clock.nextTick()
        #expect(second.index == 61 && second.timestamp == FrameTime.frame(61, fps: 30))
        #expect(time.sleeps == [FrameTime.frame(61, fps: 30).nanoseconds])
        #expect(second.timestamp.nanoseconds > 2_020_000_000)
    }
}

struct FrameTimeParsingTests {
    @Test func decimalSecondsParseExactlyToTheNanosecond() {
        #expect(FrameTime(secondsText: "0.2") == .milliseconds(200))
        #expect(FrameTime(secondsText: "4.5") == .milliseconds(4500))
        #expect(FrameTime(secondsText: "3") == .seconds(3))
        #expect(FrameTime(secondsText: ".25") == .milliseconds(250))
        #expect(FrameTime(secondsText: "1.0000000019") == FrameTime(nanoseconds: 1_000_000_001))
        for bad in ["", ".", "-1", "1e3", "a", "1.2.3", "1,5"] { #expect(FrameTime(secondsText: bad) == nil, "\(bad)") }
    }
}
