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
    /// Makes a scene for a `width × height` LED panel.
    let make: @Sendable (_ values: ParameterValues, _ seed: UInt64, _ width: Int, _ height: Int) -> EffectScene

    /// An effect called `name`; `make` builds its scene from values, seed, width and height (LEDs).
    public init(name: String, summary: String, parameters: [EffectParameter],
                make: @escaping @Sendable (ParameterValues, UInt64, Int, Int) -> EffectScene) {
        self.name = name; self.summary = summary; self.parameters = parameters; self.make = make
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
    /// All effects.
    public static let all: [EffectDescriptor] = [
        BouncingLogo.descriptor,
        Starfield.descriptor,
        DigitalRain.descriptor,
        FanSweep.descriptor,
    ]

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
