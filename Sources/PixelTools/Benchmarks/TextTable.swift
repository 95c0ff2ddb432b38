import PixelRuntime

/// Plain-text tables for the benchmark's output: columns padded to their widest cell,
/// text columns left-aligned and numbers right-aligned, a rule under the header.
enum TextTable {
    /// `rows` under `header`; the columns in `leftAligned` are left-aligned.
    static func render(header: [String], rows: [[String]], leftAligned: Set<Int>) -> String {
        let widths = header.indices.map { i in ([header[i]] + rows.map { $0[i] }).map(\.count).max()! }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { i, cell in
                let pad = String(repeating: " ", count: widths[i] - cell.count)
                return leftAligned.contains(i) ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }
        return ([line(header), line(widths.map { String(repeating: "-", count: $0) })] + rows.map(line)).joined(separator: "\n")
    }
}
