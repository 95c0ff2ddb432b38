import Testing
import PixelUI
import PixelPanels
import PixelSystem
import PixelInputs
import PixelImages
import PixelCore
import PixelRuntime
@testable import PixelTerminal

/// A minimal terminal: interprets cursor moves, SGR colours and "▀" cells, so tests can check
/// the picture a person would see rather than the escape codes.
struct TerminalScreen {
    struct Cell: Equatable { var top: (Int, Int, Int); var bottom: (Int, Int, Int)
        static func == (a: Cell, b: Cell) -> Bool { a.top == b.top && a.bottom == b.bottom } }
    var cells: [[Cell?]]
    var row = 1, column = 1
    var fg = (0, 0, 0), bg = (0, 0, 0)
    var cellsWritten = 0

    init(rows: Int, columns: Int) { cells = Array(repeating: Array(repeating: nil, count: columns), count: rows) }

    mutating func apply(_ text: String) {
        var chars = Array(text.unicodeScalars)[...]
        while let c = chars.first {
            chars = chars.dropFirst()
            if c == "\u{1B}" {
                guard chars.first == "[" else { continue }
                chars = chars.dropFirst()
                var body = ""
                while let d = chars.first, !(d.properties.isAlphabetic) { body.unicodeScalars.append(d); chars = chars.dropFirst() }
                let final = chars.first!; chars = chars.dropFirst()
                let numbers = body.split(separator: ";").compactMap { Int($0) }
                if final == "H" { row = numbers[0]; column = numbers[1] }
                if final == "m" {
                    if numbers.count == 5 && numbers[1] == 2 {
                        let rgb = (numbers[2], numbers[3], numbers[4])
                        if numbers[0] == 38 { fg = rgb } else { bg = rgb }
                    } else if numbers.count == 3 && numbers[1] == 5 {
                        let rgb = TerminalView.paletteColor(numbers[2])
                        if numbers[0] == 38 { fg = rgb } else { bg = rgb }
                    }
                }
            } else if c == "▀" {
                cells[row - 1][column - 1] = Cell(top: fg, bottom: bg)
                column += 1
                cellsWritten += 1
            }
        }
    }
}

struct TerminalViewTests {
    func frame(_ w: Int, _ h: Int, _ color: (Int, Int) -> Color) -> Frame {
        var f = Frame(width: w, height: h)
        for y in 0..<h { for x in 0..<w { f[x, y] = color(x, y).linear } }
        return f
    }

    @Test func eachCellShowsTwoLEDsInTrueColour() {
        let f = frame(4, 4) { x, y in Color(red: UInt8(x * 60), green: UInt8(y * 60), blue: 200) }
        var view = TerminalView(width: 4, height: 4, colorMode: .trueColor)
        var screen = TerminalScreen(rows: 2, columns: 4)
        screen.apply(view.update(to: f))
        for row in 0..<2 {
            for x in 0..<4 {
                let cell = screen.cells[row][x]!
                #expect(cell.top == (x * 60, row * 2 * 60, 200))
                #expect(cell.bottom == (x * 60, (row * 2 + 1) * 60, 200))
            }
        }
    }

    @Test func onlyChangedCellsAreRedrawn() {
        var f = frame(8, 8) { _, _ in .black }
        var view = TerminalView(width: 8, height: 8, colorMode: .trueColor)
        var screen = TerminalScreen(rows: 4, columns: 8)
        screen.apply(view.update(to: f))
        #expect(screen.cellsWritten == 32)
        #expect(view.update(to: f).isEmpty)
        f[5, 3] = Color.red.linear
        screen.apply(view.update(to: f))
        #expect(screen.cellsWritten == 33)
        #expect(screen.cells[1][5]! == TerminalScreen.Cell(top: (0, 0, 0), bottom: (255, 0, 0)))
    }

    @Test func paletteModeUsesTheNearest256Colour() {
        let f = frame(2, 2) { x, _ in x == 0 ? Color(red: 255, green: 0, blue: 0) : Color(red: 128, green: 128, blue: 128) }
        var view = TerminalView(width: 2, height: 2, colorMode: .palette256)
        var screen = TerminalScreen(rows: 1, columns: 2)
        let text = view.update(to: f)
        #expect(!text.contains(";2;"))
        screen.apply(text)
        #expect(screen.cells[0][0]!.top == (255, 0, 0))
        #expect(screen.cells[0][1]!.top == (128, 128, 128))
        #expect(TerminalView.paletteIndex(255, 0, 0) == 196)
    }

    @Test func oddHeightLeavesTheLastHalfCellBlack() {
        let f = frame(1, 3) { _, _ in .white }
        var view = TerminalView(width: 1, height: 3, colorMode: .trueColor)
        var screen = TerminalScreen(rows: 2, columns: 1)
        screen.apply(view.update(to: f))
        #expect(screen.cells[1][0]! == TerminalScreen.Cell(top: (255, 255, 255), bottom: (0, 0, 0)))
    }
}

struct TerminalHelpLineTests {
    @Test func quitIsOnTheHelpLineAtEveryWidthFromEightyColumns() {
        // The screen leaves the last column free, so a terminal of c columns has c − 1 for it.
        for terminal in 80...300 {
            let line = TerminalScreenOutput.helpLine(columns: terminal - 1)
            #expect(line.count <= terminal - 1 && line.hasSuffix("q quit"), "\(terminal) columns: \(line)")
        }
        #expect(TerminalScreenOutput.helpLine(columns: 79) == "↑↓ move · Enter select (hold: off) · Esc menu · p pause · n/b effect · q quit")
        #expect(TerminalScreenOutput.helpLine(columns: 199).contains("Space/Enter select (hold Enter: off)"), "wide: every key")
        for narrow in 6..<80 { #expect(TerminalScreenOutput.helpLine(columns: narrow).hasSuffix("q quit")) }
        #expect(TerminalScreenOutput.helpLine(columns: 3) == "q q")
        let lengths = TerminalScreenOutput.helpLines.map(\.count)
        #expect(lengths == lengths.sorted(by: >), "the longest wording that fits is the first that fits")
    }
}

struct ClickTickerTests {
    @Test func tickShowsBrieflyAfterEachClickAndNeverBeforeTheFirst() {
        var ticker = ClickTicker()
        let samples: [(clicks: Int, at: Int64)] = [(0, 0), (0, Int64.max / 2), (1, 1_000_000_000), (1, 1_100_000_000),
                                                   (1, 1_200_000_000), (2, 5_000_000_000)]
        let shown = samples.map { ticker.isShowing(clicks: $0.clicks, at: $0.at) }
        #expect(shown == [false, false, true, true, false, true])
    }
}
