import PixelCore
import PixelInputs
@testable import PixelUI
import Testing

/// Live mode as part of the app's state machine, every rule driven by input: the streams'
/// signals (the first packet, the timeout, a termination), the wheel's MENU, and the remote's
/// `{"live":false}` and `lor` 0/1/2, during a stream and after.
struct LiveModeTests {
    static let ddp = StreamSignal(protocolName: "DDP", sender: "10.0.0.7", senderPort: 40000)

    static func app(_ streams: StreamOverride = .obey) -> PixelWheelApp {
        var settings = Settings()
        settings.streams = streams
        var app = PixelWheelApp(width: 16, height: 8, framesPerSecond: 10, settings: settings, version: "test")
        app.streamTimeout = .seconds(2)
        return app
    }

    static func at(_ milliseconds: Int64) -> FrameTime { FrameTime(nanoseconds: milliseconds * 1_000_000) }

    @Test func theFirstPacketTakesTheDisplayAndTheTimeoutGivesItBack() {
        var app = Self.app()
        app.handle(InputEvent(.rotate(1), at: Self.at(0)))
        app.handle(InputEvent(.streams([]), at: Self.at(100)))
        #expect(!app.isLive && !app.showsLiveStream, "no packet, no stream")
        app.handle(InputEvent(.streams([Self.ddp]), at: Self.at(200)))
        #expect(app.showsLiveStream && app.liveStream?.protocolName == "DDP" && app.liveStream?.sender == "10.0.0.7")
        #expect(app.menuEntries.contains { if case .nowPlaying = $0 { true } else { false } }, "Now Playing names the stream")
        app.handle(InputEvent(.rotate(3), at: Self.at(300)))
        #expect(app.selectedIndex == 1, "the wheel is dropped while the stream shows")
        app.handle(InputEvent(.streams([]), at: Self.at(2_100)))
        #expect(app.showsLiveStream, "1.9 s without packets: still live")
        app.handle(InputEvent(.streams([]), at: Self.at(2_200)))
        #expect(!app.isLive && app.liveStream == nil, "2 s without packets: the timeout")
        app.handle(InputEvent(.rotate(1), at: Self.at(2_300)))
        #expect(app.selectedIndex == 2, "the menu as it was left, and the wheel works again")
    }

    @Test func aPacketsOwnHoldAndATerminationEndTheStream() {
        var app = Self.app()
        var held = Self.ddp
        held.hold = .nanoseconds(500_000_000)
        app.handle(InputEvent(.streams([held]), at: Self.at(0)))
        app.handle(InputEvent(.streams([]), at: Self.at(500)))
        #expect(!app.isLive, "WLED's timeout byte: half a second")
        held.hold = .forever
        app.handle(InputEvent(.streams([held]), at: Self.at(1_000)))
        app.handle(InputEvent(.streams([]), at: Self.at(60_000)))
        #expect(app.showsLiveStream, "timeout 255: until told")
        var other = Self.ddp
        other.senderPort = 40001
        other.ends = true
        app.handle(InputEvent(.streams([other]), at: Self.at(60_100)))
        #expect(app.isLive, "another stream's termination ends nothing")
        var ends = held
        ends.ends = true
        app.handle(InputEvent(.streams([ends]), at: Self.at(60_200)))
        #expect(!app.isLive)
    }

    /// MENU from the wheel and `{"live":false}` from the API or the page: the app until that
    /// stream ends, then the next stream shows again.
    @Test(arguments: [InputAction.menu, .remote(.leaveLive)])
    func givingTheDisplayBackLastsUntilTheStreamEnds(_ action: InputAction) {
        var app = Self.app()
        app.handle(InputEvent(.streams([Self.ddp]), at: Self.at(0)))
        app.handle(InputEvent(action, at: Self.at(100)))
        #expect(!app.showsLiveStream && app.isLive && app.liveStream == nil, "given back: info.live says no")
        app.handle(InputEvent(.streams([Self.ddp]), at: Self.at(200)))
        #expect(!app.showsLiveStream, "the same stream stays given back")
        app.handle(InputEvent(.rotate(1), at: Self.at(300)))
        #expect(app.selectedIndex == 1, "the wheel drives the menu meanwhile")
        app.handle(InputEvent(.streams([]), at: Self.at(2_300)))
        app.handle(InputEvent(.streams([Self.ddp]), at: Self.at(2_400)))
        #expect(app.showsLiveStream, "the stream ended; the next one takes the display")
    }

    /// `lor` during a stream takes effect at once, as in WLED: 2 hides it and 0 shows it again
    /// while it runs; 1 hides it until it ends, then obeys. Other commands apply underneath.
    @Test func liveOverrideDuringAStreamTakesEffectAtOnce() {
        var app = Self.app()
        app.handle(InputEvent(.streams([Self.ddp]), at: Self.at(0)))
        app.handle(InputEvent(.remote(.liveOverride(2)), at: Self.at(100)))
        #expect(!app.showsLiveStream && app.settings.streams == .ignore)
        app.handle(InputEvent(.remote(.liveOverride(0)), at: Self.at(200)))
        app.handle(InputEvent(.remote(.brightness(40)), at: Self.at(200)))
        #expect(app.showsLiveStream && app.settings.brightness == 40)
        app.handle(InputEvent(.remote(.liveOverride(1)), at: Self.at(300)))
        #expect(!app.showsLiveStream && app.settings.streams == .ignoreUntilEnd)
        app.handle(InputEvent(.streams([]), at: Self.at(2_300)))
        #expect(app.settings.streams == .obey, "the ignored stream ended: obey again")
    }

    /// The wheel's own Settings → Streams row cycles the same setting as `lor`.
    @Test func theStreamsRowOfSettingsIsTheSameSetting() {
        var app = Self.app(.ignore)
        app.handle(InputEvent(.streams([Self.ddp]), at: Self.at(0)))
        #expect(!app.showsLiveStream && app.isLive)
        app.handle(InputEvent(.remote(.liveOverride(0)), at: Self.at(100)))
        #expect(app.showsLiveStream)
    }
}
