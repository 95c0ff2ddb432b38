/// Finds the line of a key in TOML text: the table header `[name]` or the nth `[[name]]`, then
/// `key =` inside it. Enough for the flat tables of a PixelWheel configuration; the line of the
/// table itself when the key is not written there.
struct TOMLKeyLocator {
    private let lines: [Substring]

    init(text: String) { lines = text.split(separator: "\n", omittingEmptySubsequences: false) }

    /// The line (from 1) of `key` in table `table` (nil: the top level); `index` picks the nth
    /// `[[table]]`. 0 when it cannot be found.
    func line(table: String?, index: Int? = nil, key: String? = nil) -> Int {
        var start = 0, end = lines.count, seen = -1
        if let table {
            var found: Int?
            for (n, raw) in lines.enumerated() {
                let line = raw.trimmingSpaces
                if line == "[\(table)]" || line.hasPrefix("[\(table)]") && line.dropFirst(table.count + 2).trimmingSpaces.hasPrefix("#") {
                    found = n; break
                }
                if line.hasPrefix("[[\(table)]]") {
                    seen += 1
                    if seen == (index ?? 0) { found = n; break }
                }
            }
            guard let found else { return 0 }
            start = found + 1
            end = lines[start...].firstIndex { $0.trimmingSpaces.hasPrefix("[") } ?? lines.count
            guard let key else { return found + 1 }
            return keyLine(key, in: start..<end) ?? found + 1
        }
        guard let key else { return 0 }
        end = lines.firstIndex { $0.trimmingSpaces.hasPrefix("[") } ?? lines.count
        return keyLine(key, in: start..<end) ?? 0
    }

    private func keyLine(_ key: String, in range: Range<Int>) -> Int? {
        for n in range {
            let line = lines[n].trimmingSpaces
            for spelling in [key, "\"\(key)\""] where line.hasPrefix(spelling) {
                if line.dropFirst(spelling.count).trimmingSpaces.hasPrefix("=") { return n + 1 }
            }
        }
        return nil
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var s = self
        while let c = s.first, c == " " || c == "\t" || c == "\r" { s = s.dropFirst() }
        while let c = s.last, c == " " || c == "\t" || c == "\r" { s = s.dropLast() }
        return s
    }
}
