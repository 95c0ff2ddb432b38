/// One whole-word GPIO write of a HUB75 sequence, as `GPIOLines.write(set:clear:)` takes it:
/// bit n stands for GPIO n. Sequences that are fixed per configuration (row selection, panel
/// initialisation) are kept as arrays of these, so tests can compare them with the facts and
/// the refresh path only replays them.
public struct HUB75PinWrite: Hashable, Sendable, CustomStringConvertible {
    /// Lines driven high.
    public var set: UInt64
    /// Lines driven low.
    public var clear: UInt64

    /// A write that raises `set` and lowers `clear` (the two must not overlap).
    public init(set: UInt64, clear: UInt64) {
        self.set = set
        self.clear = clear
    }

    /// `set=0x… clear=0x…`, for test failures.
    public var description: String {
        "set=0x\(String(set, radix: 16)) clear=0x\(String(clear, radix: 16))"
    }
}
