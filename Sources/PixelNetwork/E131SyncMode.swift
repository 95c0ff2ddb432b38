/// Whether E1.31 data that names a synchronization universe waits for that universe's sync
/// packet.
///
/// E1.31-2018 §6.2.4.1: a receiver that has had no sync packet on the universe a data packet
/// names shows the data as it arrives; once a sync packet for that universe came, data naming
/// it is held for the next one; and when sync packets for it stop for
/// E131_NETWORK_DATA_LOSS_TIMEOUT (2.5 s), data is shown as it arrives again. So a sender
/// whose sync packets never reach this receiver (multicast sync beyond a router, or to a group
/// not joined) is still shown. Times are nanoseconds on the run's one clock, passed in; at
/// most `maximumUniverses` sync universes are remembered, the one synced longest ago forgotten
/// first.
public struct E131SyncMode: Sendable, Hashable {
    /// How long without a sync packet before data naming its universe is shown as it arrives
    /// again (E131_NETWORK_DATA_LOSS_TIMEOUT, 2.5 s).
    public static let timeout: Int64 = 2_500_000_000
    /// The most sync universes remembered at once.
    public static let maximumUniverses = 8

    /// The sync universes seen, with the time of each one's last sync packet, oldest first.
    private var lastSyncs: [SyncSeen] = []

    private struct SyncSeen: Sendable, Hashable {
        var universe: UInt16
        var time: Int64
    }

    /// A receiver that has seen no sync packet.
    public init() {}

    /// A sync packet for `universe` arrived at `now`.
    public mutating func noteSync(universe: UInt16, at now: Int64) {
        lastSyncs.removeAll { $0.universe == universe }
        if lastSyncs.count >= Self.maximumUniverses { lastSyncs.removeFirst() }
        lastSyncs.append(SyncSeen(universe: universe, time: now))
    }

    /// Whether data naming sync universe `universe` (0: none) that arrives at `now` waits for
    /// a sync packet.
    public func waitsForSync(universe: UInt16, at now: Int64) -> Bool {
        guard universe != 0, let seen = lastSyncs.last(where: { $0.universe == universe }) else { return false }
        return now - seen.time < Self.timeout
    }
}
