import PixelBus
import PixelCore
import PixelInputs
import PixelNetwork
import PixelRuntime
import PixelSimulator
import PixelUI
import Testing

/// The network stream source in the one frame loop, on simulated channels and the virtual
/// clock: live mode as WLED has it, the `lor` setting, whole frames, the allow list and
/// ArtPoll, with no socket.
struct NetworkLiveModeTests {
    static let width = 8, height = 4
    static let sender = NetworkEndpoint(dotted: "10.0.0.7", port: 40000)!

    /// A stream source over a fresh app, its DDP and Art-Net channels simulated.
    final class Rig {
        let ddp = SimulatedDatagramChannel()
        let artNet = SimulatedDatagramChannel()
        let source: NetworkStreamSource
        let loop: FrameLoop
        let time = VirtualTime()
        let buttons = QueuedInput()
        var shown: [Frame] = []

        init(allow: [AddressRange] = [], streams: StreamOverride = .obey) {
            var settings = Settings()
            settings.brightness = 100
            settings.streams = streams
            let app = PixelWheelApp(width: width, height: height, framesPerSecond: 10, settings: settings, version: "test", seed: 1)
            let layout = StreamLayout(width: width, height: height)!
            let receiver = StreamReceiver(layout: layout, channels: [(.ddp, ddp), (.artNet, artNet)], allow: allow,
                                          replyAddress: 0x7F00_0001)
            source = NetworkStreamSource(app: AppSource(app: app, store: nil), receiver: receiver)
            let output = CollectingOutput()
            loop = FrameLoop(source: source, inputs: [buttons], clock: time, framesPerSecond: 10, outputs: [output])
            output.rig = self
        }

        /// Runs `count` frames (0.1 s each).
        func frames(_ count: Int) throws {
            for _ in 0..<count { _ = try loop.step() }
        }

        /// Pushes the picture whose every pixel is `colour` over DDP, as one packet with push.
        func pushDDP(_ colour: [UInt8], from sender: NetworkEndpoint = NetworkLiveModeTests.sender) {
            let data = Array((0..<(width * height)).flatMap { _ in colour })
            let packet = DDPPacket(flags: [.push], sequence: 0, dataType: .rgb8, offset: 0, data: data[...])
            ddp.inject(packet.bytes, from: sender)
        }
    }

    /// Button presses handed to the next frame.
    final class QueuedInput: InputSource {
        var pending: [InputAction] = []
        func press(_ action: InputAction) { pending.append(action) }
        func events(upTo time: FrameTime) -> [InputEvent] {
            defer { pending = [] }
            return pending.map { InputEvent($0, at: time) }
        }
        var quitRequested: Bool { false }
    }

    final class CollectingOutput: FrameOutput {
        weak var rig: Rig?
        func show(_ frame: Frame, status: FrameStatus) { rig?.shown.append(frame) }
    }

    static func solid(_ colour: [UInt8]) -> Frame {
        var frame = Frame(width: width, height: height)
        let linear = Color(red: colour[0], green: colour[1], blue: colour[2]).linear
        for index in frame.pixels.indices { frame.pixels[index] = linear }
        return frame
    }

    @Test func theFirstPacketTakesTheDisplayAndTheTimeoutRestoresTheExactScreen() throws {
        let rig = Rig()
        rig.buttons.press(.rotate(1))
        try rig.frames(3)
        let before = rig.source.app.app
        #expect(before.selectedIndex == 1)
        rig.pushDDP([200, 10, 30])
        try rig.frames(1)
        #expect(rig.shown.last == Self.solid([200, 10, 30]))
        #expect(rig.source.app.app.liveStream?.protocolName == "DDP" && rig.source.app.app.liveStream?.sender == "10.0.0.7")
        rig.buttons.press(.rotate(2))  // ignored while the stream shows
        try rig.frames(24)  // 2.4 s later: still live
        #expect(rig.shown.last == Self.solid([200, 10, 30]))
        try rig.frames(2)  // past 2.5 s: the menu exactly as it was
        let after = rig.source.app.app
        #expect(after.screen == before.screen && after.menuDepth == before.menuDepth && after.selectedIndex == before.selectedIndex)
        #expect(rig.shown.last != Self.solid([200, 10, 30]))
        #expect(rig.source.app.app.liveStream == nil)
    }

    @Test func menuGivesTheDisplayBackUntilTheStreamEnds() throws {
        let rig = Rig()
        rig.pushDDP([1, 2, 3])
        try rig.frames(1)
        #expect(rig.source.app.app.showsLiveStream)
        rig.buttons.press(.menu)
        rig.pushDDP([1, 2, 3])
        try rig.frames(1)
        #expect(!rig.source.app.app.showsLiveStream && rig.source.app.app.isLive)
        #expect(rig.shown.last != Self.solid([1, 2, 3]))
    }

    /// `{"live":false}` from the API or the page's controls, during a stream: the menu until that
    /// stream ends, and `info.live` (the app's live stream) no longer says live.
    @Test func leavingLiveFromTheRemoteGivesTheDisplayBackUntilTheStreamEnds() throws {
        let rig = Rig()
        rig.pushDDP([1, 2, 3])
        try rig.frames(1)
        #expect(rig.source.app.app.showsLiveStream && rig.source.app.app.liveStream != nil)
        rig.buttons.press(.remote(.leaveLive))
        rig.pushDDP([1, 2, 3])
        try rig.frames(3)
        #expect(!rig.source.app.app.showsLiveStream && rig.shown.last != Self.solid([1, 2, 3]))
        #expect(rig.source.app.app.liveStream == nil)
        try rig.frames(26)  // the stream times out; the next one is shown again
        rig.pushDDP([4, 5, 6])
        try rig.frames(1)
        #expect(rig.shown.last == Self.solid([4, 5, 6]))
    }

    /// `lor` during a stream takes effect at once, as in WLED: 2 hides it and 0 shows it again
    /// while it runs; 1 hides it until it ends, then obeys. Other API changes apply underneath.
    @Test func liveOverrideDuringAStreamTakesEffectAtOnce() throws {
        let rig = Rig()
        rig.pushDDP([7, 7, 7])
        try rig.frames(1)
        rig.buttons.press(.remote(.liveOverride(2)))
        rig.pushDDP([7, 7, 7])
        try rig.frames(1)
        #expect(rig.source.app.app.settings.streams == .ignore && !rig.source.app.app.showsLiveStream)
        #expect(rig.shown.last != Self.solid([7, 7, 7]))
        rig.buttons.press(.remote(.liveOverride(0)))
        rig.buttons.press(.remote(.brightness(40)))
        rig.pushDDP([7, 7, 7])
        try rig.frames(1)
        #expect(rig.source.app.app.showsLiveStream && rig.source.app.app.settings.brightness == 40)
        rig.buttons.press(.remote(.liveOverride(1)))
        try rig.frames(1)
        #expect(!rig.source.app.app.showsLiveStream && rig.source.app.app.settings.streams == .ignoreUntilEnd)
        try rig.frames(30)  // the stream ends: obey again
        #expect(rig.source.app.app.settings.streams == .obey)
    }

    @Test func ignoreOnceSkipsTheRunningStreamThenObeys() throws {
        let rig = Rig(streams: .ignoreUntilEnd)
        rig.pushDDP([9, 9, 9])
        try rig.frames(1)
        #expect(!rig.source.app.app.showsLiveStream)
        try rig.frames(30)  // the ignored stream times out: obey again, as WLED does
        #expect(rig.source.app.app.settings.streams == .obey)
        rig.pushDDP([9, 9, 9])
        try rig.frames(1)
        #expect(rig.shown.last == Self.solid([9, 9, 9]))
    }

    @Test func ignoreNeverShowsAStream() throws {
        let rig = Rig(streams: .ignore)
        rig.pushDDP([9, 9, 9])
        try rig.frames(2)
        #expect(!rig.source.app.app.showsLiveStream && rig.shown.last != Self.solid([9, 9, 9]))
    }

    @Test func sendersOutsideAllowAreDroppedAndCounted() throws {
        let rig = Rig(allow: [AddressRange(parsing: "192.168.1.0/24")!])
        rig.pushDDP([5, 5, 5])
        rig.pushDDP([6, 6, 6], from: NetworkEndpoint(dotted: "192.168.1.9", port: 1)!)
        try rig.frames(1)
        #expect(rig.source.receiver.counters.refused == 1)
        #expect(rig.shown.last == Self.solid([6, 6, 6]))
    }

    @Test func aFrameIsShownOnlyWholeOnPush() throws {
        let rig = Rig()
        rig.pushDDP([7, 7, 7])
        try rig.frames(1)
        // Half of the next frame without push: the whole previous frame stays.
        let half = Array(repeating: UInt8(50), count: Self.width * Self.height * 3 / 2)
        rig.ddp.inject(DDPPacket(flags: [], sequence: 0, dataType: .rgb8, offset: 0, data: half[...]).bytes, from: Self.sender)
        try rig.frames(1)
        #expect(rig.shown.last == Self.solid([7, 7, 7]))
    }

    @Test func artPollIsAnsweredWithOneReplyPerUniverse() throws {
        let rig = Rig()
        let poll: [UInt8] = Array("Art-Net".utf8) + [0, 0x00, 0x20, 0, 14, 0, 0]
        rig.artNet.inject(poll, from: Self.sender)
        try rig.frames(1)
        let replies = rig.artNet.sent
        #expect(replies.count == 1)  // 32 pixels: one universe
        #expect(replies.first?.to == NetworkEndpoint(dotted: "10.0.0.7", port: 6454))
        #expect(replies.first?.bytes.count == ArtPollReply.length)
        #expect(!rig.source.app.app.showsLiveStream, "a poll does not take the display")
    }

    @Test func aWLEDTimeoutByteOverridesTheTimeout() throws {
        let rig = Rig()
        let wled: [UInt8] = [2, 1] + Array(repeating: 3, count: 96)  // DRGB, 1 s
        let channel = SimulatedDatagramChannel()
        let receiver = StreamReceiver(layout: StreamLayout(width: Self.width, height: Self.height)!, channels: [(.wledRealtime, channel)])
        channel.inject(wled, from: Self.sender)
        let result = receiver.poll(at: 0)
        #expect(result.activity.first?.hold == .nanoseconds(1_000_000_000))
        #expect(result.frame == Array(repeating: 3, count: 96))
        _ = rig
    }
}
