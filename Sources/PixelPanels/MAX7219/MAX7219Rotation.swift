/// The old `rotate=` of `max7219:` (without `module=`): how each 8×8 block is wired, named as
/// the FC-16 block turned clockwise. It now picks a row of the module table
/// (`MAX7219Module.legacy`); `rotate` with `module=` is the mounting every type shares.
///
/// Reference wiring (rotation 0): digit register *d* (0xX1 + d) drives LED row *d*, top row
/// first, and data bit D7 (segment DP) is the leftmost LED of the row, D0 (segment G) the
/// rightmost. With rotation *r* the LED that the reference wiring puts at (x, y) sits at
/// that point turned *r* degrees clockwise about the block's centre instead.
///
/// | old options | module |
/// |---|---|
/// | `rotate=0` | `fc16` |
/// | `rotate=90` | `generic` |
/// | `rotate=180` | `icstation` |
/// | `rotate=270` | `luma` |
/// | `mirror` | `parola` |
/// | `rotate=90,mirror`, `rotate=180,mirror`, `rotate=270,mirror` | `generic-mirrored`, `icstation-mirrored`, `luma-mirrored` |
public enum MAX7219Rotation: Int, CaseIterable, Sendable {
    /// As the reference wiring.
    case none = 0
    /// Turned a quarter turn clockwise.
    case clockwise90 = 90
    /// Turned half a turn.
    case halfTurn = 180
    /// Turned three quarter turns clockwise (a quarter turn anticlockwise).
    case clockwise270 = 270

    /// Where the LED that the reference wiring puts at column `x`, row `y` of an 8×8 block
    /// appears under this rotation.
    @inlinable public func apply(x: Int, y: Int) -> (x: Int, y: Int) {
        switch self {
        case .none: return (x, y)
        case .clockwise90: return (7 - y, x)
        case .halfTurn: return (7 - x, 7 - y)
        case .clockwise270: return (y, 7 - x)
        }
    }
}
