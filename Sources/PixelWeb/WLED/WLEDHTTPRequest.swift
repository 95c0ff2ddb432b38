import PixelCore

/// A request of WLED's HTTP API, `/win&T=1&A=128&FX=2&SX=100&PL=3`, as older integrations
/// (Hubitat, Node-RED, scripts) send it: its parameters read into the JSON API's state members
/// and from there into the app's commands (`WLEDStateRequest`), so both APIs mean the same.
///
/// Parameters follow `/win`, each `&KEY=value` (WLED reads them there, not after a `?`), and
/// values may be percent-encoded (`%7E` is `~`). Honoured, with WLED's meaning:
/// - `T`: 0 off, 1 on, anything else toggles;
/// - `A`: brightness 0–255 (0 is off), or relative (`~10`, `~-10`, `~`);
/// - `FX`: effect index, or `~` / `~-` for the next or previous, wrapping;
/// - `SX`, `IX`: speed and the effect's first slider, 0–255 or relative;
/// - `PL`: load preset N; `~` and `~-` cycle from `P1` to `P2` (default 1 to 5).
///
/// Every other key is named in `ignored`.
public struct WLEDHTTPRequest: Equatable, Sendable {
    /// What the parameters change, as the JSON API's request.
    public var state: WLEDStateRequest
    /// Parameters not honoured.
    public var ignored: [String] = []

    /// The most parameters read.
    static let maximumParameters = 32

    /// Whether `path` is the HTTP API's: `/win`, alone or with `&` parameters.
    public static func isHTTPAPI(_ path: String) -> Bool {
        path == "/win" || path.hasPrefix("/win&")
    }

    /// Whether `path` asks for a change (has parameters), so needs control, not only viewing.
    public static func changes(_ path: String) -> Bool {
        path.hasPrefix("/win&") && path.count > 5
    }

    /// Reads the parameters of `path` against the state `current`.
    public init(path: String, current: WLEDSnapshot) {
        var members: [(String, JSONValue)] = []
        var segment: [(String, JSONValue)] = []
        var parameters: [(String, String)] = []
        for pair in path.dropFirst(4).split(separator: "&").prefix(Self.maximumParameters) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let value = parts.count == 2 ? FormDecoding.decode(Array(parts[1].utf8)) ?? "" : ""
            parameters.append((String(parts[0].prefix(8)), value))
        }
        let first = parameters.last { $0.0 == "P1" }.flatMap { Int($0.1) } ?? 1
        let last = parameters.last { $0.0 == "P2" }.flatMap { Int($0.1) } ?? 5
        var notHonoured: [String] = []
        for (key, value) in parameters {
            switch key {
            case "T":
                let code = Int(value) ?? 0
                members.append(("on", code == 0 ? .bool(false) : code == 1 ? .bool(true) : .string("t")))
            case "A": members.append(("bri", Self.number(value)))
            case "FX": segment.append(("fx", Self.number(value)))
            case "SX": segment.append(("sx", Self.number(value)))
            case "IX": segment.append(("ix", Self.number(value)))
            case "PL": members.append(("ps", value.hasPrefix("~") ? .string("\(first)~\(last)" + value) : Self.number(value)))
            case "P1", "P2": break
            default: if !notHonoured.contains(key) { notHonoured.append(key) }
            }
        }
        if !segment.isEmpty { members.append(("seg", .object(segment))) }
        state = WLEDStateRequest(members: members, current: current)
        ignored = notHonoured + state.ignored
    }

    /// A value as the JSON API would carry it: a number when it is one, else the text (WLED's
    /// relative forms).
    private static func number(_ value: String) -> JSONValue {
        Int(value).map { .int(Int64($0)) } ?? .string(value)
    }
}
