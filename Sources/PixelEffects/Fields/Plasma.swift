import PixelCore

/// The demoscene plasma: four moving sine waves summed per LED and looked up in a palette
/// that slowly cycles.
///
/// The waves run along x, along y, along the diagonal, and along x with its phase bent by a
/// slower wave in y (which turns straight bands into blobs). Each wave's spatial part is
/// computed once per column or row, so a LED costs four table look-ups.
public struct Plasma: Scene, Sendable {
    /// How the catalog lists this effect (`plasma`) and makes it from parameters.
    public static let descriptor = EffectDescriptor(
        name: "plasma",
        family: .fields,
        summary: "a sum of moving sine waves through a palette",
        parameters: [
            .speed,
            EffectParameter("scale", "size of the blobs, as a multiple of the panel's natural size",
                            .number(range: 0.25...4, default: 1, unit: "x")),
            .palette(default: "party"),
        ],
        make: { values, _, width, height in
            .fields(.plasma(Plasma(width: width, height: height, speed: values.number("speed"),
                                   scale: values.number("scale"), palette: values.palette("palette"))))
        })

    let width: Int
    let height: Int
    let speed: Fixed
    /// Phase advance per LED of the base wave, in 1/65536 turns.
    let step: Int
    let colors: [LinearColor]

    /// A plasma for a `width × height` panel: `scale` multiplies the wavelength (about a third
    /// of width + height, at least 14 LEDs).
    public init(width: Int, height: Int, speed: Fixed, scale: Fixed, palette: Palette) {
        self.width = width
        self.height = height
        self.speed = speed
        let wavelength = max(Fixed(14), Fixed(width + height) / 3) * scale
        step = Int((Fixed.one / max(wavelength, Fixed.one)).raw)
        colors = palette.table.colors
    }

    /// Draws the plasma at `time`.
    public mutating func render(into canvas: inout Canvas, at time: FrameTime) {
        let t = time.scaled(by: speed)
        let sine = FieldMath.sine
        let step = step
        // Time terms (phases in 1/65536 turns).
        let tA = FieldMath.phase(t, 0.13), tB = FieldMath.phase(t, -0.17), tC = FieldMath.phase(t, 0.07)
        let tD = FieldMath.phase(t, 0.23), tE = FieldMath.phase(t, -0.11)
        let shift = FieldMath.phase(t, 0.05) >> 8  // palette drift, in palette entries
        // Per-column parts: wave A along x, and the x part of the bent wave D.
        var columnA = [Int32](repeating: 0, count: width)
        var columnD = [Int](repeating: 0, count: width)
        for x in 0..<width {
            columnA[x] = sine[FieldMath.index(x * step + tA)]
            columnD[x] = x * step * 9 / 10 + tD
        }
        // Diagonal wave C, indexed by x + y.
        var diagonal = [Int32](repeating: 0, count: width + height)
        for i in 0..<(width + height) { diagonal[i] = sine[FieldMath.index(i * step * 3 / 5 + tC)] }
        colors.withUnsafeBufferPointer { colors in
            sine.withUnsafeBufferPointer { sine in
                columnA.withUnsafeBufferPointer { columnA in
                    columnD.withUnsafeBufferPointer { columnD in
                        diagonal.withUnsafeBufferPointer { diagonal in
                            canvas.paintLEDs { y, row in
                                let b = Int(sine[FieldMath.index(y * step * 13 / 10 + tB)])
                                // The bend: up to ±0.35 turn of phase, from a slower wave in y.
                                let bend = (Int(sine[FieldMath.index(y * step * 7 / 10 + tE)]) * 23_000) >> 16
                                for x in 0..<row.count {
                                    let d = Int(sine[FieldMath.index(columnD[x] + bend)])
                                    let sum = Int(columnA[x]) + b + Int(diagonal[x + y]) + d  // ±4 · 65536
                                    row[x] = colors[((sum * 40) >> 16 &+ shift) & 255]
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
