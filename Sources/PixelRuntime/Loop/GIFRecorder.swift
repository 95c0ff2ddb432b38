import PixelCore
import PixelImages
import PixelSystem

/// Shown frames into an animated GIF, streamed: each picture goes into the encoder as it comes
/// and only the compressed GIF (and, when repeats are merged, the newest picture) is held. The
/// one GIF recorder of `render`, the web page's Record button and `web --record`.
///
/// Frame k of the GIF starts at k·stride/fps seconds rounded to whole centiseconds
/// (`GIFFile.frameStart`), so rounding never accumulates. Browsers play frames shorter than
/// 2/100 s slowly, so a recorder of more than `fastestFPS` frames a second keeps every
/// `stride`-th frame (stride = ⌈fps / 50⌉) and no delay is under 2 centiseconds.
public final class GIFRecorder {
    /// How a frame becomes a picture.
    public enum Look: Hashable, Sendable {
        /// `PanelPreview.render(_:style:)` in this style.
        case style(PanelPreviewStyle)
        /// Round dots about 512 pixels across in all, 2...16 pixels each (`fittedScale(for:)`).
        case fittedDots
    }

    /// The most GIF frames a second that browsers play at their speed: 50 (2 centiseconds each).
    public static let fastestFPS = 50

    private let fps: Int
    private let stride: Int
    private let look: Look
    private let mergesRepeats: Bool
    /// The longest recording, in seconds (nil: no limit).
    public let maximumSeconds: Int?
    private var encoder: GIFEncoder?
    private var shown = 0
    private var kept = 0
    /// The newest picture, not yet written: it may last longer.
    private var pending: (image: RGBImage8, delay: Int)?

    /// A recorder of frames shown `fps` times a second, drawn as `look`. With `mergesRepeats`
    /// a picture that stays the same (a menu nobody touches) is one GIF frame with a longer
    /// delay (up to 65535 centiseconds); without it every kept frame is a GIF frame. After
    /// `maximumSeconds` of frames it is full (`isFull`) and takes no more.
    public init(fps: Int, look: Look, mergesRepeats: Bool, maximumSeconds: Int? = nil) {
        self.fps = fps
        stride = (fps + Self.fastestFPS - 1) / Self.fastestFPS
        self.look = look
        self.mergesRepeats = mergesRepeats
        self.maximumSeconds = maximumSeconds
    }

    /// What the web simulator records, from its Record button and `web --record`: fitted round
    /// dots, repeats merged, at most 120 seconds.
    public static func webRecording(fps: Int) -> GIFRecorder {
        GIFRecorder(fps: fps, look: .fittedDots, mergesRepeats: true, maximumSeconds: 120)
    }

    /// True once `maximumSeconds` of frames were shown; never without a limit.
    public var isFull: Bool { maximumSeconds.map { shown >= $0 * fps } ?? false }

    /// The dot preview's scale for `frame`: dots about 512 pixels across in all, 2...16 pixels each.
    public static func fittedScale(for frame: Frame) -> Int { max(2, min(16, 512 / max(frame.width, frame.height / 2, 1))) }

    /// Adds a shown frame (every `stride`-th is kept); does nothing once full.
    public func append(_ frame: Frame) throws {
        guard !isFull else { return }
        defer { shown += 1 }
        guard shown % stride == 0 else { return }
        let delay = max(2, GIFFile.frameStart(kept + 1, fps: fps, stride: stride) - GIFFile.frameStart(kept, fps: fps, stride: stride))
        kept += 1
        let image: RGBImage8
        switch look {
        case let .style(style): image = PanelPreview.render(frame, style: style)
        case .fittedDots: image = PanelPreview.dots(frame, scale: Self.fittedScale(for: frame))
        }
        if mergesRepeats, let previous = pending, previous.image == image, previous.delay + delay <= 65535 {
            pending = (image, previous.delay + delay)
            return
        }
        try flush()
        pending = (image, delay)
        if !mergesRepeats { try flush() }
    }

    private func flush() throws {
        guard let (image, delay) = pending else { return }
        if encoder == nil { encoder = try GIFEncoder(width: image.width, height: image.height, loop: true) }
        try encoder!.append(image, delayCentiseconds: delay)
        pending = nil
    }

    /// The GIF, or nil when no frame was recorded. The recorder is empty afterwards.
    public func finish() throws -> [UInt8]? {
        try flush()
        guard let encoder else { return nil }
        self.encoder = nil
        return try encoder.finish()
    }
}

/// A `GIFRecorder` as a frame output: the GIF is written to `path` atomically when the loop
/// ends, and not at all when no frame was shown.
public final class GIFFileOutput: FrameOutput {
    private let path: String
    private let recorder: GIFRecorder
    private let whenFull: (_ seconds: Int) -> Void
    private var warned = false

    /// Records into `recorder`; `whenFull` hears once that it is full, with its limit in seconds.
    public init(path: String, recorder: GIFRecorder, whenFull: @escaping (_ seconds: Int) -> Void = { _ in }) {
        self.path = path
        self.recorder = recorder
        self.whenFull = whenFull
    }

    /// `web --record FILE.gif`: what is shown, as the Record button records it; at the limit a
    /// note on standard error says the GIF holds only the first seconds.
    public static func webRecord(path: String, fps: Int) -> GIFFileOutput {
        GIFFileOutput(path: path, recorder: .webRecording(fps: fps)) { seconds in
            Environment.printError("note: --record stopped at \(seconds) s; the GIF holds the first \(seconds) s")
        }
    }

    public func show(_ frame: Frame, status: FrameStatus) throws {
        guard !recorder.isFull else {
            if !warned { whenFull(recorder.maximumSeconds ?? 0) }
            warned = true
            return
        }
        try recorder.append(frame)
    }

    public func finish() throws {
        guard let gif = try recorder.finish() else { return }
        try AtomicFile.write(gif, to: path)
    }
}
