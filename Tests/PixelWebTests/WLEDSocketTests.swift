import Testing
import PixelCore
import PixelInputs
import PixelUI
import PixelRuntime
import PixelWeb

/// WLED's `/ws`: its messages read as WLED reads them, and what each client is owed.
@Suite struct WLEDSocketTests {
    let current = WLEDSnapshot(app: WLEDTestApp.playing(), live: nil, applied: 0)

    func message(_ text: String) throws -> WLEDSocketMessage {
        try WLEDSocketMessage(Array(text.utf8), current: current)
    }

    @Test func messagesAreReadAsWLEDReadsThem() throws {
        #expect(try message(#"{"v":true}"#) == .stateWanted)
        #expect(try message(#"{"lv":true}"#) == .live(true))
        #expect(try message(#"{"lv":0}"#) == .live(false))
        guard case let .change(request) = try message(#"{"on":false,"v":true}"#) else {
            Issue.record("a change with v is a change")
            return
        }
        #expect(request.commands == [.power(false)] && request.wantsState)
        guard case let .change(nothing) = try message(#"{"v":false}"#) else {
            Issue.record("v false alone changes nothing")
            return
        }
        #expect(nothing.commands.isEmpty && !nothing.wantsState)
        for bad in ["", "[1]", "{\"on\":", String(repeating: "{\"a\":", count: 20) + "1" + String(repeating: "}", count: 20)] {
            #expect(throws: JSONParseError.self) { try message(bad) }
        }
    }

    @Test func aClientIsOwedTheStateOnConnectAndAfterEveryChange() throws {
        let clients = WLEDSocketClients(maximumClients: 2)
        let first = try #require(clients.connect())
        let second = try #require(clients.connect())
        #expect(clients.connect() == nil, "bounded")
        #expect(clients.count == 2)
        #expect(clients.take(first.id) == .init(state: true, live: false, success: false))
        #expect(clients.take(first.id) == .init(state: false, live: false, success: false), "taken once")
        clients.stateChanged()
        clients.stateChanged()
        #expect(clients.take(first.id).state && clients.take(second.id).state)
        #expect(!clients.take(first.id).state, "two changes before a take are one message")
        clients.owe(second.id, state: false)
        #expect(clients.take(second.id) == .init(state: false, live: false, success: true))
        clients.disconnect(first.id)
        #expect(clients.count == 1 && clients.connect() != nil)
    }

    @Test func livePicturesGoOnlyToClientsThatAskedAtMostEvery40ms() throws {
        let clients = WLEDSocketClients()
        let watcher = try #require(clients.connect())
        let other = try #require(clients.connect())
        _ = (clients.take(watcher.id), clients.take(other.id))
        clients.setLive(watcher.id, true)
        var owed: [Bool] = []
        for millisecond in [0, 10, 20, 30, 40, 50, 80, 100] {
            clients.frameShown(at: Int64(millisecond) * 1_000_000)
            owed.append(clients.take(watcher.id).live)
            #expect(!clients.take(other.id).live)
        }
        #expect(owed == [true, false, false, false, true, false, true, false])
        clients.frameShown(at: 200_000_000)
        clients.setLive(watcher.id, false)
        #expect(!clients.take(watcher.id).live, "a picture owed is dropped once the client stops")
    }

    @Test func theHubTellsTheClientsOnlyWhenTheStateChanges() throws {
        var app = WLEDTestApp.playing()
        let hub = WLEDHub(initial: WLEDSnapshot(app: app, live: nil, applied: 0))
        let client = try #require(hub.sockets.connect())
        _ = hub.sockets.take(client.id)
        let output = WLEDStateOutput(hub: hub) { applied in WLEDSnapshot(app: app, live: nil, applied: applied) }
        let status = FrameStatus(tick: FrameTick(index: 0, timestamp: .zero, targetTimestamp: .zero, duration: .zero, missedFrames: 0),
                                 frames: 1, missedFrames: 0)
        try output.show(Frame(width: 16, height: 8), status: status)
        #expect(!hub.sockets.take(client.id).state, "the same state is no change")
        app.handle(InputEvent(.remote(.brightness(20)), at: .zero))
        try output.show(Frame(width: 16, height: 8), status: status)
        #expect(hub.sockets.take(client.id).state)
        #expect(hub.livePicture?.width == 16)
    }
}
