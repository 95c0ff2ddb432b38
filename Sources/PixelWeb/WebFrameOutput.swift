import PixelRuntime
import PixelCore
import PixelImages
import PixelPanels
import PixelUI

/// The frame message `pixelwheel web` sends: `46 01`, width and height (u16 big-endian), the
/// frame number and the click count so far (u32 big-endian), then width·height·3 bytes of sRGB,
/// row-major, top row first. The page plays a click sound for each rise of the click count.
public enum WebFrameMessage {
    /// Bytes before the pixels.
    public static let headerLength = 14

    /// The message for `frame`, frame number `number`, after `clicks` clicks.
    public static func encode(_ frame: Frame, number: Int, clicks: Int) -> [UInt8] {
        var bytes: [UInt8] = [0x46, 1]
        bytes.reserveCapacity(headerLength + frame.width * frame.height * 3)
        func append16(_ value: Int) { bytes += [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)] }
        func append32(_ value: Int) { append16(value >> 16); append16(value) }
        append16(frame.width)
        append16(frame.height)
        append32(number)
        append32(clicks)
        bytes += frame.srgbBytes
        return bytes
    }
}

/// The frame loop's side of `pixelwheel web`: each shown frame (the panel model's picture
/// when there is a panel) becomes a frame message for every browser, but only when the picture
/// or the click count changed; about once a second, and whenever something in it changes, a
/// status message (panel, measured frame rate, theme, viewers, recording). It also records a
/// GIF for a browser that pressed Record.
public final class WebFrameOutput: FrameOutput {
    private let broadcaster: WebBroadcaster
    private let panelText: String
    private let clicks: () -> Int
    private let theme: () -> Theme
    private let fps: Int
    private let now: () -> Int64
    private var lastPixels: [UInt8]?
    private var lastClicks = -1
    private var lastStatus: String?
    private var lastStatusAt: Int64?
    private var recording: (client: Int, recorder: GIFRecorder)?
    /// Frame messages published so far.
    public private(set) var published = 0

    /// Publishes to `broadcaster`; `panelText` describes the panel in the status line,
    /// `clicks` and `theme` read the app; `now` is monotonic ns.
    public init(broadcaster: WebBroadcaster, panelText: String, fps: Int, clicks: @escaping () -> Int, theme: @escaping () -> Theme,
                now: @escaping () -> Int64) {
        self.broadcaster = broadcaster
        self.panelText = panelText
        self.fps = fps
        self.clicks = clicks
        self.theme = theme
        self.now = now
    }

    public func show(_ frame: Frame, status: FrameStatus) throws {
        let pixels = frame.srgbBytes
        let clickCount = clicks()
        if pixels != lastPixels || clickCount != lastClicks {
            lastPixels = pixels
            lastClicks = clickCount
            broadcaster.publish(frame: WebFrameMessage.encode(frame, number: status.frames, clicks: clickCount))
            published += 1
        }
        try handleRecordRequests()
        if let active = recording {
            try active.recorder.append(frame)
            if active.recorder.isFull { try stopRecording() }
        }
        sendStatus(status)
    }

    private func handleRecordRequests() throws {
        for client in broadcaster.takeRecordRequests() {
            if recording != nil {
                try stopRecording(by: client)
            } else {
                recording = (client, GIFRecorder.webRecording(fps: fps))
                lastStatus = nil  // say so at once
            }
        }
    }

    /// Ends the recording: the GIF's address goes to the browser that started it and to the
    /// one that stopped it (they may differ, and a page that reconnected is a new client).
    private func stopRecording(by stopper: Int? = nil) throws {
        guard let active = recording else { return }
        recording = nil
        lastStatus = nil
        let told = Set([active.client] + (stopper.map { [$0] } ?? [])).sorted()
        guard let gif = try active.recorder.finish() else {
            let message = JSONValue.object([("type", .string("error")), ("message", .string("nothing was recorded: press Record, wait, then press it again"))]).text
            for client in told { broadcaster.send(text: message, to: client) }
            return
        }
        let number = broadcaster.store(recording: gif)
        let message = JSONValue.object([
            ("type", .string("recorded")), ("url", .string("/recordings/\(number).gif")), ("name", .string("pixelwheel-\(number).gif")),
        ]).text
        for client in told { broadcaster.send(text: message, to: client) }
    }

    private func sendStatus(_ status: FrameStatus) {
        let rate: JSONValue = status.measuredFPS.map { .decimal($0.tenths, places: 1) } ?? .int(Int64(fps))
        let viewers = broadcaster.clientCount
        let fields: [(String, JSONValue)] = [
            ("type", .string("status")), ("panel", .string(panelText)), ("fps", rate),
            ("theme", .string(theme().rawValue)), ("viewers", .int(Int64(viewers))), ("recording", .bool(recording != nil)),
        ]
        // The rate changes every frame; send the status each second, or at once when anything else changed.
        let withoutRate = JSONValue.object(fields.filter { $0.0 != "fps" }).text
        let at = now()
        guard withoutRate != lastStatus || lastStatusAt.map({ at - $0 >= 1_000_000_000 }) ?? true else { return }
        lastStatus = withoutRate
        lastStatusAt = at
        broadcaster.send(text: JSONValue.object(fields).text, isStatus: true)
    }


    /// Ends a recording in progress (so its GIF is not lost) and every browser's stream.
    public func finish() throws {
        defer { broadcaster.finish() }
        try stopRecording()
    }
}
