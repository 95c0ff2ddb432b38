import PixelSystem

#if PIXELFUZZ
import CPixelFuzz

/// The target named by `PIXELFUZZ_TARGET`, read once.
let fuzzTarget = Environment.variable("PIXELFUZZ_TARGET").flatMap(FuzzTarget.init(rawValue:))

/// Built with `-DPIXELFUZZ -sanitize=fuzzer` (`make fuzz`): `PIXELFUZZ_TARGET` names the target
/// and the arguments are libFuzzer's (corpus folders, `-runs=`, `-max_total_time=`, …).
@main
struct Fuzz {
    static func main() {
        guard fuzzTarget != nil else {
            Environment.printError("set PIXELFUZZ_TARGET to one of: \(FuzzTarget.names)")
            return
        }
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        _ = LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzerTestOneInput(data, size) }
    }
}

/// libFuzzer's entry point: runs the target on one input. (The fuzzer runtime's own `main`,
/// which the linker may keep beside SwiftPM's, calls it too, so either `main` fuzzes alike.)
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    fuzzTarget?.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}
#else
/// Without libFuzzer: `pixelfuzz TARGET FILE…` runs the target once on each file (a replay of
/// a corpus or of one crashing input, under the debugger if need be).
@main
struct Replay {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
            Environment.printError("usage: pixelfuzz TARGET FILE… (targets: \(FuzzTarget.names))")
            return
        }
        var count = 0
        for path in arguments.dropFirst() {
            guard let bytes = try? FileBytes.read(path, limit: 1 << 24) else {
                Environment.printError("\(path): cannot be read, skipped")
                continue
            }
            target.run(bytes)
            count += 1
        }
        print("\(name): \(count) inputs ran")
    }
}
#endif
