import Testing
import PixelCore
import PixelInputs
import PixelUI
import PixelWeb

@Suite struct WLEDAPITests {
    func playingApp() -> PixelWheelApp { WLEDTestApp.playing() }

    func apply(_ body: String, to app: inout PixelWheelApp) throws -> WLEDStateRequest { try WLEDTestApp.apply(body, to: &app) }

    func documents(_ app: PixelWheelApp) -> WLEDDocuments { WLEDTestApp.documents(app) }

    @Test func onAndBriAreThePanelsPowerAndBrightness() throws {
        var app = playingApp()
        _ = try apply(#"{"on":false}"#, to: &app)
        #expect(!app.isOn && app.screen == .off)
        _ = try apply(#"{"on":true,"bri":128}"#, to: &app)
        #expect(app.isOn && app.screen == .playing && app.settings.brightness == 50)
        #expect(documents(app).state["bri"]?.integer == 128)
        _ = try apply(#"{"bri":0}"#, to: &app)
        #expect(!app.isOn && app.settings.brightness == 50)  // dark, brightness kept, as WLED
        _ = try apply(#"{"on":"t"}"#, to: &app)
        #expect(app.isOn)
        _ = try apply(#"{"on":false,"bri":200}"#, to: &app)
        #expect(!app.isOn && app.settings.brightness == 78)
    }

    @Test func everyBrightnessPercentAndEverySpeedReadBackTheSame() {
        for percent in 1...100 { #expect(WLEDScale.percent(bri: WLEDScale.bri(percent: percent)) == percent) }
        for sx in 0...255 { #expect(WLEDScale.sx(speedPercent: WLEDScale.speedPercent(sx: sx)) == sx) }
        #expect(WLEDScale.speedPercent(sx: 0) == 25 && WLEDScale.speedPercent(sx: 255) == 400)
    }

    @Test func fxPicksTheEffectByItsMenuIndexAndItsSlidersSetItsParameters() throws {
        var app = playingApp()
        _ = try apply(#"{"seg":[{"id":0,"fx":4,"sx":255,"ix":255,"col":[[255,0,0],[0,0,0],[0,0,0]]}],"v":true}"#, to: &app)
        #expect(app.playingEffect == 4 && app.settings.speed == 400)
        #expect(app.settings.effectParameters["fan.duration"] == "60")
        #expect(app.settings.effectParameters["fan.color"] == "FF0000")
        let segment = try #require(documents(app).state["seg"]?.elements?.first)
        #expect(segment["fx"]?.integer == 4 && segment["sx"]?.integer == 255 && segment["ix"]?.integer == 255)
        #expect(segment["col"]?.elements?.first == .array([.int(255), .int(0), .int(0)]))
    }

    @Test func keysThatAreNotHonouredAreNamedAndChangeNothing() throws {
        var app = playingApp()
        let before = app.settings
        let request = try apply(#"{"pl":3,"nl":{"on":true},"tt":4,"seg":{"pal":5,"c3":9},"bri":999,"ps":"1~3r","n":"x"}"#, to: &app)
        #expect(request.commands.isEmpty)
        // rain has no fourth number; "1~3~" now cycles presets, but a random preset ("1~3r") is not taken.
        let ignored = ["pl", "nl", "tt", "bri", "ps", "n", "seg.pal", "seg.c3"]
        #expect(request.ignored == ignored)
        #expect(app.settings == before)
    }

    @Test func badBodiesAreErrorsNotTraps() {
        let snapshot = WLEDSnapshot(width: 8, height: 8)
        for body in ["", "[1]", "{\"on\":", String(repeating: "[", count: 10_000), "{\"seg\":[[[[[[[1]]]]]]]}"] {
            #expect(throws: JSONParseError.self) { try WLEDStateRequest(body: Array(body.utf8), current: snapshot) }
        }
    }

    @Test func theDocumentsCarryWhatPythonWLEDRequires() throws {
        let docs = documents(playingApp())
        let all = try JSONParser.parse(WLEDAPI.get("/json", documents: docs).body, limits: JSONLimits(maximumBytes: 1 << 20))
        let info = try #require(all["info"])
        #expect(info["ver"]?.string == "0.15.0")
        #expect(info["fs"]?.members != nil && info["leds"]?["matrix"]?["w"]?.integer == 16 && info["leds"]?["matrix"]?["h"]?.integer == 8)
        #expect(info["mac"]?.string?.utf8.count == 12 && info["mac"]?.string == WLEDIdentity.mac(forName: "PixelWheel"))
        let state = try #require(all["state"])
        #expect(state["nl"]?.members != nil && state["udpn"]?.members != nil && state["lor"]?.integer == 0)
        #expect(all["effects"]?.elements?.count == MenuEntry.effects.count)
        #expect(WLEDAPI.get("/presets.json", documents: docs).body == #"{"0":{}}"#)
        #expect(WLEDAPI.get("/json/cfg", documents: docs).status == 404)
    }

    @Test func theAllowListAdmitsLoopbackAndItsBlocksOnly() throws {
        let list = try APIAllowList(parsing: ["192.168.1.0/24"])
        #expect(list.allows("127.0.0.1") && list.allows("::1") && list.allows("192.168.1.77") && list.allows("::ffff:192.168.1.2"))
        #expect(!list.allows("192.168.2.1") && !list.allows("10.0.0.1") && !list.allows("fe80::1") && !APIAllowList().allows("192.168.1.77"))
        #expect(throws: APIAllowError.self) { try APIAllowList(parsing: ["192.168.1.0/33"]) }
        #expect(throws: APIAllowError.self) { try APIAllowList(parsing: ["example.com"]) }
    }

    @Test func theRateLimitRefillsOverTime() {
        var limit = APIRateLimit(burst: 2, perSecond: 10)
        let taken = [limit.admit(at: 0), limit.admit(at: 0), limit.admit(at: 0), limit.admit(at: 100_000_000),
                     limit.admit(at: 100_000_000), limit.admit(at: Int64.max)]
        #expect(taken == [true, true, false, true, false, true])
    }
}
