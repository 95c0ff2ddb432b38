/// The instant being shown, read by a traced bus to stamp each transaction: the render loop
/// sets it before sending a frame.
final class TraceStamp {
    /// Nanoseconds on the scene's timeline.
    var nanoseconds: Int64 = 0
}
