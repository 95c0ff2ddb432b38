import PixelCore

/// How a picture becomes on/off LEDs for chips that only switch LEDs (MAX7219, HT16K33) when it
/// is a photo rather than a menu: without dithering every LED below a quarter level
/// (`OnOffThreshold`) is simply off, which loses a photo's shading.
///
/// Both dithers work in linear light, so the share of lit LEDs in an area follows the light
/// the picture has there. On single-colour panels they work on each LED's mean channel level,
/// and lit LEDs come out full white and unlit ones black. On red/green panels (the bicolour
/// HT16K33 backpack) they work on the red and the green channel separately, one die each, and
/// lit dies come out full red, full green or both (yellow). Either way the panel's threshold
/// then shows the result exactly.
public enum OnOffDither: String, CaseIterable, Sendable {
    /// The panel's own threshold: right for menus and line art.
    case none
    /// A 4×4 Bayer matrix: a regular pattern, stable from frame to frame.
    case ordered
    /// Floyd–Steinberg error diffusion: the finest shading, for photos.
    case diffusion

    /// The LEDs a dither switches: what each LED can show.
    public enum Dies: Sendable {
        /// One die per LED: it shows the mean of the three channels.
        case single
        /// A red and a green die per LED, each shows its own channel (blue does not show).
        case redGreen
    }

    /// `frame` as lit and unlit LEDs of `dies`: white or black for `.single`, red, green,
    /// yellow or black for `.redGreen`.
    public func apply(_ frame: Frame, dies: Dies = .single) -> Frame {
        guard self != .none else { return frame }
        var out = Frame(width: frame.width, height: frame.height)
        switch dies {
        case .single:
            let lit = dither(frame) { (Int32($0.red) + Int32($0.green) + Int32($0.blue)) / 3 }
            for i in out.pixels.indices where lit[i] { out.pixels[i] = LinearColor(red: 65535, green: 65535, blue: 65535) }
        case .redGreen:
            let red = dither(frame) { Int32($0.red) }, green = dither(frame) { Int32($0.green) }
            for i in out.pixels.indices {
                out.pixels[i] = LinearColor(red: red[i] ? 65535 : 0, green: green[i] ? 65535 : 0, blue: 0)
            }
        }
        return out
    }

    /// Which LEDs are lit, row by row, when `level` (0...65535 linear) of each LED is dithered.
    private func dither(_ frame: Frame, level: (LinearColor) -> Int32) -> [Bool] {
        var lit = [Bool](repeating: false, count: frame.width * frame.height)
        switch self {
        case .none:
            break
        case .ordered:
            let bayer: [Int32] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5]
            for y in 0..<frame.height {
                for x in 0..<frame.width {
                    // Thresholds at the middles of 16 equal steps of full drive.
                    let threshold = (bayer[(y & 3) * 4 + (x & 3)] * 2 + 1) * 65536 / 32
                    lit[y * frame.width + x] = level(frame[x, y]) >= threshold
                }
            }
        case .diffusion:
            // Errors of the current and the next row, one spare cell each side.
            var current = [Int32](repeating: 0, count: frame.width + 2)
            var next = current
            for y in 0..<frame.height {
                for x in 0..<frame.width {
                    let value = level(frame[x, y]) + current[x + 1]
                    let on = value >= 32768
                    lit[y * frame.width + x] = on
                    let error = value - (on ? 65535 : 0)
                    current[x + 2] += error * 7 / 16
                    next[x] += error * 3 / 16
                    next[x + 1] += error * 5 / 16
                    next[x + 2] += error / 16
                }
                swap(&current, &next)
                for i in next.indices { next[i] = 0 }
            }
        }
        return lit
    }
}
