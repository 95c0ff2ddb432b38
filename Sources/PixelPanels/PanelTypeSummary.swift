/// One panel type as `pixelwheel list` shows it: generated from the same parser that reads
/// descriptions, so every key, default and range shown is the one in force.
public struct PanelTypeSummary: Sendable {
    /// The type name.
    public let type: String
    /// Its bus.
    public let bus: PanelDescription.Bus
    /// A description that parses, used to walk the parser.
    public let example: String
    /// Every key it reads, with default and range.
    public let keys: [PanelOptionKey]
    /// What `list` prints under the keys: the rows a board key chooses from, and what an old
    /// spelling of a key now means.
    public let notes: [String]

    /// Every known type.
    public static let all: [PanelTypeSummary] = examples.map { type, example in
        // The examples are fixed and tested to parse, so this cannot fail at run time.
        let description = try! PanelDescription(parsing: example)
        return PanelTypeSummary(type: type, bus: description.bus, example: example, keys: description.keys,
                                notes: notes(type))
    }

    /// How the mounting stage works, the same on every type: the line `list` prints above the types.
    public static let mountingNote = "on every type, rotate=0|90|180|270 turns the picture clockwise on the board "
        + "(seen from the front), then mirror=x|y|xy flips it; a quarter turn swaps the frame's width and height"

    /// The notes of `type`: the rows of its board table (max7219 modules, ht16k33 layouts,
    /// is31fl3731 boards, ready-made strip tiles, hub75 multiplexing schemes), and what
    /// `rotate` means there.
    static func notes(_ type: String) -> [String] {
        switch type {
        case "max7219":
            return MAX7219Module.all.map { "module=\($0.name): \($0.boards)" } + [
                "rotate and mirror turn and flip the whole row, as on every type; the block wiring is module=",
            ]
        case "ht16k33":
            return HT16K33Board.all.map { "layout=\($0.name): \($0.boards)" } + ["alias: rotate on ht16k33 was 0|180 (the board upside down; 180 shows the same); now the mounting: "
                + "90 and 270 too (a turned 16x8 layout takes 8x16 frames), and mirror"]
        case "is31fl3731":
            return IS31FL3731Board.all.map { "board=\($0.name): \($0.boards)" }
        case "hub75":
            return HUB75Multiplexing.all.map { "multiplexing=\($0.name) (or \($0.number)): panels of \($0.sizeList) (cols x rows)" }
                + ["row-address and driver are hzeller's --led-row-addr-type (0-5, in the order listed) and --led-panel-type"]
        case "ws2812", "apa102", "sk9822":
            return TileBoard.all.map { "tile=\($0.name): \($0.boards)" }
                + ["tile-rotate is how each tile is wired on the board; rotate and mirror mount the whole board, as before"]
        case "ddp", "e131", "artnet":
            return ["sends the picture, row-major from the top-left, over UDP to host= (WLED, FPP, another PixelWheel)"]
        default:
            return []
        }
    }

    /// One description per type that parses with every other key at its default.
    static let examples: [(String, String)] = [
        ("hub75", "hub75"), ("ws2812", "ws2812:width=16,height=16"), ("apa102", "apa102:length=60"),
        ("sk9822", "sk9822:length=60"), ("max7219", "max7219:module=fc16"), ("ht16k33", "ht16k33"), ("is31fl3731", "is31fl3731"),
        ("ddp", "ddp:host=192.168.1.50"), ("e131", "e131:host=192.168.1.50"), ("artnet", "artnet:host=192.168.1.50"),
    ]
}
