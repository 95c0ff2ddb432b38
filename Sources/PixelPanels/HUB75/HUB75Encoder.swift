import PixelCore

/// Turns frames into HUB75 bit planes (binary code modulation) for one configuration.
///
/// For each LED and colour the frame value becomes a PWM level 0…2^bits − 1 through the
/// configuration's `transfer`; bit b of the level says whether the LED is lit during plane b,
/// which the refresher shows for `lsb << b` nanoseconds. So an LED at level k is lit for
/// `k × lsb` of every row visit: its duty is k / (2^bits − 1) of the brightest.
///
/// `encode(_:into:)` allocates nothing: it reads the frame in place and writes the preallocated
/// planes. This is also the benchmark's entry point (frame → planes without a bus).
public struct HUB75Encoder: Sendable {
    /// What is encoded for.
    public let configuration: HUB75Configuration
    /// Pin word of every 6-bit plane code of each parallel chain: entry chain × 64 + code, where
    /// code bit k (0…5) stands for colour signal k of the chain, red green blue of the upper
    /// half then of the lower, on the line `rgb-sequence` gives it (R1 G1 B1 R2 G2 B2 by default).
    private let codeWords: [UInt32]
    /// The PWM level of every 16-bit value (65536 entries, 128 KiB), transfer and brightness applied.
    private let levelTable: [UInt16]
    /// Entry k × 256 + v: byte j is bit j of v, shifted to bit k. Spreads 8 bits of a level
    /// over the plane codes of 8 planes (0…7 for the low byte, 8…15 for the high one), as
    /// colour line k.
    private static let spread: [UInt64] = (0..<6 * 256).map { (entry: Int) -> UInt64 in
        let k: Int = entry >> 8, v: Int = entry & 0xFF
        // The closures' types spelled out: Swift 6.0 cannot type-check them in time otherwise.
        return (0..<8).reduce(UInt64(0)) { (word: UInt64, j: Int) -> UInt64 in
            let bit = UInt64((v >> j) & 1)
            return word | bit << (8 * j + k)
        }
    }

    /// Prepares the plane-code and level tables for `configuration`.
    public init(configuration: HUB75Configuration) {
        self.configuration = configuration
        var words: [UInt32] = []
        let lineOfSignal = configuration.colourSequence.lineOfSignal
        for chain in configuration.pinMap.chains.prefix(configuration.geometry.parallel) {
            // Code bit k is colour signal k; `rgb-sequence` says which line carries it.
            let masks: [UInt32] = lineOfSignal.map { UInt32(1) << UInt32(chain.lines[$0]) }
            for code in 0..<64 {
                words.append((0..<6).reduce(UInt32(0)) { word, k in code >> k & 1 == 1 ? word | masks[k] : word })
            }
        }
        codeWords = words
        let transfer = configuration.transfer, maxLevel = configuration.maxLevel
        let percent = configuration.brightnessPercent
        // A value the panel shows at full brightness stays lit, at level 1 at least, when dimmed:
        // with few PWM bits and a low brightness it would otherwise round to dark (a menu's
        // selection bar vanishing at 5 % with pwm-bits=4).
        func kept(_ full: UInt32, _ dimmed: UInt32) -> UInt16 { UInt16(full == 0 ? 0 : max(1, dimmed)) }
        if transfer == .linear {
            // Brightness scales the top of the linear map: 100 % reaches maxLevel, 50 % half of it.
            let top = UInt32((maxLevel * percent + 50) / 100), full = UInt32(maxLevel)
            levelTable = (0...65535).map { kept((UInt32($0) * full + 32767) / 65535, (UInt32($0) * top + 32767) / 65535) }
        } else {
            levelTable = (0...65535).map {
                let full = transfer.level(for: UInt16($0), maxLevel: maxLevel)
                return kept(UInt32(full), UInt32((full * percent + 50) / 100))
            }
        }
    }

    /// Zeroed planes of the right shape for this encoder.
    public func makePlanes() -> HUB75Planes {
        HUB75Planes(geometry: configuration.geometry, pwmBits: configuration.pwmBits)
    }

    /// Writes `frame` (exactly `geometry.width × geometry.height`) into `planes` (from
    /// `makePlanes()` or a framebuffer of the same configuration), replacing all of it.
    ///
    /// For each column of each row address, the six colour values of a chain (upper and lower
    /// half) become levels; the spread tables turn each level into one bit per plane, as its
    /// line's bit of that plane's 6-bit code (a byte per plane), and `codeWords` maps each code
    /// to its pin word. Further parallel chains OR their words in.
    public func encode(_ frame: Frame, into planes: HUB75Planes) {
        let g = configuration.geometry
        precondition(frame.width == g.width && frame.height == g.height,
                     "HUB75 frame is \(frame.width)×\(frame.height) but the panel is \(g.width)×\(g.height)")
        precondition(planes.scan == g.scan && planes.chainLength == g.chainLength && planes.pwmBits == configuration.pwmBits,
                     "HUB75 planes were made for another configuration")
        let scan = g.scan, rows = g.rows, length = g.chainLength
        let bits = configuration.pwmBits, lowPlanes = min(bits, 8), highPlanes = bits - lowPlanes
        let words = planes.words

        frame.pixels.withUnsafeBufferPointer { pixels in
            codeWords.withUnsafeBufferPointer { codeWords in
                levelTable.withUnsafeBufferPointer { level in
                    Self.spread.withUnsafeBufferPointer { spread in
                            // Writes `planeCount` plane words from the codes in the bytes of `codes`.
                            @inline(__always) func put(_ codes: UInt64, _ planeCount: Int, _ chainWords: UnsafePointer<UInt32>,
                                                       _ out: inout UnsafeMutablePointer<UInt32>, merge: Bool) {
                                var codes = codes
                                for _ in 0..<planeCount {
                                    let word = chainWords[Int(truncatingIfNeeded: codes & 0xFF)]
                                    out.pointee = merge ? out.pointee | word : word
                                    codes >>= 8
                                    out += length
                                }
                            }
                            for chain in 0..<g.parallel {
                                let chainWords = codeWords.baseAddress! + chain * 64
                                for row in 0..<scan {
                                    let upper = pixels.baseAddress! + (chain * rows + row) * length
                                    let lower = upper + scan * length
                                    let run = words + planes.runStart(row: row, plane: 0)
                                    for x in 0..<length {
                                        var low: UInt64 = 0, high: UInt64 = 0
                                        @inline(__always) func add(_ value: UInt16, line k: Int) {
                                            let l = Int(level[Int(value)])
                                            low |= spread[k << 8 | (l & 0xFF)]
                                            high |= spread[k << 8 | (l >> 8)]
                                        }
                                        let p = upper[x], q = lower[x]
                                        add(p.red, line: 0); add(p.green, line: 1); add(p.blue, line: 2)
                                        add(q.red, line: 3); add(q.green, line: 4); add(q.blue, line: 5)
                                        var out = run + x
                                        put(low, lowPlanes, chainWords, &out, merge: chain > 0)
                                        put(high, highPlanes, chainWords, &out, merge: chain > 0)
                                    }
                                }
                            }
                    }
                }
            }
        }
    }
}
