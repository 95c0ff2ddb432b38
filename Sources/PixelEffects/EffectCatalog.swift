import PixelCore

/// An effect as the command line and the menu know it: its name, its parameters, and how
/// to make a scene of it for a panel.
public struct EffectDescriptor: Sendable {
    /// The command-line name, e.g. "bounce".
    public let name: String
    /// One line for `pixelwheel list` and the menu.
    public let summary: String
    /// The parameters it accepts.
    public let parameters: [EffectParameter]
    /// The group the menu files it under.
    public let family: EffectFamily
    /// Makes a scene for a `width × height` LED panel.
    let make: @Sendable (_ values: ParameterValues, _ seed: UInt64, _ width: Int, _ height: Int) -> EffectScene

    /// An effect called `name` in `family`; `make` builds its scene from values, seed, width and
    /// height (LEDs).
    public init(name: String, family: EffectFamily, summary: String, parameters: [EffectParameter],
                make: @escaping @Sendable (ParameterValues, UInt64, Int, Int) -> EffectScene) {
        self.name = name; self.family = family; self.summary = summary; self.parameters = parameters; self.make = make
    }

    /// The effect's name as the menu and the WLED apps show it: "lava-lamp" → "Lava Lamp",
    /// with the few names that are not plain words spelt as people write them.
    public var title: String {
        let spelt = ["dna": "DNA", "game-of-life": "Game of Life", "rain-on-water": "Rain on Water"]
        if let title = spelt[name] { return title }
        return name.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    /// Checks `parameters` (name → text) and makes the scene. The same seed gives the same
    /// scene on every machine.
    public func makeScene(parameters given: [String: String] = [:], seed: UInt64, width: Int, height: Int) throws(EffectError) -> EffectScene {
        let values = try ParameterValues(given, for: parameters, effect: name)
        return make(values, seed, width, height)
    }
}

/// Every effect PixelWheel ships, in menu order.
public enum EffectCatalog {
    /// All effects: the seed effects, then each family's in its own order.
    public static let all: [EffectDescriptor] = [
        BouncingLogo.descriptor,
        Starfield.descriptor,
        DigitalRain.descriptor,
        FanSweep.descriptor,
    ] + NatureEffect.descriptors + FieldEffect.descriptors + GeometryEffect.descriptors
      + ParticleEffect.descriptors + LifeEffect.descriptors

    /// The effects of `family`, in catalog order.
    public static func effects(in family: EffectFamily) -> [EffectDescriptor] {
        all.filter { $0.family == family }
    }

    /// The effect called `name`.
    public static func named(_ name: String) throws(EffectError) -> EffectDescriptor {
        guard let d = all.first(where: { $0.name == name }) else {
            throw .unknownEffect(name: name, known: all.map { $0.name })
        }
        return d
    }

    /// Splits `name=value` texts into a dictionary; the last of repeated names wins.
    public static func parseAssignments(_ texts: [String]) throws(EffectError) -> [String: String] {
        var result: [String: String] = [:]
        for text in texts {
            let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty else { throw .malformedParameter(text: text) }
            result[String(parts[0])] = String(parts[1])
        }
        return result
    }
}

/// The groups the menu files effects under (Effects → a family), in menu order.
public enum EffectFamily: String, CaseIterable, Sendable {
    /// The seed effects: bounce, starfield, rain, fan.
    case classic
    /// Flames and weather: fire, aurora, snow, rain on water.
    case nature
    /// Smooth fields through a palette: plasma, noise, lava lamp, ocean, interference.
    case fields
    /// Shapes and mappings: tunnels, spirals, mirrors, curves, fractals.
    case geometry
    /// Many small moving things: fireworks, balls, confetti, drift.
    case particles
    /// Cellular life and colour flows.
    case life

    /// The family's name in the menu: "Classic", "Nature", …
    public var title: String {
        switch self {
        case .classic: return "Classic"
        case .nature: return "Nature"
        case .fields: return "Fields"
        case .geometry: return "Geometry"
        case .particles: return "Particles"
        case .life: return "Life"
        }
    }
}
