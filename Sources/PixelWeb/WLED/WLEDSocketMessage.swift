import PixelCore

/// A text message on WLED's `/ws`, read as WLED reads one: `{"v":true}` alone asks for the
/// state, an object with `lv` starts or stops the live preview, and any other object is a state
/// change, as a `POST /json/state` body.
public enum WLEDSocketMessage: Equatable, Sendable {
    /// `{"v":true}`: send this client the state and info.
    case stateWanted
    /// `{"lv":true}` or `{"lv":false}`.
    case live(Bool)
    /// A state change.
    case change(WLEDStateRequest)

    /// Reads `bytes` against the state `current`; a text that is not a JSON object (or is over
    /// `WLEDStateRequest`'s limits) throws.
    public init(_ bytes: [UInt8], current: WLEDSnapshot) throws(JSONParseError) {
        let value = try WLEDStateRequest.parse(bytes)
        guard let members = value.members else { throw .unexpectedByte(bytes.first(where: { $0 > 0x20 }) ?? 0, offset: 0) }
        let request = WLEDStateRequest(members: members, current: current)
        if members.count == 1, request.wantsState {
            self = .stateWanted
        } else if let live = members.last(where: { $0.0 == "lv" })?.1 {
            self = .live(live.bool ?? (live.integer.map { $0 != 0 } ?? false))
        } else {
            self = .change(request)
        }
    }
}
