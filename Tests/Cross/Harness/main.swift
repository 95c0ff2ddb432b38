import PixelCore
import PixelEffects
import PixelGames
import PixelGolden

// The cross harness: renders every golden frame and run, prints one line per check with the
// digest it computed, and ends with PASS or FAIL. The same source runs hosted (`swift run
// golden-frames`) and as Embedded Swift under qemu (`scripts/build/cross.sh test`), whose outputs
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
    // Through the full canvas, then through a banded one (a few LED rows at a time).
    for bandHeight in [nil, GoldenFrames.bandHeight] {
        let canvas = bandHeight.map { "banded(\($0) rows) " } ?? ""
        for still in GoldenFrames.stills {
            let label = "\(still.effect.label) @\(still.milliseconds)ms"
            do {
                let frame = try GoldenFrames.frame(of: still, bandHeight: bandHeight)
                report.check(canvas + "frame", label, frame.digest, expected: still.digest)
            } catch {
                report.check(canvas + "frame", label, "error", expected: still.digest)
            }
        }
        for run in GoldenFrames.runs {
            let label = "\(run.effect.label) \(run.frames)x@\(run.framesPerSecond)fps"
            do {
                report.check(canvas + "run", label, try GoldenFrames.digest(of: run, bandHeight: bandHeight), expected: run.digest)
            } catch {
                report.check(canvas + "run", label, "error", expected: run.digest)
            }
        }
    }
    // Scripted games: the wheel's input at fixed instants, every frame drawn.
    for script in GoldenGames.all {
        report.check("game", script.label, GoldenGames.digest(of: script), expected: script.digest)
    }
    return report.failures
}

let failures = checkAll()
print(failures == 0 ? "PASS" : "FAIL: \(failures) of \(2 * (GoldenFrames.stills.count + GoldenFrames.runs.count) + GoldenGames.all.count) digests differ")
