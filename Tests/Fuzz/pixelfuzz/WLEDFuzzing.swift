import PixelCore
import PixelInputs
import PixelUI
import PixelWeb

/// The JSON reader and the WLED state request over arbitrary bytes.
enum WLEDFuzzing {
    /// Any bytes: parsed with small limits (what parses writes text that parses again), then
    /// read as a state request against a playing app; its commands are applied and every
    /// document the API serves is written and must parse back.
    static func json(_ data: [UInt8]) {
        if let value = try? JSONParser.parse(data, limits: JSONLimits(maximumBytes: 16_384, maximumDepth: 8)) {
            precondition((try? JSONParser.parse(value.text, limits: JSONLimits(maximumBytes: 1 << 20, maximumDepth: 8))) != nil,
                         "written JSON does not parse back")
        }
        var app = PixelWheelApp(width: 16, height: 8, framesPerSecond: 30, version: "fuzz")
        app.play(effectNamed: "rain", at: .zero)
        let before = WLEDSnapshot(app: app, live: nil, applied: 0)
        guard let request = try? WLEDStateRequest(body: data, current: before) else { return }
        for (index, command) in request.commands.enumerated() {
            app.handle(InputEvent(.remote(command), at: .milliseconds(index)))
        }
        let after = WLEDSnapshot(app: app, live: nil, applied: 1)
        let documents = WLEDDocuments(snapshot: after, identity: WLEDIdentity(name: "fuzz", pixelWheelVersion: "0"), fps: 30, uptime: 1)
        for path in ["/json", "/json/si", "/json/fxdata", "/presets.json"] {
            let response = WLEDAPI.get(path, documents: documents)
            precondition((try? JSONParser.parse(response.body, limits: JSONLimits(maximumBytes: 1 << 20))) != nil, "\(path) is not JSON")
        }
        _ = WLEDAPI.applied(request, documents: documents)
    }
}
