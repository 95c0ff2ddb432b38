import Testing
import PixelCore
@testable import PixelEffects

struct BandedRenderTests {
    @Test(arguments: allEffectConfigurations.indices)
    func everyEffectRendersTheSameBitsThroughBandsAsThroughAFullCanvas(_ index: Int) throws {
        let (name, parameters) = allEffectConfigurations[index]
        for (width, height, s) in [(64, 32, Supersampling.x4), (32, 16, .x8), (23, 17, .x2), (8, 8, .x1)] {
            var fullScene = try EffectCatalog.named(name).makeScene(parameters: parameters, seed: 3, width: width, height: height)
            var bandedScene = fullScene
            var full = Canvas(width: width, height: height, supersampling: s)
            for band in [1, 3, 4] {
                var banded = Canvas(width: width, height: height, supersampling: s, bandHeight: band)
                for ms in [0, 1300, 4700] {
                    var expected = Frame(width: width, height: height), frame = Frame(width: width, height: height)
                    fullScene.render(at: .milliseconds(ms), canvas: &full, into: &expected)
                    bandedScene.render(at: .milliseconds(ms), canvas: &banded, into: &frame)
                    #expect(frame.digest == expected.digest, "\(name) \(parameters) \(width)x\(height) S=\(s) band \(band) at \(ms) ms")
                    // The full canvas through `render(at:canvas:into:)` is the player's frame.
                    #expect(expected == renderFrame(&fullScene, width: width, height: height, at: .milliseconds(ms), supersampling: s))
                }
            }
        }
    }
}
