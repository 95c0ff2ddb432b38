#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization
import PixelCore
import PixelEffects
import PixelUI

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
    }

    /// Inputs waiting for the render loop, stamped with the monotonic time they arrived.
    final class Mailbox: Sendable {
        private let pending = Mutex<[(action: InputAction, postedAt: Int64)]>([])
        private let finished = Atomic<Bool>(false)

        func post(_ action: InputAction) {
            let now = MonotonicClock.nanoseconds()
            pending.withLock { $0.append((action, now)) }
        }
        func drain() -> [(action: InputAction, postedAt: Int64)] {
            pending.withLock { items in defer { items.removeAll() }; return items }
        }
        func finish() { finished.store(true, ordering: .releasing) }
        var isFinished: Bool { finished.load(ordering: .acquiring) }
    }

    /// Posts `events` wheel turns at random moments (20–80 ms apart) while the menu runs at
    /// `fps`, and returns the latency statistics.
    public static func run(size: PanelSize, fps: Int = 60, events: Int = 120, seed: UInt64 = 1) throws -> Result {
        let statePath = NSTemporaryDirectory() + "pixelwheel-latency-\(getpid()).conf"
        defer { unlink(statePath) }
        let options = SimulatorSession.Options(size: size, fps: fps, seconds: nil, script: nil, framesOut: nil,
                                               statePath: statePath, seed: seed)
        var session = try SimulatorSession(options: options, wallClock: { 0 })
        let mailbox = Mailbox()
        let poster = Thread {
            var rng = SeededRandom(seed: seed)
            for i in 0..<events {
                usleep(useconds_t(rng.int(in: 20_000...80_000)))
                mailbox.post(.rotate(i % 2 == 0 ? 1 : -1))
            }
            mailbox.finish()
        }
        var clock = PacedFrameClock(framesPerSecond: fps, source: MonotonicClock())
        var latencies: [Int64] = []
        var previous = session.frame(at: .zero)
        poster.start()
        while !(mailbox.isFinished && latencies.count >= events) {
            let tick = clock.nextTick()
            var arrived = mailbox.drain()
            // Late latching, as the simulator does: input that arrives while a frame is being
            // rendered is applied and the frame rendered again before it is shown, so no input
            // waits longer than one frame period.
            repeat {
                for item in arrived { try session.handle(InputEvent(item.action, at: tick.timestamp)) }
                let frame = session.frame(at: tick.timestamp)
                let done = MonotonicClock.nanoseconds()
                if !arrived.isEmpty {
                    // Each turn moves the highlight, so this frame must differ from the last.
                    precondition(frame != previous || arrived.count % 2 == 0, "input did not change the picture")
                    latencies += arrived.map { done - $0.postedAt }
                }
                previous = frame
                arrived = mailbox.drain()
            } while !arrived.isEmpty
        }
        return Result(samples: latencies.count, median: Benchmark.percentile(latencies, 50),
                      p99: Benchmark.percentile(latencies, 99), maximum: latencies.max() ?? 0,
                      framePeriod: 1_000_000_000 / Int64(fps), fps: fps, size: size)
    }

    /// One line for the bench table.
    public static func describe(_ r: Result) -> String {
        "input latency (menu, \(r.size), \(r.fps) fps, \(r.samples) turns): median \(Benchmark.ms(r.median)) ms, "
            + "p99 \(Benchmark.ms(r.p99)) ms, max \(Benchmark.ms(r.maximum)) ms; one frame period is \(Benchmark.ms(r.framePeriod)) ms"
    }
}
