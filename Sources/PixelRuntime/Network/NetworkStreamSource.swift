import PixelCore
import PixelInputs
import PixelNetwork
import PixelUI

/// The app with network streams over it: the frame source of a session whose set-up turns a
/// network protocol on. The frame loop polls it once per frame (`poll(at:)`, never blocking);
/// the newest whole frame a stream completed replaces what the app renders, at the main
/// panel's logical size, and goes through the same brightness and panel path as every frame.
///
/// While a stream shows, the wheel and buttons leave the app exactly as it was: their input
/// other than MENU is dropped, and MENU gives the display back to the menu until the stream
/// ends. The remote's commands (the WLED API, the page's controls) still reach the app, as in
/// WLED: `lor` takes effect at once (a stream hidden by it stays hidden until it ends, for
/// `lor` 1), and `{"live":false}` gives the display back as MENU does. When the stream ends or
/// times out, the app's screen comes back as it was. The app's Now Playing and About (and the
/// API's `info.live`) show the live stream's protocol and sender, unless it was given back.
public final class NetworkStreamSource: FrameSource, PolledFrameSource {
    /// The app under the streams.
    public let app: AppSource
    /// The receiver of every stream.
    public let receiver: StreamReceiver
    /// Whole frames shown from streams so far.
    public private(set) var streamFramesShown = 0

    private var live: LiveMode
    private var latest: Frame?
    private var latestIsNew = false

    /// Streams from `receiver` over `app`, a stream timing out after `timeoutNanoseconds`.
    public init(app: AppSource, receiver: StreamReceiver, timeoutNanoseconds: Int64) {
        self.app = app
        self.receiver = receiver
        live = LiveMode(standardTimeout: timeoutNanoseconds)
    }

    /// Whether a stream is on the display now.
    public var isShowingStream: Bool { live.isShown(under: app.app.settings.streams) }

    /// The live stream, if any (shown or not).
    public var liveStream: StreamActivity? { live.stream }

    /// Reads what arrived, keeps the newest whole frame, and moves the live mode on.
    public func poll(at time: FrameTime) throws {
        let now = time.nanoseconds
        let result = receiver.poll(at: now)
        if let bytes = result.frame {
            latest = Self.frame(from: bytes, width: receiver.layout.width, height: receiver.layout.height)
            latestIsNew = true
        }
        let change = live.observe(result.activity, at: now)
        if change == .ended {
            latest = nil
            if app.app.settings.streams == .ignoreUntilEnd { app.setStreams(.obey) }
        }
        reportLiveStream()
    }

    /// Tells the app the live stream, or none when there is none or it was given back.
    private func reportLiveStream() {
        let shown = live.dismissed ? nil : live.stream
        app.setLiveStream(shown.map { (protocolName: $0.networkProtocol.displayName, sender: $0.sender.addressText) })
    }

    public func handle(_ event: InputEvent) throws {
        guard isShowingStream else {
            try app.handle(event)
            return
        }
        switch event.action {
        case .menu, .remote(.leaveLive):
            live.dismiss()
            reportLiveStream()
        case .remote:
            try app.handle(event)
        default:
            break
        }
    }

    public func render(at time: FrameTime) -> Frame {
        guard isShowingStream else { return app.render(at: time) }
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
