import PixelInputs
import Testing
@testable import PixelWeb

/// WLED's relative values with WLED's own rules (its `parseNumber`): one step wraps, a number
/// of steps clamps, `w~N` wraps only from the end, `A~B~` cycles within A…B.
struct WLEDRelativeValueTests {
    @Test(arguments: [
        ("~", 254, 255), ("~", 255, 0), ("~-", 0, 255), ("~-", 10, 9),
        ("~10", 250, 255), ("~-10", 5, 0), ("~-10", 100, 90), ("~0", 7, 7),
        ("w~40", 255, 0), ("w~40", 250, 255), ("w~-5", 0, 255), ("128", 3, 128),
    ])
    func stepsWithinTheRange(text: String, current: Int, expected: Int) {
        #expect(WLEDRelativeValue.resolve(text, current: current, in: 0...255) == expected)
    }

    @Test(arguments: [
        ("1~3~", 1, 2), ("1~3~", 3, 1), ("1~3~", 0, 1), ("1~3~", 9, 1),
        ("1~3~-", 1, 3), ("1~3~-", 9, 3), ("3~1~", 2, 3), ("1~3~2", 1, 3),
    ])
    func aRangeFormCyclesWithinItsOwnRange(text: String, current: Int, expected: Int) {
        #expect(WLEDRelativeValue.resolve(text, current: current, in: 1...250) == expected)
    }

    @Test(arguments: ["", "r", "4~10r", "~x", "x", "-3", "~~", "1234567890123"])
    func otherTextIsNoValue(text: String) {
        #expect(WLEDRelativeValue.resolve(text, current: 5, in: 0...255) == nil)
    }

    @Test func theHTTPAPIReadsItsParametersIntoTheJSONAPIsCommands() {
        var current = WLEDSnapshot(width: 8, height: 4)
        current.effect = 1
        let request = WLEDHTTPRequest(path: "/win&T=1&A=%7E-1000&FX=~-&PL=~&P1=4&P2=6&Z=2", current: current)
        #expect(request.ignored == ["Z"])
        #expect(request.state.commands.contains(.power(false)), "A=~-1000 clamps to 0, which is off")
        #expect(request.state.commands.contains(.effect(0)))
        #expect(request.state.commands.contains(.loadPreset(4)), "PL=~ from no preset goes to P1")
        #expect(WLEDHTTPRequest.changes("/win&A=1") && !WLEDHTTPRequest.changes("/win") && !WLEDHTTPRequest.changes("/win&"))
        #expect(!WLEDHTTPRequest.isHTTPAPI("/window") && WLEDHTTPRequest.isHTTPAPI("/win"))
    }
}
