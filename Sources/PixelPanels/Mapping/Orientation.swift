/// A turn by a multiple of 90°, clockwise as seen from the front of the panel.
public enum Rotation: Int, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// No turn.
    case upright = 0
    /// A quarter turn clockwise.
    case clockwise90 = 90
    /// A half turn.
    case clockwise180 = 180
    /// Three quarter turns clockwise (a quarter turn anticlockwise).
    case clockwise270 = 270

    /// The size of a `width × height` area after the turn.
    public func rotatedSize(width: Int, height: Int) -> (width: Int, height: Int) {
        switch self {
        case .upright, .clockwise180: return (width, height)
        case .clockwise90, .clockwise270: return (height, width)
        }
    }

    /// Where the point (`x`, `y`) of a `width × height` area lands once the area is turned
    /// (in the turned area's coordinates, y down).
    public func rotate(x: Int, y: Int, width: Int, height: Int) -> (x: Int, y: Int) {
        switch self {
        case .upright: return (x, y)
        case .clockwise90: return (height - 1 - y, x)
        case .clockwise180: return (width - 1 - x, height - 1 - y)
        case .clockwise270: return (y, width - 1 - x)
        }
    }

    /// The turn in degrees, as written in options.
    public var description: String { String(rawValue) }
}

/// Flips along the panel's axes.
public struct Mirror: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The bits: 1 flips x, 2 flips y.
    public let rawValue: Int
    /// A mirror from its bits.
    public init(rawValue: Int) { self.rawValue = rawValue & 3 }

    /// Left and right swap (x becomes width − 1 − x).
    public static let x = Mirror(rawValue: 1)
    /// Top and bottom swap (y becomes height − 1 − y).
    public static let y = Mirror(rawValue: 2)

    /// Where (`x`, `y`) of a `width × height` area lands after the flip.
    public func apply(x: Int, y: Int, width: Int, height: Int) -> (x: Int, y: Int) {
        (contains(.x) ? width - 1 - x : x, contains(.y) ? height - 1 - y : y)
    }

    /// "x", "y", "xy" or "none", as written in options.
    public var description: String {
        switch rawValue {
        case 1: return "x"
        case 2: return "y"
        case 3: return "xy"
        default: return "none"
        }
    }
}
