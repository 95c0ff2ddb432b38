import CGIF
import PixelSystem

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
    ///   `FileError.cannotWrite`.
    public static func write(frames: [RGBImage8], delaysCentiseconds: [Int], loop: Bool = true,
                             to path: String) throws {
        try AtomicFile.write(encode(frames: frames, delaysCentiseconds: delaysCentiseconds, loop: loop), to: path)
    }

    /// Reads the GIF file at `path`; see `decode(_:)`.
    ///
    /// - Throws: `FileError.cannotRead`, or a decoding error that names `path`.
    public static func read(path: String) throws -> GIFAnimation {
        let bytes = try FileBytes.read(path)
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
        return (0..<frameCount).map { frameStart($0 + 1, fps: fps) - frameStart($0, fps: fps) }
    }

    /// When frame `k` of a GIF keeping every `stride`-th of `fps` frames a second starts, in
    /// whole centiseconds: k·stride/fps seconds rounded to the nearest. The delay of frame k is
    /// `frameStart(k + 1) - frameStart(k)`, so rounding never accumulates (see `delays`).
    public static func frameStart(_ k: Int, fps: Int, stride: Int = 1) -> Int {
        (k * stride * 200 + fps) / (2 * fps)
    }

    // MARK: - Decoding helpers

    /// The positions of a span of `length` from `start` that fall on 0..<`limit`; empty when
    /// none does (a frame beside the screen, or of no size).
    static func overlap(_ start: Int, _ length: Int, _ limit: Int) -> Range<Int> {
        let lower = max(0, start), upper = min(limit, start + max(0, length))
        return lower < upper ? lower..<upper : 0..<0
    }

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
        // Every frame is kept whole: bound them all together, as for one large image.
        guard count <= ImageLimits.maximumPixels / (width * height) else {
            throw ImageFileError.tooLarge(path: nil, width: width, height: height * count, maximumPixels: ImageLimits.maximumPixels)
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
            // The part of the frame on the screen: empty for a frame placed off it, as a
            // damaged or hostile file may place one.
            let rows = Self.overlap(top, h, height), columns = Self.overlap(left, w, width)
            let saveForRestore = control.DisposalMode == DISPOSE_PREVIOUS ? canvas : nil
            if let raster = image.RasterBits, w > 0, h > 0 {
                for y in rows {
                    for x in columns {
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
                for y in rows where !columns.isEmpty {
                    for o in ((y * width + columns.lowerBound) * 3)..<((y * width + columns.upperBound) * 3) { canvas[o] = 0 }
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
