import Testing
import PixelTestSupport
@testable import PixelSystem

struct SystemCallSeamTests {
    @Test func atomicWriteMakesExactlyTheseCalls() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("a.bin")
        let recorder = SystemCallRecorder()
        try SystemCallRecorder.$current.withValue(recorder) { try AtomicFile.write([1, 2, 3], to: path) }
        let calls = recorder.calls
        guard case let .open(temporary, _)? = calls.first else { Issue.record("first call \(String(describing: calls.first))"); return }
        #expect(temporary.hasPrefix(directory.path + "/.a.bin.tmp-"))
        #expect(calls.contains { if case .write(_, [1, 2, 3]) = $0 { true } else { false } })
        #expect(calls.contains(.rename(from: temporary, to: path)))
        let order = calls.compactMap { call -> String? in
            switch call {
            case .open: "open"
            case .write: "write"
            case .fsync: "fsync"
            case .close: "close"
            case .rename: "rename"
            default: nil
            }
        }
        #expect(order == ["open", "write", "fsync", "close", "rename", "open", "fsync", "close"])
        #expect(try FileBytes.read(path) == [1, 2, 3])
    }

    @Test func aFullDiskLeavesTheOldFileAndNoTemporary() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("settings.conf")
        try AtomicFile.write(Array("old".utf8), to: path)
        let recorder = SystemCallRecorder()
        recorder.fail(errno: 28 /* ENOSPC */) { if case .write = $0 { true } else { false } }
        #expect {
            try SystemCallRecorder.$current.withValue(recorder) { try AtomicFile.write(Array("new".utf8), to: path) }
        } throws: { error in
            String(describing: error).contains("the disk is full")
        }
        #expect(!recorder.calls.contains { if case .rename = $0 { true } else { false } })
        #expect(recorder.calls.contains { if case .unlink = $0 { true } else { false } })
        #expect(try FileBytes.readText(path) == "old")
        #expect(try directory.contents() == ["settings.conf"])
    }

    @Test func aRefusedOpenNamesTheFileAndTheFix() throws {
        let recorder = SystemCallRecorder()
        recorder.fail(errno: 13 /* EACCES */, times: 1) { if case .open("/etc/hostname", _) = $0 { true } else { false } }
        #expect(throws: FileError.cannotRead(path: "/etc/hostname", reason: SystemCalls.message(for: 13),
                                             hint: "permission denied: check the file's permissions")) {
            try SystemCallRecorder.$current.withValue(recorder) { _ = try FileBytes.read("/etc/hostname") }
        }
    }

    @Test func signalsBecomeFlagsTheLoopTakes() {
        // SIGUSR1, which no other test or loop takes: the watcher is one per process.
        let watcher = SignalWatcher.shared
        watcher.post(SignalWatcher.user1)
        #expect(watcher.take([SignalWatcher.user1]) == [SignalWatcher.user1])
        #expect(watcher.take([SignalWatcher.user1]).isEmpty)
    }
}
