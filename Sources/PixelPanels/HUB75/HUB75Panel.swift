import PixelBus
import PixelCore

/// A HUB75 installation as a `Panel`: `show` encodes the frame into the back planes of a
/// double buffer; a `HUB75Refresher` (usually inside a `HUB75RefreshLoop` on its own thread)
/// puts the front planes on the wire and swaps at the end of each refresh.
///
/// `show` never touches the bus and never waits for the refresh: a frame that arrives before the
/// previous one was shown replaces it. Frames have the visible size; on a multiplexed panel
/// `show` first places each LED where the configuration's layout says, in a physical frame it
/// keeps (so nothing is allocated per frame).
public final class HUB75Panel: Panel {
    /// Geometry, wiring, depth and timing.
    public let configuration: HUB75Configuration
    /// Frame → planes, at the brightness in force.
    public private(set) var encoder: HUB75Encoder
    /// The double buffer shared with the refresher.
    public let framebuffer: HUB75Framebuffer
    /// The physical frame a multiplexed panel's LEDs are placed in before encoding.
    private var physical: Frame

    /// A panel for `configuration` with dark planes.
    public init(configuration: HUB75Configuration) {
        self.configuration = configuration
        encoder = HUB75Encoder(configuration: configuration)
        framebuffer = HUB75Framebuffer(configuration: configuration)
        physical = Frame(width: configuration.geometry.width, height: configuration.geometry.height)
    }

    /// Logical width in LEDs: columns × chain (as seen, on a multiplexed panel).
    public var width: Int { configuration.width }
    /// Logical height in LEDs: rows × parallel (as seen, on a multiplexed panel).
    public var height: Int { configuration.height }

    /// Encodes `frame` for the next refresh. Throws only when the frame has the wrong size.
    public func show(_ frame: Frame) throws(BusError) {
        guard frame.width == width, frame.height == height else {
            throw .invalidRequest(
                device: "hub75",
                reason: "frame is \(frame.width)×\(frame.height) LEDs but the panel is \(width)×\(height); render at the panel's size")
        }
        guard let layout = configuration.layout else {
            framebuffer.encode(frame, with: encoder)
            return
        }
        layout.physicalIndex.withUnsafeBufferPointer { index in
            frame.pixels.withUnsafeBufferPointer { visible in
                physical.pixels.withUnsafeMutableBufferPointer { out in
                    for i in 0..<index.count { out[index[i]] = visible[i] }
                }
            }
        }
        framebuffer.encode(physical, with: encoder)
    }

    /// Scales the levels to `percent` of the configured brightness (at least 1 %) before the
    /// bit planes are cut.
    public func setBrightness(percent: Int) throws(BusError) {
        var scaled = configuration
        scaled.brightnessPercent = max(1, (configuration.brightnessPercent * min(100, max(0, percent)) + 50) / 100)
        encoder = HUB75Encoder(configuration: scaled)
    }

    /// A refresher for this panel's framebuffer on `lines` (see `HUB75Refresher.init`); with
    /// `slowdown`, each write goes out `1 + slowdown` times.
    public func makeRefresher(lines: any GPIOLines) throws(BusError) -> HUB75Refresher {
        let port: any GPIOLines = configuration.slowdown > 0 ? RepeatedWriteLines(lines, extra: configuration.slowdown) : lines
        return try HUB75Refresher(configuration: configuration, framebuffer: framebuffer, lines: port)
    }
}
