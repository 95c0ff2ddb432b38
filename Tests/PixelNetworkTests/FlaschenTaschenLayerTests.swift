import Testing
import PixelBus
@testable import PixelNetwork

/// Flaschen-Taschen's 16 layers as hzeller's server composites them: black is transparent
/// above layer 0, and a layer above 0 that hears nothing for 15 s is cleared. Time is the
/// receiver's `poll(at:)`, driven here by plain numbers (a virtual clock), never by sleeping.
struct FlaschenTaschenLayerTests {
    static let width = 4, height = 2
    static let sender = NetworkEndpoint(dotted: "127.0.0.1", port: 50000)!
    static let second: Int64 = 1_000_000_000

    /// A datagram of a `width × height` image, every pixel `colour`, at (`x`, `y`) on `layer`.
    static func datagram(_ colour: [UInt8], width: Int, height: Int, x: Int = 0, y: Int = 0, layer: Int) -> [UInt8] {
        let header = "P6\n\(width) \(height)\n#FT: \(x) \(y) \(layer)\n255\n"
        let pixels: [UInt8] = Array((0..<(width * height)).flatMap { _ in colour })
        return Array(header.utf8) + pixels
    }

    static func image(_ colour: [UInt8], width: Int, height: Int, x: Int = 0, y: Int = 0, layer: Int) throws -> FlaschenTaschenImage {
        try FlaschenTaschenImage.parse(datagram(colour, width: width, height: height, x: x, y: y, layer: layer))
    }

    static func pixel(_ frame: [UInt8], _ index: Int) -> [UInt8] { Array(frame[(index * 3)..<(index * 3 + 3)]) }

    @Test func theHighestLayerThatIsNotBlackShowsAndLayerZeroShowsEvenBlack() throws {
        var layers = FlaschenTaschenLayers(width: Self.width, height: Self.height)
        layers.receive(try Self.image([9, 9, 9], width: 4, height: 2, layer: 0), at: 0)
        layers.receive(try Self.image([5, 0, 0], width: 2, height: 1, x: 1, layer: 3), at: 0)
        layers.receive(try Self.image([0, 0, 0], width: 1, height: 1, x: 2, layer: 7), at: 0)  // black: see-through
        layers.receive(try Self.image([0, 7, 0], width: 1, height: 1, x: 1, layer: 15), at: 0)
        let frame = layers.composite()
        #expect(Self.pixel(frame, 0) == [9, 9, 9])
        #expect(Self.pixel(frame, 1) == [0, 7, 0], "layer 15 over layer 3")
        #expect(Self.pixel(frame, 2) == [5, 0, 0], "layer 7's black shows layer 3")
        #expect(Self.pixel(frame, 4) == [9, 9, 9])
        layers.receive(try Self.image([0, 0, 0], width: 4, height: 2, layer: 0), at: 0)
        #expect(Self.pixel(layers.composite(), 0) == [0, 0, 0], "layer 0's black is shown")
    }

    @Test func anImageClearsItsOwnRectangleOfItsLayerWithBlackAndIsClipped() throws {
        var layers = FlaschenTaschenLayers(width: Self.width, height: Self.height)
        layers.receive(try Self.image([1, 2, 3], width: 4, height: 2, layer: 0), at: 0)
        layers.receive(try Self.image([8, 8, 8], width: 3, height: 3, x: 2, y: -1, layer: 2), at: 0)
        let covered = layers.composite()
        let background: [UInt8] = [1, 2, 3], overlay: [UInt8] = [8, 8, 8]
        #expect(Self.pixel(covered, 1) == background)
        #expect(Self.pixel(covered, 2) == overlay)
        #expect(Self.pixel(covered, 7) == overlay, "clipped at the bottom-right")
        layers.receive(try Self.image([0, 0, 0], width: 1, height: 1, x: 3, y: 1, layer: 2), at: 0)
        let cleared = layers.composite()
        #expect(Self.pixel(cleared, 7) == background)
        #expect(Self.pixel(cleared, 6) == overlay)
    }

    @Test func aLayerAboveZeroIsClearedFifteenSecondsAfterItsLastImageAndZeroStays() throws {
        var layers = FlaschenTaschenLayers(width: Self.width, height: Self.height)
        layers.receive(try Self.image([1, 1, 1], width: 4, height: 2, layer: 0), at: 0)
        layers.receive(try Self.image([4, 4, 4], width: 4, height: 2, layer: 1), at: 2 * Self.second)
        let early = layers.expire(at: 16 * Self.second)
        #expect(!early)
        #expect(layers.activeLayers == [0, 1])
        let late = layers.expire(at: 17 * Self.second)
        #expect(late)
        #expect(layers.activeLayers == [0])
        #expect(Self.pixel(layers.composite(), 5) == [1, 1, 1])
        let never = layers.expire(at: 3600 * Self.second)
        #expect(!never, "layer 0 never times out")
    }

    @Test func theReceiverShowsTheOverlayThenTheBackgroundOnceTheOverlayTimesOut() throws {
        let channel = SimulatedDatagramChannel()
        let receiver = StreamReceiver(layout: StreamLayout(width: Self.width, height: Self.height)!, channels: [(.flaschenTaschen, channel)])
        channel.inject(Self.datagram([1, 1, 1], width: 4, height: 2, layer: 0), from: Self.sender)
        channel.inject(Self.datagram([6, 0, 6], width: 1, height: 1, layer: 4), from: Self.sender)
        let first = receiver.poll(at: 0)
        #expect(Self.pixel(try #require(first.frame), 0) == [6, 0, 6])
        // The background goes on; the overlay's sender has stopped.
        for second in stride(from: 1, through: 14, by: 1) {
            channel.inject(Self.datagram([1, 1, 1], width: 4, height: 2, layer: 0), from: Self.sender)
            let poll = receiver.poll(at: Int64(second) * Self.second)
            #expect(Self.pixel(try #require(poll.frame), 0) == [6, 0, 6], "second \(second)")
        }
        let quiet = receiver.poll(at: 15 * Self.second)
        let frame = try #require(quiet.frame, "the timeout shows a frame without a packet")
        #expect(Self.pixel(frame, 0) == [1, 1, 1])
        #expect(quiet.frameProtocol == .flaschenTaschen)
        #expect(receiver.poll(at: 16 * Self.second).frame == nil, "cleared once")
    }
}
