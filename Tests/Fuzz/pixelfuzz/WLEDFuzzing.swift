import PixelCore
import PixelInputs
import PixelUI
import PixelImages
import PixelWeb

/// The JSON reader and the WLED state request over arbitrary bytes.
enum WLEDFuzzing {
    /// Any bytes: parsed with small limits (what parses writes text that parses again), then
    /// read as a `/ws` message and as a state request against a playing app; its commands are applied and every
    /// document the API serves is written and must parse back.
    static func json(_ data: [UInt8]) {
        if let value = try? JSONParser.parse(data, limits: JSONLimits(maximumBytes: 16_384, maximumDepth: 8)) {
            precondition((try? JSONParser.parse(value.text, limits: JSONLimits(maximumBytes: 1 << 20, maximumDepth: 8))) != nil,
                         "written JSON does not parse back")
        }
        var app = PixelWheelApp(width: 16, height: 8, framesPerSecond: 30, version: "fuzz")
        app.play(effectNamed: "rain", at: .zero)
        let before = WLEDSnapshot(app: app, live: nil, applied: 0)
        _ = try? WLEDSocketMessage(data, current: before)  // the same bytes as a /ws message
        // The same bytes as the HTTP API's parameters: its commands apply, and its XML reply is one <vs> document.
        let win = WLEDHTTPRequest(path: "/win&" + String(decoding: data.prefix(2048), as: UTF8.self), current: before)
        var winApp = app
        for (index, command) in win.state.commands.enumerated() { winApp.handle(InputEvent(.remote(command), at: .milliseconds(index))) }
        let xml = WLEDDocuments(snapshot: WLEDSnapshot(app: winApp, live: nil, applied: 1), identity: WLEDIdentity(name: "f<&>", pixelWheelVersion: "0"),
                                fps: 30, uptime: 1).xml
        precondition(xml.hasSuffix("</vs>") && !xml.contains("<&>"), "the /win reply is not one escaped <vs> document")
        guard let request = try? WLEDStateRequest(body: data, current: before) else { return }
        for (index, command) in request.commands.enumerated() {
            app.handle(InputEvent(.remote(command), at: .milliseconds(index)))
        }
        let after = WLEDSnapshot(app: app, live: nil, applied: 1)
        let documents = WLEDDocuments(snapshot: after, identity: WLEDIdentity(name: "fuzz", pixelWheelVersion: "0"), fps: 30, uptime: 1)
        for path in ["/json", "/json/si", "/json/fxdata", "/presets.json", "/json/nodes", "/json/palx"] {
            let response = WLEDAPI.get(path, documents: documents)
            precondition((try? JSONParser.parse(response.body, limits: JSONLimits(maximumBytes: 1 << 20))) != nil, "\(path) is not JSON")
        }
        _ = WLEDAPI.applied(request, documents: documents)
    }

    /// The bytes as a login body, form and JSON (a password is read only from a UTF-8 body, and
    /// must be at most the body's length in bytes), as a cookie header and as a source address; the login they make
    /// against a plain password, and the access after it, never trap.
    static func photoName(_ data: [UInt8]) {
        let encoded = Substring(String(decoding: data, as: UTF8.self))
        guard let name = try? PhotoUploads.checkedName(encoded) else { return }
        precondition(!name.isEmpty && name.utf8.count <= 255, "a name of \(name.utf8.count) bytes")
        precondition(!name.contains("/") && !name.contains("\\") && !name.contains("..") && !name.hasPrefix("."), "a path: \(name)")
        precondition(!name.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "a control character")
        precondition(PhotoDecoder.isSupported(fileName: name), "not a picture's name: \(name)")
    }

    static func login(_ data: [UInt8]) {
        let text = String(decoding: data, as: UTF8.self)
        let auth = WebAuth(password: .plain("fuzz"), apiAllow: APIAllowList(), random: { [UInt8](repeating: 7, count: $0) }, report: { _ in })
        for isJSON in [false, true] {
            guard let password = LoginBody.password(in: data, isJSON: isJSON) else { continue }
            precondition(LoginBody.isUTF8(data), "a password read from a body that is not UTF-8")
            precondition(password.utf8.count <= data.count, "a password longer than its body")
            _ = auth.login(password: password, source: text, at: 0)
        }
        _ = WebAuth.sessionToken(inCookieHeader: text)
        for forAPI in [false, true] { _ = auth.access(source: text, cookie: text, forAPI: forAPI, at: 1) }
        _ = FormDecoding.decode(data)
    }

    /// Any bytes as a presets file: what reads must write out and read back the same without
    /// problems, and each preset must load into an app whose documents are JSON.
    static func presets(_ data: [UInt8]) {
        guard let (kept, _) = try? PresetList.reading(fileBytes: data) else { return }
        let again = try? PresetList.reading(fileBytes: Array(kept.fileText.utf8))
        precondition(again?.presets == kept && again?.problems.isEmpty == true, "presets do not survive a round trip")
        precondition(kept.count <= PresetList.maximumCount, "more presets than the bound")
        var app = PixelWheelApp(width: 16, height: 8, framesPerSecond: 30, presets: kept, version: "fuzz")
        for (index, id) in kept.ids.enumerated() {
            app.handle(InputEvent(.remote(.loadPreset(id)), at: .milliseconds(index)))
            precondition(app.currentPreset == id, "a loaded preset is not the current one")
        }
        let documents = WLEDDocuments(snapshot: WLEDSnapshot(app: app, live: nil, applied: 1),
                                      identity: WLEDIdentity(name: "fuzz", pixelWheelVersion: "0"), fps: 30, uptime: 1)
        let body = WLEDAPI.get("/presets.json", documents: documents).body
        precondition((try? JSONParser.parse(body, limits: JSONLimits(maximumBytes: 1 << 20))) != nil, "/presets.json is not JSON")
    }
}
