import PixelCore

/// The reply to a DDP query: a packet with the reply and push flags, the query's sequence
/// number and destination, and JSON text as its data.
///
/// xLights queries (flag 0x02) for discovery; WLED and FPP ignore queries. A status reply
/// (`DDPPacket.statusID`) carries `{"status":{…}}`.
public enum DDPStatusReply {
    /// The reply to `query`, carrying `json`; nil when `query` asks nothing.
    public static func reply(to query: DDPPacket, json: String) -> [UInt8]? {
        guard query.flags.contains(.query) else { return nil }
        let text = Array(json.utf8.prefix(Int(UInt16.max)))
        let reply = DDPPacket(flags: [.reply, .push], sequence: query.sequence, dataType: .undefined,
                              destination: query.destination, offset: 0, data: text[...])
        return reply.bytes
    }

    /// A status document naming this display, for `reply(to:json:)`.
    public static func statusJSON(manufacturer: String = "PixelWheel", model: String, version: String) -> String {
        "{\"status\":{\"man\":\"\(jsonEscaped(manufacturer))\",\"mod\":\"\(jsonEscaped(model))\",\"ver\":\"\(jsonEscaped(version))\"}}"
    }
}
