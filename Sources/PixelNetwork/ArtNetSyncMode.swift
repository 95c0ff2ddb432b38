/// Whether an Art-Net node holds ArtDmx data for ArtSync.
///
/// Art-Net 4: a node that receives an ArtSync shows ArtDmx data only on the next ArtSync, and
/// goes back to showing data as it arrives when no ArtSync has come for 4 seconds. Times are
/// nanoseconds on the run's one clock, passed in.
public struct ArtNetSyncMode: Sendable, Hashable {
    /// How long without an ArtSync before data is shown as it arrives again (4 s).
    public static let timeout: Int64 = 4_000_000_000

    private var lastSync: Int64?

    /// A node that has seen no ArtSync.
    public init() {}

    /// An ArtSync arrived at `now`.
    public mutating func noteSync(at now: Int64) { lastSync = now }

    /// Whether ArtDmx data arriving at `now` waits for the next ArtSync.
    public func waitsForSync(at now: Int64) -> Bool {
        guard let lastSync else { return false }
        return now - lastSync < Self.timeout
    }
}
