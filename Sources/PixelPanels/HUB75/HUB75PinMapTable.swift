/// A HUB75 pin table that cannot be read. Each message names the line and what it should hold.
public enum HUB75PinMapError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No header line `wiring chain signal gpio header_pin note` before the first entry.
    case missingHeader
    /// A line that does not have the expected fields or values (`line` counts from 1).
    case malformedLine(line: Int, reason: String)
    /// The same signal given twice for one wiring (and chain).
    case duplicateSignal(wiring: String, signal: String, line: Int)
    /// A wiring lacks a signal every HUB75 port needs.
    case missingSignal(wiring: String, signal: String)
    /// A wiring drives two signals from one GPIO line.
    case lineUsedTwice(wiring: String, gpio: Int)
    /// A wiring's chains are not numbered 1, 2, 3 without gaps.
    case chainsNotConsecutive(wiring: String, chains: [Int])

    /// One line for the terminal: what is wrong and how to fix it.
    public var description: String {
        switch self {
        case .missingHeader:
            return "HUB75 pin table has no header line; start it with wiring<TAB>chain<TAB>signal<TAB>gpio<TAB>header_pin<TAB>note"
        case let .malformedLine(line, reason):
            return "HUB75 pin table line \(line): \(reason); write wiring<TAB>chain<TAB>signal<TAB>gpio<TAB>header_pin<TAB>note"
        case let .duplicateSignal(wiring, signal, line):
            return "HUB75 pin table line \(line): wiring '\(wiring)' already has \(signal); give each signal once per chain"
        case let .missingSignal(wiring, signal):
            return "HUB75 wiring '\(wiring)' has no \(signal) line; add it to the pin table"
        case let .lineUsedTwice(wiring, gpio):
            return "HUB75 wiring '\(wiring)' uses GPIO \(gpio) for two signals; give each signal its own line"
        case let .chainsNotConsecutive(wiring, chains):
            return "HUB75 wiring '\(wiring)' has chains \(chains.map(String.init).joined(separator: ",")); number them 1, 2, 3 without gaps and give each all of R1 G1 B1 R2 G2 B2"
        }
    }
}

extension HUB75PinMap {
    /// The column names a pin table's header line must have, in order.
    public static let tableColumns = ["wiring", "chain", "signal", "gpio", "header_pin", "note"]

    /// Signals every wiring shares between its chains, in table order (E is optional).
    static let sharedSignals = ["OE", "CLK", "LAT", "A", "B", "C", "D", "E"]
    /// Colour signals of one chain, in `ChainPins.lines` order.
    static let chainSignals = ["R1", "G1", "B1", "R2", "G2", "B2"]

    /// Reads pin maps from the text of a table in the format of `hardware/hub75-pinmaps.tsv`:
    /// `#` comment lines and blank lines are skipped; a header line names the columns; each
    /// further line is `wiring TAB chain TAB signal TAB gpio TAB header_pin TAB note`, where
    /// chain is `-` for OE CLK LAT A B C D E and 1…3 for R1 G1 B1 R2 G2 B2, gpio is a BCM number
    /// 0…27 and header_pin 1…40 (checked, then left to people, like note). Wirings come out in
    /// the order they first appear.
    public static func parseTable(_ text: String) throws(HUB75PinMapError) -> [HUB75PinMap] {
        var order: [String] = []
        var shared: [String: [String: Int]] = [:]
        var colours: [String: [Int: [String: Int]]] = [:]
        var sawHeader = false
        var lineNumber = 0

        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = Substring(rawLine)
            if line.last == "\r" { line = line.dropLast() }
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) || line.first == "#" { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if !sawHeader {
                guard fields == tableColumns else { throw .missingHeader }
                sawHeader = true
                continue
            }
            guard fields.count == 5 || fields.count == 6 else {
                throw .malformedLine(line: lineNumber, reason: "expected 6 TAB-separated fields, found \(fields.count)")
            }
            let wiring = fields[0], chainText = fields[1], signal = fields[2]
            guard !wiring.isEmpty, wiring.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else {
                throw .malformedLine(line: lineNumber, reason: "wiring name '\(wiring)' must be letters, digits and '-'")
            }
            guard let gpio = Int(fields[3]), (0...27).contains(gpio) else {
                throw .malformedLine(line: lineNumber, reason: "gpio '\(fields[3])' must be a BCM number 0...27")
            }
            guard let header = Int(fields[4]), (1...40).contains(header) else {
                throw .malformedLine(line: lineNumber, reason: "header_pin '\(fields[4])' must be 1...40")
            }
            if !order.contains(wiring) { order.append(wiring) }

            if sharedSignals.contains(signal) {
                guard chainText == "-" else {
                    throw .malformedLine(line: lineNumber, reason: "\(signal) is shared by all chains, so its chain must be '-'")
                }
                guard shared[wiring, default: [:]][signal] == nil else {
                    throw .duplicateSignal(wiring: wiring, signal: signal, line: lineNumber)
                }
                shared[wiring, default: [:]][signal] = gpio
            } else if chainSignals.contains(signal) {
                guard let chain = Int(chainText), (1...3).contains(chain) else {
                    throw .malformedLine(line: lineNumber, reason: "\(signal) needs a chain 1...3, found '\(chainText)'")
                }
                guard colours[wiring, default: [:]][chain, default: [:]][signal] == nil else {
                    throw .duplicateSignal(wiring: wiring, signal: "chain \(chain) \(signal)", line: lineNumber)
                }
                colours[wiring, default: [:]][chain, default: [:]][signal] = gpio
            } else {
                throw .malformedLine(line: lineNumber, reason: "unknown signal '\(signal)'; signals are OE CLK LAT A B C D E R1 G1 B1 R2 G2 B2")
            }
        }
        guard sawHeader else { throw .missingHeader }

        var maps: [HUB75PinMap] = []
        for wiring in order {
            let s = shared[wiring] ?? [:]
            for signal in sharedSignals.dropLast() where s[signal] == nil {
                throw .missingSignal(wiring: wiring, signal: signal)
            }
            var address = [s["A"]!, s["B"]!, s["C"]!, s["D"]!]
            if let e = s["E"] { address.append(e) }

            let byChain = colours[wiring] ?? [:]
            let numbers = byChain.keys.sorted()
            guard !numbers.isEmpty, numbers == Array(1...numbers.count) else {
                throw .chainsNotConsecutive(wiring: wiring, chains: numbers)
            }
            var chains: [ChainPins] = []
            for number in numbers {
                let c = byChain[number]!
                for signal in chainSignals where c[signal] == nil {
                    throw .missingSignal(wiring: wiring, signal: "chain \(number) \(signal)")
                }
                chains.append(ChainPins(r1: c["R1"]!, g1: c["G1"]!, b1: c["B1"]!, r2: c["R2"]!, g2: c["G2"]!, b2: c["B2"]!))
            }
            let map = HUB75PinMap(name: wiring, outputEnable: s["OE"]!, clock: s["CLK"]!, latch: s["LAT"]!,
                                  address: address, chains: chains)
            var seen: Set<Int> = []
            for gpio in map.allLines where !seen.insert(gpio).inserted {
                throw .lineUsedTwice(wiring: wiring, gpio: gpio)
            }
            maps.append(map)
        }
        return maps
    }
}
