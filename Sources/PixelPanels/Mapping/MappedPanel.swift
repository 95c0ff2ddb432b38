import PixelBus
import PixelCore

/// A panel seen through a pixel mapper: frames arrive in the logical picture's size and are
/// placed on the inner panel's physical pixels by `mapper` (rotation in 90° steps, mirror,
/// offset); physical pixels no logical pixel reaches stay dark. Used for HUB75 chains mounted
/// turned or flipped; strips carry their mapper inside their own encoder.
public final class MappedPanel: Panel {
    /// The physical panel.
    public let inner: any Panel
    /// Logical picture → physical pixel (a row-major grid of the inner panel's size).
    public let mapper: PixelMapper
    /// Reused for every frame, so showing allocates nothing after the first.
    private var physical: Frame

    /// `inner` turned by `rotation` and flipped by `mirror`.
    public init(_ inner: any Panel, rotation: Rotation, mirror: Mirror) throws(PixelMapperError) {
        self.inner = inner
        mapper = try PixelMapper(layout: .grid(width: inner.width, height: inner.height), rotation: rotation, mirror: mirror)
        physical = Frame(width: inner.width, height: inner.height)
    }

    public var width: Int { mapper.width }
    public var height: Int { mapper.height }

    public func setBrightness(percent: Int) throws(BusError) { try inner.setBrightness(percent: percent) }

    public func show(_ frame: Frame) throws(BusError) {
        guard frame.width == width, frame.height == height else {
            throw .invalidRequest(device: "mapped panel",
                                  reason: "frame is \(frame.width)×\(frame.height) LEDs but the picture is \(width)×\(height)")
        }
        for y in 0..<height {
            for x in 0..<width {
                physical.pixels[mapper.ledIndex(x: x, y: y)] = frame[x, y]
            }
        }
        try inner.show(physical)
    }
}
