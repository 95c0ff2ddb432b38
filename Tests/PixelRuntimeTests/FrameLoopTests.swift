import Testing
import PixelCore
import PixelEffects
import PixelInputs
import PixelSimulator
import PixelSystem
import PixelUI
@testable import PixelRuntime
import PixelPanels

struct FrameLoopTests {
    /// The app on a 64x32 panel, settings in memory.
    func appSource() -> AppSource {
        AppSource(app: PixelWheelApp(width: 64, height: 32, framesPerSecond: 30, version: "test"), store: nil)
    }

    @Test func encoderModelGPIOInputsAndAppMoveOnOneVirtualTime() throws {
        let time = VirtualTime()
        let inputs = SimulatedGPIOInputs(lines: [5, 6, 13], time: time)
        let encoder = RotaryEncoderModel(inputs: inputs, a: 5, b: 6, button: 13)
        let settled = encoder.turn(3, at: 200_000_000, bounces: 3)          // three detents from 0.2 s, contacts chattering
        encoder.press(at: settled + 300_000_000, duration: 80_000_000, bounces: 3)
        let source = appSource()
        var frames: [(FrameTime, Frame)] = []
        let loop = FrameLoop(source: source, inputs: [try EncoderInputSource(inputs: inputs)],
                             clock: time, framesPerSecond: 30,
                             outputs: [FrameCallbackOutput { frame, status in frames.append((status.tick.timestamp, frame)) }],
                             length: .seconds(2))
        #expect(try loop.run() == 61)
        #expect(time.nanoseconds == 2_000_000_000)
        #expect(source.app.menuTitle == "Extras")

        // The picture: what an app shows that was given the same steps directly.
        let reference = appSource()
        try reference.handle(InputEvent(.rotate(1), at: .milliseconds(210)))
        try reference.handle(InputEvent(.rotate(1), at: .milliseconds(250)))
        try reference.handle(InputEvent(.rotate(1), at: .milliseconds(290)))
        let menuBefore = reference.render(at: .zero)
        #expect(frames[0].1 == appSource().render(at: .zero))
        #expect(frames[0].1 != menuBefore, "three rows down shows a different picture")
        try reference.handle(InputEvent(.select, at: FrameTime(nanoseconds: settled + 300_000_000)))
        #expect(frames[60].1 == reference.render(at: .seconds(2)))
        // Nothing moved before the first edge was due.
        #expect(frames.filter { $0.0 < .milliseconds(200) }.allSatisfy { $0.1 == frames[0].1 })
    }

    @Test func brightnessInSettingsDimsAMAX7219ThroughItsIntensityRegister() throws {
        let state = Environment.temporaryDirectory + "/pixelwheel-brightness-\(Environment.processID).conf"
        defer { SystemCalls.unlink(state) }
        let script = try InputScript(text: "0.2 rotate +4\n0.4 select\n0.6 select\n0.8 rotate -8\n")  // Settings → Brightness, 60 % → 20 %
        let session = try HeadlessSession(fps: 10, seconds: 1, script: script, statePath: state, panel: "max7219:chips=4")
        var brightest: [Int: UInt16] = [:]
        try session.run { index, frame in brightest[index] = frame.pixels.map(\.red).max() ?? 0 }
        let model = try #require(session.panel?.target.model as? MAX7219Model)
        #expect(session.state.settings.brightness == 20)
        #expect(model.chips.allSatisfy { $0.intensity == 1 })           // 7 × 20 % ≈ 1
        #expect(brightest[0]! > brightest[10]!, "the lit LEDs are dimmer after the slider moved")
        #expect(brightest[10]! > 0)
    }

    @Test func sigtermEndsTheLoopAndFinishesEveryOutput() throws {
        final class Finished: FrameOutput {
            var finished = false
            func show(_ frame: Frame, status: FrameStatus) {}
            func finish() { finished = true }
        }
        let output = Finished()
        let stop = StopSignals()
        let loop = FrameLoop(source: appSource(), inputs: [StopRequestSource { stop.isRequested }], clock: VirtualTime(),
                             framesPerSecond: 30, outputs: [output], length: .seconds(1))
        #expect(try loop.step())
        SignalWatcher.shared.post(SignalWatcher.terminate)
        #expect(try loop.run() == 1)
        #expect(output.finished)
        #expect(SignalWatcher.shared.take([SignalWatcher.terminate]) == [SignalWatcher.terminate])
    }

    @Test func lateInputIsRenderedBeforeTheFrameIsShown() throws {
        final class Arrives: InputSource {
            var polls = 0
            func events(upTo time: FrameTime) -> [InputEvent] {
                polls += 1
                return polls == 2 ? [InputEvent(.rotate(1), at: time)] : []   // arrives while the frame renders
            }
            var quitRequested: Bool { false }
        }
        let source = appSource()
        var shown: [Frame] = []
        let loop = FrameLoop(source: source, inputs: [Arrives()], clock: VirtualTime(), framesPerSecond: 30,
                             outputs: [FrameCallbackOutput { frame, _ in shown.append(frame) }], length: .zero)
        try loop.run()
        let reference = appSource()
        try reference.handle(InputEvent(.rotate(1), at: .zero))
        #expect(shown == [reference.render(at: .zero)])
    }
}

/// The encoder's events reach the app without anything in between: the input side (PixelInputs)
/// hands the UI (PixelUI) plain `InputEvent`s.
struct EncoderDrivesTheAppTests {
    let inputs = SimulatedGPIOInputs(lines: [5, 6, 13])
    var encoder: RotaryEncoderModel { RotaryEncoderModel(inputs: inputs, a: 5, b: 6, button: 13) }

    @Test func wheelOnGPIODrivesTheMenu() throws {
        let source = try EncoderInputSource(inputs: inputs)
        var app = PixelWheelApp(width: 64, height: 32, framesPerSecond: 30, version: "test")
        let t = encoder.turn(3, at: 0, bounces: 2)
        encoder.press(at: t + 100_000_000, duration: 80_000_000, bounces: 2)
        inputs.time.advance(to: t + 1_000_000_000)
        for event in try source.events(upTo: FrameTime(nanoseconds: t + 1_000_000_000)) { app.handle(event) }
        #expect(app.menuTitle == "Extras")  // three rows down, then select
    }
}
