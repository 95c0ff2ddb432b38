import PixelCore
import PixelInputs
import PixelUI

/// A `POST /json/state` body read into the app's remote commands: what PixelWheel honours
/// becomes a `RemoteCommand`, and every key it does not is named in `ignored`, never stored.
/// WLED itself ignores keys it does not know and answers as usual; so does this.
public struct WLEDStateRequest: Equatable, Sendable {
    /// The changes, in the order they apply.
    public var commands: [RemoteCommand] = []
    /// The keys not honoured (`seg.pal`, `nl`, …), each once, in text order.
    public var ignored: [String] = []
    /// A brightness above 0 was given.
    private var litByBrightness = false
    /// `"v": true`: answer with the full state.
    public var wantsState = false

    /// The most bytes a body may have: python-wled's are under 200.
    public static let maximumBytes = 4096
    /// The deepest nesting read: `{"seg":[{"col":[[1,2,3]]}]}` is 4.
    public static let maximumDepth = 6
    /// The most segments read from `seg` (PixelWheel has one).
    static let maximumSegments = 16

    /// Reads `body` against the state `current` (to resolve toggles and the effect whose
    /// parameters `ix`…`c3` and `col` set). A body that is not a JSON object is an error.
    public init(body: [UInt8], current: WLEDSnapshot) throws(JSONParseError) {
        let value = try Self.parse(body)
        guard let members = value.members else { throw .unexpectedByte(body.first(where: { $0 > 0x20 }) ?? 0, offset: 0) }
        self.init(members: members, current: current)
    }

    /// `body` read as JSON within the request's limits.
    static func parse(_ body: [UInt8]) throws(JSONParseError) -> JSONValue {
        try JSONParser.parse(body, limits: JSONLimits(maximumBytes: maximumBytes, maximumDepth: maximumDepth))
    }

    /// The members of a body's object, read against the state `current`.
    init(members: [(String, JSONValue)], current: WLEDSnapshot) {
        var effect = current.effect ?? 0
        let givesOn = members.contains { $0.0 == "on" }
        var segment: [(String, JSONValue)] = []
        var save: (id: Int, name: String?)?
        for (key, member) in members {
            switch key {
            case "on": readOn(member, current: current)
            case "bri": readBri(member, key: key, current: current)
            case "v": wantsState = member.bool ?? (member.integer.map { $0 != 0 } ?? false)
            case "lor":
                if let code = member.integer, (0...2).contains(code) { commands.append(.liveOverride(code)) } else { ignore(key) }
            case "live":
                if member.bool == false { commands.append(.leaveLive) } else { ignore(key) }
            case "seg":
                segment += Self.firstSegment(member) ?? []
                if Self.firstSegment(member) == nil { ignore(key) }
            case "ps":
                readPreset(member, current: current)
            case "pdel":
                guard let id = Self.presetID(member) else { ignore(key); continue }
                commands.append(.deletePreset(id))
            case "psave":
                guard let id = Self.presetID(member) else { ignore(key); continue }
                save = (id, members.last { $0.0 == "n" }?.1.string)
            case "n":
                if members.contains(where: { $0.0 == "psave" }) && member.string != nil { continue }
                ignore(key)
            default:
                ignore(key)
            }
        }
        // The segment's effect first, so its sliders set that effect's parameters.
        if let fx = segment.last(where: { $0.0 == "fx" })?.1 {
            // "~" and "~-" step through the effects and wrap both ways (WLED's `FX=~` does; its
            // JSON "~-" stops at effect 0, which is not kept here).
            let relative = fx.string.flatMap { WLEDRelativeValue.resolve($0, current: current.effect ?? 0, in: 0...(MenuEntry.effects.count - 1)) }
            if let index = fx.integer ?? relative, (0..<MenuEntry.effects.count).contains(index) {
                commands.append(.effect(index))
                effect = index
            } else {
                ignore("seg.fx")
            }
        }
        for (key, member) in segment where key != "fx" {
            readSegment(key, member, effect: effect, current: current)
        }
        // A brightness lights a dark panel, as in WLED, unless the body says `on` itself.
        if litByBrightness && !givesOn && !segment.contains(where: { $0.0 == "on" }) { commands.append(.power(true)) }
        // A save keeps the state after the body's other changes.
        if let save { commands.append(.savePreset(id: save.id, name: save.name)) }
    }

    /// A preset id of WLED's range 1...250; nil for anything else (−1 included).
    static func presetID(_ value: JSONValue) -> Int? {
        guard let id = value.integer, PresetList.idRange.contains(id) else { return nil }
        return id
    }

    /// Segment 0 of `seg`: an object, or an array whose object with `id` 0 (or without an id)
    /// comes first; nil when there is none.
    static func firstSegment(_ value: JSONValue) -> [(String, JSONValue)]? {
        if let members = value.members { return Self.isFirst(members) ? members : nil }
        guard let elements = value.elements else { return nil }
        for element in elements.prefix(maximumSegments) {
            if let members = element.members, Self.isFirst(members) { return members }
        }
        return nil
    }

    private static func isFirst(_ members: [(String, JSONValue)]) -> Bool {
        guard let id = members.last(where: { $0.0 == "id" })?.1 else { return true }
        return id.integer == 0
    }

    private mutating func ignore(_ key: String) {
        if !ignored.contains(key) && ignored.count < 32 { ignored.append(String(key.prefix(32))) }
    }

    private mutating func readOn(_ value: JSONValue, current: WLEDSnapshot) {
        if let on = value.bool {
            commands.append(.power(on))
        } else if value.string == "t" {
            commands.append(.power(!current.on))
        } else {
            ignore("on")
        }
    }

    /// `ps`: a preset id, or WLED's relative forms from the current preset (none counts as 0):
    /// `"~"`, `"~-"` through 1…250, and `"1~3~"` cycling through presets 1 to 3. A preset
    /// already current is not loaded again.
    private mutating func readPreset(_ value: JSONValue, current: WLEDSnapshot) {
        let now = current.currentPreset ?? 0
        let relative = value.string.flatMap { WLEDRelativeValue.resolve($0, current: now, in: PresetList.idRange) }
        guard let id = Self.presetID(value) ?? relative, PresetList.idRange.contains(id) else { return ignore("ps") }
        if relative == nil || id != now { commands.append(.loadPreset(id)) }
    }

    /// `bri` 0 turns the panel dark keeping the brightness; 1–255 sets it (and lights the panel
    /// unless the body gives `on`). WLED's relative forms (`"~10"`, `"~-10"`, `"~"`) step from
    /// the brightness shown, 0 when dark, as WLED does; a step always moves the percent.
    private mutating func readBri(_ value: JSONValue, key: String, current: WLEDSnapshot) {
        let shown = current.on ? WLEDScale.bri(percent: current.settings.brightness) : 0
        let relative = value.string.flatMap { WLEDRelativeValue.resolve($0, current: shown, in: 0...255) }
        guard let bri = value.integer ?? relative, (0...255).contains(bri) else { return ignore(key) }
        if bri == 0 {
            commands.append(.power(false))
        } else {
            var percent = WLEDScale.percent(bri: bri)
            if relative != nil && current.on && percent == current.settings.brightness && bri != shown {
                percent = min(100, max(1, percent + (bri > shown ? 1 : -1)))
            }
            commands.append(.brightness(percent))
            litByBrightness = true
        }
    }

    private mutating func readSegment(_ key: String, _ value: JSONValue, effect: Int, current: WLEDSnapshot) {
        let slots = WLEDEffectSlots(effect: effect)
        switch key {
        case "id":
            break
        case "on":
            readOn(value, current: current)
        case "bri":
            readBri(value, key: "seg.bri", current: current)
        case "sx":
            let relative = value.string.flatMap { WLEDRelativeValue.resolve($0, current: WLEDScale.sx(speedPercent: current.settings.speed), in: 0...255) }
            guard let sx = value.integer ?? relative, (0...255).contains(sx) else { return ignore("seg.sx") }
            commands.append(.speed(WLEDScale.speedPercent(sx: sx)))
        case "ix", "c1", "c2", "c3":
            let top = WLEDEffectSlots.top(of: key)
            guard let position = value.integer, (0...top).contains(position), let parameter = slots.parameter(for: key),
                  let text = WLEDScale.value(of: parameter, slot: position, top: top) else { return ignore("seg." + key) }
            commands.append(.parameter(effect: effect, name: parameter.name, value: text))
        case "pal":
            // 0 is the effect's own palette; WLED's "~" and "~-" step through the list, wrapping.
            let count = WLEDDocuments.paletteNames.count
            let now = WLEDDocuments.paletteIndex(effect: effect, settings: current.settings)
            let relative = value.string.flatMap { WLEDRelativeValue.resolve($0, current: now, in: 0...(count - 1)) }
            guard let parameter = slots.palette, let index = value.integer ?? relative, (0..<count).contains(index) else {
                return ignore("seg.pal")
            }
            commands.append(.parameter(effect: effect, name: parameter.name,
                                       value: index == 0 ? parameter.defaultDescription : Palette.names[index - 1]))
        case "col":
            guard let parameter = slots.color, let first = value.elements?.first, let hex = Self.hexColor(first) else {
                return ignore("seg.col")
            }
            commands.append(.parameter(effect: effect, name: parameter.name, value: hex))
        default:
            ignore("seg." + key)
        }
    }

    /// `[r,g,b]` or `[r,g,b,w]` (0–255), or `"RRGGBB"`, as `RRGGBB`; nil for anything else.
    static func hexColor(_ value: JSONValue) -> String? {
        if let text = value.string {
            let valid = text.utf8.count == 6 && text.utf8.allSatisfy { Self.hexDigit($0) != nil }
            return valid ? text.uppercased() : nil
        }
        guard let channels = value.elements, channels.count == 3 || channels.count == 4 else { return nil }
        let digits = Array("0123456789ABCDEF")
        var text = ""
        for channel in channels.prefix(3) {
            guard let level = channel.integer, (0...255).contains(level) else { return nil }
            text.append(digits[level >> 4])
            text.append(digits[level & 15])
        }
        return text
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"): return (byte | 0x20) - UInt8(ascii: "a") + 10
        default: return nil
        }
    }
}
