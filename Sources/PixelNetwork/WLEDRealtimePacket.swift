/// One packet of WLED's UDP realtime protocols (port 21324).
///
/// Byte 0 names the protocol and byte 1 the timeout (`WLEDRealtimeTimeout`); the rest is
/// pixels. An incomplete pixel at the end is ignored, as WLED does. Byte 0 = 0 is WLED's sync
/// notifier, and `{` starts JSON: neither is realtime data, and both are refused here.
public struct WLEDRealtimePacket: Sendable, Hashable {
    /// Which of the realtime protocols.
    public var kind: Kind
    /// How long the stream holds the display after this packet.
    public var timeout: WLEDRealtimeTimeout
    /// The LED index of the first pixel (DNRGB and DNRGBW; 0 for the others).
    public var startIndex: Int
    /// The pixel bytes after the header: `[index, r, g, b]…` for WARLS, colours otherwise.
    public var data: ArraySlice<UInt8>

    /// The realtime protocols, by their byte 0.
    public enum Kind: UInt8, Sendable, Hashable, CaseIterable {
        /// 1: `[index, r, g, b]…`, index < 256.
        case warls = 1
        /// 2: RGB from LED 0.
        case drgb = 2
        /// 3: RGBW from LED 0.
        case drgbw = 3
        /// 4: a 16-bit big-endian start index at 2–3, then RGB.
        case dnrgb = 4
        /// 5: a 16-bit big-endian start index at 2–3, then RGBW.
        case dnrgbw = 5

        /// The bytes before the pixels.
        public var headerLength: Int { self == .dnrgb || self == .dnrgbw ? 4 : 2 }

        /// The bytes each pixel (with its index, for WARLS) takes.
        public var bytesPerEntry: Int {
            switch self {
            case .warls, .drgbw, .dnrgbw: return 4
            case .drgb, .dnrgb: return 3
            }
        }

        /// The colour layout of the pixels.
        public var pixelFormat: PixelFormat { self == .drgbw || self == .dnrgbw ? .rgbw : .rgb }
    }

    /// The packet in `bytes`, or why it is none.
    public static func parse(_ bytes: [UInt8]) throws(PacketError) -> WLEDRealtimePacket {
        let packet = PacketBytes(bytes, .wledRealtime)
        let first = try packet.byte(0)
        guard let kind = Kind(rawValue: first) else { throw .unsupportedKind(.wledRealtime, kind: Int(first)) }
        try packet.require(kind.headerLength)
        let timeout = WLEDRealtimeTimeout(byte: try packet.byte(1))
        let startIndex = kind.headerLength == 4 ? Int(try packet.bigEndian16(2)) : 0
        let entries = (packet.count - kind.headerLength) / kind.bytesPerEntry
        let data = try packet.slice(kind.headerLength, length: entries * kind.bytesPerEntry)
        return WLEDRealtimePacket(kind: kind, timeout: timeout, startIndex: startIndex, data: data)
    }

    /// A packet to send or to test with.
    public init(kind: Kind, timeout: WLEDRealtimeTimeout, startIndex: Int = 0, data: ArraySlice<UInt8>) {
        self.kind = kind
        self.timeout = timeout
        self.startIndex = startIndex
        self.data = data
    }
}

/// Byte 1 of a WLED realtime packet: how long the stream holds the display.
public enum WLEDRealtimeTimeout: Sendable, Hashable {
    /// 0: leave realtime mode at once; the packet's pixels are not shown.
    case leaveNow
    /// 1–254: seconds without packets before the normal effect returns.
    case seconds(Int)
    /// 255: never time out.
    case never

    /// The timeout from its byte.
    public init(byte: UInt8) {
        switch byte {
        case 0: self = .leaveNow
        case 255: self = .never
        default: self = .seconds(Int(byte))
        }
    }

    /// The timeout in nanoseconds, nil for never; 0 for leave now.
    public var nanoseconds: Int64? {
        switch self {
        case .leaveNow: return 0
        case let .seconds(seconds): return Int64(seconds) * 1_000_000_000
        case .never: return nil
        }
    }
}
