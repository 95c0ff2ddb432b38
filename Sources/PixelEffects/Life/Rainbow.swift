import PixelCore

/// A rainbow flowing diagonally across the panel: the palette laid along a direction and
/// sliding along it.
///
/// A LED's palette position is its distance along the direction, over the band length, plus
/// time: a column term plus a row term, so a LED costs one add and one look-up.
public struct Rainbow: Scene, Sendable {
    /// How the catalog lists this effect (`rainbow`) and makes it from parameters.
    public static let descriptor = EffectDescriptor(
        name: "rainbow",
        family: .life,
        summary: "a rainbow flowing diagonally across the panel",
        parameters: [
            .speed,
            EffectParameter("angle", "direction of the flow, clockwise from rightwards",
                            .number(range: 0...360, default: 30, unit: "°")),
            EffectParameter("scale", "length of one rainbow, as a multiple of the panel's extent along the flow",
                            .number(range: 0.25...4, default: 1, unit: "x")),
            .palette(default: "rainbow"),
        ],
        make: { values, _, width, height in
            .life(.rainbow(Rainbow(width: width, height: height, speed: values.number("speed"), angle: values.number("angle"),
                                   scale: values.number("scale"), palette: values.palette("palette"))))
        })

    let width: Int
    let speed: Fixed
    /// Palette turns per LED along x and y, Q16.16 raw.
    let stepX: Int, stepY: Int
    let colors: [LinearColor]

    /// A rainbow for a `width × height` panel flowing at `angle` degrees; one palette cycle
    /// spans the panel's extent along the flow (at least 8 LEDs) times `scale`.
    public init(width: Int, height: Int, speed: Fixed, angle: Fixed, scale: Fixed, palette: Palette) {
        self.width = width
        self.speed = speed
        let direction = Angle.degrees(angle)
        let c = Trig.cosine(direction), s = Trig.sine(direction)
        let extent = Fixed(width) * c.magnitude + Fixed(height) * s.magnitude
        let length = max(extent * scale, Fixed(8))
        stepX = Int((c / length).raw)
        stepY = Int((s / length).raw)
        colors = palette.table.colors
    }

    /// Draws the rainbow at `time`.
    public mutating func render(into canvas: inout Canvas, at time: FrameTime) {
        let t = time.scaled(by: speed)
        // Flow: a fifth of a palette cycle a second, against the direction so the colours
        // travel along it.
        let flow = -FieldMath.phase(t, 0.2)
        let stepX = stepX, stepY = stepY
        var columns = [Int](repeating: 0, count: width)
        for x in 0..<width { columns[x] = x * stepX + stepX / 2 }
        colors.withUnsafeBufferPointer { colors in
            columns.withUnsafeBufferPointer { columns in
                canvas.paintLEDs { y, row in
                    let r = y * stepY + stepY / 2 + flow
                    for x in 0..<row.count { row[x] = colors[((columns[x] + r) >> 8) & 255] }
                }
            }
        }
    }
}
