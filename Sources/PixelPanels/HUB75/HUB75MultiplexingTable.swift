// The outdoor multiplexing schemes of rpi-rgb-led-matrix (lib/multiplex-mappers.cc), one row
// each, in its order. Each transform is restated here from the arithmetic of that file; within
// one panel of c columns and r rows, visible (x, y) → physical (x, y).

/// The row of a stripe scheme: which physical row visible row y of an r-row panel is shifted in
/// with (rows r/4 apart share an address).
private func stripeRow(_ y: Int, _ r: Int) -> Int {
    let half: Int = r / 2, quarter: Int = r / 4
    return (y / half) * quarter + y % quarter
}

/// Whether visible row y of an r-row panel lies in the top stripe of its half.
private func inTopStripe(_ y: Int, _ r: Int) -> Bool { y % (r / 2) < r / 4 }

/// The row of the 8×4-tile schemes: rows of tiles two apart share an address.
private func tileRow(_ y: Int, tileHeight: Int) -> Int {
    let block: Int = y / (tileHeight * 2)
    return y % tileHeight + tileHeight * block
}

/// hzeller's `ZStripeMultiplexMapper` with its even and odd tile-row offsets.
private func zStripe(even: Int, odd: Int) -> HUB75Multiplexing.Map {
    { x, y, _, _ in
        let oddBlock: Bool = (y / 4) % 2 == 1
        let shift: Int = oddBlock ? 0 : even
        let offset: Int = oddBlock ? odd : 0
        let px: Int = x + ((x + shift) / 8) * 8 + offset
        return (px, tileRow(y, tileHeight: 4))
    }
}

/// x's column within its 8-column tile counted backwards from `start`: start − (x mod 8) − 1.
private func reversedInTile(_ x: Int, start: Int) -> Int { start - x % 8 - 1 }

extension HUB75Multiplexing {
    /// Every scheme, in rpi-rgb-led-matrix's order (`number` 1…22).
    public static let all: [HUB75Multiplexing] = [
        HUB75Multiplexing(1, "Stripe", width: 2, height: 2, sizes: [(32, 16), (32, 32), (64, 32)]) { x, y, c, r in
            (inTopStripe(y, r) ? x + c : x, stripeRow(y, r))
        },
        HUB75Multiplexing(2, "Checkered", width: 2, height: 2, sizes: [(32, 16), (32, 32)]) { x, y, c, r in
            let left: Bool = x < c / 2
            let px: Int = inTopStripe(y, r) ? (left ? x + c / 2 : x + c) : (left ? x : x + c / 2)
            return (px, stripeRow(y, r))
        },
        HUB75Multiplexing(3, "Spiral", width: 2, height: 2, sizes: [(32, 16), (32, 32)]) { x, y, c, r in
            let quarterWidth: Int = c / 4
            let quarter: Int = x / quarterWidth, offset: Int = x % quarterWidth
            let inQuarter: Int = inTopStripe(y, r) ? quarterWidth - 1 - offset : quarterWidth + offset
            return (2 * quarter * quarterWidth + inQuarter, stripeRow(y, r))
        },
        HUB75Multiplexing(4, "ZStripe", width: 2, height: 2, sizes: [(32, 16), (64, 32)], map: zStripe(even: 0, odd: 8)),
        HUB75Multiplexing(5, "ZnMirrorZStripe", width: 2, height: 2, sizes: [(32, 16), (64, 32)], map: zStripe(even: 4, odd: 4)),
        HUB75Multiplexing(6, "coreman", width: 2, height: 2, sizes: [(32, 32), (64, 32)]) { x, y, c, r in
            // Rows 0–7 and 16–23 go straight through, column blocks of c/2 spread c apart; the
            // others are the checkered scheme's top stripe.
            if y <= 7 || (16...23).contains(y) {
                let px: Int = (x / (c / 2)) * c + x % (c / 2)
                return (px, stripeRow(y, r))
            }
            return (x < c / 2 ? x + c / 2 : x + c, stripeRow(y, r))
        },
        HUB75Multiplexing(7, "Kaler2Scan", width: 4, height: 4, sizes: [(32, 16)]) { x, y, _, _ in
            let backwards: Bool = (y % 4) / 2 == 0
            let start: Int = backwards ? 7 : 8
            let step: Int = backwards ? -(x % 8) : x % 8
            let half: Int = (y % 8) / 4 == 0 ? 64 : 0
            return (half + 16 * (x / 8) + start + step, y % 2 + (y / 8) * 2)
        },
        HUB75Multiplexing(8, "ZStripeUneven", width: 2, height: 2, sizes: [(32, 16), (64, 32)], map: zStripe(even: 8, odd: 0)),
        HUB75Multiplexing(9, "P10-128x4-Z", width: 4, height: 4, sizes: [(32, 16)]) { x, y, _, _ in
            // Pairs of rows share a base column; rows whose bit 1 is clear (0,1,4,5,…) run backwards.
            let bases: [Int] = [127, 127, 112, 112, 111, 111, 96, 96]
            let base: Int = bases[y % 8]
            let backwards: Bool = (y / 2) % 2 == 0
            let px: Int = backwards ? base - x - 24 * (x / 8) : base + x - 40 * (x / 8)
            let py: Int = (y < 8 ? 3 : 1) - y % 2
            return (px, py)
        },
        HUB75Multiplexing(10, "QiangLiQ8", width: 2, height: 2, sizes: [(40, 20)]) { x, y, _, _ in
            let reversed: Bool = (5...9).contains(y) || (15...19).contains(y)
            let px: Int = reversed ? x + 4 * (x / 4) : x + 4 + 4 * (x / 4)
            return (px, y % 5 + (y / 10) * 5)
        },
        HUB75Multiplexing(11, "InversedZStripe", width: 2, height: 2, sizes: [(32, 16), (64, 32)]) { x, y, _, _ in
            let oddBlock: Bool = (y / 4) % 2 == 1
            let tileStart: Int = x + (x / 8) * 8
            // Even tile rows mirror each 8-column tile into the next 8 columns: 7, 5, …, −7 added.
            let mirrored: Int = tileStart + 8 + 7 - 2 * (x % 8)
            return (oddBlock ? tileStart : mirrored, tileRow(y, tileHeight: 4))
        },
        HUB75Multiplexing(12, "P10Outdoor1R1G1-1", width: 2, height: 2, sizes: [(16, 16), (32, 16)]) { x, y, _, _ in
            let even: Int = (y / 4) % 2 == 0 ? 1 : 0
            return (reversedInTile(x, start: 8 * (1 + even + 2 * (x / 8))), tileRow(y, tileHeight: 4))
        },
        HUB75Multiplexing(13, "P10Outdoor1R1G1-2", width: 2, height: 2, sizes: [(16, 16), (32, 16)]) { x, y, _, _ in
            let evenBlock: Bool = (y / 4) % 2 == 0
            let px: Int = evenBlock ? reversedInTile(x, start: 8 * (1 + 2 * (x / 8))) : x + (x / 8) * 8 + 8
            return (px, tileRow(y, tileHeight: 4))
        },
        HUB75Multiplexing(14, "P10Outdoor1R1G1-3", width: 2, height: 2, sizes: [(16, 16), (32, 16)]) { x, y, _, _ in
            let oddBlock: Bool = (y / 4) % 2 == 1
            let px: Int = oddBlock ? reversedInTile(x, start: 8 * (2 + 2 * (x / 8))) : x + (x / 8) * 8
            return (px, tileRow(y, tileHeight: 4))
        },
        HUB75Multiplexing(15, "P10CoremanMapper", width: 4, height: 4, sizes: [(32, 16)]) { x, y, _, _ in
            // The 8-column block: 8 when y's bit 2 is clear, plus 1 when bit 1 is clear, plus x's
            // 4-column pair (x >> 2 with its low bit dropped).
            let block: Int = ((y & 4) == 0 ? 8 : 0) + ((y & 2) == 0 ? 1 : 0) + ((x >> 2) & ~1)
            return ((block << 3) + x % 8, (y & 1) + ((y >> 2) & ~1))
        },
        HUB75Multiplexing(16, "P8Outdoor1R1G1", width: 2, height: 2, sizes: [(40, 20)]) { x, y, _, _ in
            let evenBlock: Bool = (y / 5) % 2 == 0
            let tile: Int = 8 * (9 - 2 * (x / 8))
            let px: Int = evenBlock ? tile + 8 - x % 8 - 1 : tile - 8 + x % 8
            let py: Int = (5 - y % 5) + 5 * (1 - y / 10) - 1
            return (px, py)
        },
        HUB75Multiplexing(17, "FlippedStripe", width: 2, height: 2, sizes: [(32, 16), (32, 32)]) { x, y, c, r in
            (inTopStripe(y, r) ? x : x + c, stripeRow(y, r))
        },
        HUB75Multiplexing(18, "P10Outdoor32x16HalfScan", width: 4, height: 4, sizes: [(32, 16)]) { x, y, _, _ in
            let backwards: Bool = (y % 4) / 2 == 0
            let offset: Int = (3 - (y % 8) / 2) * 8
            let inTile: Int = backwards ? 7 - x % 8 : x % 8
            let py: Int = (y / 8 == 0 ? 0 : 2) + y % 2
            return ((x / 8) * 32 + offset + inTile, py)
        },
        // Four times as wide but only half as tall: the panel is driven as 128×8, of which the
        // scheme fills the upper half's four row addresses.
        HUB75Multiplexing(19, "P10Outdoor32x16QuarterScanMapper", width: 4, height: 2, sizes: [(32, 16)]) { x, y, _, _ in
            ((x / 8) * 32 + x % 8 + (3 - y / 4) * 8, y % 4)
        },
        HUB75Multiplexing(20, "P3Outdoor64x64MultiplexMapper", width: 2, height: 2, sizes: [(64, 64)]) { x, y, _, r in
            (x * 2 + (inTopStripe(y, r) ? 1 : 0), stripeRow(y, r))
        },
        HUB75Multiplexing(21, "DoubleZ", width: 2, height: 2, sizes: [(32, 16), (64, 32)]) { x, y, c, r in
            let quarterRows: Int = r / 4, quarterColumns: Int = c / 4
            let rowQuarter: Int = y / quarterRows
            let plain: Int = x % quarterColumns
            // Row quarters 1 and 3 run their columns backwards.
            let offset: Int = rowQuarter % 2 == 1 ? quarterColumns - 1 - plain : plain
            let inQuarter: Int = inTopStripe(y, r) ? quarterColumns + offset : quarterColumns - 1 - offset
            return (2 * (x / quarterColumns) * quarterColumns + inQuarter, (rowQuarter / 2) * quarterRows + y % quarterRows)
        },
        HUB75Multiplexing(22, "P4Outdoor80x40Mapper", width: 2, height: 2, sizes: [(80, 40)]) { x, y, _, _ in
            let oddBlock: Bool = (y / 10) % 2 == 1
            let tile: Int = 16 * (x / 8)
            let px: Int = oddBlock ? tile + 8 + x % 8 : tile + 7 - x % 8
            return (px, tileRow(y, tileHeight: 10))
        },
    ]
}
