/// Error diffusion over time: shows 16-bit levels on 8-bit PWM by carrying each LED
/// channel's rounding error into its next frame.
///
/// For each channel, `level = ⌊(value + error) / 257⌋` and the new error is what was left
/// over, always in 0 ..< 257. Over N frames of the same value the levels shown sum to
/// `(N·value + e₀ − e_N) / 257`, so their mean is within 1/N of a level of `value / 257`.
/// The error starts at 128, so the first frame (and every frame of a value that is an exact
/// level) rounds to nearest. Deterministic: no noise, no clock.
public struct TemporalDither: Hashable, Sendable {
    /// The carried error of every channel, 0 ..< 257 (in 1/65535 units of full scale).
    public private(set) var errors: [UInt16]

    /// A ditherer for `channels` LED channels, all errors at 128.
    public init(channels: Int) {
        errors = Array(repeating: 128, count: channels)
    }

    /// The 8-bit level for 16-bit `value` on channel `index`, updating that channel's error.
    public mutating func level(_ value: UInt16, channel index: Int) -> UInt8 {
        let total = Int(value) + Int(errors[index])
        let level = total / 257
        errors[index] = UInt16(total - level * 257)
        return UInt8(level)
    }

    /// The largest amount by which `level·257` can exceed the value it stands for (1/65535 units).
    public static let maximumOvershoot = 256
}
