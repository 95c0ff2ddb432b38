import PixelCore

/// The presets file: JSON in the shape of WLED's `presets.json` — an object keyed by id
/// strings, `"0"` an empty placeholder, `n` the name — with PixelWheel's own values in each
/// preset, so a save and a load give back exactly what was saved:
///
///     {"0":{},"1":{"n":"Calm","on":true,"brightness":40,"speed":50,"effect":"Star Shader",
///      "parameters":{"starfield.cell":"8"}}}
///
/// The effect is kept by its menu title, which survives a reordering of the menu. The WLED API
/// serves `/presets.json` from these presets with WLED's own keys (`bri`, `seg[0].fx`, …).
extension PresetList {
    /// The longest file read.
    public static let maximumFileBytes = 65_536
    /// The deepest nesting read: the parameters object inside a preset inside the file is 3.
    static let maximumFileDepth = 4

    /// The presets as the file's text, ids in order.
    public var fileText: String {
        var members: [(String, JSONValue)] = [("0", .object([]))]
        for id in ids {
            guard let preset = self[id] else { continue }
            var fields: [(String, JSONValue)] = [
                ("n", .string(preset.name)), ("on", .bool(preset.on)),
                ("brightness", .int(Int64(preset.brightness))), ("speed", .int(Int64(preset.speed))),
            ]
            if let effect = preset.effect { fields.append(("effect", .string(MenuEntry.effects[effect].title))) }
            let parameters = preset.parameters.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.string($0.value)) }
            if !parameters.isEmpty { fields.append(("parameters", .object(parameters))) }
            members.append((String(id), .object(fields)))
        }
        return JSONValue.object(members).text + "\n"
    }

    /// Reads a presets file: every good preset is kept, and each one that cannot be used is
    /// left out and named in `problems`, in file order. A file that is not a JSON object (or is
    /// too big or too deep) throws, naming what is wrong.
    public static func reading(fileBytes bytes: [UInt8]) throws(PresetFileError) -> (presets: PresetList, problems: [String]) {
        let limits = JSONLimits(maximumBytes: maximumFileBytes, maximumDepth: maximumFileDepth)
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes, limits: limits)
        } catch {
            throw .notJSON(error.description)
        }
        guard let members = value.members else { throw .notJSON("it is not a JSON object") }
        var list = PresetList()
        var problems: [String] = []
        for (key, member) in members where key != "0" {
            guard let id = Int(key), idRange.contains(id) else {
                problems.append("'\(key.prefix(16))' is not a preset id 1...250")
                continue
            }
            switch preset(from: member) {
            case let .success(preset):
                if !list.store(preset, as: id) { problems.append("preset \(id): more than \(maximumCount) presets") }
            case let .failure(problem):
                problems.append("preset \(id): \(problem.description)")
            }
        }
        return (list, problems)
    }

    /// One preset of the file, or what is wrong with it.
    private static func preset(from value: JSONValue) -> Result<Preset, PresetFileError> {
        guard value.members != nil else { return .failure(.badField("it is not an object")) }
        guard let name = value["n"]?.string else { return .failure(.badField("no name (n)")) }
        guard let on = value["on"]?.bool else { return .failure(.badField("on is not true or false")) }
        guard let brightness = value["brightness"]?.integer, Settings.brightnessRange.contains(brightness) else {
            return .failure(.badField("brightness is not 0...100"))
        }
        guard let speed = value["speed"]?.integer, Settings.speedRange.contains(speed) else {
            return .failure(.badField("speed is not 25...400"))
        }
        var effect: Int?
        if let title = value["effect"] {
            guard let index = MenuEntry.effects.firstIndex(where: { $0.title == title.string }) else {
                return .failure(.badField("effect is not one of the menu's effects"))
            }
            effect = index
        }
        var parameters: [String: String] = [:]
        if let given = value["parameters"] {
            guard let effect, let members = given.members else { return .failure(.badField("parameters without an effect")) }
            let offered = MenuEntry.parameters(ofEffect: effect)
            for (key, text) in members {
                let parameter = offered.first { EffectParameterMenu.key($0.name, ofEffect: effect) == key }
                guard let parameter, let text = text.string, parameter.accepts(text) else {
                    return .failure(.badField("parameter '\(key.prefix(40))' is not one the effect takes"))
                }
                // A default is kept as the settings keep it: by leaving it out.
                if text != parameter.defaultDescription { parameters[key] = text }
            }
        }
        return .success(Preset(name: name, on: on, brightness: brightness, speed: speed, effect: effect, parameters: parameters))
    }
}

/// A presets file, or a preset in it, that cannot be used.
public enum PresetFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file is not a JSON object PixelWheel can read.
    case notJSON(String)
    /// A preset's field is missing or out of range.
    case badField(String)

    public var description: String {
        switch self {
        case let .notJSON(reason): return "not a presets file (\(reason))"
        case let .badField(reason): return reason
        }
    }
}
