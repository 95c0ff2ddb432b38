import Testing
import PixelCore
import PixelInputs
import PixelUI
import PixelWeb

/// `ps`, `psave`, `pdel`, `/presets.json` and `/json/live`.
@Suite struct WLEDPresetTests {
    func playingApp() -> PixelWheelApp { WLEDTestApp.playing() }

    func apply(_ body: String, to app: inout PixelWheelApp) throws -> WLEDStateRequest { try WLEDTestApp.apply(body, to: &app) }

    func documents(_ app: PixelWheelApp) -> WLEDDocuments { WLEDTestApp.documents(app) }

    func presetsDocument(_ app: PixelWheelApp) throws -> JSONValue {
        try JSONParser.parse(WLEDAPI.get("/presets.json", documents: documents(app)).body, limits: JSONLimits(maximumBytes: 1 << 20))
    }

    @Test func psaveStoresTheStateAfterTheBodysChangesAndPsLoadsIt() throws {
        var app = playingApp()
        let request = try apply(#"{"psave":7,"n":"Red rain","bri":51,"seg":[{"col":[[255,0,0]]}],"ib":true}"#, to: &app)
        #expect(request.ignored == ["ib"])
        #expect(app.presets[7] == Preset(name: "Red rain", on: true, brightness: 20, speed: 100, effect: 3, parameters: ["rain.color": "FF0000"]))
        #expect(documents(app).state["ps"]?.integer == 7)
        #expect(documents(app).info["fs"]?["pmt"]?.integer == 1, "pmt moves with every preset change")
        _ = try apply(#"{"seg":[{"fx":4}],"bri":255}"#, to: &app)
        #expect(documents(app).state["ps"]?.integer == -1)
        _ = try apply(#"{"ps":7}"#, to: &app)
        let loaded: [Int?] = [app.playingEffect, app.settings.brightness, documents(app).state["ps"]?.integer]
        #expect(loaded == [3, 20, 7])
    }

    @Test func presetsJSONIsWLEDsShape() throws {
        var app = playingApp()
        _ = try apply(#"{"psave":2,"n":"Two","seg":{"sx":255}}"#, to: &app)
        let document = try presetsDocument(app)
        #expect(document.members?.map(\.0) == ["0", "2"])
        #expect(document["0"] == .object([]))
        let preset = try #require(document["2"])
        #expect(preset["n"]?.string == "Two")
        #expect(preset["on"]?.bool == true)
        #expect(preset["bri"]?.integer == 153)
        let segment = try #require(preset["seg"]?.elements?.first)
        let effect: [Int?] = [segment["fx"]?.integer, segment["sx"]?.integer]
        #expect(effect == [3, 255])
        #expect(segment["col"]?.elements?.count == 3)
    }

    @Test func pdelDeletesAndBadIDsAreIgnoredNotStored() throws {
        var app = playingApp()
        _ = try apply(#"{"psave":1}"#, to: &app)
        #expect(app.presets[1]?.name == "Preset 1")
        let bad = try apply(#"{"psave":0,"pdel":251,"ps":-1}"#, to: &app)
        #expect(bad.commands.isEmpty && bad.ignored == ["psave", "pdel", "ps"])
        let wrongTypes = try apply(#"{"psave":"1","pdel":[1],"ps":{"id":1}}"#, to: &app)
        #expect(wrongTypes.commands.isEmpty && app.presets.ids == [1])
        _ = try apply(#"{"pdel":1}"#, to: &app)
        #expect(app.presets.count == 0)
        #expect(WLEDAPI.get("/presets.json", documents: documents(app)).body == #"{"0":{}}"#)
    }

    @Test func jsonLiveIsTheFrameAsWLEDWritesIt() throws {
        var small = Frame(width: 16, height: 8)
        small[0, 0] = LinearColor(red: 65535, green: 0, blue: 0)
        small[15, 7] = LinearColor(red: 0, green: 0, blue: 65535)
        let picture = WLEDLivePicture(small)
        #expect(picture.step == 1 && picture.width == 16 && picture.height == 8)
        let body = WLEDAPI.get("/json/live", documents: documents(playingApp()), live: picture).body
        let live = try JSONParser.parse(body, limits: JSONLimits(maximumBytes: 1 << 20))
        let leds = try #require(live["leds"]?.elements)
        let corners: [String?] = [leds.first?.string, leds[1].string, leds.last?.string]
        #expect(leds.count == 128)
        #expect(corners == ["FF0000", "000000", "0000FF"])
        let sizes: [Int?] = [live["n"]?.integer, live["w"]?.integer, live["h"]?.integer]
        #expect(sizes == [1, 16, 8])
        #expect(picture.binaryMessage.prefix(4) == [0x4C, 2, 16, 8] && picture.binaryMessage.count == 4 + 128 * 3)
        #expect(WLEDAPI.get("/json/live", documents: documents(playingApp())).status == 404, "no frame yet")
    }

    @Test func aLargePanelIsThinnedAsWLEDThinsAMatrix() {
        let sizes = [(16, 16), (32, 16), (32, 32), (64, 32), (64, 64), (128, 64)]
        let steps = sizes.map { WLEDLivePicture(Frame(width: $0.0, height: $0.1)).step }
        #expect(steps == [1, 2, 2, 4, 4, 4])
        let big = WLEDLivePicture(Frame(width: 128, height: 64))
        #expect(big.width == 32 && big.height == 16 && big.rgb.count == 32 * 16 * 3)
    }
}
