import PixelCore
import PixelInputs
import PixelNetwork
import PixelUI

/// The app with network streams over it: the frame source of a session whose set-up turns a
/// network protocol on. It only feeds frames: the frame loop polls it once per frame
/// (`poll(at:)`, never blocking), it keeps the newest whole frame a stream completed, and hands
/// the poll's activity to the app as one `InputAction.streams` event. The app's live mode
/// decides whether the stream has the display (the first packet, the timeout, a termination,
/// MENU, `{"live":false}` and `lor`); while it does, the stream's frame replaces what the app
/// renders, at the main panel's logical size, through the same brightness and panel path.
public final class NetworkStreamSource: FrameSource, PolledFrameSource {
    /// The app under the streams.
    public let app: AppSource
    /// The receiver of every stream.
    public let receiver: StreamReceiver
    /// Whole frames shown from streams so far.
    public private(set) var streamFramesShown = 0

    private var latest: Frame?
    private var latestIsNew = false

    /// Streams from `receiver` over `app`.
    public init(app: AppSource, receiver: StreamReceiver) {
        self.app = app
        self.receiver = receiver
    }

    /// Reads what arrived, keeps the newest whole frame, and tells the app's live mode.
    public func poll(at time: FrameTime) throws {
        let result = receiver.poll(at: time.nanoseconds)
        if let bytes = result.frame {
            latest = Self.frame(from: bytes, width: receiver.layout.width, height: receiver.layout.height)
            latestIsNew = true
        }
        try app.handle(InputEvent(.streams(result.activity.map(Self.signal)), at: time))
        if !app.app.isLive { latest = nil }
    }

    /// What `activity` tells the app.
    static func signal(_ activity: StreamActivity) -> StreamSignal {
        StreamSignal(protocolName: activity.networkProtocol.displayName, sender: activity.sender.addressText,
                     senderPort: activity.sender.port, hold: activity.hold, ends: activity.ends)
    }

    public func handle(_ event: InputEvent) throws {
        try app.handle(event)
    }

    public func render(at time: FrameTime) -> Frame {
        guard app.app.showsLiveStream else { return app.render(at: time) }
        if latestIsNew {
            streamFramesShown += 1
            latestIsNew = false
        }
        return latest ?? Frame(width: receiver.layout.width, height: receiver.layout.height)
    }

    public var brightnessPercent: Int? { app.brightnessPercent }

    /// An RGB8 frame (sRGB, row-major from the top-left) in linear light.
    static func frame(from bytes: [UInt8], width: Int, height: Int) -> Frame {
        var frame = Frame(width: width, height: height)
        let count = min(frame.pixels.count, bytes.count / 3)
        for index in 0..<count {
            let base = index * 3
            frame.pixels[index] = Color(red: bytes[base], green: bytes[base + 1], blue: bytes[base + 2]).linear
        }
        return frame
    }
}
