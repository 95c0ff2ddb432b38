/// Which clocked LED chip a clocked strip is (the driver is the same; the simulator's model differs).
public enum APA102Chip: String, CaseIterable, Hashable, Sendable {
    /// APA102: shows an LED's word as soon as the LED has received it.
    case apa102
    /// SK9822: holds the word and shows it when the LED next sees a 32-bit zero frame.
    case sk9822
}
