import PixelCore

/// What one packet of a network stream tells the app's live mode: who sends, how long the
/// display stays with it, and whether it ends the stream. The stream source turns each poll's
/// activity into one `InputAction.streams` event, so live mode is driven by input like a turn
/// of the wheel.
public struct StreamSignal: Hashable, Sendable {
    /// The protocol's name ("E1.31", "DDP").
    public var protocolName: String
    /// The sender's address ("192.168.1.20").
    public var sender: String
    /// The sender's port: with the protocol and address, what tells one stream from another.
    public var senderPort: UInt16
    /// How long the display stays with the stream after this packet.
    public var hold: StreamHold
    /// True when the packet ends the stream at once (E1.31 stream terminated, WLED timeout 0).
    public var ends: Bool

    /// A packet of `protocolName` from `sender`:`senderPort`.
    public init(protocolName: String, sender: String, senderPort: UInt16, hold: StreamHold = .standard, ends: Bool = false) {
        self.protocolName = protocolName
        self.sender = sender
        self.senderPort = senderPort
        self.hold = hold
        self.ends = ends
    }

    /// Whether `other` comes from the same stream: the same protocol, address and port.
    public func isSameStream(as other: StreamSignal) -> Bool {
        protocolName == other.protocolName && sender == other.sender && senderPort == other.senderPort
    }
}
