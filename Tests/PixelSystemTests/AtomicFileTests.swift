import Foundation
import Testing
import PixelTestSupport
@testable import PixelSystem

@Suite struct AtomicFileTests {
    @Test func writingIntoAMissingDirectoryThrowsAndLeavesNothingBehind() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("missing/out.png")
        #expect {
            try AtomicFile.write([1, 2, 3], to: path)
        } throws: { error in
            guard case let .cannotWrite(errorPath, _, hint)? = error as? FileError else { return false }
            let message = String(describing: error)
            return errorPath == path && hint != nil && message.contains(path) && message.contains("does not exist")
        }
        #expect(try directory.contents() == [])
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self")))
    func aDirectoryThatTakesNoNewFilesIsNotCalledMissing() throws {
        #expect {
            try AtomicFile.write([1], to: "/proc/pixelwheel-test.png")
        } throws: { error in
            let message = String(describing: error)
            return message.contains("'/proc' takes no new files") && !message.contains("does not exist:")
        }
    }

    @Test func writingOverAnExistingFileReplacesItAndLeavesNoTemporaryFile() throws {
        let directory = try TemporaryDirectory()
        try directory.put(Array("old content that is longer".utf8), as: "out.bin")
        try AtomicFile.write([9, 8, 7], to: directory.file("out.bin"))
        #expect(try directory.get("out.bin") == [9, 8, 7])
        #expect(try directory.contents() == ["out.bin"])
    }

    @Test func writingANewEmptyFileCreatesIt() throws {
        let directory = try TemporaryDirectory()
        try AtomicFile.write([], to: directory.file("empty"))
        #expect(try directory.get("empty") == [])
        #expect(try directory.contents() == ["empty"])
    }

    @Test func writingOverADirectoryThrowsAndLeavesNoTemporaryFile() throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.file("target"), withIntermediateDirectories: false)
        #expect {
            try AtomicFile.write([1], to: directory.file("target"))
        } throws: { error in
            guard case .cannotWrite? = error as? FileError else { return false }
            return String(describing: error).contains(directory.file("target"))
        }
        #expect(try directory.contents() == ["target"])
    }

    @Test func aPathEndingInSlashIsRejectedAsADirectory() throws {
        let directory = try TemporaryDirectory()
        #expect(throws: FileError.self) { try AtomicFile.write([1], to: directory.path + "/") }
        #expect(try directory.contents() == [])
    }
}
