import PixelNetwork
import PixelUI

/// WLED's live mode as a pure state machine: the first packet of a stream takes the display;
/// after the timeout without packets (the receiver's, or WLED UDP's timeout byte), or at a
/// packet that ends the stream, the display goes back to what it showed.
///
/// Whether a live stream is *shown* also depends on the `StreamOverride` setting (WLED's
/// `lor`) and on MENU: pressing it while a stream shows hands the display back to the menu
/// until that stream ends, so the click wheel can always get back. Times are nanoseconds on
/// the run's one clock, passed in.
struct LiveMode {
    /// The stream that is live, if any.
    private(set) var stream: StreamActivity?
    /// When it times out; nil never.
    private(set) var deadline: Int64?
    /// MENU was pressed during this stream: the app shows until it ends.
    private(set) var dismissed = false
    /// The timeout for `StreamActivity.Hold.standard`, nanoseconds.
    let standardTimeout: Int64

    /// What a call to `observe` changed.
    enum Change: Equatable {
        case none
        case started
        case ended
    }

    /// A live mode with no stream, timing out after `standardTimeout` nanoseconds.
    init(standardTimeout: Int64) { self.standardTimeout = standardTimeout }

    /// Takes the activities of one poll, in order, then times out at `now`. Returns whether a
    /// stream started or ended (both in one poll count as ended when it ended last).
    mutating func observe(_ activities: [StreamActivity], at now: Int64) -> Change {
        var change = Change.none
        for activity in activities {
            if activity.ends {
                if stream?.networkProtocol == activity.networkProtocol && stream?.sender == activity.sender {
                    end()
                    change = .ended
                }
                continue
            }
            if stream == nil { change = .started }
            stream = activity
            switch activity.hold {
            case .standard: deadline = now + standardTimeout
            case let .nanoseconds(hold): deadline = now + hold
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

    /// MENU while a stream shows: give the display back until the stream ends.
    mutating func dismiss() {
        if stream != nil { dismissed = true }
    }

    private mutating func end() {
        stream = nil
        deadline = nil
        dismissed = false
    }
}
