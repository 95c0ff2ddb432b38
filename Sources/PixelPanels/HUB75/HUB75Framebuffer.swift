import PixelCore
import Synchronization

/// Two sets of bit planes: the front one the refresher is showing, the back one the renderer
/// encodes into. A finished back buffer becomes the front only when a refresh ends, so a frame
/// is never shown half old, half new.
///
/// Protocol (one producer thread, one refresh thread):
/// - the producer calls `withBackPlanes` (or `encode`); while its closure runs the back buffer
///   is marked busy, afterwards it is marked ready;
/// - the refresher takes `frontPlanes` at the start of a refresh and calls `swapIfReady()` at
///   the end: a ready, not-busy back buffer is swapped in; a busy one waits for the next refresh.
/// Only `swapIfReady()` changes which buffer is the front, so the refresher's buffer never
/// changes under it, and the producer never writes the buffer being shown. If frames come faster
/// than refreshes, the newest wins: a ready back buffer that was not yet shown is overwritten.
public final class HUB75Framebuffer: Sendable {
    private struct State {
        var front = 0
        var ready = false
        var busy = false
        var swaps = 0
    }

    private let buffers: [HUB75Planes]
    private let state = Mutex(State())

    /// Two zeroed (dark) buffers for `geometry` at `pwmBits` planes.
    public init(geometry: HUB75Geometry, pwmBits: Int) {
        buffers = [HUB75Planes(geometry: geometry, pwmBits: pwmBits), HUB75Planes(geometry: geometry, pwmBits: pwmBits)]
    }

    /// Two zeroed (dark) buffers shaped for `configuration`.
    public convenience init(configuration: HUB75Configuration) {
        self.init(geometry: configuration.geometry, pwmBits: configuration.pwmBits)
    }

    /// Runs `body` on the back buffer; when it returns the buffer is ready to be swapped in at
    /// the end of the current refresh. If `body` throws, the back buffer is marked not ready.
    /// Call from one producer thread at a time.
    public func withBackPlanes<Result, Failure: Error>(
        _ body: (HUB75Planes) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let back = state.withLock { s in
            precondition(!s.busy, "HUB75Framebuffer: withBackPlanes called while another write is in progress")
            s.busy = true
            return buffers[1 - s.front]
        }
        do {
            let result = try body(back)
            state.withLock { s in s.busy = false; s.ready = true }
            return result
        } catch {
            state.withLock { s in s.busy = false; s.ready = false }
            throw error
        }
    }

    /// Encodes `frame` into the back buffer with `encoder`; it is shown from the next refresh
    /// that ends after this returns. Allocates nothing.
    public func encode(_ frame: Frame, with encoder: HUB75Encoder) {
        withBackPlanes { planes in encoder.encode(frame, into: planes) }
    }

    /// The buffer being shown. The refresher reads it for a whole refresh.
    public var frontPlanes: HUB75Planes {
        state.withLock { s in buffers[s.front] }
    }

    /// Called by the refresher when a refresh has ended: makes a ready back buffer the front.
    /// Returns whether it swapped.
    @discardableResult
    public func swapIfReady() -> Bool {
        state.withLock { s in
            guard s.ready && !s.busy else { return false }
            s.front = 1 - s.front
            s.ready = false
            s.swaps += 1
            return true
        }
    }

    /// Whether an encoded frame is waiting for the end of a refresh.
    public var hasPendingFrame: Bool { state.withLock { $0.ready } }

    /// How many frames have been swapped in so far.
    public var swapCount: Int { state.withLock { $0.swaps } }
}
