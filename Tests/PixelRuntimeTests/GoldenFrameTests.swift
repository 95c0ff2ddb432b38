import Testing
import PixelUI
import PixelPanels
import PixelSimulator
import PixelSystem
import PixelInputs
import PixelImages
import PixelCore
import PixelEffects
import PixelGolden
@testable import PixelRuntime

/// Golden frames: the SHA-256 of the raw 16-bit frame of each effect at fixed instants
/// (64×32, S = 4, seed 1, default parameters), and of short runs of frames. The digests live in
/// `PixelGolden` (`Tests/Golden`), which the cross harness also runs on ARM and RISC-V
/// (`make test-cross`). Integer maths makes these the same on every CPU and in debug and
/// release; a change here means the picture changed, so look at it
/// (`pixelwheel render EFFECT --at T --out x.png`) before updating a digest.
struct GoldenFrameTests {
    @Test(arguments: GoldenFrames.stills.indices)
    func frameMatchesItsGoldenDigest(_ index: Int) throws {
        let c = GoldenFrames.stills[index]
        let scene = try EffectCatalog.named(c.effect.name).makeScene(parameters: c.effect.parameters, seed: 1, width: 64, height: 32)
        var player = EffectPlayer(scene: scene, size: try PanelSize(width: 64, height: 32), supersampling: .x4)
        let frame = player.render(at: .milliseconds(c.milliseconds))
        #expect(frame.digest == c.digest, "\(c.effect.label) at \(c.milliseconds) ms")
        // The harness's renderer, which runs on the other CPUs, draws what the player draws.
        #expect(try GoldenFrames.frame(of: c) == frame)
    }

    @Test(arguments: GoldenFrames.runs.indices)
    func runOfFramesMatchesItsGoldenDigest(_ index: Int) throws {
        let run = GoldenFrames.runs[index]
        let scene = try run.effect.makeScene()
        var player = EffectPlayer(scene: scene, size: try PanelSize(width: 64, height: 32), supersampling: .x4)
        var digests: [UInt8] = []
        for n in 0..<run.frames {
            digests += SHA256.digest(of: player.render(at: .milliseconds(n * 1000 / run.framesPerSecond)).rawBytes)
        }
        // The harness computes the same digest its own way (`make test-cross` checks that).
        #expect(SHA256.hex(of: digests) == run.digest, "\(run.effect.label)")
    }
}
