/// Easing curves: progress p in 0...1 to eased progress in 0...1, in Q16.16 integer
/// arithmetic, so an eased animation is the same bits on every CPU.
///
/// Each curve states its integer formula. In it, P is p's raw value (0...65536 after clamping,
/// 65536 = 1.0) and `mul(a, b)` is `Fixed`'s product on raw values, (a·b + 32768) >> 16: the
/// nearest integer to a·b / 65536, halves rounded up (the operands here are never negative).
/// Every curve maps 0 to 0 and 1 to 1 exactly, never decreases, and clamps p first.
public enum Easing: String, Sendable, CaseIterable {
    /// Constant speed: P itself, exactly.
    case linear
    /// Cubic ease-in-out, slow start, fast middle, slow finish: 4p³ below ½ and
    /// 1 − 4(1 − p)³ from ½ on.
    ///
    /// In raw units: for P < 32768, 4 · mul(mul(P, P), P); otherwise, with Q = 65536 − P,
    /// 65536 − 4 · mul(mul(Q, Q), Q). The two halves mirror each other exactly (the value at
    /// 1 − p is 1 minus the value at p, ½ goes to ½), and each value is within 3/65536 of
    /// the true cubic (2.97/65536 at worst, just below ½): each `mul` is off by at most ½ of
    /// a unit, and the factor 4 multiplies that.
    case easeInOut = "ease-in-out"

    /// The eased value of `p`, clamped to 0...1 first (see each case for the formula).
    public func apply(_ p: Fixed) -> Fixed {
        let p = p.clamped(to: .zero ... .one)
        switch self {
        case .linear: return p
        case .easeInOut:
            if p < .half { return p * p * p * 4 }
            let q = .one - p
            return .one - q * q * q * 4
        }
    }
}
