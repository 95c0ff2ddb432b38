/// How long a network stream keeps the display without packets: what a stream's packet says
/// (the receiver reads it) and what the app's live mode times out by.
public enum StreamHold: Hashable, Sendable {
    /// The receiver's timeout (`--network-timeout`, 2.5 s unless told).
    case standard
    /// This many nanoseconds (WLED UDP's timeout byte, 1–254 s).
    case nanoseconds(Int64)
    /// Until the stream says otherwise (WLED UDP's timeout byte 255).
    case forever
}
