import PixelCore
import PixelEffects
import PixelSimulator
import PixelSystem
import PixelUI

/// What the frame loop draws: the PixelWheel app, or one effect for `render` and `bench`.
public protocol FrameSource: AnyObject {
    /// Applies one input event.
    func handle(_ event: InputEvent) throws
    /// The frame at `time`, at the panel's size in linear light.
    func render(at time: FrameTime) -> Frame
    /// The brightness the outputs should show, 0...100 %.
    var brightnessPercent: Int { get }
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
}

extension Fixed {
    /// The value rounded to one decimal, e.g. "29.9": a measured frame rate in status lines.
    var tenthsText: String {
        let tenths = (Int64(raw) * 10 + 0x8000) >> 16
        return "\(tenths / 10).\(tenths % 10)"
    }
}

/// The one frame loop of `sim`, `run`, `render` and `bench`: it takes a frame source, input
/// sources, a frame clock and outputs.
///
/// Each frame: wait for the clock's tick, move the virtual time (when simulating), apply every
/// input due, render, then **latch late** — input that arrived while the frame rendered is
/// applied and the frame rendered again before it is shown, so no input waits more than one
/// frame period — and show the frame on every output. Brightness changes go to the outputs'
/// own brightness paths. The loop ends at `length`, when a source asks to quit, or on SIGINT or
/// SIGTERM (when `stopsOnSignals`); every output is finished either way.
public final class FrameLoop {
    private let source: any FrameSource
    private let inputs: [any InputSource]
    private var clock: any FrameClock
    private let outputs: [any FrameOutput]
    private let time: VirtualTime?
    private let now: (() -> Int64)?
    /// The last instant shown; nil runs until stopped.
    public let length: FrameTime?
    /// Whether SIGINT and SIGTERM end the loop.
    public let stopsOnSignals: Bool
    /// The status after the last frame.
    public private(set) var status: FrameStatus
    private var brightness: Int?
    private var renderTimes: [Int64] = []
    private var wallTimes: [Int64] = []

    /// A loop drawing `source` with `inputs`, paced by `clock`, into `outputs`. On the virtual
    /// clock pass the simulation's `time`, which each tick moves; on a real clock pass `now`
    /// (monotonic nanoseconds) so the loop can measure its rate and render time.
    public init(source: any FrameSource, inputs: [any InputSource] = [], clock: any FrameClock, outputs: [any FrameOutput],
                length: FrameTime? = nil, time: VirtualTime? = nil, now: (() -> Int64)? = nil, stopsOnSignals: Bool = false) {
        self.source = source; self.inputs = inputs; self.clock = clock; self.outputs = outputs
        self.length = length; self.time = time; self.now = now; self.stopsOnSignals = stopsOnSignals
        status = FrameStatus(tick: FrameTick(index: -1, timestamp: .zero, targetTimestamp: .zero, duration: .zero, missedFrames: 0),
                             frames: 0, missedFrames: 0)
        if stopsOnSignals { SignalWatcher.shared.watch(SignalWatcher.stopSignals) }
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
        if stopsOnSignals && SignalWatcher.shared.stopRequested { return false }
        let tick = clock.nextTick()
        if let length, tick.timestamp > length { return false }
        time?.advance(to: tick.timestamp.nanoseconds)
        var events = try pollInputs(upTo: tick.timestamp)
        if inputs.contains(where: \.quitRequested) { return false }
        var frame: Frame
        var rendered: Int64 = 0
        repeat {
            for event in events { try source.handle(event) }
            let start = now?() ?? 0
            frame = source.render(at: tick.timestamp)
            rendered = (now?() ?? 0) - start
            events = try pollInputs(upTo: tick.timestamp)
        } while !events.isEmpty
        if inputs.contains(where: \.quitRequested) { return false }
        try applyBrightness()
        record(tick, rendered: rendered)
        for output in outputs { try output.show(frame, status: status) }
        return true
    }

    private func pollInputs(upTo time: FrameTime) throws -> [InputEvent] {
        var events: [InputEvent] = []
        for input in inputs { events += try input.events(upTo: time) }
        return inputs.count > 1 ? events.sorted { $0.time < $1.time } : events
    }

    private func applyBrightness() throws {
        let wanted = source.brightnessPercent
        guard wanted != brightness else { return }
        brightness = wanted
        for output in outputs { try output.setBrightness(percent: wanted) }
    }

    private func record(_ tick: FrameTick, rendered: Int64) {
        status.tick = tick
        status.frames += 1
        status.missedFrames += tick.missedFrames
        guard let now else { return }
        renderTimes.append(rendered)
        if renderTimes.count > 60 { renderTimes.removeFirst() }
        status.renderMedian = Benchmark.percentile(renderTimes, 50)
        wallTimes.append(now())
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
        for output in outputs {
            do { try output.finish() } catch { if failure == nil { failure = error } }
        }
        if let failure { throw failure }
    }
}
