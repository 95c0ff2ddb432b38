import Testing
import PixelUI
import PixelPanels
import PixelSimulator
import PixelSystem
import PixelInputs
import PixelImages
import PixelCore
import PixelEffects
@testable import PixelRuntime

/// Golden frames: the SHA-256 of the raw 16-bit frame of each effect at fixed instants
/// (64×32, S = 4, seed 1, default parameters). Integer maths makes these the same on every
/// CPU and in debug and release; a change here means the picture changed, so look at it
/// (`pixelwheel render EFFECT --at T --out x.png`) before updating a digest.
struct GoldenFrameTests {
    static let cases: [(effect: String, parameters: [String: String], milliseconds: Int, digest: String)] = [
        ("bounce", [:], 0, "acc6b1117f4dd91bbe48e99746ed5740892104e3beebbef31f331f761eaf1f13"),
        ("bounce", [:], 2500, "d9af8cfd7863637ced48b4dfb4858abbfd445ead1fff0f8dcda1279baef8c9c1"),
        ("bounce", [:], 7000, "c064afde11c954658e91e3c6b531a20fdfa4d4e488354379039ec3271ac72a2c"),
        ("starfield", ["mode": "objects"], 0, "bffe6e8ffcec4daf8d1cf2c12f499f5a6d0917bbb9667adf08e5e3a54158c0d4"),
        ("starfield", ["mode": "objects"], 2500, "80e1a410357a3ceced27c416c68d084337dcc2eac914eb03990d9d7f68bbde23"),
        ("starfield", ["mode": "objects"], 7000, "ecd4ad549e946c813d7a9c4e3cb4c83dee432d408998cde7fc3961f63beda3d1"),
        ("starfield", ["mode": "shader"], 0, "081691491280c8156136fcfb8953975e24c049c6aedc1f5419645fba3ee4e8e6"),
        ("starfield", ["mode": "shader"], 2500, "9c6cde67e531335cfbaa0d24d5460b4dab2437b41b5bfc8ff3a5920fa64e153e"),
        ("starfield", ["mode": "shader"], 7000, "957ea0ce87ee5ce8ba93ba4075a03b2853f05804f3ed303e2f92953e58440c5d"),
        ("rain", [:], 0, "42ee308ee1388765cb3f18f7a2cbcca8b40b65c9f011eb634557818985da5133"),
        ("rain", [:], 2500, "bca85afa946529c103fdd9f8077243286d7eca284aa67210b7b96b422c356559"),
        ("rain", [:], 7000, "5e414013a3300607f78a2b6dfa60a36f6eb434dff9d10827f05af93d9d712f50"),
        ("fan", [:], 0, "b81df47ddc6afa5b58968067d137f25698a5ca94659f0a3e4357ee024702907a"),
        ("fan", [:], 2500, "4ec4ad6b24795a66958df1c73a4000c9750b9bdb1cc0611d5f3b306c4f94da66"),
        ("fan", [:], 7000, "b81df47ddc6afa5b58968067d137f25698a5ca94659f0a3e4357ee024702907a"),
    ]

    @Test(arguments: cases.indices)
    func frameMatchesItsGoldenDigest(_ index: Int) throws {
        let c = Self.cases[index]
        let scene = try EffectCatalog.named(c.effect).makeScene(parameters: c.parameters, seed: 1, width: 64, height: 32)
        var player = EffectPlayer(scene: scene, size: try PanelSize(width: 64, height: 32), supersampling: .x4)
        let frame = player.render(at: .milliseconds(c.milliseconds))
        #expect(frame.digest == c.digest, "\(c.effect) \(c.parameters) at \(c.milliseconds) ms")
    }
}
