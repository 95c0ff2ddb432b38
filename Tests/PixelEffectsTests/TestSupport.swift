import PixelCore
@testable import PixelEffects

/// Renders `scene` at `time` on a fresh canvas, as the player does.
func renderFrame(_ scene: inout some Scene, width: Int, height: Int, at time: FrameTime,
                 supersampling: Supersampling = .x4) -> Frame {
    var canvas = Canvas(width: width, height: height, supersampling: supersampling)
    scene.render(into: &canvas, at: time)
    return canvas.downsample()
}

/// Renders an effect by name with default parameters.
func renderEffect(_ name: String, parameters: [String: String] = [:], seed: UInt64 = 1,
                  width: Int = 64, height: Int = 32, at time: FrameTime) throws -> Frame {
    var scene = try EffectCatalog.named(name).makeScene(parameters: parameters, seed: seed, width: width, height: height)
    return renderFrame(&scene, width: width, height: height, at: time)
}

/// Every effect configuration the suite sweeps over: the seed effects (the starfield in both
/// modes) and every other catalog effect with its defaults.
let allEffectConfigurations: [(name: String, parameters: [String: String])] = [
    ("bounce", [:]), ("starfield", ["mode": "objects"]), ("starfield", ["mode": "shader"]), ("rain", [:]), ("fan", [:]),
] + EffectCatalog.all.filter { $0.family != .classic }.map { ($0.name, [:]) }
