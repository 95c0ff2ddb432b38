/// The stream protocols PixelWheel speaks, for messages and counters.
public enum NetworkProtocol: String, CaseIterable, Sendable, Hashable {
    /// E1.31 (streaming ACN, "sACN"), ANSI E1.31-2018; UDP port 5568.
    case e131
    /// Art-Net 4 (Artistic Licence); UDP port 6454.
    case artNet
    /// Distributed Display Protocol (3waylabs); UDP port 4048.
    case ddp
    /// Open Pixel Control; TCP port 7890, or one message per UDP datagram.
    case opc
    /// Flaschen-Taschen's PPM datagrams (hzeller); UDP port 1337.
    case flaschenTaschen
    /// TPM2.net; UDP port 65506.
    case tpm2Net
    /// WLED's UDP realtime protocols (WARLS, DRGB, DRGBW, DNRGB, DNRGBW); UDP port 21324.
    case wledRealtime

    /// The name people know the protocol by, for messages.
    public var displayName: String {
        switch self {
        case .e131: return "E1.31"
        case .artNet: return "Art-Net"
        case .ddp: return "DDP"
        case .opc: return "OPC"
        case .flaschenTaschen: return "Flaschen-Taschen"
        case .tpm2Net: return "TPM2.net"
        case .wledRealtime: return "WLED UDP realtime"
        }
    }

    /// The protocol's name in `--network`, `--network-port` and the `[network]` table.
    public var flagName: String {
        switch self {
        case .e131: return "e131"
        case .artNet: return "artnet"
        case .ddp: return "ddp"
        case .opc: return "opc"
        case .flaschenTaschen: return "flaschen"
        case .tpm2Net: return "tpm2"
        case .wledRealtime: return "wled-udp"
        }
    }

    /// The protocol whose `flagName` is `name`, or nil.
    public init?(flagName name: String) {
        guard let found = Self.allCases.first(where: { $0.flagName == name }) else { return nil }
        self = found
    }

    /// Whether the protocol runs over TCP (OPC) rather than UDP.
    public var isTCP: Bool { self == .opc }

    /// The port the protocol listens on unless told otherwise.
    public var standardPort: UInt16 {
        switch self {
        case .e131: return 5568
        case .artNet: return 6454
        case .ddp: return 4048
        case .opc: return 7890
        case .flaschenTaschen: return 1337
        case .tpm2Net: return 65506
        case .wledRealtime: return 21324
        }
    }
}
