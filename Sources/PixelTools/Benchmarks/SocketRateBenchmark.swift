import PixelBus
import PixelCore
import PixelNetwork
import PixelRuntime
import PixelSystem
import Synchronization

/// The highest frame rate a receiver takes over real loopback UDP sockets without losing a
/// frame: a sending thread pushes 128×64 frames (E1.31: 49 universes and a sync packet; DDP:
/// 18 packets with push) in bursts at a paced rate, while the calling thread polls the
/// receiver as fast as it can (one core), as `NetworkPorts` opens it. A rate passes when the
/// receiver assembled every frame sent. Rates double from `startRate` until one fails (or the
/// sender cannot keep up), then `refinements` halvings narrow the gap. A measurement, not a
/// test: the figure depends on the machine and on what else runs.
public enum SocketRateBenchmark {
    /// One rate tried: frames sent and assembled, and how fast the sender really sent.
    public struct Step: Sendable, Equatable {
        /// The frame rate asked of the sender.
        public var rate: Int
        /// Frames sent.
        public var sent: Int
        /// Frames the receiver assembled whole.
        public var assembled: Int
        /// The rate the sender achieved, frames a second.
        public var achieved: Int
        /// Whether every frame sent was assembled.
        public var passed: Bool { sent > 0 && assembled == sent }
    }

    /// The steps of one protocol and what they come to.
    public struct Result: Sendable {
        /// E1.31 or DDP.
        public var kind: NetworkProtocol
        /// The panel's size.
        public var width: Int, height: Int
        /// Datagrams in one frame.
        public var packetsPerFrame: Int
        /// Every rate tried, in order.
        public var steps: [Step]
        /// The highest rate that passed, frames a second (0 when none did).
        public var highestPassing: Int { steps.filter(\.passed).map(\.rate).max() ?? 0 }
        /// True when the sender, not the receiver, set the limit (it fell behind before any
        /// rate failed).
        public var senderLimited: Bool { !steps.contains { !$0.passed && $0.achieved * 10 >= $0.rate * 9 } }

        /// For `bench --json`.
        var json: JSONValue {
            let tried: [JSONValue] = steps.map { step in
                .object([("rate", .int(Int64(step.rate))), ("sent", .int(Int64(step.sent))), ("assembled", .int(Int64(step.assembled))),
                         ("achieved", .int(Int64(step.achieved)))])
            }
            return .object([("protocol", .string(kind.flagName)), ("width", .int(Int64(width))), ("height", .int(Int64(height))),
                            ("datagrams_per_frame", .int(Int64(packetsPerFrame))), ("highest_frames_per_second", .int(Int64(highestPassing))),
                            ("steps", .array(tried))])
        }
    }

    /// Counts the frames the sending thread sent, and says when it is done.
    final class SendState: Sendable {
        let sent = Atomic<Int>(0)
        let done = Atomic<Bool>(false)
        let elapsed = Atomic<Int64>(0)
    }

    /// Measures `kinds` (E1.31 and DDP unless told) on a `width × height` panel, each rate for
    /// `seconds`.
    public static func run(kinds: [NetworkProtocol] = [.e131, .ddp], width: Int = 128, height: Int = 64, startRate: Int = 30,
                           maximumRate: Int = 61_440, refinements: Int = 3, seconds: Double = 0.5,
                           clock: any Clock & Sendable) throws -> [Result] {
        guard let layout = StreamLayout(width: width, height: height) else { throw NetworkBenchmarkError.layout }
        var results: [Result] = []
        for kind in kinds {
            let (receiving, port) = try StreamLatencyBenchmark.loopbackSocket(near: 47_600, for: kind, receiveBufferBytes: NetworkPorts.receiveBufferBytes(layout))
            let (sendingSocket, _) = try StreamLatencyBenchmark.loopbackSocket(near: Int(port) + 1)
            let sending = StreamLatencyBenchmark.SendingSocket(sendingSocket)
            let target = NetworkEndpoint(address: 0x7F00_0001, port: port)
            let measure = { (rate: Int) -> Step in
                step(kind, layout: layout, rate: rate, seconds: seconds, receiving: receiving, sending: sending, target: target, clock: clock)
            }
            var steps: [Step] = []
            var good = 0, bad = 0
            var rate = max(1, startRate)
            while rate <= maximumRate {
                let tried = measure(rate)
                steps.append(tried)
                if !tried.passed { bad = rate; break }
                good = rate
                if tried.achieved * 10 < rate * 9 { break }  // the sender fell behind: no higher rate can be asked
                rate *= 2
            }
            if bad > 0 {
                for _ in 0..<refinements where bad - good > 1 {
                    let middle = (good + bad) / 2
                    let tried = measure(middle)
                    steps.append(tried)
                    if tried.passed { good = middle } else { bad = middle }
                }
            }
            let packets = framePackets(kind, layout: layout).count
            results.append(Result(kind: kind, width: width, height: height, packetsPerFrame: packets, steps: steps))
        }
        return results
    }

    /// One frame's datagrams of `kind`, from a fresh sender.
    static func framePackets(_ kind: NetworkProtocol, layout: StreamLayout) -> [[UInt8]] {
        var sender = sender(kind, layout: layout)
        return sender.datagrams(frame: NetworkBenchmark.picture)
    }

    static func sender(_ kind: NetworkProtocol, layout: StreamLayout) -> StreamSender {
        let protocolSent: SenderProtocol = kind == .e131 ? .e131(sync: layout.firstUniverse) : .ddp
        return StreamSender(kind: protocolSent, layout: layout, source: E131SourceID([UInt8](repeating: 9, count: 16)))
    }

    /// Sends frames at `rate` for `seconds` from another thread while this one polls a fresh
    /// receiver on `receiving`; then drains for 50 ms and counts.
    static func step(_ kind: NetworkProtocol, layout: StreamLayout, rate: Int, seconds: Double, receiving: UDPSocket,
                     sending: StreamLatencyBenchmark.SendingSocket, target: NetworkEndpoint, clock: any Clock & Sendable) -> Step {
        let receiver = StreamReceiver(layout: layout, channels: [(kind, receiving)])
        _ = receiver.poll(at: clock.now())  // what a step before left in the buffer
        let frames = max(10, Int(Double(rate) * seconds))
        let interval = 1_000_000_000 / Int64(rate)
        let state = SendState()
        let startFrames = receiver.counters.frames
        SystemThread.start(name: "socket rate sender") {
            var streamSender = sender(kind, layout: layout)
            let start = clock.now()
            for index in 0..<frames {
                let due = start + Int64(index) * interval
                let wait = due - clock.now()
                if wait > 0 { SystemThread.sleep(nanoseconds: wait) }
                for packet in streamSender.datagrams(frame: NetworkBenchmark.picture) { sending.socket.send(packet, to: target) }
                state.sent.add(1, ordering: .relaxed)
            }
            state.elapsed.store(clock.now() - start, ordering: .relaxed)
            state.done.store(true, ordering: .releasing)
        }
        var drainUntil: Int64?
        while true {
            let now = clock.now()
            _ = receiver.poll(at: now)
            if drainUntil == nil && state.done.load(ordering: .acquiring) { drainUntil = now + 50_000_000 }
            if let drainUntil, now >= drainUntil { break }
        }
        let sent = state.sent.load(ordering: .relaxed)
        let elapsed = max(1, state.elapsed.load(ordering: .relaxed))
        let achieved = Int(Int64(max(0, sent - 1)) * 1_000_000_000 / elapsed)
        return Step(rate: rate, sent: sent, assembled: receiver.counters.frames - startFrames, achieved: achieved)
    }

    /// One line per protocol for the bench report.
    public static func describe(_ results: [Result]) -> String {
        results.map { result in
            let best = result.highestPassing
            let packets = best * result.packetsPerFrame
            var line = "\(result.kind.displayName) over loopback UDP, \(result.width)x\(result.height) (\(result.packetsPerFrame) datagrams a frame): "
                + "every frame assembled up to "
                + "\(best) frames/s (\(packets) datagrams/s)"
            if let failed = result.steps.filter({ !$0.passed }).min(by: { $0.rate < $1.rate }) {
                line += "; at \(failed.rate) frames/s \(failed.assembled) of \(failed.sent) assembled"
            }
            if result.senderLimited { line += "; the sender could go no faster, so the receiver's limit is higher" }
            return line
        }.joined(separator: "\n")
    }
}
