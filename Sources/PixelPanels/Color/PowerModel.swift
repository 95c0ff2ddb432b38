import PixelCore

/// How much current a chain of LEDs draws, and how much it may draw.
///
/// The estimate is the usual one for constant-current LEDs: each channel draws its full
/// current times its duty (a WS2812B channel draws about 20 mA at full duty, so full white
/// is about 60 mA per LED at 5 V), and every LED's controller draws an idle current even when
/// dark (about 1 mA for WS2812B).
public struct PowerModel: Hashable, Sendable {
    /// Current of one red channel at full duty, in mA.
    public var redMilliamps: Int
    /// Current of one green channel at full duty, in mA.
    public var greenMilliamps: Int
    /// Current of one blue channel at full duty, in mA.
    public var blueMilliamps: Int
    /// Current of one white channel (RGBW chips) at full duty, in mA.
    public var whiteMilliamps: Int
    /// Current each LED draws when dark, in mA.
    public var idleMilliampsPerLED: Int
    /// The most the chain may draw, in mA; nil for no limit.
    public var budgetMilliamps: Int?

    /// A model with `milliampsPerChannel` for every channel (default 20 mA), `idleMilliampsPerLED`
    /// per LED (default 1 mA) and an optional budget in mA.
    public init(milliampsPerChannel: Int = 20, idleMilliampsPerLED: Int = 1, budgetMilliamps: Int? = nil) {
        precondition(milliampsPerChannel >= 0 && idleMilliampsPerLED >= 0, "currents cannot be negative")
        redMilliamps = milliampsPerChannel; greenMilliamps = milliampsPerChannel
        blueMilliamps = milliampsPerChannel; whiteMilliamps = milliampsPerChannel
        self.idleMilliampsPerLED = idleMilliampsPerLED
        self.budgetMilliamps = budgetMilliamps
    }

    /// Full-duty current of colour channel `channel` (0 red, 1 green, 2 blue, 3 white), in mA.
    public func milliamps(ofChannel channel: Int) -> Int {
        switch channel {
        case 0: return redMilliamps
        case 1: return greenMilliamps
        case 2: return blueMilliamps
        default: return whiteMilliamps
        }
    }
}

/// The estimated current of one frame as sent, and what the power limiter did to it.
public struct PowerEstimate: Hashable, Sendable, CustomStringConvertible {
    /// Estimated current of the frame as sent (after limiting), in µA, rounded up.
    public var microamps: Int64
    /// The factor the limiter scaled every duty by: 65536 means untouched, 0 means dark.
    public var scale: Int
    /// The budget the frame was limited to, in mA; nil when there is none.
    public var budgetMilliamps: Int?

    /// A frame that drew nothing and was not limited.
    public static let zero = PowerEstimate(microamps: 0, scale: 65536, budgetMilliamps: nil)

    /// The estimated current in mA, rounded up.
    public var milliamps: Int { Int((microamps + 999) / 1000) }
    /// Whether the limiter had to dim this frame.
    public var wasLimited: Bool { scale < 65536 }
    /// Whether the frame as sent is within the budget (always true without one). False only
    /// when the idle current of the LEDs alone exceeds the budget.
    public var isWithinBudget: Bool {
        guard let budgetMilliamps else { return true }
        return microamps <= Int64(budgetMilliamps) * 1000
    }

    /// "412 mA (limited to 2000 mA, scale 0.113)".
    public var description: String {
        var text = "\(milliamps) mA"
        if let budgetMilliamps {
            text += wasLimited ? " (limited to \(budgetMilliamps) mA, scale \(Fixed(raw: Int32(scale))))" : " (budget \(budgetMilliamps) mA)"
        }
        return text
    }
}
