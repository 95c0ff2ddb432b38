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
