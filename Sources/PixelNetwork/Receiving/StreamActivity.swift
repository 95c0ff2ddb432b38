import PixelBus
import PixelCore

/// What a stream's last accepted packet says about the live mode: who sends, and how long the
/// display stays with it.
public struct StreamActivity: Sendable, Hashable {
    /// The protocol.
    public var networkProtocol: NetworkProtocol
    /// The sender.
    public var sender: NetworkEndpoint
    /// How long the display stays with the stream after this packet.
    public var hold: StreamHold
    /// True when the packet ends the stream at once (E1.31 stream terminated, WLED timeout 0).
    public var ends: Bool

    /// Activity of `networkProtocol` from `sender`.
    public init(networkProtocol: NetworkProtocol, sender: NetworkEndpoint, hold: StreamHold = .standard, ends: Bool = false) {
        self.networkProtocol = networkProtocol
        self.sender = sender
        self.hold = hold
        self.ends = ends
    }
}

/// What the receiver counted since it started, for the log and for tests.
public struct ReceiverCounters: Sendable, Hashable {
    /// Datagrams (and TCP chunks) read.
    public var received = 0
    /// Dropped because the sender is outside `allow`.
    public var refused = 0
    /// Dropped because they did not parse (truncated, wrong version, another protocol, …).
    public var malformed = 0
    /// Parsed but not shown: out of sequence, lower priority, preview, another universe.
    public var ignored = 0
    /// Whole frames completed.
    public var frames = 0
    /// Replies sent (ArtPollReply, DDP status, TPM2.net poll answers).
    public var replies = 0

    /// All zero.
    public init() {}
}

/// What one poll of the receiver brought: the newest whole frame, if one was completed, and the
/// last activity of the streams.
public struct ReceiverPoll: Sendable {
    /// The newest frame completed during the poll: RGB, row-major from the top-left, the
    /// layout's size. Nil when none was completed.
    public var frame: [UInt8]?
    /// The protocol of `frame`.
    public var frameProtocol: NetworkProtocol?
    /// Every packet that carried pixels or ended a stream, in order; at most one per protocol
    /// and sender is kept (the last).
    public var activity: [StreamActivity] = []

    /// Nothing received.
    public init() {}
}
