import PixelInputs

/// One front end of a live run — the terminal, the web page, the machine's stop signals: the
/// input it adds to the session's loop, what it shows of the main panel's frames, and how it
/// ends. A live command chooses its front ends and hands them to `Session.run(frontEnds:plan:)`,
/// the one place a live run is wired.
public protocol FrontEnd: AnyObject {
    /// Its input, beside the other front ends' and the set-up's encoder.
    var inputs: [any InputSource] { get }
    /// What it shows of the main panel's picture.
    var viewers: [any FrameOutput] { get }
    /// Ends it (stops a server, say), once the loop has stopped, and says what it did: the
    /// lines for the person at the terminal, none when there is nothing to say.
    func finish() -> [String]
}

/// SIGINT and SIGTERM as a front end: the stop of every real-time run (their handlers are
/// installed when it is made), as the keyboard's q is the terminal's.
public final class StopSignalsFrontEnd: FrontEnd {
    public let inputs: [any InputSource] = [StopRequestSource.onSignals()]
    public var viewers: [any FrameOutput] { [] }

    /// The signals' handlers, installed now.
    public init() {}

    public func finish() -> [String] { [] }
}

/// What a live run did: its frames, and the front ends' closing lines, in their order.
public struct LiveRunResult: Sendable {
    /// Frames shown.
    public var frames: Int
    /// What the front ends said as they finished.
    public var lines: [String]
}

extension Session {
    /// Runs the loop as `plan` says (its script, and its length, or until a front end asks to
    /// stop) with `frontEnds`' inputs and viewers; then finishes every front end, in reverse
    /// order, also when the loop throws. The session's own clock is the run's clock.
    public func run(frontEnds: [any FrontEnd], plan: LivePlan) throws -> LiveRunResult {
        var finished = false
        defer { if !finished { for frontEnd in frontEnds.reversed() { _ = frontEnd.finish() } } }
        let frames = try run(inputs: frontEnds.flatMap(\.inputs), viewers: frontEnds.flatMap(\.viewers), script: plan.script, length: plan.length)
        finished = true
        var said: [[String]] = Array(repeating: [], count: frontEnds.count)
        for index in frontEnds.indices.reversed() { said[index] = frontEnds[index].finish() }
        return LiveRunResult(frames: frames, lines: said.flatMap { $0 })
    }
}
