import PixelCore

/// How a picture becomes on/off LEDs for chips that only switch LEDs (MAX7219, HT16K33) when it
/// is a photo rather than a menu: without dithering every LED below a quarter level
/// (`OnOffThreshold`) is simply off, which loses a photo's shading.
///
/// Both dithers work on each LED's mean channel level in linear light, so the share of lit LEDs
/// in an area follows the light the picture has there. Lit LEDs come out full white and unlit
/// ones black, which the panel's threshold then shows exactly.
public enum OnOffDither: String, CaseIterable, Sendable {
    /// The panel's own threshold: right for menus and line art.
    case none
    /// A 4×4 Bayer matrix: a regular pattern, stable from frame to frame.
    case ordered
    /// Floyd–Steinberg error diffusion: the finest shading, for photos.
    case diffusion

    /// `frame` as lit (white) and unlit (black) LEDs.
    public func apply(_ frame: Frame) -> Frame {
        guard self != .none else { return frame }
        var out = Frame(width: frame.width, height: frame.height)
        let lit = LinearColor(red: 65535, green: 65535, blue: 65535)
        func mean(_ c: LinearColor) -> Int32 { (Int32(c.red) + Int32(c.green) + Int32(c.blue)) / 3 }
        switch self {
        case .none:
            break
        case .ordered:
            let bayer: [Int32] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5]
            for y in 0..<frame.height {
                for x in 0..<frame.width {
                    // Thresholds at the middles of 16 equal steps of full drive.
                    let threshold = (bayer[(y & 3) * 4 + (x & 3)] * 2 + 1) * 65536 / 32
                    if mean(frame[x, y]) >= threshold { out[x, y] = lit }
                }
            }
        case .diffusion:
            // Errors of the current and the next row, one spare cell each side.
            var current = [Int32](repeating: 0, count: frame.width + 2)
            var next = current
            for y in 0..<frame.height {
                for x in 0..<frame.width {
                    let value = mean(frame[x, y]) + current[x + 1]
                    let on = value >= 32768
                    if on { out[x, y] = lit }
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
        return out
    }
}
