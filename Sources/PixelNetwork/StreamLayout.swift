/// Where a stream's pixels go: the logical frame they fill, row-major from the top-left, and
/// how DMX universes carry them.
///
/// The first universe's pixels start at `startAddress` (a DMX channel, 1-based) and it holds
/// as many whole pixels as fit after it, at most `pixelsPerUniverse`; every later universe
/// starts at channel 1 with `pixelsPerUniverse` pixels (170 RGB or 128 RGBW). This is how
/// xLights and FPP lay out a matrix model of "170 pixels per universe".
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
    /// Pixels in each universe after the first.
    public let pixelsPerUniverse: Int

    /// The largest width or height a layout accepts.
    public static let maximumSide = 4096

    /// A layout, or nil when a value is out of range: sides 1–4096, start address 1–512, and
    /// 1 to 512 / bytes-per-pixel pixels a universe (the default fills the universe).
    public init?(width: Int, height: Int, firstUniverse: UInt16 = 1, startAddress: Int = 1,
                 pixelFormat: PixelFormat = .rgb, pixelsPerUniverse: Int? = nil) {
        let perUniverse = pixelsPerUniverse ?? pixelFormat.pixelsPerUniverse
        guard (1...Self.maximumSide).contains(width), (1...Self.maximumSide).contains(height),
              (1...512).contains(startAddress), (1...pixelFormat.pixelsPerUniverse).contains(perUniverse),
              (512 - (startAddress - 1)) / pixelFormat.bytesPerPixel >= 1 else { return nil }
        self.width = width
        self.height = height
        self.firstUniverse = firstUniverse
        self.startAddress = startAddress
        self.pixelFormat = pixelFormat
        self.pixelsPerUniverse = perUniverse
    }

    /// Pixels in the frame.
    public var pixelCount: Int { width * height }

    /// Pixels the first universe carries.
    public var pixelsInFirstUniverse: Int {
        let room: Int = (512 - (startAddress - 1)) / pixelFormat.bytesPerPixel
        return min(pixelsPerUniverse, room)
    }

    /// Universes needed for the whole frame.
    public var universeCount: Int {
        let rest: Int = max(0, pixelCount - pixelsInFirstUniverse)
        let later: Int = (rest + pixelsPerUniverse - 1) / pixelsPerUniverse
        return 1 + later
    }

    /// The index (0 for `firstUniverse`) of `universe` in the frame, or nil when it is not one of its universes.
    public func index(ofUniverse universe: UInt16) -> Int? {
        guard universe >= firstUniverse else { return nil }
        let index = Int(universe - firstUniverse)
        return index < universeCount ? index : nil
    }

    /// The frame's pixel that universe number `index` (0-based) starts with.
    public func firstPixel(ofUniverseAt index: Int) -> Int {
        index == 0 ? 0 : pixelsInFirstUniverse + (index - 1) * pixelsPerUniverse
    }

    /// The channels (0-based, after the start code) that universe number `index` carries
    /// pixels in.
    public func pixelChannels(ofUniverseAt index: Int) -> Range<Int> {
        let skip = index == 0 ? startAddress - 1 : 0
        let count = index == 0 ? pixelsInFirstUniverse : pixelsPerUniverse
        return skip..<(skip + count * pixelFormat.bytesPerPixel)
    }
}
