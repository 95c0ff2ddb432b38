import Testing
import PixelUI
import PixelPanels
import PixelSimulator
import PixelSystem
import PixelInputs
import PixelImages
import PixelCore
import PixelEffects
import PixelGames
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
        // The harness's renderer, which runs on the other CPUs, draws what the player draws,
        // through a full canvas and through a banded one.
        #expect(try GoldenFrames.frame(of: c) == frame)
        #expect(try GoldenFrames.frame(of: c, bandHeight: GoldenFrames.bandHeight) == frame)
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

    /// A scripted game played through the app (Extras → Games, the wheel's events) draws the
    /// frames the harness draws with the game alone, so `make test-cross` checks the app's game.
    @Test(arguments: GoldenGames.all.indices)
    func scriptedGameMatchesItsGoldenDigest(_ index: Int) {
        let script = GoldenGames.all[index]
        var app = PixelWheelApp(width: 64, height: 32, framesPerSecond: script.framesPerSecond, version: "test", seed: GoldenFrames.seed)
        let open: [InputAction] = [.rotate(3), .select, .rotate(2), .select, .rotate(script.kind == .brick ? 0 : 1), .select]
        for action in open { app.handle(InputEvent(action, at: .zero)) }
        var canvas = Canvas(width: 64, height: 32, supersampling: .x4)
        var digests: [UInt8] = []
        var next = 0
        for n in 0..<script.frames {
            let time = FrameTime.milliseconds(n * 1000 / script.framesPerSecond)
            while next < script.inputs.count, script.inputs[next].0 <= n * 1000 / script.framesPerSecond {
                let action: InputAction
                switch script.inputs[next].1 {
                case let .turn(detents): action = .rotate(detents)
                case .press: action = .select
                case .playPause: action = .playPause
                }
                app.handle(InputEvent(action, at: .milliseconds(script.inputs[next].0)))
                next += 1
            }
            app.render(into: &canvas, at: time)
            if app.currentGame?.isOver == true { continue }
            digests += SHA256.digest(of: canvas.downsample().rawBytes)
        }
        #expect(SHA256.hex(of: digests) == script.digest, "\(script.label)")
        #expect(GoldenGames.digest(of: script) == script.digest)
    }
}
