import PixelBus
import PixelCore
import PixelInputs
import PixelNetwork
import PixelRuntime
import PixelSystem
import PixelUI
import Synchronization

/// Measures how long a streamed frame waits: from the moment its last packet is sent (a DDP
/// frame with push, on loopback, from another thread at random moments) to the end of rendering
/// the first frame that shows it, with the real frame clock pacing the loop at `fps`. The
/// receiver is polled once a frame, so the wait should stay within one frame period.
public enum StreamLatencyBenchmark {
    /// Send times of the frames on their way, by grey level, and whether sending is over.
    final class SendLog: Sendable {
        private let sent = Mutex<[UInt8: Int64]>([:])
        private let done = Atomic<Bool>(false)
        func record(_ level: UInt8, at time: Int64) { sent.withLock { $0[level] = time } }
        func take(_ level: UInt8) -> Int64? { sent.withLock { $0.removeValue(forKey: level) } }
        func finish() { done.store(true, ordering: .releasing) }
        var finished: Bool { done.load(ordering: .acquiring) }
        /// Frames sent and not shown yet.
        var waiting: Int { sent.withLock { $0.count } }
    }

    /// The socket the sending thread owns from the moment it starts.
    final class SendingSocket: @unchecked Sendable {
        let socket: UDPSocket
        init(_ socket: UDPSocket) { self.socket = socket }
    }

    /// Stops the loop once every frame was sent and shown, or a quarter second after the last
    /// was sent (a frame replaced before a poll is never shown).
    final class StopWhenDone: InputSource {
        let log: SendLog
        var measured = 0
        private var finishedAt: Int64?
        private var now: Int64 = 0
        init(_ log: SendLog) { self.log = log }
        func events(upTo time: FrameTime) -> [InputEvent] {
            now = time.nanoseconds
            if log.finished && finishedAt == nil { finishedAt = now }
            return []
        }
        var quitRequested: Bool {
            guard let finishedAt else { return false }
            return log.waiting == 0 || now - finishedAt > 250_000_000
        }
    }

    /// Sends `frames` whole 32×16 frames over DDP on loopback and returns the waits, as
    /// `InputLatencyBenchmark`'s result (`samples` frames seen; a frame replaced by the next
    /// before a poll is not seen, as on a real display).
    public static func run(frames: Int = 60, fps: Int = 60, clock: any Clock & Sendable) throws -> InputLatencyBenchmark.Result {
        let width = 32, height = 16
        guard let layout = StreamLayout(width: width, height: height) else { throw NetworkBenchmarkError.layout }
        let (receiving, port) = try loopbackSocket(near: 47_000)
        let (sendingSocket, _) = try loopbackSocket(near: Int(port) + 1)
        let sending = SendingSocket(sendingSocket)
        let receiver = StreamReceiver(layout: layout, channels: [(.ddp, receiving)], allow: [])
        var settings = Settings()
        settings.brightness = 100  // the frames as sent: their grey level names them
        let app = PixelWheelApp(width: width, height: height, framesPerSecond: fps, settings: settings,
                                version: PixelWheelVersion.current, seed: 1)
        let source = NetworkStreamSource(app: AppSource(app: app, store: nil), receiver: receiver)
        let log = SendLog()
        let stop = StopWhenDone(log)
        var waits: [Int64] = []
        let output = FrameCallbackOutput { frame, _ in
            let done = clock.now()
            // The stream's frames are one grey level each; the level names the frame.
            let level = frame.pixels[0].srgb.red
            if let sent = log.take(level) {
                waits.append(done - sent)
                stop.measured += 1
            }
        }
        let target = NetworkEndpoint(address: 0x7F00_0001, port: port)
        SystemThread.start(name: "stream latency sender") {
            var random = SeededRandom(seed: 7)
            for index in 0..<frames {
                SystemThread.sleep(nanoseconds: Int64(random.int(in: 20_000...80_000)) * 1000)
                let level = UInt8(16 + index % 224)
                let data = [UInt8](repeating: level, count: width * height * 3)
                let packet = DDPPacket(flags: [.push], sequence: 0, dataType: .rgb8, offset: 0, data: data[...]).bytes
                log.record(level, at: clock.now())
                sending.socket.send(packet, to: target)
            }
            log.finish()
        }
        let loop = FrameLoop(source: source, inputs: [stop], clock: clock, framesPerSecond: fps, outputs: [output])
        try loop.run()
        return InputLatencyBenchmark.Result(samples: waits.count, median: Benchmark.percentile(waits, 50), p99: Benchmark.percentile(waits, 99),
                                            maximum: waits.max() ?? 0, framePeriod: 1_000_000_000 / Int64(fps), fps: fps,
                                            size: try PanelSize(width: width, height: height))
    }

    /// A UDP socket on 127.0.0.1 at the first free port from `near`, and the port.
    static func loopbackSocket(near: Int, for kind: NetworkProtocol = .ddp, receiveBufferBytes: Int = 262_144) throws -> (UDPSocket, UInt16) {
        for port in near..<(near + 500) {
            let endpoint = NetworkEndpoint(address: 0x7F00_0001, port: UInt16(port))
            if let socket = try? UDPSocket(binding: endpoint, receiveBufferBytes: receiveBufferBytes) { return (socket, UInt16(port)) }
        }
        throw NetworkBenchmarkError.noPort(near)
    }

    /// One line for the bench report.
    public static func describe(_ r: InputLatencyBenchmark.Result) -> String {
        "stream latency (DDP on loopback, \(r.size), \(r.fps) fps, \(r.samples) frames): last packet sent to frame rendered, median "
            + "\(Benchmark.ms(r.median)) ms, p99 \(Benchmark.ms(r.p99)) ms, max \(Benchmark.ms(r.maximum)) ms; one frame period is \(Benchmark.ms(r.framePeriod)) ms"
    }
}
