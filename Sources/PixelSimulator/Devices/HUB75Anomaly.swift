/// Something a HUB75 panel model saw on its inputs that a person would see as a flaw, with
/// the virtual time it happened at. Messages name the flaw and the fix in the driver.
public enum HUB75Anomaly: Hashable, Sendable, CustomStringConvertible {
    /// The output latches changed (LAT rose, or CLK rose with LAT held high) while OE was low
    /// before or after that write: the lit row changes mid-display, a visible glitch.
    case latchWhileOutputEnabled(atNanoseconds: Int64)
    /// The row address changed while OE was low before or after that write: the old row's data
    /// lights the new row for a moment (ghosting).
    case rowChangeWhileOutputEnabled(atNanoseconds: Int64, from: Int, to: Int)
    /// A colour line changed in the same write as CLK's rising edge: the shift registers may
    /// take the old or the new bit (a set-up time violation). The model takes the new one.
    case dataChangeOnClockEdge(atNanoseconds: Int64)

    /// One line: when, what a person would see, and the fix in the driver.
    public var description: String {
        switch self {
        case let .latchWhileOutputEnabled(t):
            return "t=\(t) ns: latch changed while OE was low (visible glitch); take OE high before pulsing LAT"
        case let .rowChangeWhileOutputEnabled(t, from, to):
            return "t=\(t) ns: row address changed \(from)→\(to) while OE was low (ghosting); change the address only while OE is high"
        case let .dataChangeOnClockEdge(t):
            return "t=\(t) ns: colour data changed in the same write as CLK rising (set-up violation); set the data before raising CLK"
        }
    }
}
