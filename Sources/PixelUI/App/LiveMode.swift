import PixelCore
import PixelInputs

/// WLED's live mode, part of the app's state machine: the first packet of a stream takes the
/// display; after the timeout without packets (the receiver's, or WLED UDP's timeout byte), or
/// at a packet that ends the stream, the display goes back to what it showed.
///
/// Whether a live stream is *shown* also depends on the `StreamOverride` setting (WLED's
/// `lor`) and on MENU and the remote's `{"live":false}`: either, while a stream shows, hands
/// the display back to the app until that stream ends, so the click wheel can always get back.
/// Times are on the run's one clock, carried by the input events.
struct LiveMode {
    /// The last packet of the stream that is live, if any.
    private(set) var stream: StreamSignal?
    /// When it times out; nil never.
    private(set) var deadline: FrameTime?
    /// MENU or `{"live":false}` came during this stream: the app shows until it ends.
    private(set) var dismissed = false

    /// What a call to `observe` changed.
    enum Change: Equatable {
        case none
        case started
        case ended
    }

    /// Takes the signals of one poll, in order, then times out at `now`, a stream's standard
    /// hold being `timeout`. Returns whether a stream started or ended (both in one poll count
    /// as ended when it ended last).
    mutating func observe(_ signals: [StreamSignal], at now: FrameTime, timeout: FrameTime) -> Change {
        var change = Change.none
        for signal in signals {
            if signal.ends {
                if let stream, stream.isSameStream(as: signal) {
                    end()
                    change = .ended
                }
                continue
            }
            if stream == nil { change = .started }
            stream = signal
            switch signal.hold {
            case .standard: deadline = now + timeout
            case let .nanoseconds(hold): deadline = now + FrameTime(nanoseconds: hold)
            case .forever: deadline = nil
            }
        }
        if let deadline, stream != nil, now >= deadline {
            end()
            change = .ended
        }
        return change
    }

    /// Whether the stream is on the display under `override`.
    func isShown(under override: StreamOverride) -> Bool {
        stream != nil && !dismissed && override == .obey
    }

    /// MENU or `{"live":false}` while a stream is live: give the display back until it ends.
    mutating func dismiss() {
        if stream != nil { dismissed = true }
    }

    private mutating func end() {
        stream = nil
        deadline = nil
        dismissed = false
    }
}
