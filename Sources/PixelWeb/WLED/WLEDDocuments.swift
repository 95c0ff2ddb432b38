import PixelCore
import PixelEffects
import PixelUI

/// The JSON documents of WLED's API, written from a snapshot: `state`, `info`, the effect and
/// palette lists and the effect metadata. Field names and shapes are WLED 0.15's (see
/// NETWORK.md); fields PixelWheel has no counterpart for carry WLED's "none" values (`ps` −1,
/// nightlight off, sync off), so clients that require them read the device.
public struct WLEDDocuments: Sendable {
    /// The state to write.
    public var snapshot: WLEDSnapshot
    /// Who the device is.
    public var identity: WLEDIdentity
    /// Frames per second of the run (`info.leds.fps`).
    public var fps: Int
    /// Seconds since the server started (`info.uptime`).
    public var uptime: Int
    /// Clients of the `/ws` WebSocket (`info.ws`); nil when there is no WebSocket (−1).
    public var webSocketClients: Int?
    /// The frame loop's counts: the measured rate is `info.leds.fps` (as in WLED), and the
    /// frames shown and missed are `info.pixelwheel`.
    public var loop: WLEDLoopCounts?

    /// Documents of `snapshot` for `identity`.
    public init(snapshot: WLEDSnapshot, identity: WLEDIdentity, fps: Int, uptime: Int) {
        self.snapshot = snapshot; self.identity = identity; self.fps = fps; self.uptime = uptime
    }

    /// The effect names, by stable index: the menu's effects in menu order.
    public static var effectNames: [String] { MenuEntry.effects.map { $0.title } }
    /// The palettes, by stable index: 0 is Default (each effect's own choice of colours), then
    /// PixelCore's named palettes in order.
    public static let paletteNames = ["Default"] + Palette.names.map { $0.prefix(1).uppercased() + $0.dropFirst() }

    /// The `pal` index of the palette menu effect `effect` is drawn in: 0 when it takes none or
    /// keeps its default, else 1 + the palette's place in `Palette.all`.
    static func paletteIndex(effect: Int, settings: Settings) -> Int {
        guard let parameter = WLEDEffectSlots(effect: effect).palette else { return 0 }
        let value = settings.value(of: parameter, ofEffect: effect)
        guard value != parameter.defaultDescription, let index = Palette.names.firstIndex(of: value) else { return 0 }
        return index + 1
    }

    private var ledCount: Int { snapshot.width * snapshot.height }
    private var bri: Int { max(1, WLEDScale.bri(percent: snapshot.settings.brightness)) }

    /// `/json/state`.
    public var state: JSONValue {
        .object([
            ("on", .bool(snapshot.on)), ("bri", .int(Int64(bri))), ("transition", .int(0)),
            ("ps", .int(Int64(snapshot.currentPreset ?? -1))), ("pl", .int(-1)),
            ("nl", .object([("on", .bool(false)), ("dur", .int(60)), ("mode", .int(1)), ("tbri", .int(0)), ("rem", .int(-1))])),
            ("udpn", .object([("send", .bool(false)), ("recv", .bool(false)), ("sgrp", .int(0)), ("rgrp", .int(0))])),
            ("lor", .int(Int64(lor))), ("mainseg", .int(0)), ("ledmap", .int(0)), ("seg", .array([segment])),
        ] + gameMembers)
    }

    /// PixelWheel's own `game` member while a game is in play or paused (not WLED's): the
    /// playing item is then the game, and `fx` keeps the last effect's number.
    private var gameMembers: [(String, JSONValue)] {
        guard let game = snapshot.game else { return [] }
        return [("game", .object([
            ("id", .string(game.key)), ("name", .string(game.name)), ("score", .int(Int64(game.score))),
            ("best", .int(Int64(game.best))), ("paused", .bool(game.paused)), ("over", .bool(game.over)),
        ]))]
    }

    private var lor: Int {
        switch snapshot.settings.streams {
        case .obey: return 0
        case .ignoreUntilEnd: return 1
        case .ignore: return 2
        }
    }

    private var segment: JSONValue {
        let effect = snapshot.effect ?? 0
        var members: [(String, JSONValue)] = [
            ("id", .int(0)), ("start", .int(0)), ("stop", .int(Int64(snapshot.width))),
            ("startY", .int(0)), ("stopY", .int(Int64(snapshot.height))), ("len", .int(Int64(snapshot.width))),
            ("grp", .int(1)), ("spc", .int(0)), ("of", .int(0)), ("on", .bool(snapshot.on)), ("frz", .bool(false)), ("set", .int(0)),
            ("bri", .int(Int64(bri))), ("cct", .int(127)), ("n", .string(snapshot.game?.name ?? "")),
        ]
        members += Self.effectMembers(effect: effect, speed: snapshot.settings.speed, settings: snapshot.settings)
        members.append(("values", Self.sliderValues(effect: effect, settings: snapshot.settings)))
        members += [("pal", .int(Int64(Self.paletteIndex(effect: effect, settings: snapshot.settings)))), ("sel", .bool(true)), ("rev", .bool(false)), ("mi", .bool(false)),
                    ("rY", .bool(false)), ("mY", .bool(false)), ("tp", .bool(false)),
                    ("o1", .bool(false)), ("o2", .bool(false)), ("o3", .bool(false)), ("si", .int(0)), ("m12", .int(0))]
        return .object(members)
    }

    /// A segment's effect members for menu effect `effect` with the parameters of `settings`:
    /// `col`, `fx`, `sx` and the sliders `ix`…`c3`.
    static func effectMembers(effect: Int, speed: Int, settings: Settings) -> [(String, JSONValue)] {
        let slots = WLEDEffectSlots(effect: effect)
        let black = JSONValue.array([.int(0), .int(0), .int(0)])
        var members: [(String, JSONValue)] = [
            ("col", .array([color(slots, effect: effect, settings: settings), black, black])),
            ("fx", .int(Int64(effect))), ("sx", .int(Int64(WLEDScale.sx(speedPercent: speed)))),
        ]
        for key in WLEDEffectSlots.keys {
            var position = 0
            if let parameter = slots.parameter(for: key) {
                let value = settings.value(of: parameter, ofEffect: effect)
                position = WLEDScale.slot(of: parameter, value: value, top: WLEDEffectSlots.top(of: key)) ?? 0
            }
            members.append((key, .int(Int64(position))))
        }
        return members
    }

    /// PixelWheel's own segment member `values`: what each slider of menu effect `effect` stands
    /// at, as a person reads it (`{"sx": "100 %", "ix": "1.5 x"}`), for the controls view's labels.
    static func sliderValues(effect: Int, settings: Settings) -> JSONValue {
        let slots = WLEDEffectSlots(effect: effect)
        var members: [(String, JSONValue)] = [("sx", .string("\(settings.speed) %"))]
        for (key, parameter) in slots.sliders {
            let value = settings.value(of: parameter, ofEffect: effect)
            var unit = ""
            switch parameter.kind {
            case let .number(_, _, u), let .integer(_, _, u): unit = u.isEmpty ? "" : " " + u
            default: break
            }
            members.append((key, .string(value + unit)))
        }
        return .object(members)
    }

    /// The effect's colour as `[r,g,b]`; black for an effect without one.
    private static func color(_ slots: WLEDEffectSlots, effect: Int, settings: Settings) -> JSONValue {
        var rgb: [Int64] = [0, 0, 0]
        if let parameter = slots.color, let color = Color(hex: settings.value(of: parameter, ofEffect: effect)) {
            rgb = [Int64(color.red), Int64(color.green), Int64(color.blue)]
        }
        return .array(rgb.map { .int($0) })
    }

    /// `/json/info`.
    public var info: JSONValue {
        let matrix = JSONValue.object([("w", .int(Int64(snapshot.width))), ("h", .int(Int64(snapshot.height)))])
        let leds = JSONValue.object([
            ("count", .int(Int64(ledCount))), ("pwr", .int(0)), ("fps", .int(Int64(loop?.measuredFPS ?? fps))), ("maxpwr", .int(0)),
            ("maxseg", .int(1)), ("matrix", matrix), ("seglc", .array([.int(1)])), ("lc", .int(1)),
            ("rgbw", .bool(false)), ("wv", .int(0)), ("cct", .int(0)), ("bootps", .int(0)),
        ])
        // In typed parts: one literal of them all is too much for Swift 6.0.3's type checker.
        let device: [(String, JSONValue)] = [
            ("ver", .string(WLEDIdentity.apiVersion)), ("vid", .int(Int64(WLEDIdentity.buildID))), ("leds", leds),
            ("str", .bool(false)), ("name", .string(identity.name)), ("udpport", .int(21324)),
        ]
        let live: [(String, JSONValue)] = [
            ("live", .bool(snapshot.live != nil)), ("liveseg", .int(-1)),
            ("lm", .string(snapshot.live?.protocolName ?? "")), ("lip", .string(snapshot.live?.sender ?? "")),
            ("ws", .int(Int64(webSocketClients ?? -1))),
        ]
        let counts: [(String, JSONValue)] = [
            ("fxcount", .int(Int64(Self.effectNames.count))), ("palcount", .int(Int64(Self.paletteNames.count))),
            ("cpalcount", .int(0)), ("maps", .array([.object([("id", .int(0))])])),
        ]
        let wifi = JSONValue.object([("bssid", .string("")), ("rssi", .int(0)), ("signal", .int(100)), ("channel", .int(0))])
        let files = JSONValue.object([("u", .int(0)), ("t", .int(0)), ("pmt", .int(Int64(snapshot.presetsRevision)))])
        let machine: [(String, JSONValue)] = [
            ("wifi", wifi), ("fs", files), ("ndc", .int(0)), ("lwip", .int(0)),
            ("arch", .string("pixelwheel")), ("core", .string(identity.pixelWheelVersion)), ("freeheap", .int(0)),
            ("uptime", .int(Int64(uptime))), ("opt", .int(0)), ("brand", .string("PixelWheel")),
            ("product", .string("PixelWheel " + identity.pixelWheelVersion)), ("mac", .string(identity.mac)), ("ip", .string(identity.ip)),
        ]
        let own = JSONValue.object([
            ("frames", .int(Int64(loop?.frames ?? 0))), ("missedFrames", .int(Int64(loop?.missedFrames ?? 0))),
            ("presets", .int(Int64(snapshot.presets.count))),
        ])
        let pixelWheel: [(String, JSONValue)] = [("pixelwheel", own)]
        return .object(device + live + counts + machine + pixelWheel)
    }

    /// `/json/eff`, `/json/effects`: the effect names.
    public static var effects: JSONValue { .array(effectNames.map { .string($0) }) }
    /// `/json/pal`, `/json/palettes`: the palette names.
    public static var palettes: JSONValue { .array(paletteNames.map { .string($0) }) }
    /// `/json/nodes`: other WLED devices WLED found by its own UDP broadcasts; PixelWheel sends
    /// and hears none, so the list is empty (find PixelWheels by mDNS, `pixelwheel announce`).
    public static var nodes: JSONValue { .object([("nodes", .array([]))]) }

    /// `/json/palx?page=N`: palette previews, `{"m": last page, "p": {"id": stops}}`, eight a
    /// page. Default is each effect's own colours, so it is previewed as WLED previews a palette
    /// drawn from a segment colour, `["c1"]`; the others as their stops, `[position, r, g, b]`.
    /// Every page past the last is the last.
    public static func paletteColors(page: Int) -> JSONValue {
        let perPage = 8
        let last = (paletteNames.count - 1) / perPage
        let shown = min(max(page, 0), last)
        let ids = (shown * perPage)..<min(paletteNames.count, (shown + 1) * perPage)
        let previews = ids.map { id -> (String, JSONValue) in
            guard id > 0 else { return (String(id), JSONValue.array([.string("c1")])) }
            let stops = Palette.all[id - 1].stops.map { stop in
                JSONValue.array([.int(Int64(stop.position)), .int(Int64(stop.color.red)), .int(Int64(stop.color.green)),
                                 .int(Int64(stop.color.blue))])
            }
            return (String(id), JSONValue.array(stops))
        }
        return .object([("m", .int(Int64(last))), ("p", .object(previews))])
    }

    /// The reply of WLED's HTTP API (`/win&…`): its `<vs>` XML document, elements in WLED's
    /// order, with WLED's "none" values where PixelWheel has no counterpart (sync off,
    /// nightlight off, no white channel, `ps` 0 for no preset).
    public var xml: String {
        let effect = snapshot.effect ?? 0
        var rgb = [0, 0, 0]
        if let parameter = WLEDEffectSlots(effect: effect).color,
           let color = Color(hex: snapshot.settings.value(of: parameter, ofEffect: effect)) {
            rgb = [Int(color.red), Int(color.green), Int(color.blue)]
        }
        let slider = Self.effectMembers(effect: effect, speed: snapshot.settings.speed, settings: snapshot.settings)
            .first { $0.0 == "ix" }?.1.integer ?? 0
        let name = identity.name + (snapshot.live == nil ? "" : " (live)")
        var fields: [(String, String)] = [("ac", String(snapshot.on ? bri : 0))]
        fields += rgb.map { ("cl", String($0)) } + [("cs", "0"), ("cs", "0"), ("cs", "0")]
        fields += [("ns", "0"), ("nr", "0"), ("nl", "0"), ("nf", "1"), ("nd", "60"), ("nt", "0"),
                   ("fx", String(effect)), ("sx", String(WLEDScale.sx(speedPercent: snapshot.settings.speed))), ("ix", String(slider)),
                   ("fp", "0"), ("wv", "-1"), ("ws", "0"), ("ps", String(snapshot.currentPreset ?? 0)), ("cy", "0"),
                   ("ds", DiscoveryAnnouncement.escaped(name)), ("ss", "0")]
        return #"<?xml version="1.0" ?><vs>"# + fields.map { "<\($0.0)>\($0.1)</\($0.0)>" }.joined() + "</vs>"
    }

    /// `/json/families`, PixelWheel's own: the menu's families and the effect numbers in each,
    /// `[{"name": "Classic", "fx": [0, 1, …]}, …]`, for the controls view's grouped list.
    public static var families: JSONValue {
        .array(EffectFamily.allCases.compactMap { family in
            let members = MenuEntry.effectIndices(in: family)
            guard !members.isEmpty else { return nil }
            return .object([("name", .string(family.title)), ("fx", .array(members.map { .int(Int64($0)) }))])
        })
    }

    /// `/json/fxdata`: each effect's slider labels, colour slot and flags (`WLEDEffectSlots.fxdata`).
    public static var fxdata: JSONValue {
        .array(MenuEntry.effects.indices.map { .string(WLEDEffectSlots(effect: $0).fxdata) })
    }
    /// `/presets.json`: WLED's shape, an object keyed by id strings with `"0"` an empty
    /// placeholder; each preset as WLED stores one (`n`, `on`, `bri`, `mainseg`, `seg[0]` with
    /// the effect, speed, sliders and colour).
    public var presets: JSONValue {
        var members: [(String, JSONValue)] = [("0", .object([]))]
        for id in snapshot.presets.ids {
            guard let preset = snapshot.presets[id] else { continue }
            var settings = Settings()
            settings.effectParameters = preset.parameters
            var segment: [(String, JSONValue)] = [("id", .int(0)), ("on", .bool(preset.on))]
            if let effect = preset.effect { segment += Self.effectMembers(effect: effect, speed: preset.speed, settings: settings) }
            let fields: [(String, JSONValue)] = [
                ("n", .string(preset.name)), ("on", .bool(preset.on)),
                ("bri", .int(Int64(max(1, WLEDScale.bri(percent: preset.brightness))))),
                ("transition", .int(0)), ("mainseg", .int(0)), ("seg", .array([.object(segment)])),
            ]
            members.append((String(id), .object(fields)))
        }
        return .object(members)
    }

    /// `/json/si`: state and info.
    public var stateAndInfo: JSONValue { .object([("state", state), ("info", info)]) }
    /// `/json`: state, info, effects and palettes.
    public var all: JSONValue {
        .object([("state", state), ("info", info), ("effects", Self.effects), ("palettes", Self.palettes)])
    }
}
