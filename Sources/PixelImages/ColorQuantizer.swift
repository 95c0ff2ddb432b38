/// Reduces an image to at most 256 colours for a GIF frame, deterministically and with
/// integer maths only.
enum ColorQuantizer {
    /// A palette (packed `0xRRGGBB`, at most `maxColors` entries) and one palette index per pixel.
    ///
    /// With at most `maxColors` distinct colours the palette is exactly those colours in
    /// ascending `0xRRGGBB` order. Otherwise it comes from `medianCut`, and each pixel gets the
    /// palette entry nearest in squared sRGB distance (lowest index on ties).
    static func quantize(_ image: RGBImage8, maxColors: Int = 256) -> (palette: [UInt32], indices: [UInt8]) {
        precondition((1...256).contains(maxColors))
        let bytes = image.bytes
        var packed = [UInt32](repeating: 0, count: image.pixelCount)
        var counts: [UInt32: Int] = [:]
        for i in 0..<packed.count {
            let rgb = UInt32(bytes[3 * i]) << 16 | UInt32(bytes[3 * i + 1]) << 8 | UInt32(bytes[3 * i + 2])
            packed[i] = rgb
            counts[rgb, default: 0] += 1
        }
        let distinct = counts.keys.sorted()
        var indexOf: [UInt32: UInt8] = [:]
        indexOf.reserveCapacity(distinct.count)
        let palette: [UInt32]
        if distinct.count <= maxColors {
            palette = distinct
            for (i, rgb) in distinct.enumerated() { indexOf[rgb] = UInt8(i) }
        } else {
            palette = medianCut(distinct.map { (rgb: $0, count: counts[$0]!) }, maxColors: maxColors)
            let search = NearestColor(palette)
            for rgb in distinct { indexOf[rgb] = UInt8(search.nearest(to: rgb)) }
        }
        return (palette, packed.map { indexOf[$0]! })
    }

    /// Channel `c` (0 red, 1 green, 2 blue) of a packed colour.
    @inline(__always) static func channel(_ rgb: UInt32, _ c: Int) -> Int {
        Int(rgb >> UInt32(16 - 8 * c) & 0xFF)
    }

    /// Median cut over distinct colours with pixel counts, to `maxColors` palette entries.
    ///
    /// Starting from one box holding every colour, it repeatedly splits the box whose widest
    /// channel range is largest (ties: more pixels, then the earlier box), across that channel
    /// (ties between channels: red, green, blue), at the pixel-weighted median, with colours
    /// ordered by that channel and then by `0xRRGGBB`. Each box's palette entry is the
    /// pixel-weighted mean of its colours, rounded to nearest. Boxes with one colour are
    /// never split.
    static func medianCut(_ colors: [(rgb: UInt32, count: Int)], maxColors: Int) -> [UInt32] {
        struct Box {
            var start: Int, end: Int, pixels: Int, widest: Int, range: Int
        }
        var entries = colors
        func makeBox(_ start: Int, _ end: Int) -> Box {
            var low = [255, 255, 255], high = [0, 0, 0], pixels = 0
            for e in entries[start..<end] {
                pixels += e.count
                for c in 0..<3 {
                    let v = channel(e.rgb, c)
                    low[c] = min(low[c], v); high[c] = max(high[c], v)
                }
            }
            var widest = 0
            for c in 1..<3 where high[c] - low[c] > high[widest] - low[widest] { widest = c }
            return Box(start: start, end: end, pixels: pixels, widest: widest, range: high[widest] - low[widest])
        }

        var boxes = [makeBox(0, entries.count)]
        while boxes.count < maxColors {
            var chosen = -1
            for (i, box) in boxes.enumerated() where box.end - box.start >= 2 {
                if chosen < 0 || box.range > boxes[chosen].range
                    || (box.range == boxes[chosen].range && box.pixels > boxes[chosen].pixels) {
                    chosen = i
                }
            }
            guard chosen >= 0 else { break }
            let box = boxes[chosen]
            let c = box.widest
            entries[box.start..<box.end].sort { a, b in
                let ka = channel(a.rgb, c), kb = channel(b.rgb, c)
                return ka != kb ? ka < kb : a.rgb < b.rgb
            }
            // First position where the pixels before it reach half the box; both halves non-empty.
            let half = (box.pixels + 1) / 2
            var split = box.start + 1, running = 0
            for i in box.start..<box.end {
                running += entries[i].count
                if running >= half { split = i + 1; break }
            }
            split = min(max(split, box.start + 1), box.end - 1)
            boxes[chosen] = makeBox(box.start, split)
            boxes.append(makeBox(split, box.end))
        }

        return boxes.map { box in
            var sums = [0, 0, 0]
            for e in entries[box.start..<box.end] {
                for c in 0..<3 { sums[c] += channel(e.rgb, c) * e.count }
            }
            let mean = sums.map { ($0 + box.pixels / 2) / box.pixels }
            return UInt32(mean[0]) << 16 | UInt32(mean[1]) << 8 | UInt32(mean[2])
        }
    }

    /// Nearest-palette-entry search by squared sRGB distance, pruned by sorting on red.
    struct NearestColor {
        /// Palette indices ordered by red, then index.
        private let order: [Int]
        /// Red of each entry in `order`.
        private let reds: [Int]
        private let greens: [Int]
        private let blues: [Int]

        init(_ palette: [UInt32]) {
            order = palette.indices.sorted { a, b in
                let ra = channel(palette[a], 0), rb = channel(palette[b], 0)
                return ra != rb ? ra < rb : a < b
            }
            reds = order.map { channel(palette[$0], 0) }
            greens = order.map { channel(palette[$0], 1) }
            blues = order.map { channel(palette[$0], 2) }
        }

        /// The index of the palette entry nearest to `rgb` (lowest index among equals).
        func nearest(to rgb: UInt32) -> Int {
            let r = channel(rgb, 0), g = channel(rgb, 1), b = channel(rgb, 2)
            var low = 0, high = order.count
            while low < high {
                let mid = (low + high) / 2
                if reds[mid] < r { low = mid + 1 } else { high = mid }
            }
            var best = Int.max, bestIndex = Int.max
            func consider(_ k: Int) {
                let dr = reds[k] - r, dg = greens[k] - g, db = blues[k] - b
                let d = dr * dr + dg * dg + db * db
                if d < best || (d == best && order[k] < bestIndex) { best = d; bestIndex = order[k] }
            }
            // Entries further along in red than the first one too far away cannot be nearer.
            var k = low
            while k < order.count, (reds[k] - r) * (reds[k] - r) <= best { consider(k); k += 1 }
            k = low - 1
            while k >= 0, (r - reds[k]) * (r - reds[k]) <= best { consider(k); k -= 1 }
            return bestIndex
        }
    }
}
