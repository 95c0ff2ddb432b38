import PixelCore

/// Integer helpers shared by the Fields and Life effects: a sine table for per-LED waves and
/// smooth ramps, so the inner loops are table look-ups and integer adds.
enum FieldMath {
    /// sin over one turn in 1024 steps, Q16.16 (65536 = 1): entry i is sin(i/1024 turn).
    static let sine: [Int32] = (0..<1024).map { Trig.sine(Angle(raw: Int32($0 << 6))).raw }

    /// Index into `sine` for a phase in 1/65536 turns (any integer; wraps).
    @inline(__always) static func index(_ phase: Int) -> Int { (phase >> 6) & 1023 }

    /// Index into `sine` for a phase in 1/65536 turns held in an `Int64` (any value; wraps).
    @inline(__always) static func index(_ phase: Int64) -> Int { Int(truncatingIfNeeded: (phase >> 6) & 1023) }

    /// Smoothstep of `x` between `edge0` and `edge1` (all Q16.16 raw), as Q16.16 raw 0...65536.
    /// Worked in `Int64`: t² (t up to 2¹⁶) and the cubic's product pass 2³¹.
    static func smoothstep(_ edge0: Int, _ edge1: Int, _ x: Int) -> Int {
        if x <= edge0 { return 0 }
        if x >= edge1 { return 65536 }
        let t = ((Int64(x) - Int64(edge0)) << 16) / (Int64(edge1) - Int64(edge0))
        return Int((((t * t) >> 16) * (3 * 65536 - 2 * t)) >> 16)
    }

    /// A wave phase (1/65536 turns) at `time` for something turning `cyclesPerSecond` times a second.
    @inline(__always) static func phase(_ time: FrameTime, _ cyclesPerSecond: Fixed) -> Int {
        Int(time.phase(cyclesPerSecond: cyclesPerSecond).raw)
    }
}
