import PixelBus
import PixelPanels

/// GPIO inputs whose other end is device models that drive lines: a mechanical rotary
/// encoder, buttons. Models schedule level changes at instants on the shared `VirtualTime`;
/// an edge is seen (by `read` and `waitForEdges`) only once that time has come.
public final class SimulatedGPIOInputs: GPIOInputs {
    public let name: String
    public let inputMask: UInt64
    /// The virtual time edges are delivered on.
    public let time: VirtualTime
    /// The levels after every change scheduled so far (bit n = GPIO n).
    private var scheduledLevels: UInt64
    /// The levels as of the last delivered edge.
    private var deliveredLevels: UInt64
    /// Edges not yet delivered, in time order.
    private var pending: [GPIOEdge] = []

    /// Inputs on `lines`, all pulled up (high) at rest, on `time`.
    public init(name: String = "gpiochip0", lines: [Int], time: VirtualTime = VirtualTime()) {
        self.name = name
        self.time = time
        inputMask = lines.reduce(0) { $0 | (1 << UInt64($1)) }
        scheduledLevels = inputMask
        deliveredLevels = inputMask
    }

    /// A model drives `line` to `high` at `nanoseconds`; a change queues an edge for then.
    public func drive(line: Int, high: Bool, at nanoseconds: Int64) {
        let bit = UInt64(1) << UInt64(line)
        precondition(inputMask & bit != 0, "GPIO \(line) is not an input of \(name)")
        guard (scheduledLevels & bit != 0) != high else { return }
        scheduledLevels = high ? scheduledLevels | bit : scheduledLevels & ~bit
        let edge = GPIOEdge(line: line, rising: high, at: nanoseconds)
        let index = pending.lastIndex { $0.nanoseconds <= nanoseconds }.map { $0 + 1 } ?? 0
        pending.insert(edge, at: index)
    }

    /// The levels now: every edge up to the current virtual time applied.
    public func read() throws(BusError) -> UInt64 {
        var levels = deliveredLevels
        for edge in pending where edge.nanoseconds <= time.nanoseconds {
            let bit = UInt64(1) << UInt64(edge.line)
            levels = edge.rising ? levels | bit : levels & ~bit
        }
        return levels
    }

    /// The edges due by now. With none due and a timeout, virtual time moves to the next
    /// edge or by the timeout, whichever comes first, as a real wait would.
    public func waitForEdges(timeoutNanoseconds: Int64) throws(BusError) -> [GPIOEdge] {
        if timeoutNanoseconds > 0, pending.first.map({ $0.nanoseconds > time.nanoseconds }) ?? true {
            let wakeUp = time.nanoseconds + timeoutNanoseconds
            time.advance(to: min(wakeUp, pending.first?.nanoseconds ?? wakeUp))
        }
        let due = pending.prefix { $0.nanoseconds <= time.nanoseconds }
        pending.removeFirst(due.count)
        for edge in due {
            let bit = UInt64(1) << UInt64(edge.line)
            deliveredLevels = edge.rising ? deliveredLevels | bit : deliveredLevels & ~bit
        }
        return Array(due)
    }
}
