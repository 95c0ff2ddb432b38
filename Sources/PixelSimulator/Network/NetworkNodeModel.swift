import PixelBus
import PixelCore
import PixelNetwork
import PixelPanels

/// The receiving end of a sending panel in the simulator: a node that parses what arrives
/// with the receivers' own parsers and assembler, and shows a frame only when it is whole
/// (DDP push, E1.31 sync or the frame's last universe, ArtSync), as a real receiver does.
public final class NetworkNodeModel: DeviceModel {
    /// What the sender speaks and the picture's layout.
    public let kind: SenderProtocol
    private var assembler: StreamFrameAssembler
    private var shown: [UInt8]
    /// Datagrams that did not parse, for `misfit`.
    public private(set) var badDatagrams = 0

    /// A node for frames of `layout` in `kind`.
    public init(kind: SenderProtocol, layout: StreamLayout) {
        self.kind = kind
        assembler = StreamFrameAssembler(layout: layout)
        shown = [UInt8](repeating: 0, count: layout.pixelCount * 3)
    }

    /// Takes one datagram; a whole frame becomes the picture.
    public func receive(_ datagram: [UInt8]) {
        var completed = false
        do {
            switch kind {
            case .ddp:
                let packet = try DDPPacket.parse(datagram)
                guard let format = packet.dataType.pixelFormat else { badDatagrams += 1; return }
                completed = assembler.receiveDDP(offset: packet.offset, data: packet.data, format: format,
                                                 push: packet.flags.contains(.push), sequence: packet.sequence)
            case .e131:
                switch try E131Packet.parse(datagram) {
                case let .data(data):
                    completed = assembler.receiveUniverse(data.universe, channels: data.channels, waitsForSync: data.syncAddress != 0)
                case .sync: completed = assembler.receiveSync()
                default: break
                }
            case .artNet:
                switch try ArtNetPacket.parse(datagram) {
                case let .dmx(dmx): completed = assembler.receiveUniverse(dmx.portAddress, channels: dmx.channels, waitsForSync: true)
                case .sync: completed = assembler.receiveSync()
                default: break
                }
            }
        } catch {
            badDatagrams += 1
        }
        if completed { shown = assembler.frame }
    }

    /// The last whole frame, its 8-bit sRGB values as linear light.
    public var picture: Frame {
        let layout = assembler.layout
        var frame = Frame(width: layout.width, height: layout.height)
        for index in 0..<layout.pixelCount where index * 3 + 2 < shown.count {
            let base: Int = index * 3
            frame[index % layout.width, index / layout.width] = Color(red: shown[base], green: shown[base + 1], blue: shown[base + 2]).linear
        }
        return frame
    }

    /// Datagrams that no receiver could parse, as one line.
    public var misfit: String? {
        badDatagrams == 0 ? nil : "\(badDatagrams) datagrams did not parse as \(kind)"
    }
}

/// A sending panel's link in the simulator: every datagram goes to the node model and is kept
/// (the last `capacity`), and, when the run has a network, out through `forward` as well.
public final class SimulatedDatagramLink: DatagramLink {
    /// The destination, `host:port`.
    public let name: String
    /// The node that shows what arrives.
    public let node: NetworkNodeModel
    /// The most datagrams kept.
    public let capacity: Int
    /// The datagrams sent, oldest first (the last `capacity`).
    public private(set) var datagrams: [[UInt8]] = []
    /// Every datagram sent, counted.
    public private(set) var sent = 0
    /// Where datagrams also go: a real socket when the simulated run sends on the network.
    public var forward: (any DatagramLink)?

    /// A link to `node` named `name`, copying to `forward` when given.
    public init(name: String, node: NetworkNodeModel, forward: (any DatagramLink)? = nil, capacity: Int = 256) {
        self.name = name; self.node = node; self.forward = forward; self.capacity = max(1, capacity)
    }

    public func send(_ datagram: [UInt8]) throws(BusError) {
        sent += 1
        if datagrams.count == capacity { datagrams.removeFirst() }
        datagrams.append(datagram)
        node.receive(datagram)
        try forward?.send(datagram)
    }
}

/// The receivers of a sending panel's tiles as one picture: each node's last whole frame at
/// its tile's place in the canvas.
public final class NetworkWallModel: DeviceModel {
    /// One node per tile, in the configuration's order.
    public let nodes: [NetworkNodeModel]
    private let configuration: NetworkSenderConfiguration

    /// Nodes for the tiles of `configuration`.
    public init(_ configuration: NetworkSenderConfiguration) {
        self.configuration = configuration
        nodes = configuration.tiles.map { NetworkNodeModel(kind: $0.kind, layout: $0.layout) }
    }

    /// The canvas as the nodes show it.
    public var picture: Frame {
        var canvas = Frame(width: configuration.width, height: configuration.height)
        for (tile, node) in zip(configuration.tiles, nodes) {
            let shown = node.picture
            for y in 0..<shown.height {
                for x in 0..<shown.width { canvas[tile.x + x, tile.y + y] = shown[x, y] }
            }
        }
        return canvas
    }

    /// The first node's complaint, if any.
    public var misfit: String? { nodes.lazy.compactMap(\.misfit).first }
}
