import PixelCore
import PixelEffects
import PixelUI

/// How WLED's 0–255 numbers map onto PixelWheel's settings and parameters. Each mapping is
/// chosen so that a number a client sets reads back as the same number wherever PixelWheel's
/// setting is finer than WLED's (brightness from a percent, speed both ways); a parameter
/// coarser than 256 steps reads back as the nearest step it has.
public enum WLEDScale {
    /// WLED `bri` (1–255) of a brightness percent: 0 % is 0, and every other percent at least 1.
    public static func bri(percent: Int) -> Int {
        let p = min(max(percent, 0), 100)
        if p == 0 { return 0 }
        return max(1, (p * 255 + 50) / 100)
    }

    /// The brightness percent of WLED `bri` 1–255: the nearest, but never 0 (that is off).
    public static func percent(bri: Int) -> Int {
        let b = min(max(bri, 1), 255)
        return max(1, (b * 100 + 127) / 255)
    }

    /// WLED `sx` (0–255) of a speed percent: 25 % is 0, 400 % is 255, linearly.
    public static func sx(speedPercent: Int) -> Int {
        let p = min(max(speedPercent, Settings.speedRange.lowerBound), Settings.speedRange.upperBound) - Settings.speedRange.lowerBound
        let span = Settings.speedRange.upperBound - Settings.speedRange.lowerBound
        return (p * 255 + span / 2) / span
    }

    /// The speed percent of WLED `sx` 0–255: 25 % at 0, 400 % at 255 (finer than `sx`, so
    /// every `sx` reads back the same).
    public static func speedPercent(sx: Int) -> Int {
        let s = min(max(sx, 0), 255)
        let span = Settings.speedRange.upperBound - Settings.speedRange.lowerBound
        return Settings.speedRange.lowerBound + (s * span + 127) / 255
    }

    /// A number parameter's value as a slider position 0...`top` (255 for `ix`, `c1`, `c2`;
    /// 31 for `c3`), from its range; nil for a choice or a colour, or an unreadable value.
    public static func slot(of parameter: EffectParameter, value: String, top: Int) -> Int? {
        switch parameter.kind {
        case let .number(range, _, _):
            guard let v = Fixed(value) else { return nil }
            let low = Int64(range.lowerBound.raw), span = Int64(range.upperBound.raw) - low
            guard span > 0 else { return 0 }
            let position = (Int64(v.raw) - low) * Int64(top)
            return Int(min(max((position + span / 2) / span, 0), Int64(top)))
        case let .integer(range, _, _):
            guard let v = Int(value) else { return nil }
            let span = range.upperBound - range.lowerBound
            guard span > 0 else { return 0 }
            return min(max(((v - range.lowerBound) * top + span / 2) / span, 0), top)
        case .choice, .color, .palette:
            return nil
        }
    }

    /// The value at slider position `position` of 0...`top`, written as on the command line;
    /// nil for a choice or a colour.
    public static func value(of parameter: EffectParameter, slot position: Int, top: Int) -> String? {
        let p = Int64(min(max(position, 0), top))
        switch parameter.kind {
        case let .number(range, _, _):
            let low = Int64(range.lowerBound.raw), span = Int64(range.upperBound.raw) - low
            let raw = low + (p * span + Int64(top) / 2) / Int64(top)
            return Fixed(raw: Int32(clamping: raw)).description
        case let .integer(range, _, _):
            let span = Int64(range.upperBound - range.lowerBound)
            return String(Int64(range.lowerBound) + (p * span + Int64(top) / 2) / Int64(top))
        case .choice, .color, .palette:
            return nil
        }
    }
}
