import PixelCore

/// The demoscene rotozoomer: a chequered plane seen through a camera that turns, zooms in
/// and out and drifts. Each LED's texture coordinates are stepped incrementally (u += du per
/// column, per row a new start), so a frame costs an add per coordinate per LED. Tiles take
/// their colour from the palette along the diagonal, alternate tiles darker.
public struct Rotozoom: Scene, Sendable {
    /// How the catalog lists this effect (`rotozoom`) and makes it from parameters.
    public static let descriptor = EffectDescriptor(
        name: "rotozoom",
        family: .geometry,
        summary: "a chequered plane turning, zooming in and out and drifting",
        parameters: [
            .speed,
            EffectParameter("tile", "tile size at rest, as a share of the panel's shorter side", .number(range: 0.05...1, default: 0.3, unit: "")),
            EffectParameter("zoom", "how far it zooms in and out about the rest size", .number(range: 0...0.9, default: 0.6, unit: "")),
            .palette(default: "rainbow"),
        ],
        make: { values, _, width, height in
            .geometry(.rotozoom(Rotozoom(width: width, height: height, speed: values.number("speed"), tile: values.number("tile"),
                                         zoom: values.number("zoom"), palette: values.palette("palette"))))
        })

    let width: Int, height: Int
    let speed: Fixed
    let tile: Fixed
    let zoom: Fixed
    let colors: PaletteTable

    /// A plane of tiles `tile` of the shorter side (at rest; never under 3 LEDs) on a
    /// `width × height` panel, zooming by ±`zoom`.
    public init(width: Int, height: Int, speed: Fixed, tile: Fixed, zoom: Fixed, palette: Palette) {
        self.width = width; self.height = height; self.speed = speed; self.zoom = zoom
        self.tile = Fixed(min(width, height)) * tile
        colors = palette.table
    }

    /// Draws the frame at `time` (the same picture for the same instant, whatever came before).
    public mutating func render(into canvas: inout Canvas, at time: FrameTime) {
        let t = time.scaled(by: speed)
        // Tile size in LEDs: breathing by ±zoom every 9 s, never under 3 LEDs.
        let size = max(tile * (.one + zoom * Trig.sine(t.phase(cyclesPerSecond: Fixed(1, over: 9)))), Fixed(3))
        let k = Int64((Fixed.one / size).raw)  // tiles per LED, Q16.16
        // A turn every 12 s, swinging back and forth a little on top.
        let turn = t.phase(cyclesPerSecond: Fixed(1, over: 12)) + Angle(turns: Trig.sine(t.phase(cyclesPerSecond: Fixed(1, over: 7))) / 8)
        let c = Int64(Trig.cosine(turn).raw), s = Int64(Trig.sine(turn).raw)
        // Per column and per row steps in texture space (Q16.16 tiles).
        let du = Int32((k * c) >> 16), dv = Int32((-k * s) >> 16)
        let duRow = Int32((k * s) >> 16), dvRow = Int32((k * c) >> 16)
        // The camera drifts along a slow Lissajous path, a few tiles wide.
        let panU = Int64(Trig.sine(t.phase(cyclesPerSecond: Fixed(1, over: 11))).raw) * 3
        let panV = Int64(Trig.sine(t.phase(cyclesPerSecond: Fixed(1, over: 8)) + .quarterTurn).raw) * 2
        // Texture coordinates of LED (0, 0)'s centre: offsets from the panel centre are
        // (2x + 1 − width)/2 columns and (2y + 1 − height)/2 rows.
        let x0 = Int64(1 - width), y0 = Int64(1 - height)
        let u00 = (x0 * Int64(du) + y0 * Int64(duRow)) / 2 + panU
        let v00 = (x0 * Int64(dv) + y0 * Int64(dvRow)) / 2 + panV
        let shift = Int32(truncatingIfNeeded: t.distance(atRate: 20) >> 16)  // palette drifts 20 steps a second
        let colors = colors
        canvas.paintLEDs { y, row in
            var u = Int32(truncatingIfNeeded: u00 + Int64(y) * Int64(duRow))
            var v = Int32(truncatingIfNeeded: v00 + Int64(y) * Int64(dvRow))
            for x in row.indices {
                let cu = u >> 16, cv = v >> 16
                let color = colors[mirroredIndex((cu &+ cv) &* 23 &+ shift)]
                row[x] = (cu ^ cv) & 1 == 0 ? color : color.times(40)
                u &+= du; v &+= dv
            }
        }
    }
}
