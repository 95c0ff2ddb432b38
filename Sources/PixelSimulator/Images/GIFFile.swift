import CGIF

/// An animated GIF decoded into full frames.
public struct GIFAnimation: Hashable, Sendable {
    /// Width of the logical screen in pixels.
    public var width: Int
    /// Height of the logical screen in pixels.
    public var height: Int
    /// Each frame as it appears on screen once drawn (earlier frames, disposal and
    /// transparency applied; the screen starts black).
    public var frames: [RGBImage8]
    /// How long each frame stays up, in hundredths of a second (0 when the file gives none).
    public var delaysCentiseconds: [Int]
    /// The NETSCAPE2.0 loop count: nil when the file has no loop extension (play once),
    /// 0 for "loop forever", otherwise the number of repetitions.
    public var loopCount: Int?

    /// Whether the animation repeats forever (a NETSCAPE2.0 extension with loop count 0).
    public var loopsForever: Bool { loopCount == 0 }

    /// An animation from its parts.
    public init(width: Int, height: Int, frames: [RGBImage8], delaysCentiseconds: [Int], loopCount: Int?) {
        self.width = width
        self.height = height
        self.frames = frames
        self.delaysCentiseconds = delaysCentiseconds
        self.loopCount = loopCount
    }
}

/// Writes animated GIFs with giflib (and reads them back, mainly for tests).
///
/// Every frame gets its own local colour table: a frame with at most 256 distinct colours
/// is stored exactly; a frame with more is reduced to 256 colours by a deterministic
/// median cut and each pixel is mapped to the nearest palette colour (see
/// `ColorQuantizer`). The output depends only on the input, never on the machine or run.
public enum GIFFile {
    /// The animation as GIF89a bytes. `delaysCentiseconds[i]` is how long frame `i` stays up
    /// (0...65535 hundredths of a second; see `delays(fps:frameCount:)`). With `loop` the
    /// animation repeats forever (a NETSCAPE2.0 extension with loop count 0); without it,
    /// it plays once.
    ///
    /// - Throws: `ImageFileError.invalidAnimation` when there are no frames, the frames differ
    ///   in size, a frame is larger than 65535 pixels in either direction, the delay count
    ///   differs from the frame count or a delay is out of range;
    ///   `ImageFileError.encodingFailed` if giflib fails.
    public static func encode(frames: [RGBImage8], delaysCentiseconds: [Int], loop: Bool = true) throws -> [UInt8] {
        guard let first = frames.first else {
            throw ImageFileError.invalidAnimation(detail: "there are no frames")
        }
        guard delaysCentiseconds.count == frames.count else {
            throw ImageFileError.invalidAnimation(
                detail: "\(frames.count) frames but \(delaysCentiseconds.count) delays; give one delay per frame")
        }
        let encoder = try GIFEncoder(width: first.width, height: first.height, loop: loop)
        for (frame, delay) in zip(frames, delaysCentiseconds) {
            try encoder.append(frame, delayCentiseconds: delay)
        }
        return try encoder.finish()
    }

    /// Encodes the animation (see `encode(frames:delaysCentiseconds:loop:)`) and writes it to
    /// `path` atomically (see `AtomicFile`).
    ///
    /// - Throws: the errors of `encode(frames:delaysCentiseconds:loop:)` and
    ///   `ImageFileError.cannotWrite`.
    public static func write(frames: [RGBImage8], delaysCentiseconds: [Int], loop: Bool = true,
                             to path: String) throws {
        try AtomicFile.write(encode(frames: frames, delaysCentiseconds: delaysCentiseconds, loop: loop), to: path)
    }

    /// Reads the GIF file at `path`; see `decode(_:)`.
    ///
    /// - Throws: `ImageFileError.cannotRead`, or a decoding error that names `path`.
    public static func read(path: String) throws -> GIFAnimation {
        let bytes = try FileBytes.read(path: path)
        do {
            return try decode(bytes)
        } catch let error as ImageFileError {
            throw error.naming(path)
        }
    }

    /// Decodes a GIF (87a or 89a, still or animated) into full frames.
    ///
    /// Frames are composed the way viewers show them: the screen starts black, each image is
    /// drawn at its position with its transparent colour skipped, and the previous frame's
    /// disposal is applied first ("restore to background" clears to black). All frames are
    /// held in memory.
    ///
    /// - Throws: `ImageFileError.notGIF` if the data does not start with `GIF87a`/`GIF89a`,
    ///   `ImageFileError.damagedGIF` if giflib cannot decode it, `ImageFileError.tooLarge` if the
    ///   screen has more than 2^27 pixels.
    public static func decode(_ bytes: [UInt8]) throws -> GIFAnimation {
        guard bytes.count >= 6, bytes[0..<6].elementsEqual("GIF87a".utf8) || bytes[0..<6].elementsEqual("GIF89a".utf8) else {
            throw ImageFileError.notGIF(path: nil)
        }
        let source = ByteSource(bytes)
        return try withExtendedLifetime(source) {
            var error: Int32 = 0
            let opened = DGifOpen(Unmanaged.passUnretained(source).toOpaque(), { gif, buffer, count in
                guard let gif, let buffer, count > 0, let user = gif.pointee.UserData else { return 0 }
                return Unmanaged<ByteSource>.fromOpaque(user).takeUnretainedValue()
                    .copy(into: buffer, count: Int(count))
            }, &error)
            guard let gif = opened else {
                throw ImageFileError.damagedGIF(path: nil, detail: gifMessage(error))
            }
            defer { _ = DGifCloseFile(gif, nil) }
            guard DGifSlurp(gif) == GIF_OK else {
                throw ImageFileError.damagedGIF(path: nil, detail: gifMessage(gif.pointee.Error))
            }
            return try compose(gif)
        }
    }

    /// Per-frame delays in hundredths of a second for `frameCount` frames at `fps` frames per
    /// second, such that the time at which frame `k` starts is `k·100/fps` rounded to the
    /// nearest centisecond (halves up): `delay[k] = round((k+1)·100/fps) − round(k·100/fps)`.
    ///
    /// So the cumulative time never drifts more than half a centisecond from the ideal and the
    /// average rate is exact: 30 fps gives 3, 4, 3, 3, 4, 3, … and 30 frames sum to 100.
    /// Note that many viewers show delays below 2 cs as 10 cs, so rates above 50 fps play
    /// slower than intended.
    ///
    /// - Precondition: `fps > 0`, `frameCount >= 0`.
    public static func delays(fps: Int, frameCount: Int) -> [Int] {
        precondition(fps > 0, "fps must be positive, got \(fps)")
        precondition(frameCount >= 0, "frame count must not be negative, got \(frameCount)")
        func start(_ k: Int) -> Int { (k * 200 + fps) / (2 * fps) }
        return (0..<frameCount).map { start($0 + 1) - start($0) }
    }

    // MARK: - Decoding helpers

    /// Builds the full frames, delays and loop count from a slurped GIF.
    private static func compose(_ gif: UnsafeMutablePointer<GifFileType>) throws -> GIFAnimation {
        let width = Int(gif.pointee.SWidth), height = Int(gif.pointee.SHeight)
        guard width > 0, height > 0 else {
            throw ImageFileError.damagedGIF(path: nil, detail: "the screen is \(width)x\(height) pixels")
        }
        guard width <= ImageLimits.maximumPixels / height else {
            throw ImageFileError.tooLarge(path: nil, width: width, height: height,
                                          maximumPixels: ImageLimits.maximumPixels)
        }
        var canvas = [UInt8](repeating: 0, count: width * height * 3)
        var frames: [RGBImage8] = []
        var delays: [Int] = []
        var loopCount: Int? = nil
        let count = Int(gif.pointee.ImageCount)
        guard count > 0, let saved = gif.pointee.SavedImages else {
            throw ImageFileError.damagedGIF(path: nil, detail: "the file holds no images")
        }
        for index in 0..<count {
            let image = saved[index]
            if loopCount == nil { loopCount = netscapeLoopCount(image.ExtensionBlocks, Int(image.ExtensionBlockCount)) }

            var control = GraphicsControlBlock(DisposalMode: DISPOSAL_UNSPECIFIED, UserInputFlag: false,
                                               DelayTime: 0, TransparentColor: NO_TRANSPARENT_COLOR)
            _ = DGifSavedExtensionToGCB(gif, Int32(index), &control)  // leaves the defaults when absent
            delays.append(Int(control.DelayTime))

            let desc = image.ImageDesc
            guard let map = desc.ColorMap ?? gif.pointee.SColorMap, let colors = map.pointee.Colors else {
                throw ImageFileError.damagedGIF(path: nil, detail: "frame \(index + 1) has no colour table")
            }
            let colorCount = Int(map.pointee.ColorCount)
            let left = Int(desc.Left), top = Int(desc.Top), w = Int(desc.Width), h = Int(desc.Height)
            let saveForRestore = control.DisposalMode == DISPOSE_PREVIOUS ? canvas : nil
            if let raster = image.RasterBits, w > 0, h > 0 {
                for y in max(0, top) ..< min(height, top + h) {
                    for x in max(0, left) ..< min(width, left + w) {
                        let value = Int(raster[(y - top) * w + (x - left)])
                        if value == Int(control.TransparentColor) { continue }
                        let o = (y * width + x) * 3
                        if value < colorCount {
                            let c = colors[value]
                            canvas[o] = c.Red; canvas[o + 1] = c.Green; canvas[o + 2] = c.Blue
                        } else {
                            canvas[o] = 0; canvas[o + 1] = 0; canvas[o + 2] = 0
                        }
                    }
                }
            }
            frames.append(RGBImage8(width: width, height: height, bytes: canvas))

            switch control.DisposalMode {
            case DISPOSE_BACKGROUND:
                for y in max(0, top) ..< min(height, top + h) where left < width && left + w > 0 {
                    let from = (y * width + max(0, left)) * 3, to = (y * width + min(width, left + w)) * 3
                    for o in from..<to { canvas[o] = 0 }
                }
            case DISPOSE_PREVIOUS:
                if let saveForRestore { canvas = saveForRestore }
            default:
                break
            }
        }
        if loopCount == nil {
            loopCount = netscapeLoopCount(gif.pointee.ExtensionBlocks, Int(gif.pointee.ExtensionBlockCount))
        }
        return GIFAnimation(width: width, height: height, frames: frames, delaysCentiseconds: delays,
                            loopCount: loopCount)
    }

    /// The loop count of a NETSCAPE2.0 (or ANIMEXTS1.0) application extension among `blocks`,
    /// or nil when there is none.
    private static func netscapeLoopCount(_ blocks: UnsafeMutablePointer<ExtensionBlock>?, _ count: Int) -> Int? {
        guard let blocks, count > 1 else { return nil }
        for i in 0..<(count - 1) {
            let block = blocks[i]
            guard block.Function == APPLICATION_EXT_FUNC_CODE, block.ByteCount == 11, let bytes = block.Bytes else { continue }
            let name = UnsafeBufferPointer(start: bytes, count: 11)
            guard name.elementsEqual("NETSCAPE2.0".utf8) || name.elementsEqual("ANIMEXTS1.0".utf8) else { continue }
            let next = blocks[i + 1]
            guard next.Function == CONTINUE_EXT_FUNC_CODE, next.ByteCount >= 3, let data = next.Bytes, data[0] == 1 else {
                continue
            }
            return Int(data[1]) | Int(data[2]) << 8
        }
        return nil
    }

    /// giflib's text for an error code.
    static func gifMessage(_ code: Int32) -> String {
        if let text = GifErrorString(code) { return String(cString: text) }
        return "giflib error \(code)"
    }
}

/// Encodes an animated GIF one frame at a time, so a long animation never has to be held in
/// memory as RGB frames: only the compressed output grows.
///
/// Create it with the screen size, `append` frames with their delays, then `finish` to get
/// the bytes. Not thread-safe; use it from one task.
public final class GIFEncoder {
    /// Frame width in pixels.
    public let width: Int
    /// Frame height in pixels.
    public let height: Int
    /// Frames appended so far.
    public private(set) var frameCount = 0

    private let sink = ByteSink()
    private var file: UnsafeMutablePointer<GifFileType>?

    /// Starts a GIF89a of `width × height` pixels (each 1...65535). With `loop` it repeats
    /// forever (NETSCAPE2.0 extension, loop count 0); without it, it plays once.
    ///
    /// - Throws: `ImageFileError.invalidAnimation` for a bad size,
    ///   `ImageFileError.encodingFailed` if giflib fails.
    public init(width: Int, height: Int, loop: Bool = true) throws {
        guard (1...65535).contains(width), (1...65535).contains(height) else {
            throw ImageFileError.invalidAnimation(
                detail: "frames are \(width)x\(height) pixels; a GIF frame is 1 to 65535 pixels each way")
        }
        self.width = width
        self.height = height
        var error: Int32 = 0
        let opened = EGifOpen(Unmanaged.passUnretained(sink).toOpaque(), { gif, data, count in
            guard let gif, let user = gif.pointee.UserData else { return 0 }
            guard let data, count > 0 else { return count == 0 ? 0 : -1 }
            Unmanaged<ByteSink>.fromOpaque(user).takeUnretainedValue()
                .bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(count)))
            return count
        }, &error)
        guard let opened else {
            throw ImageFileError.encodingFailed(format: "GIF", detail: GIFFile.gifMessage(error))
        }
        file = opened
        // Graphics control and application extensions need GIF89a; giflib's low-level API
        // would otherwise write a GIF87a header.
        EGifSetGifVersion(opened, true)
        try check(EGifPutScreenDesc(opened, Int32(width), Int32(height), 8, 0, nil))
        if loop {
            try check(EGifPutExtensionLeader(opened, APPLICATION_EXT_FUNC_CODE))
            try check(Array("NETSCAPE2.0".utf8).withUnsafeBytes { EGifPutExtensionBlock(opened, 11, $0.baseAddress) })
            // Sub-block 1 (loop count), little-endian count 0 = forever.
            try check([UInt8]([1, 0, 0]).withUnsafeBytes { EGifPutExtensionBlock(opened, 3, $0.baseAddress) })
            try check(EGifPutExtensionTrailer(opened))
        }
    }

    deinit {
        if let file { _ = EGifCloseFile(file, nil) }
    }

    /// Adds a frame shown for `delayCentiseconds` hundredths of a second (0...65535).
    ///
    /// The frame is stored whole with its own colour table: exactly if it has at most 256
    /// distinct colours, otherwise reduced by `ColorQuantizer`.
    ///
    /// - Throws: `ImageFileError.invalidAnimation` if the size differs from the encoder's, the
    ///   delay is out of range or the encoder is finished; `ImageFileError.encodingFailed` if
    ///   giflib fails (the encoder is then finished).
    public func append(_ image: RGBImage8, delayCentiseconds: Int) throws {
        guard let file else {
            throw ImageFileError.invalidAnimation(detail: "the encoder is already finished")
        }
        guard image.width == width, image.height == height else {
            throw ImageFileError.invalidAnimation(
                detail: "frame \(frameCount + 1) is \(image.width)x\(image.height) but the animation is \(width)x\(height)")
        }
        guard (0...65535).contains(delayCentiseconds) else {
            throw ImageFileError.invalidAnimation(
                detail: "frame \(frameCount + 1) has a delay of \(delayCentiseconds) cs; GIF delays are 0 to 65535 cs")
        }
        let (palette, indices) = ColorQuantizer.quantize(image)
        let width = self.width, height = self.height

        // Graphics control extension: disposal 1 (leave in place), no user input, no
        // transparency; delay little-endian.
        let control: [UInt8] = [0x04, UInt8(delayCentiseconds & 0xFF), UInt8(delayCentiseconds >> 8), 0]
        try check(control.withUnsafeBytes { EGifPutExtension(file, GRAPHICS_EXT_FUNC_CODE, 4, $0.baseAddress) })

        // giflib wants a power-of-two table of at least 2 entries; pad with black.
        var bits = 1
        while 1 << bits < palette.count { bits += 1 }
        var colors = palette.map { GifColorType(Red: UInt8($0 >> 16), Green: UInt8($0 >> 8 & 0xFF), Blue: UInt8($0 & 0xFF)) }
        colors += Array(repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: (1 << bits) - colors.count)
        let described = colors.withUnsafeMutableBufferPointer { table in
            var map = ColorMapObject(ColorCount: Int32(table.count), BitsPerPixel: Int32(bits), SortFlag: false,
                                     Colors: table.baseAddress)
            return EGifPutImageDesc(file, 0, 0, Int32(width), Int32(height), false, &map)  // giflib copies the map
        }
        try check(described)

        // EGifPutLine masks the pixels in place, so it gets a private copy.
        var rows = indices
        let written = rows.withUnsafeMutableBufferPointer { pixels -> Int32 in
            for y in 0..<height {
                let result = EGifPutLine(file, pixels.baseAddress! + y * width, Int32(width))
                if result != GIF_OK { return result }
            }
            return GIF_OK
        }
        try check(written)
        frameCount += 1
    }

    /// Ends the GIF and returns its bytes. The encoder cannot be used afterwards.
    ///
    /// - Throws: `ImageFileError.invalidAnimation` if no frame was appended or it is already
    ///   finished; `ImageFileError.encodingFailed` if giflib fails.
    public func finish() throws -> [UInt8] {
        guard let file else {
            throw ImageFileError.invalidAnimation(detail: "the encoder is already finished")
        }
        self.file = nil
        var error: Int32 = 0
        let closed = EGifCloseFile(file, &error)
        guard frameCount > 0 else {
            throw ImageFileError.invalidAnimation(detail: "there are no frames")
        }
        guard closed == GIF_OK else {
            throw ImageFileError.encodingFailed(format: "GIF", detail: GIFFile.gifMessage(error))
        }
        return sink.bytes
    }

    /// Throws giflib's error (and closes the file) unless `result` is `GIF_OK`.
    private func check(_ result: Int32) throws {
        guard result != GIF_OK else { return }
        guard let file else {
            throw ImageFileError.encodingFailed(format: "GIF", detail: "the encoder is closed")
        }
        let detail = GIFFile.gifMessage(file.pointee.Error)
        self.file = nil
        _ = EGifCloseFile(file, nil)
        throw ImageFileError.encodingFailed(format: "GIF", detail: detail)
    }
}

/// Collects giflib's output.
private final class ByteSink {
    var bytes: [UInt8] = []
}

/// Feeds giflib its input from memory.
private final class ByteSource {
    let bytes: [UInt8]
    var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Copies up to `count` bytes into `buffer`; returns how many were copied.
    func copy(into buffer: UnsafeMutablePointer<UInt8>, count: Int) -> Int32 {
        let n = min(count, bytes.count - offset)
        guard n > 0 else { return 0 }
        bytes.withUnsafeBufferPointer { source in
            buffer.update(from: source.baseAddress! + offset, count: n)
        }
        offset += n
        return Int32(n)
    }
}

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
