import PixelBus
import PixelCore
import PixelNetwork
import PixelRuntime

/// The network rows of `pixelwheel bench`: what one packet of each stream protocol costs to
/// parse, and what a whole 128×64 frame costs the receiver (E1.31's 49 universes, DDP's 18
/// packets) — from which the packet rate one core sustains follows. No socket is involved: the
/// packets come through simulated channels, so the rows measure PixelWheel's own work.
public enum NetworkBenchmark {
    /// The 128×64 picture every row sends, as RGB bytes.
    static let picture: [UInt8] = (0..<(128 * 64 * 3)).map { (index: Int) -> UInt8 in UInt8(truncatingIfNeeded: index * 7 + 3) }
    static let sender = NetworkEndpoint(address: 0x0A00_0002, port: 40_000)

    /// The rows' labels, in the order they are measured.
    public static let labels = [
        "E1.31 data packet, 510 channels → parse", "ArtDmx packet, 510 channels → parse", "DDP packet, 1440 bytes → parse",
        "WLED DRGB packet, 489 LEDs → parse", "E1.31 128x64 frame, 49 universes → receiver", "DDP 128x64 frame, 18 packets → receiver",
        "OPC message, 170 pixels → parse", "TPM2.net packet, 170 pixels → parse", "Flaschen-Taschen PPM, 32x16 at an offset → parse",
    ]

    /// Every row whose label contains `matching` (all when nil), each measured over `iterations`
    /// runs; a text that matches no row is an error naming the rows.
    public static func run(iterations: Int, stopwatch: any Clock, matching: String? = nil) throws -> [EncodeBenchmark.Row] {
        let chosen = labels.filter { label in matching.map { label.lowercased().contains($0.lowercased()) } ?? true }
        guard !chosen.isEmpty else {
            throw RuntimeError.unusable("no network row matches '\(matching ?? "")'; give part of one of: \(labels.joined(separator: "; "))")
        }
        let channels = Array(picture.prefix(510))
        let e131 = E131DataPacket(source: E131SourceID([UInt8](repeating: 1, count: 16)), sequence: 1, universe: 1, channels: channels[...]).bytes
        let artNet = ArtDmxPacket(sequence: 1, portAddress: 0, channels: channels[...]).bytes
        let ddp = DDPPacket(flags: [.push], sequence: 1, dataType: .rgb8, offset: 0, data: picture.prefix(1440)).bytes
        // WLED's UDP realtime: protocol 2 (DRGB), a 2 s timeout byte, then RGB from LED 0.
        let wled: [UInt8] = [2, 2] + Array(picture.prefix(1467))
        let opc = OPCMessage(channel: 0, command: OPCMessage.setPixels, data: channels[...]).bytes
        // TPM2.net: start, data type, size (big endian), packet 1 of 1, the data, the end byte.
        let tpm2: [UInt8] = [TPM2NetPacket.startByte, 0xDA, 0x01, 0xFE, 1, 1] + channels + [TPM2NetPacket.endByte]
        // Flaschen-Taschen: a 32x16 PPM with its offset (x 8, y 4, layer 1) in the footer.
        let flaschen: [UInt8] = Array("P6\n32 16\n255\n".utf8) + Array(picture.prefix(32 * 16 * 3)) + Array("\n8 4 1\n".utf8)
        var rows: [EncodeBenchmark.Row] = []
        for label in chosen {
            switch label {
            case labels[0]: rows.append(try parseRow(label, e131, iterations: iterations, stopwatch: stopwatch) { _ = try E131Packet.parse($0) })
            case labels[1]: rows.append(try parseRow(label, artNet, iterations: iterations, stopwatch: stopwatch) { _ = try ArtNetPacket.parse($0) })
            case labels[2]: rows.append(try parseRow(label, ddp, iterations: iterations, stopwatch: stopwatch) { _ = try DDPPacket.parse($0) })
            case labels[3]: rows.append(try parseRow(label, wled, iterations: iterations, stopwatch: stopwatch) { _ = try WLEDRealtimePacket.parse($0) })
            case labels[4]: rows.append(try frameRow(.e131, label: label, iterations: iterations, stopwatch: stopwatch))
            case labels[5]: rows.append(try frameRow(.ddp, label: label, iterations: iterations, stopwatch: stopwatch))
            case labels[6]: rows.append(try parseRow(label, opc, iterations: iterations, stopwatch: stopwatch) { _ = try OPCMessage.parse(datagram: $0) })
            case labels[7]: rows.append(try parseRow(label, tpm2, iterations: iterations, stopwatch: stopwatch) { _ = try TPM2NetPacket.parse($0) })
            default: rows.append(try parseRow(label, flaschen, iterations: iterations, stopwatch: stopwatch) { _ = try FlaschenTaschenImage.parse($0) })
            }
        }
        return rows
    }

    /// One parser on one packet; the output is the packets a second one core parses at the median.
    static func parseRow(_ label: String, _ packet: [UInt8], iterations: Int, stopwatch: any Clock,
                         _ parse: ([UInt8]) throws -> Void) throws -> EncodeBenchmark.Row {
        var row = try EncodeBenchmark.measure(label, iterations: iterations * 20, stopwatch: stopwatch, output: "", stage: .parse) {
            try parse(packet)
        }
        row.output = rate(packetsPerIteration: 1, median: row.median)
        return row
    }

    /// A whole 128×64 frame through the receiver, its packets injected into simulated channels
    /// and one poll completing it; the output is the frames, and packets, a second one core takes.
    static func frameRow(_ kind: NetworkProtocol, label: String, iterations: Int, stopwatch: any Clock) throws -> EncodeBenchmark.Row {
        guard let layout = StreamLayout(width: 128, height: 64) else { throw NetworkBenchmarkError.layout }
        let channel = SimulatedDatagramChannel(capacity: 128)
        let receiver = StreamReceiver(layout: layout, channels: [(kind, channel)])
        let packets = framePackets(kind, layout: layout)
        var now: Int64 = 0
        var completed = 0
        var row = EncodeBenchmark.measure(label, iterations: iterations, stopwatch: stopwatch, output: "", stage: .parse) {
            now += 16_000_000
            for packet in packets(UInt8(truncatingIfNeeded: now / 16_000_000)) { channel.inject(packet, from: sender) }
            if receiver.poll(at: now).frame != nil { completed += 1 }
        }
        let count = packets(0).count
        guard completed > 0 else { throw NetworkBenchmarkError.noFrame(label) }
        row.output = rate(packetsPerIteration: count, median: row.median)
        return row
    }

    /// The packets of one frame of the picture for `kind`, numbered `sequence`.
    static func framePackets(_ kind: NetworkProtocol, layout: StreamLayout) -> (UInt8) -> [[UInt8]] {
        if kind == .e131 {
            let universes = StreamSending.universes(frame: picture, layout: layout)
            let source = E131SourceID([UInt8](repeating: 1, count: 16))
            return { sequence in
                universes.map { E131DataPacket(source: source, sequence: sequence, universe: $0.universe, channels: $0.channels[...]).bytes }
            }
        }
        return { sequence in
            var number = sequence
            return StreamSending.ddpPackets(frame: picture, sequence: &number).map(\.bytes)
        }
    }

    /// "N frames/s, M packets/s" at `median` nanoseconds an iteration.
    static func rate(packetsPerIteration: Int, median: Int64) -> String {
        guard median > 0 else { return "n/a" }
        let perSecond = 1_000_000_000 / median
        if packetsPerIteration == 1 { return "\(perSecond) packets/s" }
        return "\(perSecond) frames/s, \(perSecond * Int64(packetsPerIteration)) packets/s"
    }
}

/// A network row that could not be measured.
enum NetworkBenchmarkError: Error, CustomStringConvertible {
    case layout
    case noFrame(String)
    case noPort(Int)
    var description: String {
        switch self {
        case .layout: "bench: the stream layout could not be made"
        case let .noFrame(label): "bench: \(label) completed no frame"
        case let .noPort(near): "bench: no free UDP port on 127.0.0.1 from \(near) to \(near + 499); free one or run again"
        }
    }
}
