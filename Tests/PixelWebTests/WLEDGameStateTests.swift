import PixelCore
import PixelInputs
import PixelUI
import PixelWeb
import Testing

@Suite struct WLEDGameStateTests {
    /// An app on a 32×16 panel playing Snake, opened from Extras → Games.
    static func playingSnake() -> PixelWheelApp {
        var app = PixelWheelApp(width: 32, height: 16, framesPerSecond: 30, version: "test")
        app.play(effectNamed: "rain", at: .zero)
        for action in [InputAction.menu, .rotate(3), .select, .rotate(2), .select, .rotate(1), .select] {
            app.handle(InputEvent(action, at: .zero))
        }
        return app
    }

    @Test func theStateReportsTheGameAsThePlayingItemAndOnFalsePausesIt() throws {
        var app = Self.playingSnake()
        let state = WLEDTestApp.documents(app).state
        #expect(state["game"]?["id"]?.string == "snake")
        #expect(state["game"]?["paused"]?.bool == false)
        #expect(state["seg"]?.elements?.first?["n"]?.string == "Snake")
        #expect(WLEDDocuments.effectNames.count == MenuEntry.effects.count, "the effects list is unchanged")
        _ = try WLEDTestApp.apply(#"{"on":false}"#, to: &app)
        #expect(WLEDTestApp.documents(app).state["game"]?["paused"]?.bool == true)
        // An effect chosen over the API ends the game: no game member any more.
        _ = try WLEDTestApp.apply(#"{"on":true,"seg":[{"fx":2}]}"#, to: &app)
        #expect(WLEDTestApp.documents(app).state["game"] == nil)
        #expect(WLEDTestApp.documents(app).state["seg"]?.elements?.first?["n"]?.string == "")
    }
}
