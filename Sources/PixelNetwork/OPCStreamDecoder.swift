/// Splits an OPC TCP stream, arriving in chunks of any size, into messages.
///
/// A message longer than `maximumLength` is refused when its header arrives, before anything
/// is allocated for it: the decoder then fails for good and the connection should be closed.
/// (OPC's length field has 16 bits, so no header can announce more than 65 535 bytes; a
/// receiver sets the maximum to what its frame can use.) Messages other than pixels are
/// skipped without being stored. At most one message's data is held at a time.
public struct OPCStreamDecoder: Sendable {
    /// The longest data a message may carry, in bytes.
    public let maximumLength: Int
    /// Why the stream was refused, once it was; later chunks are ignored.
    public private(set) var failure: PacketError?

    private var header: [UInt8] = []
    private var body: [UInt8] = []
    private var expected = 0
    private var skipping = false
    private var skippedSoFar = 0

    /// A decoder refusing messages longer than `maximumLength` bytes of data.
    public init(maximumLength: Int = Int(UInt16.max)) {
        self.maximumLength = max(0, maximumLength)
        header.reserveCapacity(OPCMessage.headerLength)
    }

    /// The messages completed by `chunk`, in order. Check `failure` afterwards.
    public mutating func feed<Chunk: Collection<UInt8>>(_ chunk: Chunk) -> [OPCMessage] {
        var messages: [OPCMessage] = []
        var rest = chunk[...]
        while failure == nil, !rest.isEmpty {
            if header.count < OPCMessage.headerLength {
                let taken = rest.prefix(OPCMessage.headerLength - header.count)
                header.append(contentsOf: taken)
                rest = rest.dropFirst(taken.count)
                if header.count == OPCMessage.headerLength { startBody() }
            } else {
                let taken = rest.prefix(expected - body.count - skippedSoFar)
                if skipping { skippedSoFar += taken.count } else { body.append(contentsOf: taken) }
                rest = rest.dropFirst(taken.count)
            }
            if let message = finishedMessage() { messages.append(message) }
        }
        return messages
    }

    private mutating func startBody() {
        let high: Int = Int(header[2])
        let low: Int = Int(header[3])
        expected = high << 8 | low
        skipping = header[1] != OPCMessage.setPixels
        skippedSoFar = 0
        guard skipping || expected <= maximumLength else {
            failure = .tooLong(.opc, length: expected, maximum: maximumLength)
            return
        }
        if !skipping { body.reserveCapacity(expected) }
    }

    /// The message whose data is complete, if there is one; the state is then reset.
    private mutating func finishedMessage() -> OPCMessage? {
        guard header.count == OPCMessage.headerLength, body.count + skippedSoFar == expected else { return nil }
        let message = skipping ? nil : OPCMessage(channel: header[0], command: header[1], data: body[...])
        header.removeAll(keepingCapacity: true)
        body = []
        expected = 0
        skippedSoFar = 0
        skipping = false
        return message
    }
}
