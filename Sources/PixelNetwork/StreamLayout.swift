/// Where a stream's pixels go: the logical frame they fill, row-major from the top-left, and
/// how DMX universes carry them.
///
/// The universes carry the frame's bytes (3 a pixel for RGB, 4 for RGBW) as one run of
/// channels: the first universe from `startAddress` (a DMX channel, 1-based) to channel
/// `channelsPerUniverse`, every later one from channel 1 to `channelsPerUniverse`, each
/// going on where the one before stopped. With the default 510 channels (512 for RGBW) a
/// universe holds 170 whole RGB pixels, as xLights and FPP lay out a matrix of "170 pixels per
/// universe"; with 512, or a start channel off a pixel boundary, a pixel may begin in one
/// universe and end in the next, as those sequencers number channels then.
public struct StreamLayout: Sendable, Hashable {
    /// The frame's width in pixels.
    public let width: Int
    /// The frame's height in pixels.
    public let height: Int
    /// The universe that carries the top-left pixel (E1.31 universe or Art-Net port address).
    public let firstUniverse: UInt16
    /// The DMX channel (1–512) of the first pixel's first byte in the first universe.
    public let startAddress: Int
    /// How the stream's pixels are coded.
    public let pixelFormat: PixelFormat
    /// The channels each universe carries, its last channel: 510 or 512, or fewer.
    public let channelsPerUniverse: Int

    /// The largest width or height a layout accepts.
    public static let maximumSide = 4096

    /// A layout, or nil when a value is out of range: sides 1–4096, start address 1 to
    /// `channelsPerUniverse`, which is 1–512 (default: the whole pixels that fit in 512, 510
    /// for RGB). `pixelsPerUniverse` sets it as that many whole pixels instead.
    public init?(width: Int, height: Int, firstUniverse: UInt16 = 1, startAddress: Int = 1,
                 pixelFormat: PixelFormat = .rgb, pixelsPerUniverse: Int? = nil, channelsPerUniverse: Int? = nil) {
        let channels = channelsPerUniverse ?? (pixelsPerUniverse ?? pixelFormat.pixelsPerUniverse) * pixelFormat.bytesPerPixel
        guard (1...Self.maximumSide).contains(width), (1...Self.maximumSide).contains(height),
              (1...512).contains(channels), (1...channels).contains(startAddress),
              pixelsPerUniverse.map({ $0 >= 1 }) ?? true else { return nil }
        self.width = width
        self.height = height
        self.firstUniverse = firstUniverse
        self.startAddress = startAddress
        self.pixelFormat = pixelFormat
        self.channelsPerUniverse = channels
    }

    /// Pixels in the frame.
    public var pixelCount: Int { width * height }

    /// The frame's bytes in the stream's format.
    public var frameBytes: Int { pixelCount * pixelFormat.bytesPerPixel }

    /// Whole pixels a universe after the first carries.
    public var pixelsPerUniverse: Int { channelsPerUniverse / pixelFormat.bytesPerPixel }

    /// The frame's bytes the first universe carries.
    public var bytesInFirstUniverse: Int { channelsPerUniverse - (startAddress - 1) }

    /// Whole pixels the first universe carries.
    public var pixelsInFirstUniverse: Int { bytesInFirstUniverse / pixelFormat.bytesPerPixel }

    /// Universes needed for the whole frame.
    public var universeCount: Int {
        let rest: Int = max(0, frameBytes - bytesInFirstUniverse)
        return 1 + (rest + channelsPerUniverse - 1) / channelsPerUniverse
    }

    /// The index (0 for `firstUniverse`) of `universe` in the frame, or nil when it is not one of its universes.
    public func index(ofUniverse universe: UInt16) -> Int? {
        guard universe >= firstUniverse else { return nil }
        let index = Int(universe - firstUniverse)
        return index < universeCount ? index : nil
    }

    /// The frame's byte that universe number `index` (0-based) starts with.
    public func firstByte(ofUniverseAt index: Int) -> Int {
        index == 0 ? 0 : bytesInFirstUniverse + (index - 1) * channelsPerUniverse
    }

    /// The frame's pixel that universe number `index` (0-based) starts in.
    public func firstPixel(ofUniverseAt index: Int) -> Int {
        firstByte(ofUniverseAt: index) / pixelFormat.bytesPerPixel
    }

    /// The channels (0-based, after the start code) that universe number `index` carries
    /// the frame's bytes in.
    public func pixelChannels(ofUniverseAt index: Int) -> Range<Int> {
        let skip = index == 0 ? startAddress - 1 : 0
        return skip..<channelsPerUniverse
    }
}
