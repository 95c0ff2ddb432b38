extension LinearColor {
    /// The nearest 8-bit sRGB code of every 16-bit linear level (65536 entries, 64 KiB), ties
    /// to the lower code: `Tables.srgbToLinear` inverted. Built on first use in one sweep,
    /// because the levels of successive codes only increase.
    @usableFromInline static let srgbCodes: [UInt8] = {
        let table = Tables.srgbToLinear
        var codes = [UInt8](repeating: 0, count: 65536)
        var below = 0  // the largest code whose level is ≤ level
        for level in 0...65535 {
            while below < 255 && Int(table[below + 1]) <= level { below += 1 }
            let up = below < 255 && Int(table[below + 1]) - level < level - Int(table[below])
            codes[level] = UInt8(up ? below + 1 : below)
        }
        return codes
    }()
}

extension Frame {
    /// The frame as 8-bit sRGB: red, green, blue bytes per LED, row-major, each channel
    /// `LinearColor.encode` of its level. One table look-up per channel.
    public var srgbBytes: [UInt8] {
        let count = pixels.count * 3
        return [UInt8](unsafeUninitializedCapacity: count) { bytes, initialized in
            LinearColor.srgbCodes.withUnsafeBufferPointer { codes in
                pixels.withUnsafeBufferPointer { source in
                    var out = 0
                    for p in source {
                        bytes[out] = codes[Int(p.red)]
                        bytes[out + 1] = codes[Int(p.green)]
                        bytes[out + 2] = codes[Int(p.blue)]
                        out += 3
                    }
                }
            }
            initialized = count
        }
    }
}
