import PixelCore
import PixelEffects

/// The golden frames: the SHA-256 of the raw 16-bit frame of each effect at fixed instants
/// (64×32, S = 4, seed 1, default parameters), and of short runs of frames. The same digests
/// hold through a full canvas and through a banded one.
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
    // The library beyond the seed effects, family by family.
    static let fire = Effect(name: "fire", parameters: [:])
    static let aurora = Effect(name: "aurora", parameters: [:])
    static let snowfall = Effect(name: "snowfall", parameters: [:])
    static let rainOnWater = Effect(name: "rain-on-water", parameters: [:])
    static let plasma = Effect(name: "plasma", parameters: [:])
    static let noise = Effect(name: "noise", parameters: [:])
    static let lavaLamp = Effect(name: "lava-lamp", parameters: [:])
    static let ocean = Effect(name: "ocean", parameters: [:])
    static let interference = Effect(name: "interference", parameters: [:])
    static let tunnel = Effect(name: "tunnel", parameters: [:])
    static let spiral = Effect(name: "spiral", parameters: [:])
    static let kaleidoscope = Effect(name: "kaleidoscope", parameters: [:])
    static let lissajous = Effect(name: "lissajous", parameters: [:])
    static let dna = Effect(name: "dna", parameters: [:])
    static let rotozoom = Effect(name: "rotozoom", parameters: [:])
    static let julia = Effect(name: "julia", parameters: [:])
    static let hypnoticRings = Effect(name: "hypnotic-rings", parameters: [:])
    static let confetti = Effect(name: "confetti", parameters: [:])
    static let fireworks = Effect(name: "fireworks", parameters: [:])
    static let bouncingBalls = Effect(name: "bouncing-balls", parameters: [:])
    static let drift = Effect(name: "drift", parameters: [:])
    static let meteors = Effect(name: "meteors", parameters: [:])
    static let gameOfLife = Effect(name: "game-of-life", parameters: [:])
    static let rainbow = Effect(name: "rainbow", parameters: [:])
    static let colorWaves = Effect(name: "color-waves", parameters: [:])

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
        Still(effect: fire, milliseconds: 0, digest: "fb22f1d3c936d89e1ee246721d52b8c8b9eeff42a53bac6b1c382c23e3916f14"),
        Still(effect: fire, milliseconds: 2500, digest: "983810e178d171b7125da407fc82fe8f2f58e5c40238067a3eabf636f424c728"),
        Still(effect: fire, milliseconds: 7000, digest: "57958ca38c1ccdddb8b810b4b5e52bd33e3de6c96afd28364eaa82528fa4dc01"),
        Still(effect: aurora, milliseconds: 0, digest: "0ddef87994cd4e775accd99c2af79bd5b5d3d28cee7b3469dc4aa3edbd92650e"),
        Still(effect: aurora, milliseconds: 2500, digest: "ab858b41c1a959ac89418dd9f1d9e8e983da3793f5598bded7cab09334eb2f83"),
        Still(effect: aurora, milliseconds: 7000, digest: "1605cb70a9f331f1cdb168e5340ecf4b138df27ab731c8dd794e8e3f68ee9466"),
        Still(effect: snowfall, milliseconds: 0, digest: "1af5502ac4c777018c7bf9acb46dedf12934e6329dbd270363220a653145f9c1"),
        Still(effect: snowfall, milliseconds: 2500, digest: "286499779c9f7c6e93fb217628606891f14bed856f9b3e414f1db7ea9ef626c3"),
        Still(effect: snowfall, milliseconds: 7000, digest: "6b520b53544bed908455f09fed2120fb6f41792f4cd2932fca03e6d6674a1e8e"),
        Still(effect: rainOnWater, milliseconds: 0, digest: "dd62a6ba259fc33b9a8ea3e74b9a8cfaf039f498111c5d35169935d9ce46df67"),
        Still(effect: rainOnWater, milliseconds: 2500, digest: "c9468df7aa69ed4b4f7b49bcd14c87c8156b96691552a161ce17e9e69adc185e"),
        Still(effect: rainOnWater, milliseconds: 7000, digest: "fd97494ea9ee61d2c9d49d9bb183712f942cfe8a484a2ddb0cf5d2fde46462f4"),
        Still(effect: plasma, milliseconds: 0, digest: "e74e55acd4b39b9a4b2b3b0c8aadf22f181342a1389fb99fbaffd487e29eff12"),
        Still(effect: plasma, milliseconds: 2500, digest: "190f9ff1ea07edd22ba8a28dcf93cab5aafb38ea87492244fe46f89338970248"),
        Still(effect: plasma, milliseconds: 7000, digest: "3c54f80a2f9d92563ff53bea511c1ec583a5891f3fafa8b8cf94a1744a4f66ab"),
        Still(effect: noise, milliseconds: 0, digest: "dc3f7d4f23612044d9aca460306134a5047edbb3db191c85ab26f92529da3027"),
        Still(effect: noise, milliseconds: 2500, digest: "55980ef45545c6735b0c0a1c0471e74569c64b9ac6558922debe46e810ffd820"),
        Still(effect: noise, milliseconds: 7000, digest: "1c5aa78e236728e1cc11154c1e1f1ca4e4fa61e07656fff5fd68c5f2dc3a34b9"),
        Still(effect: lavaLamp, milliseconds: 0, digest: "99277e48a4f40f8639fe8051155da7068f04203f2333ec001c8abd87ed65d088"),
        Still(effect: lavaLamp, milliseconds: 2500, digest: "fc1c397323a01a7b677df6a1ef8e293c3c6318a9c74dc5eac9b88e839116c6a7"),
        Still(effect: lavaLamp, milliseconds: 7000, digest: "3fb9b2970f93165ad3e37b488202c65f7f3e058e8e3d3f304255b8da749b313d"),
        Still(effect: ocean, milliseconds: 0, digest: "aaa6b7ca6aa5b75a6b5119a292c620217f8f4862389f4cfed0947707e8d1a38d"),
        Still(effect: ocean, milliseconds: 2500, digest: "7e4b0938b2ac97a76f711e1fddb811a0bca46b9104854c2dee2d8947f64986cd"),
        Still(effect: ocean, milliseconds: 7000, digest: "1378318c691f3a186a3f9b11c45eb29d694db504e7e78fb4f0d74180dde2a682"),
        Still(effect: interference, milliseconds: 0, digest: "49cf9b967dcaf6bbf39e9b323705e5db7ef4db2b85d60ca55427ce887a438828"),
        Still(effect: interference, milliseconds: 2500, digest: "249021801055b3998e7683da72ddec96e4617449dd422f01ae64fc80c9f8d24f"),
        Still(effect: interference, milliseconds: 7000, digest: "723903ea938e1769ced870b2a817a66b4e85f1823ff7c598bd2fdf4a3d16f9ac"),
        Still(effect: tunnel, milliseconds: 0, digest: "a9d5fc8469e7d5def7d9de9a63e3e9b41f1f52060667577e2f8da7ca8b631340"),
        Still(effect: tunnel, milliseconds: 2500, digest: "06ce7db60b9e118c28aee0dcef15a54568b247677da73865be33a12faed940cd"),
        Still(effect: tunnel, milliseconds: 7000, digest: "a2a938d8868d2b202c9f3c11a9045c1c8c81c39bb89cb74c7cfb7b5bf84cb86f"),
        Still(effect: spiral, milliseconds: 0, digest: "5e2e1223579f18d547274250e20af6be2f348250c5385804a32d4391c6ef61f5"),
        Still(effect: spiral, milliseconds: 2500, digest: "98e99cd013bf8ccb531fa6ae846664dadf967e7c593eeb739d7a912c5cb6deb9"),
        Still(effect: spiral, milliseconds: 7000, digest: "16b243b294fc35aa33a4dfe0ab8fad22a7b7f26054a9adaceff520c7292ee5a1"),
        Still(effect: kaleidoscope, milliseconds: 0, digest: "4242f51b06b1c379dfef2fe80791110e2e99b354b6e2eb25ed12a57b0bc01f79"),
        Still(effect: kaleidoscope, milliseconds: 2500, digest: "0ec260c452e41ef86ae3c02f07bdbd4fc4313819334578421e57931ddc1527e2"),
        Still(effect: kaleidoscope, milliseconds: 7000, digest: "c180894bd9a8aeb566905f290ce016f76195db6773646b0b0e9493fb2100bb3a"),
        Still(effect: lissajous, milliseconds: 0, digest: "5f28c48c4e916f84c7fb618d387210cafa5340548a290effa7541956c02af75c"),
        Still(effect: lissajous, milliseconds: 2500, digest: "333a03e299763940a923d06ce53a9438668e887411a0f16b8e33a1a152e9cbea"),
        Still(effect: lissajous, milliseconds: 7000, digest: "478dd4bb152246cb189e7d1247c1040788b5cb3696d15e3e16297a5a5823c1f4"),
        Still(effect: dna, milliseconds: 0, digest: "b4ad34c210974d41310292a6aaf5ba776507bf522f439d5e9c1853daced5d4e8"),
        Still(effect: dna, milliseconds: 2500, digest: "8c1169b9f5f9fae334a091b1badbd8271d7e6f6594c895eb28bd39573bc82d50"),
        Still(effect: dna, milliseconds: 7000, digest: "ca547b44c510280c9e3496c6ffde0cbcbe5c9ba2f551193f45ba17616b39deb1"),
        Still(effect: rotozoom, milliseconds: 0, digest: "f9d9edb0f56e85f5394770f61a21d41810cd4a0c5afa371c0fdafd161cc57e7c"),
        Still(effect: rotozoom, milliseconds: 2500, digest: "b33357847b3f8b67786fbc5b2359d7d873671155c2a6fdae4004b4fbc0dbcb57"),
        Still(effect: rotozoom, milliseconds: 7000, digest: "a29344639a47a969fec5685fc6571132b6745efcc1e93b28c89cbbc8a32d9610"),
        Still(effect: julia, milliseconds: 0, digest: "480510096d3175384495b5e9277dc5ca88256fef6183233a1fce45562129f95c"),
        Still(effect: julia, milliseconds: 2500, digest: "caa56f806df4fdec66a9a6656c0ba7726f45ab4167571b43f5e04497d83d83f7"),
        Still(effect: julia, milliseconds: 7000, digest: "ac5cebc357c0eccb4410e2ba03efbb4a7f0de1d95b74520952a2543aec2d12ac"),
        Still(effect: hypnoticRings, milliseconds: 0, digest: "a72941234d7557d38550ed0f6d608369321bf6ac56a1b860a4814c870c646c45"),
        Still(effect: hypnoticRings, milliseconds: 2500, digest: "b17e741fda9e3bd66f6b1a2f2b28b757e79d2bf8280875c15d3369cdffbc3db4"),
        Still(effect: hypnoticRings, milliseconds: 7000, digest: "16027ca02fd11e859c9d3870376419a4d01826ac28543cf87070e129ba2171ea"),
        Still(effect: confetti, milliseconds: 0, digest: "ffdf117d8c630e714d29be65d79244f679d7495dff5c8045f49cb5f0d0647296"),
        Still(effect: confetti, milliseconds: 2500, digest: "5544716e43c4e1811edab276e390603a92bc0538a05a69fe915a0f63598b1698"),
        Still(effect: confetti, milliseconds: 7000, digest: "07f6b7f905b4561bf2a0811ad212c96fa097b83486498f1917fdaddf131794cf"),
        Still(effect: fireworks, milliseconds: 0, digest: "40dda7aaf47fc6da32102382d0713a5433da0368e670345c4f2eac98a4138f7c"),
        Still(effect: fireworks, milliseconds: 2500, digest: "c894575fbef04d4d0692eb6ad9f482e03736d44f84def58fa34444997db683bf"),
        Still(effect: fireworks, milliseconds: 7000, digest: "87e2acbe334ad2c6d604626a1b468bb592a57e938f2c2a56507366d893eb4430"),
        Still(effect: bouncingBalls, milliseconds: 0, digest: "c76dcdea03ebcd308771f9aeb4f5c12f09ca0503070a4a8b17d7993e580d85b8"),
        Still(effect: bouncingBalls, milliseconds: 2500, digest: "41fb3795cbd281cb07eb89505df21f8113b2dc6a2880534f7694daf1aa6a478a"),
        Still(effect: bouncingBalls, milliseconds: 7000, digest: "8655e84a8dd5666011dc7809b2190470f625ed5a0cdabe967dd7479ac541c314"),
        Still(effect: drift, milliseconds: 0, digest: "d6e936594c628ff2001d794c8904ff577d6f5ccbd2e33b9bab447ee0786783fa"),
        Still(effect: drift, milliseconds: 2500, digest: "145cd3ef7818a8ea869f033e148973729a253736ef6611376c52ce72ff42d5cf"),
        Still(effect: drift, milliseconds: 7000, digest: "ed3804bf1f5da8f97f52e50eeee828d7353fb0e7d493389e63eec552576c5831"),
        Still(effect: meteors, milliseconds: 0, digest: "828f4dd3ed5514f446490948b9571689371581b3734451fe7be7db950caa7bb7"),
        Still(effect: meteors, milliseconds: 2500, digest: "93f111d4e70366d2e694e140aa2d6d751e9c8dee0d2f3ce73a6a4113200aa4b8"),
        Still(effect: meteors, milliseconds: 7000, digest: "864d81f0829491f2b0a92985081944a1e78ae2c7813d8a0cea033d65bd353586"),
        Still(effect: gameOfLife, milliseconds: 0, digest: "ffb57a62640a564ce6781d443a1a710c87cd2fedfb62dc85f66e7024bbd862c4"),
        Still(effect: gameOfLife, milliseconds: 2500, digest: "2d74b67881090fec5293bb1902b7817d99e8fc40e83e33cb2cbe1a636ab56009"),
        Still(effect: gameOfLife, milliseconds: 7000, digest: "90aa32184ec0be61385efc2ca194d0f1e5aa0a1fb354db644fc653f6b86fd9f6"),
        Still(effect: rainbow, milliseconds: 0, digest: "61bc9ccff8bf0ac5a997db60937c9b9eb95afb6a1ab7511c983244afe1a61c4d"),
        Still(effect: rainbow, milliseconds: 2500, digest: "6514effbee1ec2ea1564cdb88cb6f95e43885feccde37514a8fd122fba963630"),
        Still(effect: rainbow, milliseconds: 7000, digest: "fad3c04fb60ef082570dbd3ea65cc2de5f640c1261ddf81436b9eb96ab0d716a"),
        Still(effect: colorWaves, milliseconds: 0, digest: "97182e92614784b30aa82f0ba33f85b995f4ddee916ecc0db0a7ca3dc4deda01"),
        Still(effect: colorWaves, milliseconds: 2500, digest: "c9c4f04ccb7baa207b38d94788f02c8f95f3ba067b50e26aed73fab5c0cdeb7d"),
        Still(effect: colorWaves, milliseconds: 7000, digest: "700213a2551bd9b59b06585a16776d099cb7dac5e594d3b3d51f28589aa46b94"),
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
        Run(effect: fire, frames: 24, framesPerSecond: 8,
            digest: "07e7c1a8abacee6ae05665b48b1a876f5bfd4b0f9b465ba045909a0038b51fae"),
        Run(effect: aurora, frames: 24, framesPerSecond: 8,
            digest: "c467082b82614d1f89491f89b1f09ae04448de923f92472cac969dcd588ffa78"),
        Run(effect: snowfall, frames: 24, framesPerSecond: 8,
            digest: "6cac68617916ee00cd5d38272b484f5233721bdd019528272d57a7590b11c3c7"),
        Run(effect: rainOnWater, frames: 24, framesPerSecond: 8,
            digest: "16d0314162e489d013a3dd032d1afe3219063cac600bf3fe570b23e8ccddb63c"),
        Run(effect: plasma, frames: 24, framesPerSecond: 8,
            digest: "e42e91ada732c7f0f5fd3ae9a7cb6132c1bd662df6bbf3fdd7e6a8b03b2dd6c3"),
        Run(effect: noise, frames: 24, framesPerSecond: 8,
            digest: "37c05840a0d338964132840f8523a7a2d93f66a5c8d89faeb60a0fbd7c53ed62"),
        Run(effect: lavaLamp, frames: 24, framesPerSecond: 8,
            digest: "2ff5b8e208c20383da617c4ca5497858c0fe57979323c300748cf3e9bdd70351"),
        Run(effect: ocean, frames: 24, framesPerSecond: 8,
            digest: "0253d7434fbe6f608ee9ef26b96b61cbc967c37aef36f316303526edbd92d1e1"),
        Run(effect: interference, frames: 24, framesPerSecond: 8,
            digest: "9ebba97f643f8022890a669172d4308dabf835bc78847af1d0fc83ca53c47dbf"),
        Run(effect: tunnel, frames: 24, framesPerSecond: 8,
            digest: "c56d3967eed8204911f3443a63514f5c40cedd9b7622016c13204626cd92e2a4"),
        Run(effect: spiral, frames: 24, framesPerSecond: 8,
            digest: "5c113c5a9e16499fbf690795cdebc61df822c629b3009008b7a1f5bcad15fb0b"),
        Run(effect: kaleidoscope, frames: 24, framesPerSecond: 8,
            digest: "460b91c1799a0c49980f47f17e9bb1f6acd498e76e0d4e55b8abdc2a9c119960"),
        Run(effect: lissajous, frames: 24, framesPerSecond: 8,
            digest: "5a85490778d526426750ba02fc2a7c1c2f5bf4c61fc33fe314c9b5f9ee5f75df"),
        Run(effect: dna, frames: 24, framesPerSecond: 8,
            digest: "36de7a4e93d9629962d531434b5137ff70adb1925eb85a299b376b87ca31e711"),
        Run(effect: rotozoom, frames: 24, framesPerSecond: 8,
            digest: "a1585f6a80cf82416a1c03786bbcb1e45656bb0a0b1fbfddf1959cbb2269fa4f"),
        Run(effect: julia, frames: 24, framesPerSecond: 8,
            digest: "3a0040c7bf08a976044a024b75726bbf77878e7b62463e1f6ce2db17c856efcd"),
        Run(effect: hypnoticRings, frames: 24, framesPerSecond: 8,
            digest: "8162686bd5f77d7a8257224459165a9a028dc4f2581b4e3686571d32a1883150"),
        Run(effect: confetti, frames: 24, framesPerSecond: 8,
            digest: "fd1c1c5353f6d42d355f7800532e6a8ee38daf8c2b365546d7687109bed61af5"),
        Run(effect: fireworks, frames: 24, framesPerSecond: 8,
            digest: "4e2702ea28e2c1e5a25637b3bb8c1176b8c0c97f01ed75bd4b9d010b16669172"),
        Run(effect: bouncingBalls, frames: 24, framesPerSecond: 8,
            digest: "113ee558a1901da4407e73986ebe34c090a2a11c07c3860eb60f1b31b3980303"),
        Run(effect: drift, frames: 24, framesPerSecond: 8,
            digest: "d9a976107dd54b9531fb1d56b671f2d9ce3a0a7acd8a05b7a4984ef651946039"),
        Run(effect: meteors, frames: 24, framesPerSecond: 8,
            digest: "4c7d2e2dffc40fdeaf842a1e557c0190ef8e0aa4e0d8646359703b156f5d7399"),
        Run(effect: gameOfLife, frames: 24, framesPerSecond: 8,
            digest: "9df13b2fc9bab3128be7096f10013d4c8de596c5c042760ea8a1fc6c1c96f7ab"),
        Run(effect: rainbow, frames: 24, framesPerSecond: 8,
            digest: "d3dc16c13baea501f9e49e48c4d8c986cb45f4b4835468b17a95dd68e9ae7a48"),
        Run(effect: colorWaves, frames: 24, framesPerSecond: 8,
            digest: "3cc99e136f4712ba514d9bac10ccd5f4483f14b3cf0d79eb71b4d695d3d86240"),
    ]

    /// LED rows per band of the banded canvas the golden frames are also rendered through:
    /// 4 rows keep the 64×32 canvas at S = 4 in 24 KiB instead of 192 KiB.
    public static let bandHeight = 4

    /// A canvas for the golden panel: the whole panel, or `bandHeight` LED rows of it.
    static func canvas(bandHeight: Int?) -> Canvas {
        guard let bandHeight else { return Canvas(width: width, height: height, supersampling: supersampling) }
        return Canvas(width: width, height: height, supersampling: supersampling, bandHeight: bandHeight)
    }

    /// The frame of `still`, rendered on a fresh scene and canvas (a banded one when
    /// `bandHeight` is given).
    public static func frame(of still: Still, bandHeight: Int? = nil) throws(EffectError) -> Frame {
        var scene = try still.effect.makeScene()
        var canvas = canvas(bandHeight: bandHeight)
        var frame = Frame(width: width, height: height)
        scene.render(at: .milliseconds(still.milliseconds), canvas: &canvas, into: &frame)
        return frame
    }

    /// The digest of `run`'s frames, rendered in order on one scene and one canvas (a banded
    /// one when `bandHeight` is given).
    public static func digest(of run: Run, bandHeight: Int? = nil) throws(EffectError) -> String {
        var scene = try run.effect.makeScene()
        var canvas = canvas(bandHeight: bandHeight)
        var frame = Frame(width: width, height: height)
        var digests: [UInt8] = []
        for n in 0..<run.frames {
            scene.render(at: .milliseconds(n * 1000 / run.framesPerSecond), canvas: &canvas, into: &frame)
            digests += SHA256.digest(of: frame.rawBytes)
        }
        return SHA256.hex(of: digests)
    }
}
