import PixelRuntime
import PixelInputs
import Synchronization
import PixelCore
import PixelEffects
import PixelSystem
import PixelUI
import PixelPanels

/// Measures input latency the way a person feels it: the time from an input arriving (posted
/// from another thread, as the keyboard and GPIO readers do) to the end of rendering the first
/// frame that shows its effect, with the real frame clock pacing the loop.
public enum InputLatencyBenchmark {
    /// The measured latencies.
    public struct Result: Sendable {
        /// Inputs measured.
        public var samples: Int
        /// Median latency, nanoseconds.
        public var median: Int64
        /// 99th-percentile latency, nanoseconds.
        public var p99: Int64
        /// Longest latency, nanoseconds.
        public var maximum: Int64
        /// One frame period at the measured rate, for comparison.
        public var framePeriod: Int64
        /// Frames per second the loop ran at.
        public var fps: Int
        /// The panel size of the menu.
        public var size: PanelSize
        /// What the turns moved: "menu" (the highlight) or a game ("Brick": the paddle).
        public var screen = "menu"

        /// The result as `bench --json` writes it.
        var json: JSONValue {
            .object([("median_ns", .int(median)), ("p99_ns", .int(p99)), ("max_ns", .int(maximum)), ("frame_period_ns", .int(framePeriod))])
        }
    }

    /// Inputs waiting for the render loop, stamped with the monotonic time they arrived.
    final class Mailbox: Sendable {
        private let pending = Mutex<[(action: InputAction, postedAt: Int64)]>([])
        private let finished = Atomic<Bool>(false)
        private let clock: any Clock & Sendable

        init(clock: any Clock & Sendable) { self.clock = clock }

        func post(_ action: InputAction) {
            let now = clock.now()
            pending.withLock { $0.append((action, now)) }
        }
        func drain() -> [(action: InputAction, postedAt: Int64)] {
            pending.withLock { items in defer { items.removeAll() }; return items }
        }
        func finish() { finished.store(true, ordering: .releasing) }
        var isFinished: Bool { finished.load(ordering: .acquiring) }
    }

    /// The mailbox as an input source: what arrived, stamped with the frame being latched,
    /// remembering when each was posted until the frame that shows it is rendered.
    final class MailboxInputSource: InputSource {
        let mailbox: Mailbox
        /// Post times of the inputs applied since the last frame was shown.
        var unshown: [Int64] = []
        /// Inputs measured so far, and how many to measure before the run ends.
        var measured = 0
        let expected: Int
        init(_ mailbox: Mailbox, expected: Int) { self.mailbox = mailbox; self.expected = expected }
        func events(upTo time: FrameTime) -> [InputEvent] {
            let arrived = mailbox.drain()
            unshown += arrived.map(\.postedAt)
            return arrived.map { InputEvent($0.action, at: time) }
        }
        /// Every input posted and measured: the run is over.
        var quitRequested: Bool { mailbox.isFinished && measured >= expected }
    }

    /// The wheel's way from the top menu to Extras → Games → Brick, whose paddle the turns
    /// then move (the ball waits on it, so only the turns change the picture).
    public static let openBrick: [InputAction] = [.rotate(3), .select, .rotate(2), .select, .select]

    /// Posts `events` wheel turns at random moments (20–80 ms apart) from another thread while
    /// the menu (or, after `opening`, the screen it leads to, named `screen`) runs at `fps`
    /// through the frame loop on `clock` (the real one), and returns the latency statistics.
    public static func run(size: PanelSize, fps: Int = 60, events: Int = 120, seed: UInt64 = 1, opening: [InputAction] = [],
                           screen: String = "menu", clock: any Clock & Sendable) throws -> Result {
        var app = PixelWheelApp(width: size.width, height: size.height, framesPerSecond: fps,
                                version: PixelWheelVersion.current, seed: seed)
        for action in opening { app.handle(InputEvent(action, at: .zero)) }
        let source = AppSource(app: app, store: nil)
        let mailbox = Mailbox(clock: clock)
        let input = MailboxInputSource(mailbox, expected: events)
        var latencies: [Int64] = []
        var previous: Frame?
        // The frame loop renders, latches late, then shows: "shown" is the end of rendering
        // the first frame that includes the input.
        let measure = FrameCallbackOutput { frame, _ in
            let done = clock.now()
            if !input.unshown.isEmpty {
                // Each turn moves the highlight or the paddle, so this frame must differ from the last.
                precondition(frame != previous || input.unshown.count % 2 == 0, "input did not change the picture")
                latencies += input.unshown.map { done - $0 }
                input.measured += input.unshown.count
                input.unshown = []
            }
            previous = frame
        }
        SystemThread.start(name: "latency poster") {
            var rng = SeededRandom(seed: seed)
            for i in 0..<events {
                SystemThread.sleep(nanoseconds: Int64(rng.int(in: 20_000...80_000)) * 1000)
                mailbox.post(.rotate(i % 2 == 0 ? 1 : -1))
            }
            mailbox.finish()
        }
        let loop = FrameLoop(source: source, inputs: [input], clock: clock, framesPerSecond: fps, outputs: [measure])
        try loop.run()
        return Result(samples: latencies.count, median: Benchmark.percentile(latencies, 50),
                      p99: Benchmark.percentile(latencies, 99), maximum: latencies.max() ?? 0,
                      framePeriod: 1_000_000_000 / Int64(fps), fps: fps, size: size, screen: screen)
    }

    /// One line for the bench table.
    public static func describe(_ r: Result) -> String {
        "input latency (\(r.screen), \(r.size), \(r.fps) fps, \(r.samples) turns): median \(Benchmark.ms(r.median)) ms, "
            + "p99 \(Benchmark.ms(r.p99)) ms, max \(Benchmark.ms(r.maximum)) ms; one frame period is \(Benchmark.ms(r.framePeriod)) ms"
    }
}
