import PixelCore
import Testing
@testable import PixelInputs

struct ButtonDebouncerTests {
    /// `value` milliseconds.
    private func ms(_ value: Int) -> FrameTime { .milliseconds(value) }

    /// Feeds raw line levels (`true` high) at times in µs, in order, and gathers the events.
    private func feed(_ debouncer: inout ButtonDebouncer, _ rows: [(level: Bool, microseconds: Int)]) -> [InputEvent] {
        rows.flatMap { debouncer.feed(level: $0.level, at: microseconds($0.microseconds)) }
    }

    /// A bouncing press of an active-low switch: the line falls at `start` ms and chatters for
    /// 3 ms, settling low at `start` + 3 ms.
    private func bouncingPress(_ start: Int) -> [(level: Bool, microseconds: Int)] {
        let t = start * 1000
        return [(false, t), (true, t + 400), (false, t + 900), (true, t + 2000), (false, t + 3000)]
    }

    /// A bouncing release: the line rises at `start` ms and settles high at `start` + 2 ms.
    private func bouncingRelease(_ start: Int) -> [(level: Bool, microseconds: Int)] {
        let t = start * 1000
        return [(true, t), (false, t + 300), (true, t + 1200), (false, t + 1500), (true, t + 2000)]
    }

    @Test func glitchesShorterThanTheDebounceTimeAreIgnored() {
        var button = ButtonDebouncer()
        // Three dips, each shorter than 10 ms; the last lasts 9.999 ms.
        let glitches = feed(&button, [
            (false, 100_000), (true, 105_000),
            (false, 200_000), (true, 200_050),
            (false, 300_000), (true, 309_999),
        ])
        #expect(glitches.isEmpty)
        #expect(button.advance(to: ms(5000)).isEmpty)
        #expect(!button.isPressed)
    }

    @Test func aPressIsAcceptedOnlyOnceTheLevelHasBeenStableForTheDebounceTime() {
        var button = ButtonDebouncer()
        _ = feed(&button, bouncingPress(100))  // settles low at 103 ms
        _ = button.advance(to: microseconds(112_999))
        #expect(!button.isPressed)
        _ = button.advance(to: ms(113))
        #expect(button.isPressed)
    }

    @Test func repeatingTheSameLevelDoesNotRestartTheDebounceTime() {
        var button = ButtonDebouncer()
        _ = button.feed(level: false, at: ms(100))
        _ = button.feed(level: false, at: ms(105))  // a poll that finds the line still low
        _ = button.advance(to: ms(110))
        #expect(button.isPressed)
    }

    @Test func aShortPressEmitsSelectWhenTheReleaseIsAccepted() {
        var button = ButtonDebouncer()
        var events = feed(&button, bouncingPress(100))
        events += feed(&button, bouncingRelease(300))  // settles high at 302 ms
        events += button.advance(to: ms(2000))
        #expect(events == [InputEvent(.select, at: ms(312))])
    }

    @Test func aLongPressIsEmittedOnceAtExactlyTheThresholdThroughAdvance() {
        var button = ButtonDebouncer()
        _ = feed(&button, bouncingPress(100))  // accepted at 113 ms
        #expect(button.advance(to: ms(400)).isEmpty)
        #expect(button.advance(to: FrameTime(nanoseconds: ms(713).nanoseconds - 1)).isEmpty)
        #expect(button.advance(to: ms(713)) == [InputEvent(.longPress(.select), at: ms(713))])
        #expect(button.advance(to: ms(714)).isEmpty)
        #expect(button.advance(to: ms(5000)).isEmpty)
    }

    @Test func releasingAfterALongPressEmitsReleaseAndNoSelect() {
        var button = ButtonDebouncer()
        _ = feed(&button, bouncingPress(100))
        _ = button.advance(to: ms(713))
        var events = feed(&button, bouncingRelease(1500))  // settles high at 1502 ms
        events += button.advance(to: ms(3000))
        #expect(events == [InputEvent(.release(.select), at: ms(1512))])
    }

    @Test func theLongPressIsNotMissedWhenNothingCallsAdvanceDuringTheHold() {
        var button = ButtonDebouncer()
        var events = feed(&button, bouncingPress(100))
        events += feed(&button, bouncingRelease(1500))
        events += button.advance(to: ms(3000))
        #expect(events == [
            InputEvent(.longPress(.select), at: ms(713)),
            InputEvent(.release(.select), at: ms(1512)),
        ])
    }

    @Test func aHoldOfExactlyTheLongPressTimeIsLongAndOneLessIsAClick() {
        var exact = ButtonDebouncer()
        var events = feed(&exact, [(false, 0), (true, 600_000)])
        events += exact.advance(to: ms(1000))
        #expect(events == [
            InputEvent(.longPress(.select), at: ms(610)),
            InputEvent(.release(.select), at: ms(610)),
        ])

        var shorter = ButtonDebouncer()
        events = feed(&shorter, [(false, 0), (true, 599_999)])
        events += shorter.advance(to: ms(1000))
        #expect(events == [InputEvent(.select, at: microseconds(609_999))])
    }

    @Test func aShortDropoutDuringAHoldDoesNotEndThePress() {
        var button = ButtonDebouncer()
        var events = feed(&button, [(false, 0), (true, 300_000), (false, 304_000)])
        events += button.advance(to: ms(1000))
        #expect(events == [InputEvent(.longPress(.select), at: ms(610))])
        #expect(button.isPressed)
    }

    @Test func anActiveHighMenuButtonEmitsItsOwnActions() {
        var button = ButtonDebouncer(button: .menu, activeLow: false, debounce: ms(5), longPress: ms(500))
        var events = feed(&button, [(true, 0), (false, 100_000)])  // a click
        events += feed(&button, [(true, 200_000), (false, 900_000)])  // a hold
        events += button.advance(to: ms(1000))
        #expect(events == [
            InputEvent(.menu, at: ms(105)),
            InputEvent(.longPress(.menu), at: ms(705)),
            InputEvent(.release(.menu), at: ms(905)),
        ])
    }

    @Test func pressedAndReleasedSamplesNeedNoWiringKnowledge() {
        var button = ButtonDebouncer(button: .next, clickAction: .rotate(1))
        var events = button.feed(pressed: true, at: ms(0))
        events += button.feed(pressed: false, at: ms(50))
        events += button.advance(to: ms(100))
        #expect(events == [InputEvent(.rotate(1), at: ms(60))])
    }

    @Test func withNoDebounceTimeAReleaseIsReportedByTheSampleItself() {
        var button = ButtonDebouncer(debounce: .zero)
        #expect(button.feed(pressed: true, at: ms(10)).isEmpty)
        #expect(button.isPressed)
        #expect(button.feed(pressed: false, at: ms(20)) == [InputEvent(.select, at: ms(20))])
    }
}
