import PixelCore

/// How a preview image draws the panel.
public enum PanelPreviewStyle: Hashable, Sendable {
    /// One image pixel per LED.
    case raw
    /// Each LED a round dot on black, `scale` image pixels per LED (see `PanelPreview.dots`).
    case dots(scale: Int)
}

/// Turns a `Frame` into an 8-bit sRGB image that looks like the panel would.
public enum PanelPreview {
    /// The scales `dots(_:scale:)` accepts: 1 to 64 image pixels per LED.
    public static let scaleRange: ClosedRange<Int> = 1...64

    /// Dot diameter as a fraction of the LED pitch: 4/5, i.e. 80 %.
    static let diameterNumerator = 4, diameterDenominator = 5

    /// Subsamples per image pixel along each axis when measuring dot coverage (4 × 4 = 16).
    /// Fixed: `coverageTable` places them at odd eighths of a pixel, which assumes 4.
    static let subsamples = 4

    /// The frame in the given style.
    public static func render(_ frame: Frame, style: PanelPreviewStyle) -> RGBImage8 {
        switch style {
        case .raw: return raw(frame)
        case let .dots(scale): return dots(frame, scale: scale)
        }
    }

    /// One pixel per LED: each LED's linear colour converted to the nearest 8-bit sRGB.
    public static func raw(_ frame: Frame) -> RGBImage8 {
        RGBImage8(width: frame.width, height: frame.height, bytes: frame.srgbBytes)
    }

    /// Each LED drawn as a round dot on black, `scale` image pixels per LED.
    ///
    /// The image is `frame.width·scale × frame.height·scale`. A dot is centred in its LED's
    /// `scale × scale` cell and is 80 % of the pitch across. Each image pixel takes the LED's
    /// linear-light colour times the fraction of its 4 × 4 subsamples that fall inside the
    /// dot (integer maths only, so the result is the same everywhere), then is converted to
    /// sRGB with `LinearColor.srgb`. A dot never reaches its cell's edge, so neighbouring dots
    /// never merge; from scale 5 up the pixels at the corners between dots are pure black.
    ///
    /// - Precondition: `scale` is in `scaleRange` (1...64).
    public static func dots(_ frame: Frame, scale: Int) -> RGBImage8 {
        precondition(scaleRange.contains(scale), "dot preview scale must be in \(scaleRange), got \(scale)")
        let coverage = coverageTable(scale: scale)
        let full = subsamples * subsamples
        let outWidth = frame.width * scale
        var bytes = [UInt8](repeating: 0, count: outWidth * frame.height * scale * 3)
        // sRGB of the current LED at each coverage level, filled on first use.
        var levels = [Color?](repeating: nil, count: full + 1)
        for ledY in 0..<frame.height {
            for ledX in 0..<frame.width {
                let led = frame[ledX, ledY]
                for i in levels.indices { levels[i] = nil }
                for cellY in 0..<scale {
                    var index = ((ledY * scale + cellY) * outWidth + ledX * scale) * 3
                    for cellX in 0..<scale {
                        let amount = Int(coverage[cellY * scale + cellX])
                        if amount > 0 {
                            let color: Color
                            if let known = levels[amount] {
                                color = known
                            } else {
                                color = scaled(led, by: amount, of: full).srgb
                                levels[amount] = color
                            }
                            bytes[index] = color.red; bytes[index + 1] = color.green; bytes[index + 2] = color.blue
                        }
                        index += 3
                    }
                }
            }
        }
        return RGBImage8(width: outWidth, height: frame.height * scale, bytes: bytes)
    }

    /// For each pixel of one `scale × scale` LED cell (row-major), how many of its
    /// `subsamples²` subsamples lie inside the dot.
    ///
    /// Positions are measured in eighths of an image pixel, so subsample centres (at 1/8, 3/8,
    /// 5/8 and 7/8 of a pixel) and the cell centre (at `scale/2` pixels) are whole numbers. The
    /// radius is `scale · N/(2D)` pixels for a diameter of `N/D` of the pitch, i.e.
    /// `4·N·scale / D` eighths; a subsample is inside when
    /// `D²·(dx² + dy²) ≤ (4·N·scale)²`, which needs no division or square root.
    static func coverageTable(scale: Int) -> [UInt8] {
        let centre = 4 * scale  // eighths
        let radiusTimesD = 4 * diameterNumerator * scale  // eighths, times diameterDenominator
        let limit = radiusTimesD * radiusTimesD
        let d2 = diameterDenominator * diameterDenominator
        var table = [UInt8](repeating: 0, count: scale * scale)
        for py in 0..<scale {
            for px in 0..<scale {
                var count = 0
                for sy in 0..<subsamples {
                    let dy = 8 * py + 2 * sy + 1 - centre
                    for sx in 0..<subsamples {
                        let dx = 8 * px + 2 * sx + 1 - centre
                        if d2 * (dx * dx + dy * dy) <= limit { count += 1 }
                    }
                }
                table[py * scale + px] = UInt8(count)
            }
        }
        return table
    }

    /// `color` times `amount / full` in linear light, rounded to nearest.
    private static func scaled(_ color: LinearColor, by amount: Int, of full: Int) -> LinearColor {
        func channel(_ v: UInt16) -> UInt16 { UInt16((Int(v) * amount + full / 2) / full) }
        return LinearColor(red: channel(color.red), green: channel(color.green), blue: channel(color.blue))
    }
}
