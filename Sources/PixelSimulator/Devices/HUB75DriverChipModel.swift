import PixelPanels

/// The configuration registers of a HUB75 model's FM6126A or FM6127 driver chips, and whether
/// they let their LEDs light.
///
/// Each chip drives 16 columns of one colour line (chip c of a line holds columns
/// 16c ..< 16c + 16). A register write is decoded as the chips see it: the rising CLK edges
/// while LAT is high are counted, and when LAT falls a count that names one of the chip's
/// registers (`HUB75DriverChip.registers`, by `latchedClocks`) stores each chip's 16 shifted
/// bits, column 16c first, in that register; any other count with at least one edge is
/// ignored, and a count of 0 is an ordinary latch. A chip lights its LEDs only while every
/// register holds the word rpi-rgb-led-matrix writes, the configuration known to work; until
/// then, or after a wrong word, it stays dark, as these panels do. Plain chips always light.
struct HUB75DriverChipModel {
    let chip: HUB75DriverChip
    private let chipsPerLine: Int
    private let lineCount: Int
    /// Per line and chip, whether each register holds its known-good word.
    private var good: [[Bool]]
    /// Per line and chip: all registers good (the chip lights). Plain chips: always true.
    private(set) var lights: [Bool]
    private var latchedClocks = 0

    init(chip: HUB75DriverChip, lines: Int, length: Int) {
        self.chip = chip
        lineCount = lines
        chipsPerLine = (length + 15) / 16
        good = Array(repeating: Array(repeating: false, count: chip.registers.count), count: lines * chipsPerLine)
        lights = Array(repeating: chip == .plain, count: lines * chipsPerLine)
    }

    /// Whether column `x` of line `line` may light.
    func lit(line: Int, column x: Int) -> Bool { lights[line * chipsPerLine + x / 16] }

    /// A rising CLK edge; `latchHigh` is LAT's level at the edge.
    mutating func clockRose(latchHigh: Bool) {
        if latchHigh { latchedClocks += 1 }
    }

    /// LAT fell; `bit(line, column)` reads the shift registers. Returns whether a register write
    /// was decoded (so the traffic was a command, not a latch of row data).
    mutating func latchFell(bit: (Int, Int) -> Bool, length: Int) -> Bool {
        defer { latchedClocks = 0 }
        guard chip != .plain, latchedClocks > 0 else { return false }
        guard let index = chip.registers.firstIndex(where: { $0.latchedClocks == latchedClocks }) else { return true }
        let pattern = Array(chip.registers[index].pattern)
        for line in 0..<lineCount {
            for c in 0..<chipsPerLine {
                var matches = true
                for k in 0..<16 where 16 * c + k < length {
                    if bit(line, 16 * c + k) != (pattern[k] == "1") { matches = false }
                }
                good[line * chipsPerLine + c][index] = matches
                lights[line * chipsPerLine + c] = good[line * chipsPerLine + c].allSatisfy { $0 }
            }
        }
        return true
    }
}
