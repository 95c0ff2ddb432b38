import Foundation
import Testing
import PixelTestSupport

/// `pixelwheel list` says how mounting works and what the old `rotate` keys now mean.
struct ListMountingTests {
    var binary: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("pixelwheel").path
    }

    @Test func listPrintsTheMountingAndTheAliasNotes() throws {
        try #require(FileManager.default.isExecutableFile(atPath: binary), "build pixelwheel first")
        let list = try ChildProcess.run(binary, ["list"])
        #expect(list.status == 0)
        let lines = list.output.components(separatedBy: "\n")
        #expect(lines.contains { $0.hasPrefix("mounting: on every type, rotate=0|90|180|270 turns the picture clockwise") })
        #expect(lines.contains("    module=fc16  (fc16|generic|icstation|parola|luma|generic-mirrored|icstation-mirrored|luma-mirrored)"))
        #expect(lines.contains("    note: module=generic: generic single modules, IC above the matrix"))
        #expect(lines.contains("    note: rotate and mirror turn and flip the whole row, as on every type; the block wiring is module="))
        #expect(lines.contains { $0.hasPrefix("    note: alias: rotate on ht16k33 was 0|180") })
    }
}
