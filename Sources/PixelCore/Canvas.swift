/// Samples per LED along each axis: the canvas draws at S×S samples per LED and averages
/// them (a box filter) into the `Frame`, which is what makes edges anti-aliased.
public enum Supersampling: Int, CaseIterable, Sendable, CustomStringConvertible {
    case x1 = 1, x2 = 2, x4 = 4, x8 = 8

    /// log2 of the factor.
    public var shift: Int { rawValue.trailingZeroBitCount }

    public var description: String { String(rawValue) }
}

/// A drawing surface at panel resolution × S in each direction.
///
/// Effects draw in their own *logical* coordinates; `transform` maps those onto LEDs (LED
/// (0, 0) spans 0 ..< 1 on both axes). Shapes are point-sampled at the centre of every
/// sample and then box-filtered by `downsample()`, so an edge through the middle of an LED
/// lights it to half brightness, and positions may fall anywhere between LEDs.
///
/// Colours blend in linear light: a sample becomes `src·α + dst·(1 − α)`, with α in 1/256ths.
public struct Canvas: Sendable {
    /// Width in LEDs.
    public let width: Int
    /// Height in LEDs.
    public let height: Int
    /// Samples per LED along each axis.
    public let supersampling: Supersampling
    /// `width × S`.
    public let sampleWidth: Int
    /// `height × S`.
    public let sampleHeight: Int
    /// How many sample rows the canvas holds: `sampleHeight`, or fewer for a banded canvas.
    public let bandSampleRows: Int
    /// The first sample row the canvas holds (0 unless it is a band moved down the panel).
    public private(set) var bandStart = 0
    /// The samples of rows `bandStart ..< bandStart + bandSampleRows`, row-major, `sampleWidth`
    /// per row: the whole panel (`sampleWidth × sampleHeight`) unless the canvas is a band.
    ///
    /// Reading them always gives what was drawn; the canvas may keep a cleared or per-LED
    /// painted picture in a cheaper form until something needs the samples (`content`).
    public var samples: [LinearColor] {
        get {
            if case .samples = content { return storage }
            var copy = self
            copy.materialize()
            return copy.storage
        }
        _modify {
            materialize()
            yield &storage
        }
    }
    /// The samples themselves, current when `content` is `.samples`.
    var storage: [LinearColor]
    /// Where the picture is held now: in the samples, or as one colour everywhere (after
    /// `clear`), or as one colour per LED (after `paintLEDs`). The last two cost a fraction of
    /// writing every sample; `materialize()` writes them out before a primitive draws.
    var content = Content.samples
    /// One colour per LED of the band (`width` per row, `bandHeight` rows) while `content`
    /// is `.leds`.
    var ledColors: [LinearColor] = []

    /// The forms the canvas's picture can be held in.
    enum Content: Sendable {
        /// Every sample is in `storage`.
        case samples
        /// Every sample is this colour.
        case uniform(LinearColor)
        /// Every LED's S×S samples are its colour in `ledColors`.
        case leds
    }
    /// Logical coordinates → LED coordinates.
    public private(set) var transform: AffineTransform = .identity
    /// LED coordinates → logical coordinates.
    private(set) var inverse: AffineTransform = .identity
    /// Whether shapes that can be filled a row at a time are (`fillSpans`); tests turn it off
    /// to compare with the per-sample test.
    var fillsSpans = true

    /// A black canvas for a `width × height` LED panel.
    public init(width: Int, height: Int, supersampling: Supersampling = .x4) {
        precondition(width > 0 && height > 0, "a canvas needs at least one LED")
        self.width = width
        self.height = height
        self.supersampling = supersampling
        sampleWidth = width << supersampling.shift
        sampleHeight = height << supersampling.shift
        bandSampleRows = sampleHeight
        storage = Array(repeating: .black, count: sampleWidth * sampleHeight)
    }

    /// A canvas for a `width × height` LED panel that holds only `bandHeight` LED rows of it at
    /// a time (banded rendering): `bandHeight × S` sample rows instead of `height × S`, which
    /// is what lets an S = 4 canvas for 64×32 LEDs fit in 32 KiB (4 rows: 24 KiB).
    ///
    /// It starts at the top; `moveBand(toRow:)` moves it down. Drawing works as on a full
    /// canvas in panel coordinates and changes only the samples in the band, each exactly as
    /// the full canvas would set it, so drawing the same picture once per band and
    /// downsampling each band gives the full canvas's frame bit for bit
    /// (`Scene.render(at:canvas:into:)` in PixelEffects does that).
    public init(width: Int, height: Int, supersampling: Supersampling = .x4, bandHeight: Int) {
        precondition(width > 0 && height > 0, "a canvas needs at least one LED")
        precondition(bandHeight > 0, "a band needs at least one LED row")
        self.width = width
        self.height = height
        self.supersampling = supersampling
        sampleWidth = width << supersampling.shift
        sampleHeight = height << supersampling.shift
        bandSampleRows = min(bandHeight, height) << supersampling.shift
        storage = Array(repeating: .black, count: sampleWidth * bandSampleRows)
    }

    /// LED rows per band: `height` for a full canvas.
    public var bandHeight: Int { bandSampleRows >> supersampling.shift }

    /// The LED rows the band covers now (all of them for a full canvas).
    public var bandRows: Range<Int> {
        (bandStart >> supersampling.shift) ..< (bandEnd >> supersampling.shift)
    }

    /// One past the last sample row of the band that is on the panel (the last band may be
    /// cut off by the panel's bottom edge).
    var bandEnd: Int { Swift.min(bandStart + bandSampleRows, sampleHeight) }

    /// The sample rows of `y0 ..< y1` that are in the band.
    @inline(__always) func bandSpan(_ y0: Int, _ y1: Int) -> Range<Int> {
        let start = Swift.max(y0, bandStart), end = Swift.min(y1, bandEnd)
        return start < end ? start ..< end : start ..< start
    }

    /// Moves the band so that it starts at LED row `row` (0 ..< height). The samples are left
    /// as they were: clear them before drawing.
    public mutating func moveBand(toRow row: Int) {
        precondition(row >= 0 && row < height, "band start outside the panel")
        bandStart = row << supersampling.shift
    }

    /// Sets the map from logical coordinates to LEDs. Returns false (and changes nothing)
    /// when the map is not invertible.
    @discardableResult
    public mutating func setTransform(_ newTransform: AffineTransform) -> Bool {
        guard let inv = newTransform.inverted else { return false }
        transform = newTransform
        inverse = inv
        return true
    }

    /// Makes the logical space `logicalWidth × logicalHeight` fill the panel exactly
    /// (x scaled by width/logicalWidth, y by height/logicalHeight).
    public mutating func useLogicalSpace(width logicalWidth: Fixed, height logicalHeight: Fixed) {
        precondition(logicalWidth > .zero && logicalHeight > .zero)
        transform = .scale(Fixed(width) / logicalWidth, Fixed(height) / logicalHeight)
        inverse = .scale(logicalWidth / Fixed(width), logicalHeight / Fixed(height))
    }

    /// Sets every sample to `color` (no blending). The samples are written when something
    /// next draws on them; a canvas that is only painted per LED or downsampled never writes them.
    public mutating func clear(_ color: LinearColor = .black) {
        content = .uniform(color)
    }

    /// Writes the picture out to every sample if the canvas holds it in a cheaper form: what
    /// every primitive that draws on samples does first.
    @inline(__always) mutating func materialize() {
        switch content {
        case .samples: return
        case let .uniform(color): fillSamples(color)
        case .leds: expandLEDs()
        }
        content = .samples
    }

    /// Sets every sample of `storage` to `color`.
    private mutating func fillSamples(_ color: LinearColor) {
        storage.withUnsafeMutableBytes { bytes in
            // Eight samples are 48 bytes: the colour's pattern in three 16-byte stores.
            withUnsafeTemporaryAllocation(of: LinearColor.self, capacity: 8) { block in
                block.initialize(repeating: color)
                let pattern = UnsafeRawBufferPointer(block)
                let a = pattern.loadUnaligned(as: SIMD16<UInt8>.self)
                let b = pattern.loadUnaligned(fromByteOffset: 16, as: SIMD16<UInt8>.self)
                let c = pattern.loadUnaligned(fromByteOffset: 32, as: SIMD16<UInt8>.self)
                var offset = 0
                while offset + 48 <= bytes.count {
                    bytes.storeBytes(of: a, toByteOffset: offset, as: SIMD16<UInt8>.self)
                    bytes.storeBytes(of: b, toByteOffset: offset + 16, as: SIMD16<UInt8>.self)
                    bytes.storeBytes(of: c, toByteOffset: offset + 32, as: SIMD16<UInt8>.self)
                    offset += 48
                }
                while offset < bytes.count {
                    bytes.storeBytes(of: color, toByteOffset: offset, as: LinearColor.self)
                    offset += 6
                }
            }
        }
    }
}
