import PixelBus
import Foundation
import Testing
import PixelCore
import PixelPanels
import PixelSimulator
@testable import PixelInputs

struct EncoderInputTests {
    let inputs = SimulatedGPIOInputs(lines: [5, 6, 13])
    var encoder: RotaryEncoderModel { RotaryEncoderModel(inputs: inputs, a: 5, b: 6, button: 13) }

    @Test func bouncingDetentsArriveAsExactlyThatManySteps() throws {
        let source = try EncoderInputSource(inputs: inputs)
        var t = encoder.turn(10, at: 0, bounces: 3)
        t = encoder.turn(-7, at: t + 50_000_000, bounces: 5)
        #expect(try source.poll().isEmpty, "no edge is seen before its time")
        inputs.time.advance(to: t)
        let events = try source.poll()
        #expect(events.filter { $0.action == .rotate(1) }.count == 10)
        #expect(events.filter { $0.action == .rotate(-1) }.count == 7)
        #expect(events.count == 17)
        #expect(events.map(\.time) == events.map(\.time).sorted())
    }

    @Test func switchGivesSelectOrLongPressAndRelease() throws {
        let source = try EncoderInputSource(inputs: inputs)
        encoder.press(at: 0, duration: 120_000_000, bounces: 4)
        inputs.time.advance(to: 400_000_000)
        var events = try source.events(upTo: FrameTime(nanoseconds: 400_000_000))
        #expect(events.map(\.action) == [.select])
        encoder.press(at: 1_000_000_000, duration: 1_500_000_000, bounces: 4)
        inputs.time.advance(to: 3_000_000_000)
        events = try source.events(upTo: FrameTime(nanoseconds: 3_000_000_000))
        #expect(events.map(\.action) == [.longPress(.select), .release(.select)])
    }

    @Test func waitingForEdgesMovesVirtualTimeToTheNextEdgeOrTheTimeout() throws {
        encoder.turn(1, at: 5_000_000)
        let first = try inputs.waitForEdges(timeoutNanoseconds: 1_000_000)
        #expect(first.isEmpty && inputs.time.nanoseconds == 1_000_000)
        let next = try inputs.waitForEdges(timeoutNanoseconds: 100_000_000)
        #expect(next.count == 1 && inputs.time.nanoseconds == next[0].nanoseconds)
    }

    @Test func encoderOnLinesThatAreNotWatchedIsRefused() {
        #expect(throws: BusError.self) { _ = try EncoderInputSource(inputs: SimulatedGPIOInputs(lines: [5, 6])) }
    }
}

struct EncoderWiringTableTests {
    /// hardware/encoder.tsv, found from this file's path.
    static func table(filePath: String = #filePath) throws -> String {
        var parts = filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return try String(contentsOfFile: parts.joined(separator: "/") + "/hardware/encoder.tsv", encoding: .utf8)
    }

    @Test func builtInWiringsMatchTheHardwareTable() throws {
        var gpio: [String: [String: Int]] = [:]
        for line in try Self.table().split(separator: "\n") where !line.hasPrefix("#") && !line.hasPrefix("setup\t") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            // Bound first: assigned straight into the dictionary, #require would check an Int?? and pass a nil.
            let line = try #require(Int(fields[2]))
            gpio[String(fields[0]), default: [:]][String(fields[1])] = line
        }
        #expect(gpio.keys.sorted() == ["default", "with-hub75"])
        for (setup, wiring) in [("default", EncoderWiring.standard), ("with-hub75", EncoderWiring.withHUB75)] {
            #expect(gpio[setup] == ["A": wiring.a, "B": wiring.b, "switch": wiring.button], "\(setup)")
        }
    }
}
