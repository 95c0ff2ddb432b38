/// The pin writes that select each row address, for one row-address type and wiring: the step
/// the refresher takes while OE is high, after latching a row's bits.
///
/// The sequences follow rpi-rgb-led-matrix's row address setters (lib/framebuffer.cc); each
/// list item below is one write, and a clock's "high, high, low" keeps hzeller's repeated write
/// that stretches the pulse for slow shifters. With n = scan and r the row address:
/// - `direct`: the address lines used at once, r in binary (A = bit 0);
/// - `row-select`: A–D at once, line r mod 4 low and the other three high;
/// - `ab-shift`: for i in 0..<n: A low; B low if i = n − 1 − r, else high; A high. Then A low, A high;
/// - `abc-shift`: for i in 0..<n: A low; C high if i = n − 1 − r, else low; A high. Then A high, A low;
/// - `sm5266`: C high; for bit 7 down to 0: B high if bit = r mod 8, else low; A high, A high, A low.
///   Then C low, and one write that sets D (r bit 3) and E (r bit 4) and clears the rest of the
///   lines in use (A, B, C too);
/// - `b707`: B high; C high if r = 0, else low; A high, A high, A low; B low. One step a row,
///   so the refresh must visit the rows in order 0, 1, … (it does).
/// A colour line never changes in these writes, and a data line never in the same write as its
/// clock.
public struct HUB75RowAddressWrites: Hashable, Sendable {
    /// The type the writes are for.
    public let addressing: HUB75RowAddressing
    /// Every line the sequences drive (bit n = GPIO n).
    public let lines: UInt64
    /// The writes of all rows, row 0's first.
    let writes: [HUB75PinWrite]
    /// Row r's writes are `writes[starts[r]..<starts[r + 1]]`.
    let starts: [Int]

    /// The sequences for `scan` row addresses on `address` (the pin map's A, B, … GPIOs, which
    /// must include every line `addressing.lineIndices(scan:)` names).
    public init(addressing: HUB75RowAddressing, scan: Int, address: [Int]) {
        self.addressing = addressing
        func bit(_ index: Int) -> UInt64 { index < address.count ? UInt64(1) << UInt64(address[index]) : 0 }
        let used: UInt64 = addressing.lineIndices(scan: scan).reduce(UInt64(0)) { $0 | bit($1) }
        lines = used
        var all: [HUB75PinWrite] = []
        var starts: [Int] = []
        let a = bit(0), b = bit(1), c = bit(2), d = bit(3), e = bit(4)
        for row in 0..<scan {
            starts.append(all.count)
            switch addressing {
            case .direct:
                var word: UInt64 = 0
                for line in 0..<5 where (row >> line) & 1 == 1 { word |= bit(line) }
                word &= used
                all.append(HUB75PinWrite(set: word, clear: used ^ word))
            case .rowSelect:
                let word: UInt64 = used & ~bit(row % 4)
                all.append(HUB75PinWrite(set: word, clear: used ^ word))
            case .abShift:
                for i in 0..<scan {
                    all.append(HUB75PinWrite(set: 0, clear: a))
                    all.append(i == scan - 1 - row ? HUB75PinWrite(set: 0, clear: b) : HUB75PinWrite(set: b, clear: 0))
                    all.append(HUB75PinWrite(set: a, clear: 0))
                }
                all.append(HUB75PinWrite(set: 0, clear: a))
                all.append(HUB75PinWrite(set: a, clear: 0))
            case .abcShift:
                for i in 0..<scan {
                    all.append(HUB75PinWrite(set: 0, clear: a))
                    all.append(i == scan - 1 - row ? HUB75PinWrite(set: c, clear: 0) : HUB75PinWrite(set: 0, clear: c))
                    all.append(HUB75PinWrite(set: a, clear: 0))
                }
                all.append(HUB75PinWrite(set: a, clear: 0))
                all.append(HUB75PinWrite(set: 0, clear: a))
            case .sm5266:
                all.append(HUB75PinWrite(set: c, clear: 0))
                for position in stride(from: 7, through: 0, by: -1) {
                    all.append(position == row % 8 ? HUB75PinWrite(set: b, clear: 0) : HUB75PinWrite(set: 0, clear: b))
                    all.append(HUB75PinWrite(set: a, clear: 0))
                    all.append(HUB75PinWrite(set: a, clear: 0))
                    all.append(HUB75PinWrite(set: 0, clear: a))
                }
                all.append(HUB75PinWrite(set: 0, clear: c))
                let group: UInt64 = ((row & 8 != 0) ? d : 0) | ((row & 16 != 0) ? e : 0)
                let word = group & used
                all.append(HUB75PinWrite(set: word, clear: used ^ word))
            case .b707:
                all.append(HUB75PinWrite(set: b, clear: 0))
                all.append(row == 0 ? HUB75PinWrite(set: c, clear: 0) : HUB75PinWrite(set: 0, clear: c))
                all.append(HUB75PinWrite(set: a, clear: 0))
                all.append(HUB75PinWrite(set: a, clear: 0))
                all.append(HUB75PinWrite(set: 0, clear: a))
                all.append(HUB75PinWrite(set: 0, clear: b))
            }
        }
        starts.append(all.count)
        writes = all
        self.starts = starts
    }

    /// The writes that select row address `row` (0..<scan).
    public func writes(row: Int) -> ArraySlice<HUB75PinWrite> {
        writes[starts[row]..<starts[row + 1]]
    }
}
