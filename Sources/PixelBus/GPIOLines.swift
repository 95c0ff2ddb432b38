/// A set of GPIO output lines written together as one word: bit n of a mask is BCM GPIO n.
///
/// HUB75 refresh drives a dozen lines per clock edge, so the port takes whole words: the
/// lines in `set` go high and the lines in `clear` go low in one call. A libgpiod backend
/// turns that into one bulk request; a memory-mapped backend into two register writes; the
/// simulated one into a panel model's input pins.
public protocol GPIOLines: AnyObject {
    /// A name for messages and traces, e.g. "gpiochip0".
    var name: String { get }
    /// The lines this port may drive (bit n = GPIO n).
    var outputMask: UInt64 { get }
    /// Drives the lines in `set` high and those in `clear` low. A line in both is an error.
    func write(set: UInt64, clear: UInt64) throws(BusError)
    /// Waits about `nanoseconds` with the lines as they are (output-enable time of a bit
    /// plane). A simulated port advances its model's clock instead.
    func hold(nanoseconds: Int)
}
