import PixelBus
import PixelCore

/// A physical display that shows frames: the boundary between rendering and hardware.
///
/// `show` takes a frame at the panel's logical size, runs it through the panel's colour
/// pipeline and pixel mapper, encodes it for the chip and sends it on the bus. The bus is a
/// real device on a Pi and a device model in the simulator; the panel code is the same.
public protocol Panel: AnyObject {
    /// Logical width in LEDs (what frames must be).
    var width: Int { get }
    /// Logical height in LEDs.
    var height: Int { get }
    /// Sends `frame` to the hardware.
    func show(_ frame: Frame) throws(BusError)
    /// Sets the brightness to `percent` (0...100) of the panel's configured level, through the
    /// panel's own path: the colour pipeline for strips, the bit-plane levels for HUB75, the
    /// chip's register for MAX7219 and HT16K33, the PWM levels for IS31FL3731. Frames shown
    /// afterwards use it; a chip-wide register changes at once.
    func setBrightness(percent: Int) throws(BusError)
}
