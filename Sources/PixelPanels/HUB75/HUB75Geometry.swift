/// The shape of a HUB75 installation: the panel's size, how many panels are daisy-chained on
/// one connector, and how many such chains run in parallel.
///
/// A panel of `rows` rows shows two rows at a time (row r from R1 G1 B1 and row r + scan from
/// R2 G2 B2), so it has `scan = rows / 2` row addresses: 8 rows are 1/4 scan (lines A B),
/// 16 rows 1/8 (A B C), 32 rows 1/16 (A–D), 64 rows 1/32 (A–E). Panels that light several rows
/// per half from one address (outdoor 1/4-scan 32×16 panels and the like) are described by
/// the physical panel their shift registers form (see `HUB75Multiplexing`), which may have 4
/// rows or a scan that is no power of two (5 and 10 on some outdoor panels).
///
/// Layout of the logical frame: `width = columns × chain`, `height = rows × parallel`. Column x
/// of the frame is the x-th bit shifted out for a row; the first bit shifted travels furthest,
/// so frame column 0 lands at the far end of the chain and the last `columns` columns on the
/// panel wired to the Pi. Parallel chain p (0-based) shows frame rows `p × rows ..< (p + 1) × rows`.
public struct HUB75Geometry: Hashable, Sendable {
    /// Rows of LEDs on one panel: 8, 16, 32 or 64 as sold; any even number 4…64 for the
    /// physical panel of a multiplexed one.
    public let rows: Int
    /// Columns of LEDs on one panel, 1…256 (32, 64 and 128 are the sizes sold; smaller widths
    /// let tests use tiny panels).
    public let columns: Int
    /// Panels daisy-chained on one connector, 1…32.
    public let chain: Int
    /// Chains driven side by side from their own colour lines, 1…3.
    public let parallel: Int

    /// Checks and stores a geometry; errors name the `--panel hub75:` key at fault.
    public init(rows: Int = 32, columns: Int = 32, chain: Int = 1, parallel: Int = 1) throws(PanelConfigurationError) {
        guard (4...64).contains(rows), rows % 2 == 0 else {
            throw .badValue(type: "hub75", key: "rows", value: String(rows), allowed: "an even number 4...64")
        }
        guard (1...256).contains(columns) else {
            throw .badValue(type: "hub75", key: "cols", value: String(columns), allowed: "1...256")
        }
        guard (1...32).contains(chain) else {
            throw .badValue(type: "hub75", key: "chain", value: String(chain), allowed: "1...32")
        }
        guard (1...3).contains(parallel) else {
            throw .badValue(type: "hub75", key: "parallel", value: String(parallel), allowed: "1...3")
        }
        self.rows = rows
        self.columns = columns
        self.chain = chain
        self.parallel = parallel
    }

    /// Row addresses: the panel shows 1/`scan` of its rows' pairs at a time (rows / 2).
    public var scan: Int { rows / 2 }

    /// Address lines a binary row address needs: 1 (A) for 1/2 scan, 2 (A B) for 1/4 up to
    /// 5 (A–E) for 1/32; a scan that is no power of two needs as many as its largest address.
    public var addressLineCount: Int { Int.bitWidth - (scan - 1).leadingZeroBitCount }

    /// Bits in each shift register of a chain (one per column of every panel in it), which is
    /// also the clock pulses per row and bit plane.
    public var chainLength: Int { columns * chain }

    /// Logical width in LEDs: `columns × chain`.
    public var width: Int { columns * chain }

    /// Logical height in LEDs: `rows × parallel`.
    public var height: Int { rows * parallel }
}
