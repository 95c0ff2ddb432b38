/// Builds whole frames from a stream's packets, and says when one is complete to show.
///
/// Incoming pixels are written into a working RGB8 buffer, row-major from the top-left of the
/// layout's frame; pixels beyond the frame are dropped, and parts the stream never writes stay
/// black. A complete frame is copied to `frame`, so what is shown is never half written:
///
/// - with E1.31 sync or ArtSync, data waits for the sync packet (`receiveUniverse(… waitsForSync: true)`,
///   then `receiveSync()`);
/// - with DDP, on push, and only when every pixel up to the push packet's end arrived since
///   the previous push, in any order (`DDPFrameCheck`): a frame with a lost packet, or after a
///   lost push, is dropped, never shown mixed with an older one; until a stream has pushed once, when a packet reaches the
///   end of the frame or the stream starts again at offset 0 (as WLED does for senders without
///   push);
/// - with universes and no sync, when the frame's last universe arrives, or when a universe
///   arrives a second time (the sender started the next frame: a stream shorter than the frame
///   is then shown when the last universe it sent arrives);
/// - for the other protocols, when their caller says (`present()`).
public struct StreamFrameAssembler: Sendable {
    /// Where pixels go.
    public let layout: StreamLayout
    /// The last complete frame: RGB, 3 bytes a pixel, row-major from the top-left.
    public private(set) var frame: [UInt8]
    /// How many frames were completed.
    public private(set) var framesCompleted = 0

    private var working: [UInt8]
    private var hasNewData = false
    private var universesThisFrame: [Bool]
    private var highestUniverseThisFrame = -1
    private var lastUniverseOfStream: Int?
    private var streamHasPushed = false
    private var pushCheck = DDPFrameCheck()
    /// The bytes of pixels written in parts (4 a pixel, made when first needed).
    private var partialPixels: [UInt8] = []
    /// DDP frames dropped at their push because part of them never arrived.
    public private(set) var incompleteFrames = 0
    /// DDP packets ignored as stragglers of a frame already pushed.
    public private(set) var stragglers = 0

    /// Whether the DDP stream pushes: its packets' order is then judged here, not by a
    /// sequence window in front.
    public var ddpStreamPushes: Bool { streamHasPushed }

    /// An assembler for `layout`, its frames black.
    public init(layout: StreamLayout) {
        self.layout = layout
        frame = [UInt8](repeating: 0, count: layout.pixelCount * 3)
        working = frame
        universesThisFrame = [Bool](repeating: false, count: layout.universeCount)
    }

    /// Channel data from channel 1 for `universe` (E1.31 or ArtDmx), placed at the universe's
    /// bytes of the frame (a pixel split between two universes is completed from both).
    /// Returns true when a frame was completed (`frame` holds it): the one before, if this
    /// universe begins a new one.
    public mutating func receiveUniverse(_ universe: UInt16, channels: ArraySlice<UInt8>, waitsForSync: Bool) -> Bool {
        guard let index = layout.index(ofUniverse: universe) else { return false }
        var completed = false
        if !waitsForSync && universesThisFrame[index] {
            lastUniverseOfStream = highestUniverseThisFrame
            completed = present()
        }
        if let last = lastUniverseOfStream, index > last { lastUniverseOfStream = nil }
        let wanted = layout.pixelChannels(ofUniverseAt: index)
        let start = channels.startIndex + min(wanted.lowerBound, channels.count)
        let end = channels.startIndex + min(wanted.upperBound, channels.count)
        write(channels[start..<end], fromByte: layout.firstByte(ofUniverseAt: index), format: layout.pixelFormat)
        universesThisFrame[index] = true
        highestUniverseThisFrame = max(highestUniverseThisFrame, index)
        guard !waitsForSync else { return completed }
        if index == layout.universeCount - 1 || index == lastUniverseOfStream {
            return present() || completed
        }
        return completed
    }

    /// An E1.31 sync or ArtSync: completes the frame if data arrived since the last one.
    public mutating func receiveSync() -> Bool { present() }

    /// A DDP packet's bytes, `offset` in bytes of the sender's pixel format (any byte: a
    /// packet may start or end in the middle of a pixel, whose other bytes come in the packet
    /// before or after it), and its `sequence` (0: unnumbered). Returns true when a frame was
    /// completed.
    ///
    /// Once the stream pushes, a push shows the frame only when all of it arrived since the
    /// last push (`DDPFrameCheck`, byte by byte); a straggler of a frame already pushed is ignored.
    public mutating func receiveDDP(offset: UInt32, data: ArraySlice<UInt8>, format: PixelFormat, push: Bool,
                                    sequence: UInt8 = 0) -> Bool {
        let arrival = pushCheck.arrive(sequence)
        if arrival.gaveUp { incompleteFrames += 1 }
        if arrival.straggler {
            stragglers += 1
            return false
        }
        let firstByte = Int(offset)
        var completed = false
        if !streamHasPushed && offset == 0 && hasNewData { completed = present() }
        write(data, fromByte: firstByte, format: format)
        let first = Self.channelUnit(ofByte: firstByte, format: format)
        let end = Self.channelUnit(ofByte: firstByte + data.count, format: format)
        let frameEnd = layout.pixelCount * Self.unitsPerPixel
        if push { streamHasPushed = true }
        switch pushCheck.add(first..<max(first, end), push: push, sequence: sequence, end: min(end, frameEnd)) {
        case .whole: return present() || completed
        case .incomplete:
            incompleteFrames += 1
            return completed
        case .open:
            if streamHasPushed { return completed }
        }
        if !streamHasPushed && end >= frameEnd { return present() || completed }
        return completed
    }

    /// Units a pixel is counted in when judging which bytes of a frame arrived: 12, so that a
    /// byte of a 3-byte (RGB) and of a 4-byte (RGBW) pixel are each a whole number of units,
    /// and packets in either format add up to the same frame.
    static let unitsPerPixel = 12

    /// Where byte `byte` of a stream in `format` begins, in units of a twelfth of a pixel.
    static func channelUnit(ofByte byte: Int, format: PixelFormat) -> Int {
        let size = format.bytesPerPixel
        return byte / size * unitsPerPixel + byte % size * (unitsPerPixel / size)
    }

    /// Writes `data` from byte `firstByte` of a stream in `format` (row-major from the
    /// top-left). Whole pixels go straight to the frame; a pixel the data starts or ends inside
    /// keeps the bytes it got in `partialPixels`, and is shown from them, so its other bytes,
    /// from another packet in either order, complete it.
    public mutating func write(_ data: ArraySlice<UInt8>, fromByte firstByte: Int, format: PixelFormat) {
        let size = format.bytesPerPixel
        guard firstByte >= 0, !data.isEmpty else { return }
        var index = data.startIndex
        var byte = firstByte
        let lead = byte % size
        if lead != 0 {
            let count = min(size - lead, data.count)
            writePart(data[index..<(index + count)], ofPixel: byte / size, from: lead, format: format)
            index += count
            byte += count
        }
        let whole = (data.endIndex - index) / size * size
        if whole > 0 { write(data[index..<(index + whole)], fromPixel: byte / size, format: format) }
        index += whole
        byte += whole
        if index < data.endIndex { writePart(data[index...], ofPixel: byte / size, from: 0, format: format) }
    }

    /// Some of pixel `pixel`'s bytes, from its byte `first`: kept, and the pixel shown from
    /// the bytes it has.
    private mutating func writePart(_ bytes: ArraySlice<UInt8>, ofPixel pixel: Int, from first: Int, format: PixelFormat) {
        guard pixel < layout.pixelCount else { return }
        if partialPixels.isEmpty { partialPixels = [UInt8](repeating: 0, count: layout.pixelCount * 4) }
        let base = pixel * 4
        for (step, byte) in bytes.enumerated() { partialPixels[base + first + step] = byte }
        write(partialPixels[base..<(base + format.bytesPerPixel)], fromPixel: pixel, format: format)
    }

    /// Writes pixels from pixel `firstPixel` (row-major from the top-left); those past the
    /// frame are dropped, and an incomplete last pixel is ignored.
    public mutating func write(_ data: ArraySlice<UInt8>, fromPixel firstPixel: Int, format: PixelFormat) {
        let step = format.bytesPerPixel
        let available = layout.pixelCount - firstPixel
        guard firstPixel >= 0, available > 0 else { return }
        let count = min(data.count / step, available)
        var source = data.startIndex
        var target = firstPixel * 3
        for _ in 0..<count {
            if format == .rgbw {
                let white = data[source + 3]
                working[target] = data[source].addingClamped(white)
                working[target + 1] = data[source + 1].addingClamped(white)
                working[target + 2] = data[source + 2].addingClamped(white)
            } else {
                working[target] = data[source]
                working[target + 1] = data[source + 1]
                working[target + 2] = data[source + 2]
            }
            source += step
            target += 3
        }
        hasNewData = hasNewData || count > 0
    }

    /// Completes the frame if anything arrived since the last one; returns whether it did.
    public mutating func present() -> Bool {
        guard hasNewData else { return false }
        frame = working
        framesCompleted += 1
        hasNewData = false
        for index in universesThisFrame.indices { universesThisFrame[index] = false }
        highestUniverseThisFrame = -1
        return true
    }
}

extension UInt8 {
    /// The sum, clamped to 255.
    func addingClamped(_ other: UInt8) -> UInt8 {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? 255 : sum
    }
}
