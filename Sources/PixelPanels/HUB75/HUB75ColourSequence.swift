/// Which colour each of a HUB75 panel's three colour lines per half drives, the
/// `--panel hub75:rgb-sequence=` key (hzeller's `--led-rgb-sequence`): the letters name the
/// colours of the lines R, G and B in turn, so with `grb` the line called R lights green LEDs
/// and the one called G red ones. `rgb` is the standard wiring.
public enum HUB75ColourSequence: String, Hashable, Sendable, CaseIterable {
    /// Standard: R lights red, G green, B blue.
    case rgb, rbg, grb, gbr, brg, bgr

    /// For each of a chain's six colour signals in frame order (red, green, blue of the upper
    /// half, then of the lower half), the index of the line that carries it among R1 G1 B1 R2 G2 B2.
    public var lineOfSignal: [Int] {
        let letters = Array(rawValue)
        let colours: [Character] = ["r", "g", "b"]
        let within: [Int] = colours.map { colour in letters.firstIndex(of: colour) ?? 0 }
        return (0..<6).map { k in (k / 3) * 3 + within[k % 3] }
    }
}
