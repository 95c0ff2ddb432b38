import PixelCore
import PixelEffects
import PixelGolden

// The bare-metal demo: firmware for qemu's riscv32 `virt` machine. It plays every effect for
// 3 s at 8 fps, paced by the machine timer (CLINT mtime), renders each frame through a 4-row
// banded canvas (24 KiB) and writes it to the UART as one line of hex, for
// `scripts/build/cross.sh demo` to turn into PNGs and check against the hosted renderer.

/// Machine-timer ticks since reset (qemu's virt machine counts at 10 MHz).
@_silgen_name("pw_ticks") func ticks() -> UInt64
/// Writes `count` bytes as lowercase hex to the console.
@_silgen_name("pw_write_hex") func writeHex(_ bytes: UnsafePointer<UInt8>, _ count: Int)

let ticksPerSecond: UInt64 = 10_000_000

/// Plays every golden run's effect on the timer; returns how many frames were late.
func play() -> Int {
    var late = 0
    for (index, run) in GoldenFrames.runs.enumerated() {
        guard var scene = try? run.effect.makeScene() else {
            print("error: cannot make \(run.effect.label)")
            return -1
        }
        var canvas = Canvas(width: GoldenFrames.width, height: GoldenFrames.height,
                            supersampling: GoldenFrames.supersampling, bandHeight: GoldenFrames.bandHeight)
        var frame = Frame(width: GoldenFrames.width, height: GoldenFrames.height)
        print("effect \(index) \(run.effect.label) \(run.frames) frames at \(run.framesPerSecond) fps")
        let start = ticks()
        for n in 0..<run.frames {
            // Wait for the frame's instant on the machine timer, then draw that instant.
            let due = start + UInt64(n) * ticksPerSecond / UInt64(run.framesPerSecond)
            if ticks() > due + ticksPerSecond / UInt64(run.framesPerSecond) { late += 1 }
            while ticks() < due {}
            scene.render(at: .milliseconds(n * 1000 / run.framesPerSecond), canvas: &canvas, into: &frame)
            print("frame \(index) \(n) ", terminator: "")
            frame.rawBytes.withUnsafeBufferPointer { writeHex($0.baseAddress!, $0.count) }
            print("")
        }
    }
    return late
}

let late = play()
print("done: \(late) frames started more than a frame late")
