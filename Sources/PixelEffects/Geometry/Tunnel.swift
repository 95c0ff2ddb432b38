import PixelCore

/// Flying down a tunnel: the classic demoscene polar zoom. Each LED's angle about the centre
/// and its depth, 1 / distance, are worked out once; each frame they index a chequered
/// texture that scrolls in depth (the flight) and round the wall (a slow roll), coloured
/// through the palette along the depth and fading to black at the vanishing point. Twist
/// turns the texture further the deeper it is, so the tunnel corkscrews.
public struct Tunnel: Scene, Sendable {
    /// How the catalog lists this effect (`tunnel`) and makes it from parameters.
    public static let descriptor = EffectDescriptor(
        name: "tunnel",
        family: .geometry,
        summary: "flying down a chequered tunnel that fades into the distance",
        parameters: [
            .speed,
            EffectParameter("twist", "how far the wall turns per unit of depth", .number(range: -1...1, default: 0.04, unit: "turns")),
            EffectParameter("segments", "tiles round the wall", .integer(range: 2...16, default: 8, unit: "tiles")),
            .palette(default: "retro"),
        ],
        make: { values, _, width, height in
            .geometry(.tunnel(Tunnel(width: width, height: height, speed: values.number("speed"), twist: values.number("twist"),
                                     segments: values.integer("segments"), palette: values.palette("palette"))))
        })

    let width: Int
    /// Samples per LED along each axis (2 on small panels).
    let factor: Int
    let speed: Fixed
    let twist: Fixed
    let segments: Int32
    let colors: PaletteTable
    /// Per LED: angle (1/65536 turn), depth (Q16.16, 1 at the nearer edge) and shade (0...256).
    let angle: [Int32], depth: [Int32], shade: [Int32]

    /// A tunnel on a `width × height` panel, `segments` tiles round, twisting `twist` turns per
    /// unit of depth, flying at `speed` × its natural pace.
    public init(width: Int, height: Int, speed: Fixed, twist: Fixed, segments: Int, palette: Palette) {
        self.width = width; self.speed = speed; self.twist = twist; self.segments = Int32(segments)
        colors = palette.table
        factor = fieldSampling(width: width, height: height)
        let polar = PolarTable(width: width * factor, height: height * factor)
        angle = polar.angle
        // depth = 4 / r (a ring of tiles at r = 4/n), capped at 64 near the centre.
        depth = polar.radius.map { (r: Int32) -> Int32 in Int32(min((Int64(4) << 32) / Int64(max(r, 4096)), Int64(64) << 16)) }
        // Bright at the walls, fading in to the vanishing point: (r / 0.9)^1.5-ish, capped.
        shade = polar.radius.map { (r: Int32) -> Int32 in
            let s: Int64 = min(Int64(r) * 256 / 58982, 256)  // r / 0.9
            let curve: Int64 = s * s / 256 * 3 / 4
            return Int32(curve + s / 4)
        }
    }

    /// Draws the frame at `time` (the same picture for the same instant, whatever came before).
    public mutating func render(into canvas: inout Canvas, at time: FrameTime) {
        let t = time.scaled(by: speed)
        // Three rings of tiles a second forward; a roll of one turn in 12 s.
        let flight = Int32(truncatingIfNeeded: t.distance(atRate: 3))
        let roll = t.phase(cyclesPerSecond: Fixed(1, over: 12)).raw
        let twist = twist.raw, segments = segments, width = width, factor = factor
        let angle = angle, depth = depth, shade = shade, colors = colors
        // The colour of sample i (an LED, or a quarter of one on small panels).
        @inline(__always) func sample(_ i: Int) -> LinearColor {
            let d = depth[i]
            // Around the wall, in tiles (Q16.16): the angle plus the twist at this depth.
            let turn = angle[i] &+ roll &+ Int32(truncatingIfNeeded: (Int64(d) * Int64(twist)) >> 16)
            let u = (turn & 0xFFFF) &* segments
            let v = d &+ flight
            let light = ((u ^ v) >> 16) & 1 == 0 ? shade[i] : shade[i] * 5 / 16
            return colors[mirroredIndex(v >> 11)].times(light)
        }
        if factor == 1 {
            canvas.paintLEDs { y, row in
                var i = y * width
                for x in row.indices { row[x] = sample(i); i += 1 }
            }
        } else {
            canvas.paintQuarters(width: width) { sample($0) }
        }
    }
}
