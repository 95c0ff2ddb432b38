/// A named colour gradient: colour stops at positions 0...255, blended in linear light.
///
/// Effects colour a value by looking it up in the palette's 256-entry table (`table`), so the
/// palette is data, not code: adding one is a name and a list of stops. Every position
/// between two stops is their linear-light mix, in integers, so a table is the same bits on
/// every CPU.
public struct Palette: Hashable, Sendable {
    /// One colour of the gradient, at `position` (0...255) along it.
    public struct Stop: Hashable, Sendable {
        /// Where along the gradient, 0...255.
        public let position: UInt8
        /// The colour there, sRGB.
        public let color: Color

        /// A stop at `position` with the sRGB colour written `0xRRGGBB`.
        public init(_ position: UInt8, _ rgb: UInt32) {
            self.position = position
            color = Color(red: UInt8(truncatingIfNeeded: rgb >> 16), green: UInt8(truncatingIfNeeded: rgb >> 8),
                          blue: UInt8(truncatingIfNeeded: rgb))
        }
    }

    /// The name the command line, the menu and the WLED API use: lower case, one word.
    public let name: String
    /// The stops, by position; the first is at 0 and the last at 255.
    public let stops: [Stop]

    /// A palette called `name` through `stops` (the first at 0, the last at 255, positions rising).
    public init(_ name: String, _ stops: [Stop]) {
        precondition(stops.count >= 2 && stops.first?.position == 0 && stops.last?.position == 255,
                     "a palette runs from a stop at 0 to a stop at 255")
        precondition(zip(stops, stops.dropFirst()).allSatisfy { $0.position < $1.position }, "stops rise")
        self.name = name
        self.stops = stops
    }

    /// The 256 colours of the gradient in linear light: entry i is the mix of the stops around
    /// position i, weighted by distance, rounded to nearest.
    public var table: PaletteTable {
        var colors: [LinearColor] = []
        colors.reserveCapacity(256)
        var k = 0
        for i in 0..<256 {
            while Int(stops[k + 1].position) < i { k += 1 }
            let a = stops[k], b = stops[k + 1]
            let span = Int(b.position) - Int(a.position), into = i - Int(a.position)
            colors.append(Palette.mix(a.color.linear, b.color.linear, into, of: span))
        }
        return PaletteTable(colors: colors)
    }

    /// `a` + (`b` − `a`)·n / d per channel, rounded to nearest.
    static func mix(_ a: LinearColor, _ b: LinearColor, _ n: Int, of d: Int) -> LinearColor {
        func channel(_ x: UInt16, _ y: UInt16) -> UInt16 {
            let v = Int(x) * (d - n) + Int(y) * n
            return UInt16((v + d / 2) / d)
        }
        return LinearColor(red: channel(a.red, b.red), green: channel(a.green, b.green), blue: channel(a.blue, b.blue))
    }

    /// The palette called `name`, if there is one.
    public static func named(_ name: String) -> Palette? {
        all.first { $0.name == name }
    }

    /// Every palette's name, in `all`'s order.
    public static var names: [String] { all.map { $0.name } }

    /// The palettes PixelWheel ships, in the order lists show them.
    public static let all: [Palette] = [
        Palette("rainbow", [Stop(0, 0xFF0000), Stop(43, 0xFFFF00), Stop(85, 0x00FF00), Stop(128, 0x00FFFF),
                            Stop(170, 0x0000FF), Stop(213, 0xFF00FF), Stop(255, 0xFF0000)]),
        Palette("party", [Stop(0, 0x5A00B4), Stop(40, 0xC8007A), Stop(80, 0xFF2010), Stop(115, 0xFF9000),
                          Stop(140, 0xFFE030), Stop(170, 0xFF5000), Stop(205, 0xE0007A), Stop(235, 0x3010E0), Stop(255, 0x5A00B4)]),
        Palette("ocean", [Stop(0, 0x000828), Stop(60, 0x002A70), Stop(120, 0x0060B0), Stop(170, 0x0098B8),
                          Stop(215, 0x40D0D0), Stop(240, 0xB0F0F0), Stop(255, 0x000828)]),
        Palette("lava", [Stop(0, 0x000000), Stop(50, 0x3A0000), Stop(100, 0x900800), Stop(150, 0xE03A00),
                         Stop(195, 0xFF9010), Stop(225, 0xFFD060), Stop(255, 0x200000)]),
        Palette("forest", [Stop(0, 0x002800), Stop(50, 0x006018), Stop(100, 0x2E7A00), Stop(145, 0x7AA010),
                           Stop(190, 0x1E8040), Stop(230, 0x60C040), Stop(255, 0x002800)]),
        Palette("heat", [Stop(0, 0x000000), Stop(70, 0x800000), Stop(130, 0xFF2000), Stop(185, 0xFF9000),
                         Stop(230, 0xFFF040), Stop(255, 0xFFFFFF)]),
        Palette("cloud", [Stop(0, 0x1040A0), Stop(70, 0x4A90E0), Stop(130, 0xE8F4FF), Stop(180, 0x80C0F0),
                          Stop(225, 0xFFFFFF), Stop(255, 0x1040A0)]),
        Palette("sunset", [Stop(0, 0x14002A), Stop(50, 0x5A0060), Stop(105, 0xC0104A), Stop(155, 0xFF4A10),
                           Stop(205, 0xFFA020), Stop(255, 0xFFE080)]),
        Palette("ice", [Stop(0, 0x000018), Stop(80, 0x0030A0), Stop(150, 0x2090F0), Stop(205, 0x90E0FF),
                        Stop(255, 0xFFFFFF)]),
        Palette("pastel", [Stop(0, 0xFFA0C0), Stop(45, 0xFFC8A0), Stop(90, 0xFFF0A0), Stop(135, 0xA8F0B8),
                           Stop(180, 0xA0D0FF), Stop(220, 0xD0B0FF), Stop(255, 0xFFA0C0)]),
        Palette("aurora", [Stop(0, 0x000A10), Stop(60, 0x00A050), Stop(110, 0x20F090), Stop(160, 0x00A0A0),
                           Stop(210, 0x6020C0), Stop(255, 0x000A10)]),
        Palette("retro", [Stop(0, 0xFF1080), Stop(64, 0x8020FF), Stop(128, 0x00E0FF), Stop(192, 0xFFE000),
                          Stop(255, 0xFF1080)]),
        Palette("mono", [Stop(0, 0x000000), Stop(255, 0xFFFFFF)]),
    ]
}

/// A palette's 256 linear-light colours, for look-ups while rendering.
public struct PaletteTable: Hashable, Sendable {
    /// The colours, position 0 first.
    public let colors: [LinearColor]

    /// The colour at `position`, taken modulo 256 (so a rising value cycles round the palette).
    @inlinable public subscript(position: Int) -> LinearColor {
        colors[position & 255]
    }

    /// The colour at `position` (0 ..< 1 of the way along, cycling) with `brightness` (0...1).
    @inlinable public func color(at position: Fixed, brightness: Fixed = .one) -> LinearColor {
        let c = colors[Int((position.raw >> 8) & 255)]
        return brightness >= .one ? c : c.scaled(by: brightness)
    }
}
