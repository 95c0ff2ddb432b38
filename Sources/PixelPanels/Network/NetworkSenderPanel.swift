import PixelBus
import PixelCore
import PixelNetwork

/// A panel that is other devices on the network: each `show` scales the frame by the
/// brightness, encodes it as 8-bit sRGB (what stream receivers expect; their own pipeline
/// drives their LEDs), cuts out each tile's part and sends it, row-major from the tile's
/// top-left, as DDP (push on the last packet), E1.31 (sync when asked) or Art-Net (ArtSync
/// after the frame).
///
/// Every datagram of a frame goes out back-to-back in `show`: first every tile's data, then
/// every tile's last packet (DDP's push, E1.31's sync, ArtSync), so the tiles of a wall
/// change at the same instant. A lost datagram is the receiver's business; the next frame is
/// whole again.
public final class NetworkSenderPanel: Panel {
    /// Where each tile's datagrams go, in `configuration.tiles` order.
    public let links: [any DatagramLink]
    /// The options as given: its brightness is the 100 % level.
    public let configuration: NetworkSenderConfiguration
    private var brightness: Fixed
    private var senders: [StreamSender]
    /// Datagrams sent so far.
    public private(set) var datagramsSent = 0

    /// A panel sending each tile of `configuration` to the link at the same index.
    public init(links: [any DatagramLink], configuration: NetworkSenderConfiguration) {
        self.links = links
        self.configuration = configuration
        brightness = configuration.brightness
        senders = configuration.tiles.map { tile in
            // E1.31's source id: the same for a destination from run to run.
            var id = [UInt8](repeating: 0x50, count: 16)
            for (index, byte) in Array("PixelWheel \(tile.destination)".utf8).enumerated() { id[index % 16] = id[index % 16] &* 31 &+ byte }
            return StreamSender(kind: tile.kind, layout: tile.layout, source: E131SourceID(id))
        }
    }

    /// Logical width in LEDs: the canvas.
    public var width: Int { configuration.width }
    /// Logical height in LEDs.
    public var height: Int { configuration.height }

    /// Scales the brightness to `percent` of the configured level.
    public func setBrightness(percent: Int) throws(BusError) {
        brightness = configuration.brightness * Fixed(min(100, max(0, percent)), over: 100)
    }

    /// The part of `frame` under `tile` as RGB8 sRGB bytes, row-major, scaled by the brightness.
    public func bytes(of frame: Frame, tile: NetworkSenderConfiguration.Tile) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(tile.layout.pixelCount * 3)
        let full = brightness >= .one
        for row in tile.y..<(tile.y + tile.layout.height) {
            for column in tile.x..<(tile.x + tile.layout.width) {
                guard row < frame.height, column < frame.width else {
                    bytes += [0, 0, 0]
                    continue
                }
                let pixel = frame[column, row]
                let colour: Color = (full ? pixel : pixel.scaled(by: brightness)).srgb
                bytes += [colour.red, colour.green, colour.blue]
            }
        }
        return bytes
    }

    /// Sends `frame`'s datagrams back-to-back: every tile's data, then every tile's last packet.
    public func show(_ frame: Frame) throws(BusError) {
        guard frame.width == width, frame.height == height else {
            throw .invalidRequest(device: configuration.destination, reason: "a \(frame.width)x\(frame.height) frame was given to a \(width)x\(height) sending panel; render at the panel's size")
        }
        var finals: [(link: any DatagramLink, datagram: [UInt8])] = []
        for index in 0..<min(links.count, senders.count) {
            var datagrams = senders[index].datagrams(frame: bytes(of: frame, tile: configuration.tiles[index]))
            guard let last = datagrams.popLast() else { continue }
            for datagram in datagrams { try send(datagram, on: links[index]) }
            finals.append((links[index], last))
        }
        for final in finals { try send(final.datagram, on: final.link) }
    }

    private func send(_ datagram: [UInt8], on link: any DatagramLink) throws(BusError) {
        try link.send(datagram)
        datagramsSent += 1
    }
}
