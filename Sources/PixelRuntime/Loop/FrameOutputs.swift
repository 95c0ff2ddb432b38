import PixelCore
import PixelEffects
import PixelImages
import PixelSimulator
import PixelSystem

/// A frame shown with no panel: brightness is applied to the picture itself (it has no
/// other path), then handed to `viewers`.
public final class PlainPanelOutput: FrameOutput {
    private let viewers: [any FrameOutput]
    private var level = Fixed.one

    /// Hands the dimmed frame to `viewers`.
    public init(viewers: [any FrameOutput]) { self.viewers = viewers }

    public func show(_ frame: Frame, status: FrameStatus) throws {
        var dimmed = frame
        if level != .one {
            for i in dimmed.pixels.indices { dimmed.pixels[i] = dimmed.pixels[i].scaled(by: level) }
        }
        for viewer in viewers { try viewer.show(dimmed, status: status) }
    }

    public func setBrightness(percent: Int) { level = Fixed(percent, over: 100) }

    public func finish() throws { for viewer in viewers { try viewer.finish() } }
}

/// A simulated panel: frames go through the same `PanelDriverOutput` as on the machine (so a
/// vanished chip is reported and probed again the same way) into the chip's device model, and
/// the model's picture goes to `viewers`. The panel's bus trace, if any, is written at the end.
public final class SimulatedPanelOutput: FrameOutput {
    /// The panel.
    public let panel: SimulatedPanel
    /// The driver output frames go through.
    public let driverOutput: PanelDriverOutput
    private let viewers: [any FrameOutput]
    private let trace: BusTraceFile?

    /// Shows frames on `panel`, its picture on `viewers`; writes `trace` when finished. `warn`
    /// hears a device going missing and coming back.
    public init(panel: SimulatedPanel, viewers: [any FrameOutput], trace: BusTraceFile? = nil,
                warn: @escaping (String) -> Void = { _ in }) {
        self.panel = panel; self.viewers = viewers; self.trace = trace
        driverOutput = PanelDriverOutput(driver: panel.driver, placement: .simulated, warn: warn)
    }

    public func show(_ frame: Frame, status: FrameStatus) throws {
        try driverOutput.show(frame, status: status)
        for viewer in viewers { try viewer.show(panel.picture, status: status) }
    }

    public func setBrightness(percent: Int) throws { try driverOutput.setBrightness(percent: percent) }

    public func finish() throws {
        var failure: (any Error)?
        do { try driverOutput.finish() } catch { failure = error }
        do { try trace?.write() } catch { if failure == nil { failure = error } }
        for viewer in viewers {
            do { try viewer.finish() } catch { if failure == nil { failure = error } }
        }
        if let failure { throw failure }
    }
}

/// Every shown frame as `DIR/frame-000000.png`, … (one pixel per LED, or round dots).
public final class PNGSequenceOutput: FrameOutput {
    private let directory: String
    private let scale: Int
    private let digits: Int

    /// Writes into `directory`; `scale` 1 is one pixel per LED, more draws dots that far
    /// apart. `lastFrame` sets how many digits the names need to sort in order.
    public init(directory: String, scale: Int, lastFrame: Int) {
        self.directory = directory
        self.scale = scale
        digits = max(6, String(lastFrame).count)
    }

    public func show(_ frame: Frame, status: FrameStatus) throws {
        let image = scale == 1 ? PanelPreview.raw(frame) : PanelPreview.dots(frame, scale: scale)
        try PNGFile.write(image, to: directory + "/" + Self.frameName(status.frames - 1, digits: digits))
    }


    /// `frame-000042.png`: the index padded to `digits` digits.
    public static func frameName(_ index: Int, digits: Int = 6) -> String {
        let text = String(index)
        return "frame-" + String(repeating: "0", count: max(0, digits - text.count)) + text + ".png"
    }
}

/// The last shown frame as one PNG, written when the loop ends.
public final class PNGStillOutput: FrameOutput {
    private let path: String
    private let raw: Bool
    private let scale: Int
    private var last: Frame?

    /// A PNG at `path`, one pixel per LED (`raw`) or dots `scale` pixels apart.
    public init(path: String, raw: Bool, scale: Int) { self.path = path; self.raw = raw; self.scale = scale }

    public func show(_ frame: Frame, status: FrameStatus) { last = frame }

    public func finish() throws {
        guard let last else { return }
        try PNGFile.write(raw ? PanelPreview.raw(last) : PanelPreview.dots(last, scale: scale), to: path)
    }
}

/// Calls `body` for every shown frame: tests and summaries.
public final class FrameCallbackOutput: FrameOutput {
    private let body: (Frame, FrameStatus) throws -> Void

    /// Calls `body` with each frame and the loop's status.
    public init(_ body: @escaping (Frame, FrameStatus) throws -> Void) { self.body = body }

    public func show(_ frame: Frame, status: FrameStatus) throws { try body(frame, status) }
}
