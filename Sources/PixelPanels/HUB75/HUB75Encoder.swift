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
    /// Pin mask per (chain, half, colour): index (chain × 2 + half) × 3 + colour.
    private let channelMasks: [UInt32]
    /// For `.cie1931`: the level of every 16-bit value (65536 entries); empty for `.linear`.
    private let levelTable: [UInt16]

    /// Prepares masks (and for `.cie1931` a 128 KiB level table) for `configuration`.
    public init(configuration: HUB75Configuration) {
        self.configuration = configuration
        var masks: [UInt32] = []
        for chain in configuration.pinMap.chains.prefix(configuration.geometry.parallel) {
            for line in chain.lines { masks.append(1 << UInt32(line)) }
        }
        channelMasks = masks
        if configuration.transfer == .linear {
            levelTable = []
        } else {
            let transfer = configuration.transfer, maxLevel = configuration.maxLevel
            let percent = configuration.brightnessPercent
            levelTable = (0...65535).map { UInt16((transfer.level(for: UInt16($0), maxLevel: maxLevel) * percent + 50) / 100) }
        }
    }

    /// Zeroed planes of the right shape for this encoder.
    public func makePlanes() -> HUB75Planes {
        HUB75Planes(geometry: configuration.geometry, pwmBits: configuration.pwmBits)
    }

    /// Writes `frame` (exactly `geometry.width × geometry.height`) into `planes` (from
    /// `makePlanes()` or a framebuffer of the same configuration), replacing all of it.
    public func encode(_ frame: Frame, into planes: HUB75Planes) {
        let g = configuration.geometry
        precondition(frame.width == g.width && frame.height == g.height,
                     "HUB75 frame is \(frame.width)×\(frame.height) but the panel is \(g.width)×\(g.height)")
        precondition(planes.scan == g.scan && planes.chainLength == g.chainLength && planes.pwmBits == configuration.pwmBits,
                     "HUB75 planes were made for another configuration")
        let scan = g.scan, rows = g.rows, length = g.chainLength, parallel = g.parallel
        let bits = configuration.pwmBits
        // Brightness scales the top of the linear map: 100 % reaches maxLevel, 50 % half of it.
        let maxLevel = UInt32((configuration.maxLevel * configuration.brightnessPercent + 50) / 100)
        let linear = levelTable.isEmpty
        let words = planes.words

        frame.pixels.withUnsafeBufferPointer { pixels in
            channelMasks.withUnsafeBufferPointer { masks in
                levelTable.withUnsafeBufferPointer { table in
                    @inline(__always) func level(_ value: UInt16) -> UInt32 {
                        linear ? (UInt32(value) * maxLevel + 32767) / 65535 : UInt32(table[Int(value)])
                    }
                    var planeWords = InlineArray<11, UInt32>(repeating: 0)
                    @inline(__always) func spread(_ level: UInt32, _ mask: UInt32) {
                        for b in 0..<bits {
                            planeWords[b] |= mask & (0 &- ((level >> UInt32(b)) & 1))
                        }
                    }
                    for row in 0..<scan {
                        for x in 0..<length {
                            for b in 0..<bits { planeWords[b] = 0 }
                            for chain in 0..<parallel {
                                for half in 0..<2 {
                                    let pixel = pixels[(chain * rows + half * scan + row) * length + x]
                                    let m = (chain * 2 + half) * 3
                                    spread(level(pixel.red), masks[m])
                                    spread(level(pixel.green), masks[m + 1])
                                    spread(level(pixel.blue), masks[m + 2])
                                }
                            }
                            var index = planes.runStart(row: row, plane: 0) + x
                            for b in 0..<bits {
                                words[index] = planeWords[b]
                                index += length
                            }
                        }
                    }
                }
            }
        }
    }
}
