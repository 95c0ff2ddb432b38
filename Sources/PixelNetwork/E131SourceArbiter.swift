/// Chooses which E1.31 source one universe listens to, and drops late packets.
///
/// The rules of ANSI E1.31-2018 (6.2.3, 6.7, 6.9): the highest priority wins and a higher
/// priority takes over at once; a lower one takes over only when the higher one times out
/// (2.5 s without a packet) or ends its stream (the stream-terminated option, which removes
/// the source at once). Among equal priorities the source that holds the universe keeps it.
/// Each source's packets pass its own `SequenceWindow.e131`. Preview packets are not shown.
///
/// Times are nanoseconds on the run's one clock, passed in; the arbiter reads no clock.
public struct E131SourceArbiter: Sendable {
    /// What to do with a data packet.
    public enum Verdict: Sendable, Hashable {
        /// Show it: it comes from the source that holds the universe.
        case accept
        /// Drop it: a source of higher priority (or an equal one that came first) holds the universe.
        case lowerPriority
        /// Drop it: late or repeated (E1.31's sequence rule).
        case outOfSequence
        /// Drop it: preview data, for visualisers only.
        case preview
        /// Drop it: the source ended its stream and is forgotten.
        case terminated
        /// Drop it: more sources than `maximumSources` are sending this universe.
        case tooManySources
    }

    /// A source is gone after this many nanoseconds without a packet (E1.31's 2.5 s).
    public static let sourceTimeout: Int64 = 2_500_000_000
    /// The most sources tracked at once; more are refused, so memory stays bounded.
    public let maximumSources: Int
    /// The source that holds the universe, if any.
    public private(set) var owner: E131SourceID?

    private struct SourceState: Sendable {
        var priority: UInt8
        var lastSeen: Int64
        var sequence: SequenceWindow
    }

    private var sources: [E131SourceID: SourceState] = [:]

    /// An arbiter tracking at most `maximumSources` sources.
    public init(maximumSources: Int = 8) {
        self.maximumSources = max(1, maximumSources)
    }

    /// The number of live sources.
    public var sourceCount: Int { sources.count }

    /// Judges `packet`, received at `now` nanoseconds, and updates what the arbiter knows.
    public mutating func admit(_ packet: E131DataPacket, at now: Int64) -> Verdict {
        forgetSilentSources(at: now)
        let id = packet.source
        if packet.options.contains(.streamTerminated) {
            forget(id)
            return .terminated
        }
        if packet.options.contains(.preview) { return .preview }
        var state: SourceState
        if let known = sources[id] {
            state = known
        } else {
            guard sources.count < maximumSources else { return .tooManySources }
            state = SourceState(priority: packet.priority, lastSeen: now, sequence: .e131)
        }
        state.lastSeen = now
        guard state.sequence.accept(packet.sequence) else {
            sources[id] = state
            return .outOfSequence
        }
        state.priority = packet.priority
        sources[id] = state
        chooseOwner(after: id)
        return owner == id ? .accept : .lowerPriority
    }

    /// Whether the universe has lost every source by `now` (the stream has ended).
    public mutating func isSilent(at now: Int64) -> Bool {
        forgetSilentSources(at: now)
        return sources.isEmpty
    }

    private mutating func chooseOwner(after id: E131SourceID) {
        let best = sources.values.map(\.priority).max() ?? 0
        guard let current = owner, let held = sources[current] else {
            owner = sources[id]?.priority == best ? id : nil
            return
        }
        if current != id, let challenger = sources[id], challenger.priority > held.priority {
            owner = id
        } else if current == id, held.priority < best {
            owner = nil  // the source lowered its priority: the best one takes over with its next packet
        }
    }

    private mutating func forgetSilentSources(at now: Int64) {
        let silent = sources.filter { now - $0.value.lastSeen >= Self.sourceTimeout }.map(\.key)
        for id in silent { forget(id) }
    }

    private mutating func forget(_ id: E131SourceID) {
        sources[id] = nil
        if owner == id { owner = nil }
    }
}
