/// A panel's size in LEDs, as written on the command line: `64x32`.
public struct PanelSize: Hashable, Sendable, CustomStringConvertible {
    /// The largest width or height accepted, in LEDs.
    public static let maximumSide = 1024

    /// Width in LEDs, 1...1024.
    public let width: Int
    /// Height in LEDs, 1...1024.
    public let height: Int

    /// A size of `width × height` LEDs; each side must be 1...1024.
    public init(width: Int, height: Int) throws(PanelConfigurationError) {
        guard (1...Self.maximumSide).contains(width), (1...Self.maximumSide).contains(height) else {
            throw .badSize("\(width)x\(height)")
        }
        self.width = width
        self.height = height
    }

    /// Parses `WIDTHxHEIGHT`, e.g. `64x32` (an upper-case X or × works too).
    public init(parsing text: String) throws(PanelConfigurationError) {
        // Empty pieces kept, so "64x32x" and "x64x32" are three pieces and refused.
        let parts = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "x" || $0 == "X" || $0 == "×" })
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else { throw .badSize(text) }
        try self.init(width: w, height: h)
    }

    public var description: String { "\(width)x\(height)" }
}
