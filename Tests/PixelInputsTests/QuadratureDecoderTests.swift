import PixelCore
import Testing
@testable import PixelInputs

struct QuadratureDecoderTests {
    /// `.rotate(step)` events at the given times in µs.
    private func rotations(_ step: Int, atMicroseconds times: [Int]) -> [InputEvent] {
        times.map { InputEvent(.rotate(step), at: microseconds($0)) }
    }

    @Test func cleanClockwiseDetentsCountOneEachAtTheirLastEdge() {
        var decoder = QuadratureDecoder()
        let trace = recorded([
            (0, 1, 1000), (0, 0, 2000), (1, 0, 3000), (1, 1, 4000),
            (0, 1, 5000), (0, 0, 6000), (1, 0, 7000), (1, 1, 8000),
        ])
        #expect(decoder.feed(trace) == rotations(+1, atMicroseconds: [4000, 8000]))
        #expect(decoder.detents == 2)
        #expect(decoder.ignoredTransitions == 0)
    }

    @Test func cleanCounterClockwiseDetentsCountMinusOneEach() {
        var decoder = QuadratureDecoder()
        let trace = recorded([
            (1, 0, 1000), (0, 0, 2000), (0, 1, 3000), (1, 1, 4000),
            (1, 0, 5000), (0, 0, 6000), (0, 1, 7000), (1, 1, 8000),
        ])
        #expect(decoder.feed(trace) == rotations(-1, atMicroseconds: [4000, 8000]))
        #expect(decoder.detents == -2)
    }

    @Test func noDetentIsCountedBeforeTheLinesReturnToRest() {
        var decoder = QuadratureDecoder()
        let threeQuarters = recorded([(0, 1, 1000), (0, 0, 2000), (1, 0, 3000)])
        #expect(decoder.feed(threeQuarters).isEmpty)
        #expect(decoder.feed(a: true, b: true, at: microseconds(4000)) == rotations(+1, atMicroseconds: [4000]))
    }

    @Test func chatterOnOneLineAtEveryEdgeNeverAddsOrLosesADetent() {
        var decoder = QuadratureDecoder()
        // One clockwise detent as recorded from a worn EC11: the moving line chatters at
        // every edge (A: 1→0→1→0, and so on) before it settles.
        let trace = recorded([
            (0, 1, 1000), (1, 1, 1040), (0, 1, 1090),
            (0, 0, 3000), (0, 1, 3050), (0, 0, 3120), (0, 1, 3160), (0, 0, 3200),
            (1, 0, 5000), (0, 0, 5030), (1, 0, 5080),
            (1, 1, 7000), (1, 0, 7040), (1, 1, 7100), (1, 0, 7130), (1, 1, 7190),
        ])
        // Counted on the first arrival at rest; the chatter after it steps out and back in.
        #expect(decoder.feed(trace) == rotations(+1, atMicroseconds: [7000]))
        #expect(decoder.detents == 1)
    }

    @Test func chatterOnEveryEdgeInBothDirectionsCountsEachDetentOnce() {
        for bounces in 1...4 {
            var trace = EncoderTrace()
            for _ in 0..<5 { trace.detent(clockwise: true, bounces: bounces) }
            for _ in 0..<3 { trace.detent(clockwise: false, bounces: bounces) }
            var decoder = QuadratureDecoder()
            let actions = decoder.feed(trace.samples).map(\.action)
            #expect(actions == Array(repeating: .rotate(1), count: 5) + Array(repeating: .rotate(-1), count: 3))
            #expect(decoder.detents == 2)
        }
    }

    @Test func aJumpOfBothLinesAtOnceIsIgnored() {
        var decoder = QuadratureDecoder()
        let trace = recorded([
            (0, 0, 1000),  // 11 → 00: both changed, direction unknown
            (1, 1, 1500),  // 00 → 11: both changed again; back at rest, but nothing counts
            (0, 1, 3000), (0, 0, 4000), (1, 0, 5000), (1, 1, 6000),
        ])
        #expect(decoder.feed(trace) == rotations(+1, atMicroseconds: [6000]))
        #expect(decoder.ignoredTransitions == 2)
    }

    @Test func theHalfDetentLeftByAJumpIsDroppedAtRestNotCarriedIntoTheNextDetent() {
        var decoder = QuadratureDecoder()
        let trace = recorded([
            (0, 0, 1000),  // 11 → 00: invalid
            (1, 0, 2000), (1, 1, 3000),  // two quarter steps on to rest: half a detent, dropped
            (0, 1, 4000), (0, 0, 5000), (1, 0, 6000), (1, 1, 7000),  // counted at rest, 7000
        ])
        #expect(decoder.feed(trace) == rotations(+1, atMicroseconds: [7000]))
        #expect(decoder.ignoredTransitions == 1)
    }

    @Test func aGlitchOnBothLinesInsideADetentNeitherAddsNorLosesIt() {
        var decoder = QuadratureDecoder()
        let trace = recorded([
            (0, 1, 1000), (0, 0, 2000),
            (1, 1, 2100),  // both lines glitch high: invalid, not an arrival at rest
            (0, 0, 2150),  // and back: invalid
            (1, 0, 3000), (1, 1, 4000),
        ])
        #expect(decoder.feed(trace) == rotations(+1, atMicroseconds: [4000]))
        #expect(decoder.ignoredTransitions == 2)
    }

    @Test func repeatedLevelsFromPollingChangeNothing() {
        var decoder = QuadratureDecoder()
        let trace = recorded([
            (1, 1, 500), (0, 1, 1000), (0, 1, 1500), (0, 0, 2000), (0, 0, 2500),
            (1, 0, 3000), (1, 0, 3500), (1, 1, 4000), (1, 1, 4500),
        ])
        #expect(decoder.feed(trace) == rotations(+1, atMicroseconds: [4000]))
        #expect(decoder.ignoredTransitions == 0)
    }

    @Test func reversingMidDetentCountsNothing() {
        var decoder = QuadratureDecoder()
        let trace = recorded([
            (0, 1, 1000), (0, 0, 2000), (1, 0, 3000),  // three quarters clockwise
            (0, 0, 4000), (0, 1, 5000), (1, 1, 6000),  // and all the way back
            (1, 0, 7000), (1, 1, 8000),  // a quarter counter-clockwise and back
        ])
        #expect(decoder.feed(trace).isEmpty)
        #expect(decoder.detents == 0)
    }

    @Test func halfStepEncoderCountsADetentAtBothRestStates() {
        var decoder = QuadratureDecoder(resolution: .halfStep)
        let clockwise = recorded([(0, 1, 1000), (0, 0, 2000), (1, 0, 3000), (1, 1, 4000)])
        #expect(decoder.feed(clockwise) == rotations(+1, atMicroseconds: [2000, 4000]))
        let counterClockwise = recorded([(1, 0, 5000), (0, 0, 6000), (0, 1, 7000), (1, 1, 8000)])
        #expect(decoder.feed(counterClockwise) == rotations(-1, atMicroseconds: [6000, 8000]))
        #expect(decoder.detents == 0)
    }

    @Test func halfStepEncoderIgnoresChatterAndHalfwayReversals() {
        var decoder = QuadratureDecoder(resolution: .halfStep)
        let trace = recorded([
            (0, 1, 1000), (1, 1, 1030), (0, 1, 1070),  // A chatters
            (0, 0, 2000), (0, 1, 2040), (0, 0, 2090),  // B chatters at the rest state 00
            (1, 0, 3000), (0, 0, 4000),  // a quarter step and back
        ])
        #expect(decoder.feed(trace) == rotations(+1, atMicroseconds: [2000]))
    }

    @Test func reversedDecoderSwapsTheLinesAndTheDirection() {
        let trace = recorded([(0, 1, 1000), (0, 0, 2000), (1, 0, 3000), (1, 1, 4000)])
        var normal = QuadratureDecoder()
        var reversed = QuadratureDecoder(reversed: true)
        #expect(normal.feed(trace) == rotations(+1, atMicroseconds: [4000]))
        #expect(reversed.feed(trace) == rotations(-1, atMicroseconds: [4000]))
    }

    @Test(arguments: [QuadratureDecoder.Resolution.fullStep, .halfStep])
    func aThousandDetentsWithRandomBounceGiveExactlyTheTurnsMade(resolution: QuadratureDecoder.Resolution) {
        var random = SeededRandom(seed: 0x0E11_2024)
        let edges = resolution.quarterStepsPerDetent
        var trace = EncoderTrace()
        var turns: [Bool] = []  // true: clockwise
        for _ in 0..<1000 {
            if random.int(in: 0...7) == 0 {
                trace.falseStart(clockwise: random.int(in: 0...1) == 0, edges: random.int(in: 1...(edges - 1)))
            }
            if random.int(in: 0...3) == 0 { trace.repeatLevels(after: .milliseconds(1)) }
            let clockwise = random.int(in: 0...2) != 0
            turns.append(clockwise)
            for index in 0..<edges {
                let onA = (index % 2 == 0) == clockwise
                trace.edge(onA: onA, after: .milliseconds(random.int(in: 1...40)), bounces: random.int(in: 0...3))
            }
        }
        var decoder = QuadratureDecoder(resolution: resolution)
        let actions = decoder.feed(trace.samples).map(\.action)
        #expect(actions == turns.map { .rotate($0 ? 1 : -1) })
        #expect(decoder.detents == turns.reduce(0) { $0 + ($1 ? 1 : -1) })
        #expect(decoder.ignoredTransitions == 0)
    }
}
