import PixelCore
import Testing
@testable import PixelInputs

struct ClickWheelTests {
    /// Feeds one detent each at the given times in ms, turning `direction` (+1 or −1), and
    /// returns the steps each one made.
    private func spin(_ wheel: inout ClickWheel, _ direction: Int, atMilliseconds times: [Int]) -> [Int] {
        times.map { wheel.turn(detents: direction, at: .milliseconds($0)) }
    }

    /// Feeds angles in whole degrees and returns the steps each sample made.
    private func drag(_ wheel: inout ClickWheel, degrees: [Int]) -> [Int] {
        degrees.map { wheel.drag(to: .degrees($0)) }
    }

    // MARK: Detents

    @Test func oneDetentMakesOneStepByDefault() {
        var wheel = ClickWheel()
        #expect(spin(&wheel, +1, atMilliseconds: [0, 200, 400]) == [1, 1, 1])
        #expect(spin(&wheel, -1, atMilliseconds: [600, 800]) == [-1, -1])
    }

    @Test func twoDetentsPerStepMakeAStepOnEverySecondDetent() {
        var wheel = ClickWheel(detentsPerStep: 2)
        #expect(spin(&wheel, +1, atMilliseconds: [0, 200, 400, 600]) == [0, 1, 0, 1])
        #expect(spin(&wheel, -1, atMilliseconds: [800, 1000]) == [0, -1])
    }

    @Test func aDetentForwardAndOneBackCancelWhenStepsNeedTwo() {
        var wheel = ClickWheel(detentsPerStep: 2)
        #expect(wheel.turn(detents: 1, at: .milliseconds(0)) == 0)
        #expect(wheel.turn(detents: -1, at: .milliseconds(200)) == 0)
        #expect(wheel.turn(detents: 1, at: .milliseconds(400)) == 0)
        #expect(wheel.turn(detents: 1, at: .milliseconds(600)) == 1)
    }

    @Test func aFastSpinMovesSeveralRowsPerDetent() {
        var wheel = ClickWheel(acceleration: .standard)  // under 40 ms apart: 3 rows each
        #expect(spin(&wheel, +1, atMilliseconds: [1000, 1020, 1040, 1059]) == [1, 3, 3, 3])
        #expect(spin(&wheel, -1, atMilliseconds: [2000, 2025, 2050]) == [-1, -3, -3])
    }

    @Test func aSlowTurnIsNeverAccelerated() {
        var wheel = ClickWheel(acceleration: .standard)
        #expect(spin(&wheel, +1, atMilliseconds: [0, 40, 100, 250, 400]) == [1, 1, 1, 1, 1])
    }

    @Test func aChangeOfDirectionIsNeverAccelerated() {
        var wheel = ClickWheel(acceleration: .standard)
        let steps = [+1, -1, +1, -1].enumerated().map { wheel.turn(detents: $1, at: .milliseconds(10 * $0)) }
        #expect(steps == [1, -1, 1, -1])
    }

    @Test func accelerationCountsBeforeDetentsAreGroupedIntoSteps() {
        var wheel = ClickWheel(detentsPerStep: 2, acceleration: ClickWheel.Acceleration(fasterThan: .milliseconds(30), factor: 4))
        #expect(spin(&wheel, +1, atMilliseconds: [0, 20, 40]) == [0, 2, 2])  // 1, then 4 + 4
        #expect(spin(&wheel, +1, atMilliseconds: [500]) == [1])  // the carried detent + 1
    }

    @Test func translateTurnsDetentEventsIntoStepEventsAndPassesTheRestThrough() {
        var wheel = ClickWheel(detentsPerStep: 2)
        let events = [
            InputEvent(.rotate(1), at: .milliseconds(10)),
            InputEvent(.select, at: .milliseconds(20)),
            InputEvent(.rotate(1), at: .milliseconds(30)),
            InputEvent(.rotate(-4), at: .milliseconds(40)),
        ]
        #expect(wheel.translate(events) == [
            InputEvent(.select, at: .milliseconds(20)),
            InputEvent(.rotate(1), at: .milliseconds(30)),
            InputEvent(.rotate(-2), at: .milliseconds(40)),
        ])
    }

    // MARK: Angles

    @Test func angleModeStepsOncePerTwentyDegreesOfTravel() {
        var wheel = ClickWheel()
        #expect(drag(&wheel, degrees: [0, 5, 10, 15, 20, 25, 30, 35, 40, 50, 60]) == [0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 1])
        #expect(drag(&wheel, degrees: [55, 45, 35, 25, 15]) == [0, 0, -1, 0, -1])
    }

    @Test func everyWholeTurnMakesExactlyEighteenSteps() {
        // 20° is 3640.9 raw units, so a step of exactly `.degrees(20)` would give 17 steps a turn.
        var wheel = ClickWheel()
        let firstTurn = drag(&wheel, degrees: Array(stride(from: 0, through: 360, by: 10)))
        let secondTurn = drag(&wheel, degrees: Array(stride(from: 370, through: 720, by: 10)))
        #expect(firstTurn.reduce(0, +) == 18)
        #expect(secondTurn.reduce(0, +) == 18)
    }

    @Test func crossingZeroClockwiseCountsLikeAnyOtherTravel() {
        var wheel = ClickWheel()
        #expect(drag(&wheel, degrees: [340, 350, 0, 10, 20]) == [0, 0, 1, 0, 1])
    }

    @Test func crossingZeroCounterClockwiseCountsLikeAnyOtherTravel() {
        var wheel = ClickWheel()
        #expect(drag(&wheel, degrees: [20, 10, 0, 350, 340]) == [0, 0, -1, 0, -1])
    }

    @Test func aJumpOfTwentyDegreesOrMoreIsIgnored() {
        var wheel = ClickWheel()
        // 0 → 20 in one sample is a jump: ignored, and travel continues from 20.
        #expect(drag(&wheel, degrees: [0, 20, 30, 40]) == [0, 0, 0, 1])
        // 19° in one sample is still a turn.
        var justUnder = ClickWheel()
        #expect(drag(&justUnder, degrees: [0, 19, 20]) == [0, 0, 1])
    }

    @Test func liftingTheFingerAndPuttingItDownElsewhereMovesNothing() {
        var wheel = ClickWheel()
        #expect(drag(&wheel, degrees: [0, 15]) == [0, 0])
        wheel.endDrag()
        // A new touch starts afresh: the 15° before the lift is forgotten.
        #expect(drag(&wheel, degrees: [200, 215]) == [0, 0])
        // Lifted and put down at 90° with no endDrag: the jump is ignored and the 15° so far
        // plus the next 10° make a step.
        #expect(drag(&wheel, degrees: [90, 100]) == [0, 1])
    }

    @Test func touchPositionsAroundTheCentreTurnTheWheelClockwise() {
        var wheel = ClickWheel()
        // A finger drawing a clockwise circle (y down) of radius 100 in 10° samples, starting
        // at 3 o'clock: one full turn.
        var steps = 0
        for tenDegrees in 0...36 {
            let angle = Angle.degrees(tenDegrees * 10)
            let x = (Fixed(100) * Trig.cosine(angle)).rounded
            let y = (Fixed(100) * Trig.sine(angle)).rounded
            steps += wheel.drag(x: x, y: y)
        }
        #expect(steps == 18)
        #expect(wheel.drag(x: 0, y: 0) == 0)
    }

    @Test func aDragOfExactlyKTimes20DegreesMakesKStepsThoughSamplesAreRounded() {
        // 100° is 18204.4 raw units, sampled as 18204: without the one-unit slack it made 4 steps.
        for k in 1...18 {
            var forward = ClickWheel(), backward = ClickWheel()
            let samples = Array(stride(from: 0, through: 20 * k, by: 5))
            #expect(drag(&forward, degrees: samples).reduce(0, +) == k, "\(k) × 20° clockwise")
            #expect(drag(&backward, degrees: samples.reversed()).reduce(0, +) == -k, "\(k) × 20° anticlockwise")
        }
        // The slack is one raw unit, not more: 19.9° is still no step.
        var wheel = ClickWheel()
        _ = wheel.drag(to: .zero)
        #expect(wheel.drag(to: Angle(raw: 3640 - 18)) == 0)
    }
}
