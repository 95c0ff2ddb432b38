import PixelPanels

/// The row-selection logic of a HUB75 panel model: what each `row-address` type's circuit does
/// with the address lines, and which row address it lights (or none).
///
/// - `direct`: the used lines A… read as a binary number, A = bit 0.
/// - `row-select`: the one low line of A–D names the row; none or several low lights none.
/// - `ab-shift`: a register of `scan` stages that takes "B is low" on each falling edge of A,
///   the old stages moving one place on. Under that reading hzeller's sequence (n data bits, then
///   a closing low-high pulse of A) leaves exactly stage r set for row r; a rising-edge register
///   would be one stage off.
/// - `abc-shift`: a register of `scan` stages that takes "C is high" on each rising edge of A
///   (hzeller notes its clock is inverted compared with `ab-shift`).
/// - `sm5266`: an 8-stage register that takes B on each rising edge of A while C (enable) is
///   high; D and E pick the group of 8 rows directly: row = 8 × group + the set stage.
/// - `b707`: a register of `scan` stages that takes C on each rising edge of A while B (enable)
///   is high.
/// A shift-register type lights row k when exactly stage k is set, and no row otherwise.
struct HUB75RowDecoder {
    let addressing: HUB75RowAddressing
    /// The pin map's address lines as bits, A first (all five even if the panel uses fewer).
    private let lineBits: [UInt64]
    private let used: [Int]
    private var stages: [Bool]

    init(addressing: HUB75RowAddressing, scan: Int, address: [Int]) {
        self.addressing = addressing
        lineBits = (0..<5).map { $0 < address.count ? UInt64(1) << UInt64(address[$0]) : 0 }
        used = addressing.lineIndices(scan: scan)
        stages = Array(repeating: false, count: addressing == .sm5266 ? 8 : scan)
    }

    private func high(_ levels: UInt64, _ line: Int) -> Bool { levels & lineBits[line] != 0 }

    /// Takes one write's change of levels; returns the row address lit now, or -1 for none.
    mutating func linesChanged(from old: UInt64, to new: UInt64) -> Int {
        let clockRose = !high(old, 0) && high(new, 0)
        let clockFell = high(old, 0) && !high(new, 0)
        switch addressing {
        case .direct:
            var row = 0
            for (bit, line) in used.enumerated() where high(new, line) { row |= 1 << bit }
            return row
        case .rowSelect:
            let low = used.filter { !high(new, $0) }
            return low.count == 1 ? low[0] : -1
        case .abShift:
            if clockFell { shift(!high(old, 1)) }
        case .abcShift:
            if clockRose { shift(high(old, 2)) }
        case .sm5266:
            if clockRose && high(old, 2) { shift(high(old, 1)) }
        case .b707:
            if clockRose && high(old, 1) { shift(high(old, 2)) }
        }
        let set = stages.indices.filter { stages[$0] }
        guard set.count == 1 else { return -1 }
        if addressing == .sm5266 {
            let d: Int = high(new, 3) && used.contains(3) ? 1 : 0
            let e: Int = high(new, 4) && used.contains(4) ? 2 : 0
            let group: Int = d + e
            return group * 8 + set[0]
        }
        return set[0]
    }

    /// Moves every stage one on and puts `bit` in stage 0.
    private mutating func shift(_ bit: Bool) {
        for k in stride(from: stages.count - 1, to: 0, by: -1) { stages[k] = stages[k - 1] }
        stages[0] = bit
    }
}
