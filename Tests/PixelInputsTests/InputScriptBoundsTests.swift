import PixelInputs
import Testing

/// Found by fuzzing: every instant a script names is bounded, a press's release included.
struct InputScriptBoundsTests {
    @Test func aPressThatReleasesAfterTheLongestRunIsRefused() {
        #expect(throws: ScriptError.malformedLine(name: "script", line: 2,
                                                  reason: "the release, 0 + 999999999 s, is later than the longest run, 32767 s; hold for less")) {
            try InputScript(text: "0 select\n0 press 999999999\n")
        }
        #expect(throws: ScriptError.self) { try InputScript(text: "32767 press 0.000000001") }
        #expect(throws: ScriptError.self) { try InputScript(text: "32000 press 768") }
    }

    @Test func aPressThatReleasesAtTheLongestRunIsAccepted() throws {
        let script = try InputScript(text: "32000 press 767\n32766.5 press 0.5\n")
        #expect(script.events.last?.time == InputScript.latestTime)
        #expect(script.events.allSatisfy { $0.time <= InputScript.latestTime })
    }
}
