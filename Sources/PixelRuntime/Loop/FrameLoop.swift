import PixelInputs
import PixelCore
import PixelEffects
import PixelUI

/// What the frame loop draws: the PixelWheel app, or one effect for `render` and `bench`.
public protocol FrameSource: AnyObject {
    /// Applies one input event.
    func handle(_ event: InputEvent) throws
    /// The frame at `time`, at the panel's size in linear light.
    func render(at time: FrameTime) -> Frame
    /// The brightness the outputs should show, 0...100 %; nil leaves each output's own (a
    /// picture shown as it is, with nothing sent to the panel's brightness path).
    var brightnessPercent: Int? { get }
}

/// A frame source that reads the outside world once per frame, before the frame's input: a
/// network stream. `poll` must not block.
public protocol PolledFrameSource: FrameSource {
    /// Reads what arrived up to `time` on the clock's timeline.
    func poll(at time: FrameTime) throws
}

/// Where frames go: a panel, the terminal, PNG files, a GIF.
public protocol FrameOutput: AnyObject {
    /// Shows `frame`, the picture of `status.tick`.
    func show(_ frame: Frame, status: FrameStatus) throws
    /// Sets the brightness, 0...100 %, through the output's own path.
    func setBrightness(percent: Int) throws
    /// The loop ended (normally or on a signal): blank, flush, write files.
    func finish() throws
}

extension FrameOutput {
    /// Outputs that show the picture as it is (files, the terminal, a page) ignore brightness:
    /// the loop's frame is what they show.
    public func setBrightness(percent: Int) throws {}
    /// Nothing to flush or blank.
    public func finish() throws {}
}

/// What the loop knows about itself, for status lines and summaries.
public struct FrameStatus: Sendable {
    /// The frame being shown.
    public var tick: FrameTick
    /// Frames shown so far, this one included.
    public var frames: Int
    /// Frames skipped over the whole run because the loop ran late.
    public var missedFrames: Int
    /// Frames per second measured on the monotonic clock over the last second or so (nil on
    /// the virtual clock, where it is the clock's rate by construction).
    public var measuredFPS: Fixed?
    /// Median time to render a frame over the last 60, nanoseconds (nil on the virtual clock).
    public var renderMedian: Int64?

    /// A status with every field given (the loop makes its own; front ends' tests make others).
    public init(tick: FrameTick, frames: Int, missedFrames: Int, measuredFPS: Fixed? = nil, renderMedian: Int64? = nil) {
        self.tick = tick; self.frames = frames; self.missedFrames = missedFrames
        self.measuredFPS = measuredFPS; self.renderMedian = renderMedian
    }
}

extension Fixed {
    /// The value in tenths, rounded to nearest (a half up): 29.95 is 300.
    public var tenths: Int64 { (Int64(raw) * 10 + 0x8000) >> 16 }

    /// The value rounded to one decimal, e.g. "29.9": a measured frame rate in status lines.
    public var tenthsText: String { "\(tenths / 10).\(tenths % 10)" }
}

/// Nearest-rank percentiles, for the loop's render time and the benchmarks.
public enum Percentile {
    /// The `p`-th percentile (nearest rank) of `values`; 0 for none.
    public static func of(_ values: [Int64], _ p: Int) -> Int64 {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let rank = max(1, (p * sorted.count + 99) / 100)
        return sorted[min(rank, sorted.count) - 1]
    }

    /// Nanoseconds as milliseconds with three decimals, rounded to the microsecond: "1.234".
    public static func milliseconds(_ ns: Int64) -> String {
        let us = (ns + 500) / 1000
        let frac = String(us % 1000)
        return "\(us / 1000).\(String(repeating: "0", count: 3 - frac.count))\(frac)"
    }
}

/// The one frame loop of `sim`, `run`, `render` and `bench`: it takes a frame source, input
/// sources, the run's one `Clock` and outputs.
///
/// On a virtual clock the frames follow each other at once (frame k at exactly k/fps) and each
/// moves the clock on; on the real clock a `PacedFrameClock` waits for each frame's deadline,
/// skipping frames when the loop falls behind. Each frame: wait for the tick, apply every input
/// due, render, then **latch late** — input that arrived while the frame rendered is applied and
/// the frame rendered again before it is shown, so no input waits more than one frame period —
/// and show the frame on every output. Brightness changes go to the outputs' own brightness
/// paths. The loop ends at `length`, or when an input source asks to quit (the keyboard's q,
/// or SIGINT/SIGTERM through a `StopRequestSource`); every output is finished either way.
public final class FrameLoop {
    private let source: any FrameSource
    private let inputs: [any InputSource]
    private let clock: any Clock
    private var frameClock: any FrameClock
    private let outputs: [any FrameOutput]
    private let secondary: [(source: any FrameSource, output: any FrameOutput)]
    private var secondaryBrightness: [Int?]
    /// The last instant shown; nil runs until stopped.
    public let length: FrameTime?
    /// The status after the last frame.
    public private(set) var status: FrameStatus
    private var brightness: Int?
    private var renderTimes: [Int64] = []
    private var wallTimes: [Int64] = []

    /// A loop drawing `source` at `framesPerSecond` with `inputs` into `outputs`, paced by
    /// `clock` (from frame `startFrame` on a virtual clock).
    /// `secondary` are further displays (a status panel), each a source and an output of its
    /// own, rendered at every tick after the main one; input goes to `source` only.
    public convenience init(source: any FrameSource, inputs: [any InputSource] = [], clock: any Clock, framesPerSecond: Int,
                            startFrame: Int64 = 0, outputs: [any FrameOutput],
                            secondary: [(source: any FrameSource, output: any FrameOutput)] = [], length: FrameTime? = nil) {
        let frameClock: any FrameClock = clock.isVirtual
            ? VirtualFrameClock(framesPerSecond: framesPerSecond, startFrame: startFrame)
            : PacedFrameClock(framesPerSecond: framesPerSecond, clock: ExistentialClock(clock))
        self.init(source: source, inputs: inputs, clock: clock, frameClock: frameClock, outputs: outputs,
                  secondary: secondary, length: length)
    }

    /// A loop whose frames come from `frameClock`, a display link on `clock` (a still image's
    /// one instant, say).
    public init(source: any FrameSource, inputs: [any InputSource] = [], clock: any Clock, frameClock: any FrameClock,
                outputs: [any FrameOutput], secondary: [(source: any FrameSource, output: any FrameOutput)] = [],
                length: FrameTime? = nil) {
        self.source = source; self.inputs = inputs; self.clock = clock; self.frameClock = frameClock
        self.outputs = outputs; self.secondary = secondary; self.length = length
        secondaryBrightness = secondary.map { _ in nil }
        status = FrameStatus(tick: FrameTick(index: -1, timestamp: .zero, targetTimestamp: .zero, duration: .zero, missedFrames: 0),
                             frames: 0, missedFrames: 0)
    }

    /// Runs until the end; finishes every output and returns the number of frames shown.
    @discardableResult
    public func run() throws -> Int {
        do {
            while try step() {}
        } catch {
            try? finish()
            throw error
        }
        try finish()
        return status.frames
    }

    /// One frame; false (showing nothing) when the loop is over.
    public func step() throws -> Bool {
        if inputs.contains(where: \.quitRequested) { return false }
        let tick = frameClock.nextTick()
        if let length, tick.timestamp > length { return false }
        if clock.isVirtual { clock.sleep(until: tick.timestamp.nanoseconds) }
        if let polled = source as? any PolledFrameSource { try polled.poll(at: tick.timestamp) }
        var events = try pollInputs(upTo: tick.timestamp)
        if inputs.contains(where: \.quitRequested) { return false }
        var frame: Frame
        var rendered: Int64 = 0
        let measure = !clock.isVirtual
        repeat {
            for event in events { try source.handle(event) }
            let start = measure ? clock.now() : 0
            frame = source.render(at: tick.timestamp)
            rendered = measure ? clock.now() - start : 0
            events = try pollInputs(upTo: tick.timestamp)
        } while !events.isEmpty
        if inputs.contains(where: \.quitRequested) { return false }
        try applyBrightness()
        record(tick, rendered: rendered)
        for output in outputs { try output.show(frame, status: status) }
        for display in secondary { try display.output.show(display.source.render(at: tick.timestamp), status: status) }
        return true
    }

    private func pollInputs(upTo time: FrameTime) throws -> [InputEvent] {
        var events: [InputEvent] = []
        for input in inputs { events += try input.events(upTo: time) }
        return inputs.count > 1 ? events.sorted { $0.time < $1.time } : events
    }

    private func applyBrightness() throws {
        if let wanted = source.brightnessPercent, wanted != brightness {
            brightness = wanted
            for output in outputs { try output.setBrightness(percent: wanted) }
        }
        for (i, display) in secondary.enumerated() {
            guard let wanted = display.source.brightnessPercent, wanted != secondaryBrightness[i] else { continue }
            secondaryBrightness[i] = wanted
            try display.output.setBrightness(percent: wanted)
        }
    }

    private func record(_ tick: FrameTick, rendered: Int64) {
        status.tick = tick
        status.frames += 1
        status.missedFrames += tick.missedFrames
        guard !clock.isVirtual else { return }
        renderTimes.append(rendered)
        if renderTimes.count > 60 { renderTimes.removeFirst() }
        status.renderMedian = Percentile.of(renderTimes, 50)
        wallTimes.append(clock.now())
        while let first = wallTimes.first, wallTimes.count > 2, wallTimes[wallTimes.count - 1] - first > 1_000_000_000 {
            wallTimes.removeFirst()
        }
        if wallTimes.count >= 2, let first = wallTimes.first, let last = wallTimes.last, last > first {
            status.measuredFPS = Fixed(raw: Int32(clamping: Int64(wallTimes.count - 1) * 1_000_000_000 * 65536 / (last - first)))
        }
    }

    /// Finishes every output, reporting the first failure after trying them all.
    private func finish() throws {
        var failure: (any Error)?
        for output in outputs + secondary.map(\.output) {
            do { try output.finish() } catch { if failure == nil { failure = error } }
        }
        if let failure { throw failure }
    }
}

/// A `Clock` held as `any Clock`, as a concrete type for the generic `PacedFrameClock`.
struct ExistentialClock: Clock {
    let base: any Clock
    init(_ base: any Clock) { self.base = base }
    func now() -> Int64 { base.now() }
    func sleep(until deadline: Int64) { base.sleep(until: deadline) }
    var isVirtual: Bool { base.isVirtual }
}

/// A request to stop from outside the program — SIGINT or SIGTERM on a real run — as the input
/// source that asks the frame loop to stop (it ends the loop before the next frame, and every
/// output is finished as on any other way out).
public final class StopRequestSource: InputSource {
    private let requested: () -> Bool

    /// Stops the loop once `requested` is true (e.g. `StopSignals().isRequested`).
    public init(requested: @escaping () -> Bool) { self.requested = requested }

    /// A stop request carries no events.
    public func events(upTo time: FrameTime) -> [InputEvent] { [] }

    /// True once a stop was requested.
    public var quitRequested: Bool { requested() }
}
