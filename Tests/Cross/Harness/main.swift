import PixelCore
import PixelEffects
import PixelGolden

// The cross harness: renders every golden frame and run, prints one line per check with the
// digest it computed, and ends with PASS or FAIL. The same source runs hosted (`swift run
// golden-frames`) and as Embedded Swift under qemu (`scripts/cross.sh test`), whose outputs
// must be identical line for line.

/// The lines printed so far and how many of them failed.
struct Report {
    var failures = 0

    /// Prints one check: what, the digest computed, and whether it is the golden one.
    mutating func check(_ kind: String, _ label: String, _ digest: String, expected: String) {
        let verdict = digest == expected ? "ok" : "MISMATCH"
        if verdict != "ok" { failures += 1 }
        print("\(kind) \(label): \(digest) \(verdict)")
    }
}

/// Checks every golden frame and run; returns how many failed.
func checkAll() -> Int {
    var report = Report()
    for still in GoldenFrames.stills {
        do {
            let frame = try GoldenFrames.frame(of: still)
            report.check("frame", "\(still.effect.label) @\(still.milliseconds)ms", frame.digest, expected: still.digest)
        } catch {
            report.check("frame", "\(still.effect.label) @\(still.milliseconds)ms", "error", expected: still.digest)
        }
    }
    for run in GoldenFrames.runs {
        let label = "\(run.effect.label) \(run.frames)x@\(run.framesPerSecond)fps"
        do {
            report.check("run", label, try GoldenFrames.digest(of: run), expected: run.digest)
        } catch {
            report.check("run", label, "error", expected: run.digest)
        }
    }
    return report.failures
}

let failures = checkAll()
print(failures == 0 ? "PASS" : "FAIL: \(failures) of \(GoldenFrames.stills.count + GoldenFrames.runs.count) digests differ")
