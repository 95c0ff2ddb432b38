/// One HUB75 signal by name, as `wiring --line` takes it: `OE`, `CLK`, `LAT`, an address line
/// `A`…`E`, or a colour line `R1` `G1` `B1` `R2` `G2` `B2`, with `:2` or `:3` for a parallel
/// chain after the first (`R1:2`). Which of them a panel has depends on its scan and chains
/// (`HUB75Configuration.signals`).
public struct HUB75Signal: Hashable, Sendable, CustomStringConvertible {
    /// The control and address lines.
    public static let controlNames = ["OE", "CLK", "LAT", "A", "B", "C", "D", "E"]
    /// The colour lines of one chain.
    public static let colourNames = ["R1", "G1", "B1", "R2", "G2", "B2"]

    /// The signal's name, upper case ("R1").
    public let name: String
    /// The chain of a colour line, 1...3; 1 for the other lines.
    public let chain: Int

    /// The signal `text` names (any case), or why it names none.
    public init(parsing text: String) throws(HUB75SignalError) {
        let parts = text.uppercased().split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard (1...2).contains(parts.count) else { throw HUB75SignalError(text: text) }
        let name = parts[0]
        if parts.count == 2 {
            guard Self.colourNames.contains(name), let chain = Int(parts[1]), (2...3).contains(chain) else { throw HUB75SignalError(text: text) }
            self.name = name
            self.chain = chain
        } else {
            guard Self.controlNames.contains(name) || Self.colourNames.contains(name) else { throw HUB75SignalError(text: text) }
            self.name = name
            self.chain = 1
        }
    }

    /// The name as `HUB75Configuration.signals` spells it: `R1`, or `R1:2` for chain 2.
    public var description: String { chain == 1 ? name : "\(name):\(chain)" }
}

/// A text that names no HUB75 signal.
public struct HUB75SignalError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was given.
    public let text: String

    /// The error for `text`.
    public init(text: String) { self.text = text }

    public var description: String {
        "'\(text)' is no HUB75 signal; give one of " + (HUB75Signal.controlNames + HUB75Signal.colourNames).joined(separator: ", ")
            + " (R1:2 … B2:3 for the second and third chains)"
    }
}
