/// How each 8×8 block of a MAX7219 module is turned, clockwise, relative to the reference
/// wiring (the FC-16 module seen with its DIN connector on the right).
///
/// Reference wiring (rotation 0): digit register *d* (0xX1 + d) drives LED row *d*, top row
/// first, and data bit D7 (segment DP) is the leftmost LED of the row, D0 (segment G) the
/// rightmost. With rotation *r* the LED that the reference wiring puts at (x, y) sits at
/// that point turned *r* degrees clockwise about the block's centre instead.
///
/// Common modules, from the MD_MAX72xx hardware notes: FC-16 four-in-one modules with DIN
/// on the right: 0; generic single modules (IC above the matrix, chained right to left): 90;
/// ICStation kits: 180; an FC-16 held upside down (DIN on the left): 180 with `reverse`.
/// Parola modules are the FC-16 wiring mirrored (`MAX7219Configuration.mirrored`).
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
