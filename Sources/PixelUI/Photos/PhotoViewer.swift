import PixelCore

/// Photos full screen: one photo at a time, stepped with the wheel, or a slideshow. It holds
/// the photo on screen (one frame; an animation decodes its frames as they play), the one
/// before it while they cross-fade, and a few still photos already fitted.
struct PhotoViewer {
    /// What a photo is opened with: the library, the panel's size and the Photo fit setting.
    typealias Opener = (PhotoItem) throws(PhotoProblem) -> OpenedPhoto

    /// The photos stepped through, and the order they are shown in (shuffled for a slideshow
    /// with Shuffle Photos on).
    let items: [PhotoItem]
    private(set) var order: [Int]
    private(set) var position = 0
    /// Whether the slideshow moves on by itself.
    var slideshow: Bool
    /// The picture on screen; nil with `problem` when the photo cannot be shown.
    private(set) var frame: Frame?
    /// Why the photo on screen cannot be shown, in one line.
    private(set) var problem: String?
    /// When the photo on screen appeared (its name shows for 1.5 s from then).
    private(set) var shownAt: FrameTime
    /// The picture being faded out, and when the fade began.
    private(set) var fadeFrom: Frame?
    private var animation: (any PhotoFrames)?
    private var frameEnds = FrameTime.zero
    /// Whole passes an animation has played, and whether it has stopped (its loop count reached).
    private(set) var passes = 0
    private(set) var finished = false
    /// Fitted still photos, newest last, at most `cachedStills`.
    private var stills: [(item: PhotoItem, frame: Frame)] = []

    /// Still photos kept fitted, so stepping back and forth does not decode them again.
    static let cachedStills = 8
    /// The most animation frames decoded for one update; further behind, the animation skips ahead.
    static let maximumFramesPerUpdate = 8

    /// A viewer of `items` from `start`, a slideshow when `slideshow`; `shuffle` orders the
    /// slideshow from that seed.
    init(items: [PhotoItem], start: Int, slideshow: Bool, shuffle: UInt64?, at time: FrameTime, open: Opener) {
        self.items = items
        self.slideshow = slideshow
        shownAt = time
        if let seed = shuffle {
            var random = SeededRandom(seed: seed)
            order = Array(items.indices).shuffled(using: &random)
        } else {
            order = Array(items.indices)
        }
        show(order.firstIndex(of: start) ?? 0, at: time, fade: false, open: open)
    }

    /// The photo on screen.
    var current: PhotoItem { items[order[position]] }

    /// Shows the photo `steps` away (wrapping round), fading from this one when `fade`.
    mutating func step(_ steps: Int, at time: FrameTime, fade: Bool, open: Opener) {
        let count = order.count
        show(((position + steps % count) % count + count) % count, at: time, fade: fade, open: open)
    }

    /// Plays the animation up to `time` and moves the slideshow on: after `interval`, and for an
    /// animation not before one whole pass; a photo that cannot be shown is skipped at once.
    mutating func update(at time: FrameTime, interval: FrameTime, fade: Bool, open: Opener) {
        playAnimation(until: time)
        guard slideshow, items.count > 1 else { return }
        for _ in items.indices {
            let due = time - shownAt >= interval && (animation == nil || passes >= 1 || finished)
            guard problem != nil || due else { return }
            step(1, at: time, fade: fade && problem == nil, open: open)
        }
        // Every photo failed: stop rather than decode them all again each frame.
        if problem != nil { slideshow = false }
    }

    private mutating func show(_ newPosition: Int, at time: FrameTime, fade: Bool, open: Opener) {
        fadeFrom = fade ? frame : nil
        position = newPosition
        shownAt = time
        animation = nil
        passes = 0
        finished = false
        problem = nil
        let item = current
        if let cached = stills.first(where: { $0.item == item }) {
            frame = cached.frame
            return
        }
        do {
            switch try open(item) {
            case let .still(still):
                frame = still
                stills.append((item, still))
                if stills.count > Self.cachedStills { stills.removeFirst() }
            case let .animation(first, milliseconds, rest):
                frame = first
                animation = rest
                frameEnds = time + .milliseconds(milliseconds)
            }
        } catch {
            frame = nil
            problem = error.message
        }
    }

    /// Decodes the animation's frames due by `time`: each stays up its delay; at the end it
    /// starts again while its loop count allows, else stays on its last frame. A damaged frame
    /// ends it there, on the frame before.
    private mutating func playAnimation(until time: FrameTime) {
        guard let animation, !finished else { return }
        var decoded = 0
        while time >= frameEnds {
            guard decoded < Self.maximumFramesPerUpdate else {
                frameEnds = time  // far behind (a slow decode): carry on from now
                return
            }
            decoded += 1
            do {
                if let next = try animation.nextFrame() {
                    frame = next.frame
                    frameEnds = frameEnds + .milliseconds(next.milliseconds)
                    continue
                }
                passes += 1
                guard let loops = animation.loopCount, loops == 0 || passes <= loops else {
                    finished = true
                    return
                }
                try animation.rewind()
            } catch {
                finished = true
                return
            }
        }
    }

    /// Draws the photo, cross-faded from the one before over `transition`, or the problem.
    func draw(on canvas: inout Canvas, at time: FrameTime, transition: FrameTime, palette: ThemePalette) {
        guard let frame, frame.width == canvas.width, frame.height == canvas.height else {
            ScreenPainter.lines(on: &canvas, title: current.title, lines: [problem ?? "cannot be shown"], palette: palette, time: time - shownAt)
            return
        }
        let elapsed = (time - shownAt).nanoseconds
        if let from = fadeFrom, from.width == frame.width, from.height == frame.height, transition.nanoseconds > 0, elapsed < transition.nanoseconds {
            // Linear light, integer weights: the same bits on every CPU.
            let weight = Int(max(0, elapsed) * 65536 / transition.nanoseconds), rest = 65536 - weight
            canvas.paintLEDs { y, row in
                for x in 0..<row.count {
                    let a = from[x, y], b = frame[x, y]
                    row[x] = LinearColor(red: UInt16((Int(a.red) * rest + Int(b.red) * weight) >> 16),
                                         green: UInt16((Int(a.green) * rest + Int(b.green) * weight) >> 16),
                                         blue: UInt16((Int(a.blue) * rest + Int(b.blue) * weight) >> 16))
                }
            }
        } else {
            canvas.paintLEDs { y, row in
                for x in 0..<row.count { row[x] = frame[x, y] }
            }
        }
        ScreenPainter.caption(on: &canvas, current.title, shownFor: time - shownAt, palette: palette)
    }
}
