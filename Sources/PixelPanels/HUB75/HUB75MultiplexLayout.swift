/// Where each visible LED of a multiplexed HUB75 installation sits in the physical frame the
/// encoder takes: the scheme's per-panel map applied to every panel of the chains.
///
/// Visible panel (k, p) — k along the chain, p the parallel chain — holds visible columns
/// `k × columns ..<` and rows `p × rows ..<`; its LED (x, y) goes to physical column
/// `k × columns × widthFactor + map.x` and row `p × rows / heightDivisor + map.y`, as in
/// rpi-rgb-led-matrix. Built once per configuration; `physicalIndex` is then a plain lookup.
public struct HUB75MultiplexLayout: Hashable, Sendable {
    /// Visible width in LEDs.
    public let width: Int
    /// Visible height in LEDs.
    public let height: Int
    /// For visible LED i (row-major, `y × width + x`), its index in the physical frame.
    public let physicalIndex: [Int]

    /// The layout of `scheme` on panels of `columns × rows` (visible), `chain` long and
    /// `parallel` chains; nil when the map leaves the physical panel or puts two LEDs on one
    /// place (the configuration refuses such a size).
    public init?(scheme: HUB75Multiplexing, columns: Int, rows: Int, chain: Int, parallel: Int) {
        let physicalColumns: Int = columns * scheme.widthFactor
        let physicalRows: Int = rows / scheme.heightDivisor
        let physicalWidth: Int = physicalColumns * chain
        width = columns * chain
        height = rows * parallel
        var index: [Int] = []
        index.reserveCapacity(width * height)
        var taken = Set<Int>()
        for y in 0..<height {
            for x in 0..<width {
                let mapped = scheme.map(x % columns, y % rows, columns, rows)
                guard (0..<physicalColumns).contains(mapped.x), (0..<physicalRows).contains(mapped.y) else { return nil }
                let px: Int = (x / columns) * physicalColumns + mapped.x
                let py: Int = (y / rows) * physicalRows + mapped.y
                let i: Int = py * physicalWidth + px
                guard taken.insert(i).inserted else { return nil }
                index.append(i)
            }
        }
        physicalIndex = index
    }
}
