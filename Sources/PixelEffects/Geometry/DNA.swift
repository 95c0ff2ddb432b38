import PixelCore

/// A turning double helix along the panel's longer side: two strands of beads winding round
/// each other, each bead shaded and sized by its depth (nearer is larger and brighter, and
/// covers the far strand), a faint backbone joining each strand's beads, and a rung between
/// each pair of beads. Per LED from per-column tables (strand offsets, depths, the nearest
/// bead), with coverage worked out from distances so edges are smooth at any size.
public struct DNA: Scene, Sendable {
    /// How the catalog lists this effect (`dna`) and makes it from parameters.
    public static let descriptor = EffectDescriptor(
        name: "dna",
        family: .geometry,
        summary: "a turning double helix of beads with rungs between the strands",
        parameters: [
            .speed,
            EffectParameter("twist", "turns of the helix along the panel", .number(range: 0.5...4, default: 1.5, unit: "turns")),
            EffectParameter("beads", "beads per turn of each strand (rungs between them)", .integer(range: 4...16, default: 10, unit: "per turn")),
            .palette(default: "retro"),
        ],
        make: { values, _, width, height in
            .geometry(.dna(DNA(width: width, height: height, speed: values.number("speed"), twist: values.number("twist"),
                               beads: values.integer("beads"), palette: values.palette("palette"))))
        })

    let width: Int, height: Int
    let speed: Fixed
    let colors: PaletteTable
    /// LEDs along and across the helix (along is the longer side).
    let along: Int, across: Int
    /// LEDs per turn, LEDs between beads (Q16.16 raw).
    let turnLength: Int64, spacing: Int64
    /// Amplitude of a strand, bead radius, backbone half-width (Q16.16 raw).
    let amplitude: Int64, beadRadius: Int64, backbone: Int64

    /// A helix twisting `twist` turns along a `width × height` panel with `beads` beads per turn
    /// (fewer where they would be closer than 2½ LEDs; a turn no shorter than 10 LEDs).
    public init(width: Int, height: Int, speed: Fixed, twist: Fixed, beads: Int, palette: Palette) {
        self.width = width; self.height = height; self.speed = speed
        colors = palette.table
        along = max(width, height); across = min(width, height)
        turnLength = max((Int64(along) << 32) / Int64(twist.raw), 10 << 16)  // a turn is at least 10 LEDs
        spacing = max(turnLength / Int64(beads), 5 << 15)
        amplitude = Int64(across) * 24_000  // 0.366 of the side
        // Beads: up to 0.42 of their spacing, 0.09 of the side, at least 0.7 LEDs.
        beadRadius = max(min(spacing * 42 / 100, Int64(across) * 5_900), 45_875)
        backbone = max(beadRadius / 4, 1 << 14)
    }

    /// Per position along the helix, worked out once a frame: strand 1's offset from the
    /// axis (strand 2 is its mirror), the backbone's half-width across (thicker where the
    /// strand is steep), the distance along to the nearest bead, strand 1's offset at that
    /// bead, each strand's bead radius and colour there (by depth), and which strand is in front.
    struct Column {
        var offset: Int64 = 0, halfWidth: Int64 = 0
        var beadDistance2: Int64 = 0, beadOffset: Int64 = 0
        var radius1: Int64 = 0, radius2: Int64 = 0
        var color1 = LinearColor.black, color2 = LinearColor.black
        var onRung = false, oneInFront = true
    }

    /// Draws the frame at `time` (the same picture for the same instant, whatever came before).
    public mutating func render(into canvas: inout Canvas, at time: FrameTime) {
        let t = time.scaled(by: speed)
        // The helix turns once every 3 s and slides along a bead spacing every second.
        let spin = Int64(t.phase(cyclesPerSecond: Fixed(1, over: 3)).raw)
        let slide = t.distance(atRate: Fixed(raw: Int32(truncatingIfNeeded: spacing))) % spacing
        let turnLength = turnLength, spacing = spacing, amplitude = amplitude
        func phase(_ p: Int64) -> Angle {  // p: position along, Q16.16
            Angle(raw: Int32(truncatingIfNeeded: ((p << 16) / turnLength + spin) & 0xFFFF))
        }
        // Slope of a strand is amplitude · 2π / turnLength · cos(phase).
        let slopeScale = amplitude * 411_775 / turnLength  // Q16.16 (2π = 411775 / 65536)
        let shift = Int32(truncatingIfNeeded: t.distance(atRate: 10) >> 16)
        let hue1 = colors[mirroredIndex(32 &+ shift)], hue2 = colors[mirroredIndex(200 &+ shift)]
        let rung = colors[mirroredIndex(116 &+ shift)].times(44)
        let rungHalf: Int64 = max(beadRadius / 3, 1 << 15)
        // Depth shading 0...256 from depth −1...1 (Q16.16): 0.3 at the back to 1 at the front.
        func level(_ depth: Int64) -> Int32 { Int32(166 + (depth * 90) >> 16) }
        var columns: [Column] = []
        columns.reserveCapacity(along)
        for a in 0..<along {
            let p = (Int64(a) << 16) + (1 << 15)
            let angle = phase(p)
            var c = Column()
            c.offset = (Int64(Trig.sine(angle).raw) * amplitude) >> 16
            let slope = (slopeScale * Int64(Trig.cosine(angle).raw)) >> 16
            c.halfWidth = (backbone * Int64(integerSquareRoot(UInt64((1 << 32) + slope * slope)))) >> 16
            // Nearest bead centre: beads at slide + k·spacing.
            let k = (p - slide + spacing / 2) / spacing
            let bead = slide + k * spacing
            c.beadDistance2 = ((p - bead) * (p - bead)) >> 16
            c.onRung = abs(p - bead) < rungHalf
            let beadAngle = phase(bead)
            c.beadOffset = (Int64(Trig.sine(beadAngle).raw) * amplitude) >> 16
            let depth = Int64(Trig.cosine(beadAngle).raw)
            c.oneInFront = depth >= 0
            c.radius1 = beadRadius * (5 * 65536 + depth) / (6 * 65536)  // 2/3…1 of the radius by depth
            c.radius2 = beadRadius * (5 * 65536 - depth) / (6 * 65536)
            let backboneDepth = Int64(Trig.cosine(angle).raw)
            c.color1 = hue1.times(level(c.oneInFront ? max(depth, backboneDepth) : min(depth, backboneDepth)))
            c.color2 = hue2.times(level(c.oneInFront ? min(-depth, -backboneDepth) : max(-depth, -backboneDepth)))
            columns.append(c)
        }
        let landscape = width >= height, acrossCentre = Int64(across) << 15
        let reach = beadRadius + (2 << 16)
        columns.withUnsafeBufferPointer { columns in
            // Coverage 0...256 of one strand at `q` across: its bead or, fainter, its backbone.
            @inline(__always) func coverage(_ q: Int64, _ offset: Int64, _ beadOffset: Int64, _ r: Int64, _ col: Column) -> Int32 {
                let dq = q - beadOffset
                let inside = (r * r) >> 16 - col.beadDistance2 - (dq * dq) >> 16
                let bead = min(max(inside * 128 / r + 128, 0), 256)
                let gap = col.halfWidth - abs(q - offset)
                let line = min(max((gap >> 8) + 128, 0), 256) * 2 / 5
                return Int32(max(bead, line))
            }
            // The colour of the LED `a` along and `c` across.
            @inline(__always) func shade(_ a: Int, _ c: Int) -> LinearColor {
                let col = columns[a]
                let q = (Int64(c) << 16) + (1 << 15) - acrossCentre
                let onRung = col.onRung && abs(q) <= abs(col.beadOffset)
                let near1 = abs(q - col.offset) <= reach || abs(q - col.beadOffset) <= reach
                let near2 = abs(q + col.offset) <= reach || abs(q + col.beadOffset) <= reach
                if !onRung && !near1 && !near2 { return .black }
                let one = near1 ? coverage(q, col.offset, col.beadOffset, col.radius1, col) : 0
                let two = near2 ? coverage(q, -col.offset, -col.beadOffset, col.radius2, col) : 0
                var result = LinearColor.black
                if col.oneInFront {
                    if two > 0 { result = col.color2.times(two) }
                    if onRung { result = rung }
                    if one > 0 { result = blend(result, col.color1, one) }
                } else {
                    if one > 0 { result = col.color1.times(one) }
                    if onRung { result = rung }
                    if two > 0 { result = blend(result, col.color2, two) }
                }
                return result
            }
            canvas.paintLEDs { y, row in
                if landscape {
                    for x in row.indices { row[x] = shade(x, y) }
                } else {
                    for x in row.indices { row[x] = shade(y, x) }
                }
            }
        }
    }
}

/// `base` with `top` laid over it at coverage `level` / 256.
@inline(__always) func blend(_ base: LinearColor, _ top: LinearColor, _ level: Int32) -> LinearColor {
    let l = Int32(min(max(level, 0), 256))
    @inline(__always) func mix(_ a: UInt16, _ b: UInt16) -> UInt16 {
        UInt16(Int32(a) + (((Int32(b) - Int32(a)) * l) >> 8))
    }
    return LinearColor(red: mix(base.red, top.red), green: mix(base.green, top.green), blue: mix(base.blue, top.blue))
}
