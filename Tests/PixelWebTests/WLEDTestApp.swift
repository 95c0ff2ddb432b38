import PixelInputs
import PixelUI
import PixelWeb

/// The app the WLED API tests drive, and how they drive and read it.
enum WLEDTestApp {
    /// An app playing Digital Rain (menu effect 3) on a 16×8 panel.
    static func playing() -> PixelWheelApp {
        var app = PixelWheelApp(width: 16, height: 8, framesPerSecond: 30, version: "test")
        app.play(effectNamed: "rain", at: .zero)
        return app
    }

    /// Reads `body` as a `POST /json/state` body and applies its commands to `app`.
    static func apply(_ body: String, to app: inout PixelWheelApp) throws -> WLEDStateRequest {
        let request = try WLEDStateRequest(body: Array(body.utf8), current: WLEDSnapshot(app: app, live: nil, applied: 0))
        for command in request.commands { app.handle(InputEvent(.remote(command), at: .milliseconds(10))) }
        return request
    }

    /// The API's documents of `app`.
    static func documents(_ app: PixelWheelApp) -> WLEDDocuments {
        WLEDDocuments(snapshot: WLEDSnapshot(app: app, live: nil, applied: 0),
                      identity: WLEDIdentity(name: "PixelWheel", pixelWheelVersion: "1.0"), fps: 30, uptime: 5)
    }
}
