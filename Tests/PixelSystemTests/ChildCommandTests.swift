import Testing
import PixelSystem

struct ChildCommandTests {
    @Test func capturesTheOutputAndTheStatus() throws {
        let echo = try #require(ChildCommand.run("sh", ["-c", "echo hello; echo noise >&2; exit 3"], timeoutSeconds: 20))
        #expect(echo.output == "hello\n")
        #expect(echo.status == 3)
    }

    @Test func aMissingProgramIsNil() {
        #expect(ChildCommand.run("pixelwheel-no-such-program", [], timeoutSeconds: 5) == nil)
    }

    @Test func endlessOutputIsCutAtTheLimitAndTheProgramKilledAtTheDeadline() throws {
        let endless = try #require(ChildCommand.run("sh", ["-c", "while :; do echo yyyyyyyy; done"], timeoutSeconds: 1, limit: 100))
        #expect(endless.output.utf8.count == 100)
        #expect(endless.status == nil)
    }
}
