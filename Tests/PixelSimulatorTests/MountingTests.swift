import PixelCore
import PixelPanels
import Testing
@testable import PixelSimulator

/// The one reference the mounting tests measure every panel type against, written out here
/// apart from `Mounting`: a picture turned a quarter turn clockwise as seen from the front (the
/// top-left pixel goes to the top right), and flips along the picture's own axes.
enum MountingReference {
    /// `frame` turned a quarter turn clockwise: pixel (x, y) of a w × h frame lands on (h − 1 − y, x).
    static func turnedClockwise(_ frame: Frame) -> Frame {
        var out = Frame(width: frame.height, height: frame.width)
        for y in 0..<frame.height {
            for x in 0..<frame.width { out[frame.height - 1 - y, x] = frame[x, y] }
        }
        return out
    }

    /// `frame` flipped left to right (`x`), top to bottom (`y`), or both.
    static func flipped(_ frame: Frame, _ axes: String) -> Frame {
        var out = Frame(width: frame.width, height: frame.height)
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                out[axes.contains("x") ? frame.width - 1 - x : x, axes.contains("y") ? frame.height - 1 - y : y] = frame[x, y]
            }
        }
        return out
    }

    /// `frame` as a board mounted `rotate=degrees,mirror=axes` shows it: turned, then flipped.
    static func mounted(_ frame: Frame, rotate degrees: Int, mirror axes: String) -> Frame {
        var turned = frame
        for _ in 0..<(degrees / 90) { turned = turnedClockwise(turned) }
        return flipped(turned, axes)
    }

    /// An asymmetric picture (no turn or flip maps it onto itself): an F, the left column and
    /// top row white, a red bar halfway down the left half, a green dot at the bottom right.
    static func picture(width: Int, height: Int) -> Frame {
        var frame = Frame(width: width, height: height)
        for y in 0..<height { frame[0, y] = .white }
        for x in 0..<width { frame[x, 0] = .white }
        for x in 0..<(width + 1) / 2 { frame[x, height / 2] = LinearColor(red: 65535, green: 0, blue: 0) }
        frame[width - 1, height - 1] = LinearColor(red: 0, green: 65535, blue: 0)
        return frame
    }

    /// Where `frame` is not black.
    static func lit(_ frame: Frame) -> [Bool] { frame.pixels.map { $0 != .black } }
}

/// `rotate` and `mirror` are one stage, the same on every panel type: the same picture shown on
/// a mounted board, read back from the chip's device model, is the picture the upright board
/// shows for the reference's turn of it.
@Suite struct MountingTests {
    /// One board of every type (MAX7219 rows of three modules, both HT16K33 shapes, both
    /// IS31FL3731 boards, strips wired three ways).
    static let boards = [
        "max7219:module=fc16,chips=4", "max7219:module=generic,chips=1", "max7219:module=luma-mirrored,chips=2,reverse",
        "ht16k33:layout=8x8", "ht16k33:layout=16x8", "ht16k33:layout=featherwing-16x8", "ht16k33:layout=bicolor-8x8",
        "is31fl3731:board=charlieplex16x9", "is31fl3731:board=charliewing15x7",
        "ws2812:width=8,height=5,serpentine", "ws2812:width=4,height=4,tiles=2x1,tile-rotate=0:180",
        "apa102:width=6,height=4,columns", "sk9822:width=5,height=5",
        "hub75:rows=16,cols=32",
    ]

    /// Shows the picture on `board` mounted by `mounting` and, for comparison, the reference's
    /// mounting of the picture on the upright board; checks both are the same and that the
    /// lit LEDs are exactly the reference's.
    func check(_ board: String, rotate degrees: Int, mirror axes: String) throws {
        let upright = try SimulatedPanel(board)
        let mounted = try SimulatedPanel(board + ",rotate=\(degrees)" + (axes.isEmpty ? "" : ",mirror=\(axes)"))
        let turned = degrees % 180 == 90
        #expect(mounted.width == (turned ? upright.height : upright.width), "\(board)")
        #expect(mounted.height == (turned ? upright.width : upright.height), "\(board)")
        let picture = MountingReference.picture(width: mounted.width, height: mounted.height)
        let expected = MountingReference.mounted(picture, rotate: degrees, mirror: axes)
        let shown = try mounted.show(picture)
        let shownUpright = try upright.show(expected)
        #expect(shown == shownUpright, "\(board) rotate=\(degrees) mirror=\(axes)")
        #expect(MountingReference.lit(shown) == MountingReference.lit(expected), "\(board) rotate=\(degrees) mirror=\(axes)")
        #expect(mounted.misfit == nil)
    }

    @Test(arguments: boards)
    func rotate90TurnsThePictureAQuarterClockwiseOnEveryType(_ board: String) throws {
        try check(board, rotate: 90, mirror: "")
    }

    @Test(arguments: boards)
    func mirrorXFlipsThePictureLeftToRightOnEveryType(_ board: String) throws {
        try check(board, rotate: 0, mirror: "x")
    }

    @Test(arguments: boards, [(180, ""), (270, ""), (0, "y"), (0, "xy"), (90, "x"), (270, "y")])
    func everyTurnAndFlipIsTheReferencesOnEveryType(_ board: String, mounting: (Int, String)) throws {
        try check(board, rotate: mounting.0, mirror: mounting.1)
    }

    @Test func aQuarterTurnedHT16K33ShowsTheTopLeftPixelAtTheTopRight() throws {
        let panel = try SimulatedPanel("ht16k33:layout=16x8,rotate=90")
        #expect(panel.width == 8 && panel.height == 16)
        var frame = Frame(width: 8, height: 16)
        frame[0, 0] = .white
        let shown = try panel.show(frame)
        #expect(shown.width == 16 && shown.height == 8)
        #expect(MountingReference.lit(shown).filter { $0 }.count == 1 && shown[15, 0] != .black)
    }

    @Test func aMountedRegisterChipCanStillBeRestarted() throws {
        for text in ["ht16k33:rotate=90", "is31fl3731:mirror=x", "max7219:module=fc16,rotate=180"] {
            let panel = try SimulatedPanel(text)
            #expect(panel.panel is MountedPanel<HT16K33Panel> || panel.panel is MountedPanel<IS31FL3731Panel>
                || panel.panel is MountedPanel<MAX7219Panel>)
            #expect(panel.panel is any RestartablePanel, "\(text)")
        }
    }

    @Test func anUprightBoardHasNoStage() throws {
        #expect(try SimulatedPanel("ht16k33:rotate=0").panel is HT16K33Panel)
        #expect(try SimulatedPanel("hub75:rows=16,cols=32").panel is HUB75Panel)
    }
}
