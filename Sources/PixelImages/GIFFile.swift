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
    /// Frames are composed the way viewers show them (see `GIFFrameReader`, which this reads
    /// through): the screen starts black, each image is drawn at its position with its
    /// transparent colour skipped, and the previous frame's disposal is applied first
    /// ("restore to background" clears to black). All frames are held in memory; to play a
    /// long animation frame by frame use `GIFFrameReader`.
    ///
    /// - Throws: `ImageFileError.notGIF` if the data does not start with `GIF87a`/`GIF89a`,
    ///   `ImageFileError.damagedGIF` if giflib cannot decode it, `ImageFileError.tooLarge` if the
    ///   screen, or all the frames together, have more than 2^27 pixels.
    public static func decode(_ bytes: [UInt8]) throws -> GIFAnimation {
        let reader = try GIFFrameReader(bytes: bytes, maximumScreenPixels: ImageLimits.maximumPixels)
        var frames: [RGBImage8] = []
        var delays: [Int] = []
        while let (frame, delay) = try reader.nextFrame() {
            // Every frame is kept whole: bound them all together, as for one large image.
            guard frames.count < ImageLimits.maximumPixels / (reader.width * reader.height) else {
                throw ImageFileError.tooLarge(path: nil, width: reader.width, height: reader.height * (frames.count + 1),
                                              maximumPixels: ImageLimits.maximumPixels)
            }
            frames.append(frame)
            delays.append(delay)
        }
        return GIFAnimation(width: reader.width, height: reader.height, frames: frames, delaysCentiseconds: delays,
                            loopCount: reader.loopCount)
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
