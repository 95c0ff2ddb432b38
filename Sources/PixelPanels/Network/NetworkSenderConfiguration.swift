import PixelBus
import PixelCore
import PixelNetwork

/// A sending panel's options: `ddp`, `e131` or `artnet` with `host=` (dotted IPv4, or a host
/// name the run resolves once at start, `PanelDescription.resolvingHostNames`), `port=`
/// (the protocol's standard port unless told), `width=` and `height=` (LEDs of the picture it
/// sends), `x=` and `y=` (where that picture sits in a canvas of several tiles, default 0),
/// `universe=` (E1.31 and Art-Net: the first universe or port address, default 1), `sync=`
/// (E1.31: the universe of its sync packets, 0 = none) and `brightness=` (0...255, default 255).
///
/// The picture goes out as 8-bit sRGB, as streams carry it: the receiver runs its own colour
/// pipeline, gamma and power limit for its LEDs. Several sending panels of one configuration
/// file are the tiles of one canvas (`tiles`), shown as one main panel.
public struct NetworkSenderConfiguration: Sendable {
    /// One receiver and the part of the canvas it shows.
    public struct Tile: Sendable {
        /// The protocol, with its sync universe for E1.31.
        public var kind: SenderProtocol
        /// The receiver's address, host order (0 until a `hostName` is resolved).
        public var host: UInt32
        /// The name `host=` gave instead of an address; nil for a dotted address.
        public var hostName: String?
        /// The receiver's UDP port.
        public var port: UInt16
        /// The tile's left column in the canvas.
        public var x: Int
        /// The tile's top row in the canvas.
        public var y: Int
        /// The tile's size and first universe.
        public var layout: StreamLayout

        /// `host:port`, for messages and the link's name.
        public var destination: String {
            hostName.map { "\($0):\(port)" } ?? NetworkEndpoint(address: host, port: port).description
        }
    }

    /// The receivers, in the order their packets go out.
    public var tiles: [Tile]
    /// The share of full light sent, 0...1 (Settings' brightness scales it further).
    public var brightness: Fixed

    /// The canvas: the smallest rectangle from (0, 0) holding every tile.
    public var width: Int { tiles.map { $0.x + $0.layout.width }.max() ?? 1 }
    /// The canvas height.
    public var height: Int { tiles.map { $0.y + $0.layout.height }.max() ?? 1 }
    /// The first tile's `host:port` (and how many more), for messages.
    public var destination: String {
        tiles.count == 1 ? tiles[0].destination : "\(tiles[0].destination) and \(tiles.count - 1) more"
    }

    /// Reads the options of `options.type` (`ddp`, `e131` or `artnet`): one tile.
    public init(options: inout PanelOptions) throws(PanelConfigurationError) {
        let type = options.type
        let allowedHost = "a dotted IPv4 address such as 192.168.1.50, or a host name such as wall-left.local"
        let hostText = options.text("host", allowed: allowedHost, default: "-") ?? "-"
        guard hostText != "-" else { throw .badValue(type: type, key: "host", value: "", allowed: allowedHost + " (host= is required)") }
        let address = NetworkEndpoint.parseAddress(hostText)
        guard address != nil || Self.isHostName(hostText) else {
            throw .badValue(type: type, key: "host", value: hostText, allowed: allowedHost)
        }
        let width = try options.integer("width", in: 1...StreamLayout.maximumSide, default: 32)
        let height = try options.integer("height", in: 1...StreamLayout.maximumSide, default: 16)
        let x = try options.integer("x", in: 0...StreamLayout.maximumSide, default: 0)
        let y = try options.integer("y", in: 0...StreamLayout.maximumSide, default: 0)
        let universe = type == "ddp" ? 1 : try options.integer("universe", in: 1...63999, default: 1)
        var kind = SenderProtocol.ddp
        if type == "e131" { kind = .e131(sync: UInt16(try options.integer("sync", in: 0...63999, default: 0))) }
        if type == "artnet" { kind = .artNet }
        let port = UInt16(try options.integer("port", in: 1...65535, default: Int(kind.standardPort)))
        guard let layout = StreamLayout(width: width, height: height, firstUniverse: UInt16(universe)) else {
            throw .badValue(type: type, key: "width", value: "\(width)x\(height)", allowed: "sides 1...\(StreamLayout.maximumSide)")
        }
        tiles = [Tile(kind: kind, host: address ?? 0, hostName: address == nil ? hostText : nil, port: port, x: x, y: y, layout: layout)]
        brightness = Fixed(try options.integer("brightness", in: 0...255, default: 255), over: 255)
    }

    /// Whether `text` is a host name: up to 253 characters, dot-separated labels of letters,
    /// digits and hyphens (no label empty, longer than 63 or starting or ending with a
    /// hyphen), and not only digits and dots (that is an IPv4 address, checked as one).
    public static func isHostName(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard (1...253).contains(bytes.count), bytes.contains(where: { !(0x30...0x39).contains($0) && $0 != 0x2E }) else { return false }
        return text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { label in
            let characters = Array(label.utf8)
            guard (1...63).contains(characters.count), characters.first != 0x2D, characters.last != 0x2D else { return false }
            return characters.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2D
            }
        }
    }

    /// The tiles with every `hostName` given its address by `resolve` (nil: none found),
    /// which throws what `unresolved` makes of the first name without one.
    public func resolvingHostNames<Failure: Error>(_ resolve: (String) -> UInt32?,
                                                   unresolved: (String) -> Failure) throws(Failure) -> NetworkSenderConfiguration {
        var resolved = self
        for index in resolved.tiles.indices {
            guard let name = resolved.tiles[index].hostName else { continue }
            guard let address = resolve(name) else { throw unresolved(name) }
            resolved.tiles[index].host = address
        }
        return resolved
    }

    /// These tiles and `other`'s as one canvas, at this one's brightness.
    public func joined(with other: NetworkSenderConfiguration) -> NetworkSenderConfiguration {
        var joined = self
        joined.tiles += other.tiles
        return joined
    }
}
