import PixelCore
import PixelEffects

/// The golden frames: the SHA-256 of the raw 16-bit frame of each effect at fixed instants
/// (64×32, S = 4, seed 1, default parameters), and of short runs of frames.
///
/// Integer maths makes these the same on every CPU, hosted or Embedded Swift, in debug and
/// release. `GoldenFrameTests` checks them on the build machine through the player; the
/// cross harness (`Tests/Cross`, `make test-cross`) checks them on ARM and RISC-V. A change
/// here means the picture changed, so look at it (`pixelwheel render EFFECT --at T --out x.png`)
/// before updating a digest.
public enum GoldenFrames {
    /// The panel every golden frame is rendered for.
    public static let width = 64, height = 32
    /// Samples per LED per axis.
    public static let supersampling = Supersampling.x4
    /// The seed every golden scene is made with.
    public static let seed: UInt64 = 1

    /// One effect configuration: a catalog name and its parameters.
    public struct Effect: Sendable {
        /// The catalog name, e.g. "starfield".
        public let name: String
        /// Parameters as `--param` would give them.
        public let parameters: [String: String]

        /// "starfield mode=shader": the name and the parameters, sorted.
        public var label: String {
            var text = name
            for (key, value) in parameters.sorted(by: { $0.key < $1.key }) { text += " \(key)=\(value)" }
            return text
        }

        /// A fresh scene of this effect for the golden panel.
        public func makeScene() throws(EffectError) -> EffectScene {
            try EffectCatalog.named(name).makeScene(parameters: parameters, seed: GoldenFrames.seed,
                                                    width: GoldenFrames.width, height: GoldenFrames.height)
        }
    }

    /// One frame with a known digest.
    public struct Still: Sendable {
        /// What is rendered.
        public let effect: Effect
        /// The instant, in milliseconds after the scene started.
        public let milliseconds: Int
        /// SHA-256 of the frame's `rawBytes`, lowercase hex.
        public let digest: String
    }

    /// A run of frames at a fixed rate from 0 s, rendered one after the other on one scene and
    /// one canvas (as the player does), with a known digest of the whole run.
    public struct Run: Sendable {
        /// What is rendered.
        public let effect: Effect
        /// Number of frames.
        public let frames: Int
        /// Frames per second.
        public let framesPerSecond: Int
        /// SHA-256 of the frames' 32-byte digests, concatenated in order, lowercase hex.
        public let digest: String
    }

    static let bounce = Effect(name: "bounce", parameters: [:])
    static let starObjects = Effect(name: "starfield", parameters: ["mode": "objects"])
    static let starShader = Effect(name: "starfield", parameters: ["mode": "shader"])
    static let rain = Effect(name: "rain", parameters: [:])
    static let fan = Effect(name: "fan", parameters: [:])

    /// Every effect and mode at 0, 2.5 and 7 s.
    public static let stills: [Still] = [
        Still(effect: bounce, milliseconds: 0, digest: "acc6b1117f4dd91bbe48e99746ed5740892104e3beebbef31f331f761eaf1f13"),
        Still(effect: bounce, milliseconds: 2500, digest: "d9af8cfd7863637ced48b4dfb4858abbfd445ead1fff0f8dcda1279baef8c9c1"),
        Still(effect: bounce, milliseconds: 7000, digest: "c064afde11c954658e91e3c6b531a20fdfa4d4e488354379039ec3271ac72a2c"),
        Still(effect: starObjects, milliseconds: 0, digest: "bffe6e8ffcec4daf8d1cf2c12f499f5a6d0917bbb9667adf08e5e3a54158c0d4"),
        Still(effect: starObjects, milliseconds: 2500, digest: "80e1a410357a3ceced27c416c68d084337dcc2eac914eb03990d9d7f68bbde23"),
        Still(effect: starObjects, milliseconds: 7000, digest: "ecd4ad549e946c813d7a9c4e3cb4c83dee432d408998cde7fc3961f63beda3d1"),
        Still(effect: starShader, milliseconds: 0, digest: "081691491280c8156136fcfb8953975e24c049c6aedc1f5419645fba3ee4e8e6"),
        Still(effect: starShader, milliseconds: 2500, digest: "9c6cde67e531335cfbaa0d24d5460b4dab2437b41b5bfc8ff3a5920fa64e153e"),
        Still(effect: starShader, milliseconds: 7000, digest: "957ea0ce87ee5ce8ba93ba4075a03b2853f05804f3ed303e2f92953e58440c5d"),
        Still(effect: rain, milliseconds: 0, digest: "42ee308ee1388765cb3f18f7a2cbcca8b40b65c9f011eb634557818985da5133"),
        Still(effect: rain, milliseconds: 2500, digest: "bca85afa946529c103fdd9f8077243286d7eca284aa67210b7b96b422c356559"),
        Still(effect: rain, milliseconds: 7000, digest: "5e414013a3300607f78a2b6dfa60a36f6eb434dff9d10827f05af93d9d712f50"),
        Still(effect: fan, milliseconds: 0, digest: "b81df47ddc6afa5b58968067d137f25698a5ca94659f0a3e4357ee024702907a"),
        Still(effect: fan, milliseconds: 2500, digest: "4ec4ad6b24795a66958df1c73a4000c9750b9bdb1cc0611d5f3b306c4f94da66"),
        Still(effect: fan, milliseconds: 7000, digest: "b81df47ddc6afa5b58968067d137f25698a5ca94659f0a3e4357ee024702907a"),
    ]

    /// Every effect and mode for 3 s at 8 fps: 24 frames that carry the scene's state.
    public static let runs: [Run] = [
        Run(effect: bounce, frames: 24, framesPerSecond: 8,
            digest: "34df698517ef9745a1190313fa3a7be34000946bd6d4a852d3d17f01e6208cdb"),
        Run(effect: starObjects, frames: 24, framesPerSecond: 8,
            digest: "d1e2009d61da321b976323a8905625d66653e8643b77e715aac1e44c15e105a7"),
        Run(effect: starShader, frames: 24, framesPerSecond: 8,
            digest: "39c229481a77ca020244d29caa93d85538c81efc0949623341944b7afb7b8b4f"),
        Run(effect: rain, frames: 24, framesPerSecond: 8,
            digest: "273b32b1de680d8366ce5c69d88d2e4eeccdb7ecf8f4b94de927517b0aa73a9c"),
        Run(effect: fan, frames: 24, framesPerSecond: 8,
            digest: "b4e83a9ab1b69692a87a88307097e5d235fbb09216ff404b733f26a2a2aa2c30"),
    ]

    /// Renders `scene` at `time` the way the player does: clear, identity transform, draw,
    /// box-filter into `frame`.
    public static func render(_ scene: inout EffectScene, at time: FrameTime, canvas: inout Canvas, into frame: inout Frame) {
        canvas.clear()
        canvas.setTransform(.identity)
        scene.render(into: &canvas, at: time)
        canvas.downsample(into: &frame)
    }

    /// The frame of `still`, rendered on a fresh scene and canvas.
    public static func frame(of still: Still) throws(EffectError) -> Frame {
        var scene = try still.effect.makeScene()
        var canvas = Canvas(width: width, height: height, supersampling: supersampling)
        var frame = Frame(width: width, height: height)
        render(&scene, at: .milliseconds(still.milliseconds), canvas: &canvas, into: &frame)
        return frame
    }

    /// The digest of `run`'s frames, rendered in order on one scene and one canvas.
    public static func digest(of run: Run) throws(EffectError) -> String {
        var scene = try run.effect.makeScene()
        var canvas = Canvas(width: width, height: height, supersampling: supersampling)
        var frame = Frame(width: width, height: height)
        var digests: [UInt8] = []
        for n in 0..<run.frames {
            render(&scene, at: .milliseconds(n * 1000 / run.framesPerSecond), canvas: &canvas, into: &frame)
            digests += SHA256.digest(of: frame.rawBytes)
        }
        return SHA256.hex(of: digests)
    }
}
