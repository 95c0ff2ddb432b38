import PixelCore

/// Colour waves: bands of the palette sliding across the panel while their width and their
/// brightness breathe, after WLED's Colorwaves (palette position and brightness from
/// combined slow sines).
///
/// Along a diagonal axis u, the palette position is a triangle wave of
/// (drift + u · hue step), the hue step itself swaying slowly, so bands bunch up and spread
/// out; the brightness is a second, faster-sliding wave along u with its own swaying step,
/// mixed with a slow wave down the panel, squared so the dark gaps read as gaps.
public struct ColorWaves: Scene, Sendable {
    /// How the catalog lists this effect (`color-waves`) and makes it from parameters.
    public static let descriptor = EffectDescriptor(
        name: "color-waves",
        family: .life,
        summary: "palette bands sliding and breathing in brightness",
        parameters: [
            .speed,
            EffectParameter("scale", "width of the colour bands, as a multiple of the panel's natural size",
                            .number(range: 0.25...4, default: 1, unit: "x")),
            EffectParameter("depth", "how dark the brightness waves dip", .number(range: 0...1, default: 0.7, unit: "")),
            .palette(default: "party"),
        ],
        make: { values, _, width, height in
            .life(.colorWaves(ColorWaves(width: width, height: height, speed: values.number("speed"), scale: values.number("scale"),
                                         depth: values.number("depth"), palette: values.palette("palette"))))
        })

    let width: Int
    let height: Int
    let speed: Fixed
    /// Palette turns per LED along u at rest, Q16.16 raw.
    let hueStep: Int
    /// Brightness-wave turns per LED along u at rest, Q16.16 raw.
    let brightStep: Int
    /// Brightness of each wave level 0…255 (Q16.16 raw), from 1 − depth up to 1.
    let levels: [Int32]
    let colors: [LinearColor]

    /// Colour waves for a `width × height` panel: the palette spans about 1.2 × the width (at
    /// least 20 LEDs) times `scale`; `depth` (0…1) is how far the brightness dips.
    public init(width: Int, height: Int, speed: Fixed, scale: Fixed, depth: Fixed, palette: Palette) {
        self.width = width
        self.height = height
        self.speed = speed
        let span = max(max(Fixed(width) * Fixed(1.2), Fixed(20)) * scale, Fixed(12))
        hueStep = Int((Fixed.one / span).raw)
        brightStep = Int((Fixed.one / (span * Fixed(0.45))).raw)
        levels = (0..<256).map { i in
            let w = Fixed(i, over: 255)
            return (Fixed.one - depth + depth * w * w).raw
        }
        colors = palette.table.colors
    }

    /// Draws the waves at `time`.
    public mutating func render(into canvas: inout Canvas, at time: FrameTime) {
        let t = time.scaled(by: speed)
        let sine = FieldMath.sine
        let s = { (rate: Fixed) -> Int in Int(Trig.sine(t.phase(cyclesPerSecond: rate)).raw) }
        // The steps sway ±45 % and ±35 % on slow, unrelated periods.
        // In Int64: step × (1 ± sway) reaches about 2³⁰ for the finest scale.
        let hue = Int((Int64(hueStep) * Int64(65536 + s(0.029) * 45 / 100)) >> 16)
        let bright = Int((Int64(brightStep) * Int64(65536 + s(0.043) * 35 / 100)) >> 16)
        let drift = FieldMath.phase(t, 0.05), slide = FieldMath.phase(t, -0.35)
        let vertical = FieldMath.phase(t, 0.13), verticalStep = 65536 / max(height * 3 / 2, 8)
        // u = x + y/2 (in half LEDs: 2x + y), centred so the bands breathe about the middle.
        let middle = width + height / 2
        var hueColumn = [Int](repeating: 0, count: width), brightColumn = [Int](repeating: 0, count: width)
        for x in 0..<width {
            let u = 2 * x + 1 - middle
            hueColumn[x] = (u * hue) >> 1
            brightColumn[x] = (u * bright) >> 1
        }
        colors.withUnsafeBufferPointer { colors in
            sine.withUnsafeBufferPointer { sine in
                levels.withUnsafeBufferPointer { levels in
                    hueColumn.withUnsafeBufferPointer { hueColumn in
                        brightColumn.withUnsafeBufferPointer { brightColumn in
                            canvas.paintLEDs { y, row in
                                let hueRow = drift + (((2 * y + 1) * hue) >> 2)
                                let brightRow = slide + (((2 * y + 1) * bright) >> 2)
                                // A slow wave down the panel: 0…65536 weight 30 % of the brightness wave.
                                let down = Int(sine[FieldMath.index(y * verticalStep + vertical)]) + 65536
                                for x in 0..<row.count {
                                    // Palette position: a triangle wave (0…240), so any palette reads smoothly.
                                    let p = (hueColumn[x] + hueRow) & 0xFFFF
                                    let position = ((p < 32768 ? p : 65535 - p) * 240) >> 15
                                    let wave = Int(sine[FieldMath.index(brightColumn[x] + brightRow)]) + 65536  // 0…131072
                                    let level = ((wave * 7 + down * 3) * 51) >> 18  // 0…255
                                    row[x] = colors[position].scaled(by: Fixed(raw: levels[min(level, 255)]))
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
