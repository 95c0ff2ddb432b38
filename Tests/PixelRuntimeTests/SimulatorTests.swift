import Foundation
import Testing
import PixelPanels
import PixelSimulator
import PixelSystem
import PixelInputs
import PixelImages
import PixelCore
import PixelEffects
import PixelUI
@testable import PixelRuntime

/// End-to-end: scripts through the whole app (input → menu → effect → frame), checking what
/// the panel shows.
struct SimulatorEndToEndTests {
    let dir: ScratchDirectory

    init() throws { dir = try ScratchDirectory() }

    func session(_ script: String, size: PanelSize = try! PanelSize(width: 64, height: 32), fps: Int = 10,
                 seconds: Fixed? = nil, state: String = "settings.conf") throws -> HeadlessSession {
        try HeadlessSession(size: size, fps: fps, seconds: seconds, script: try InputScript(text: script), statePath: dir.file(state))
    }

    /// Runs the script and returns the last frame.
    func lastFrame(_ s: inout HeadlessSession) throws -> Frame {
        var last: Frame?
        try s.run { _, frame in last = frame }
        return last!
    }

    /// The highlighted list row on a 64×32 panel (title bar and rows 7 LEDs tall), from the picture.
    func highlightedRow(_ frame: Frame, palette: ThemePalette, brightness: Int) -> Int? {
        let blue = palette.selectionBackground.linear.scaled(by: Fixed(brightness, over: 100))
        return (0..<3).first { row in frame[0, 7 + 7 * row] == blue && frame[30, 7 + 7 * row + 6] == blue }
    }

    @Test func detentsMoveTheHighlightAndClampAtTheEnds() throws {
        var s = try session("0.2 rotate +3\n")
        var frame = try lastFrame(&s)
        #expect(s.state.selectedTitle == "Extras")
        #expect(highlightedRow(frame, palette: .of(.dark), brightness: 60) == 2)
        s = try session("0.2 rotate +20\n")
        frame = try lastFrame(&s)
        #expect(s.state.selectedTitle == "Settings")  // the last row: clamped, no wrap
        #expect(highlightedRow(frame, palette: .of(.dark), brightness: 60) == 2)  // scrolled, at the bottom row
        s = try session("0.2 rotate +3\n0.4 rotate -5\n")
        frame = try lastFrame(&s)
        #expect(s.state.selectedTitle == "Effects")
        #expect(highlightedRow(frame, palette: .of(.dark), brightness: 60) == 0)
    }

    @Test func menuGoesBackAndRestoresTheRowSelectedThere() throws {
        var start = try session("", seconds: 0.1)
        let topLevel = try lastFrame(&start)
        let s = try session("0.1 rotate +4\n0.2 select\n0.3 rotate +1\n0.4 menu\n0.5 rotate -4\n0.6 menu\n", seconds: 1)
        var frames: [Frame] = []
        try s.run { _, f in frames.append(f) }
        // At 0.45 s: back at the top level with Settings still selected (row 3 → shown on the bottom row).
        #expect(highlightedRow(frames[4], palette: .of(.dark), brightness: 60) == 2)
        // MENU at the top level stays there; Effects selected again looks exactly like the start.
        #expect(s.state.menuDepth == 1)
        #expect(frames.last! == topLevel)
    }

    @Test func selectingAnEffectPlaysItFullScreenAtTheSpeedSetting() throws {
        // Effects → Classic → DVD Bounce at 0.5 s; at 3.0 s the bounce has played 2.5 s.
        var s = try session("0.2 select\n0.3 rotate +1\n0.4 select\n0.5 select\n", seconds: 3)
        let frame = try lastFrame(&s)
        #expect(s.state.screen == .playing)
        #expect(s.state.nowPlayingTitle == "DVD Bounce")
        let scene = try EffectCatalog.named("bounce").makeScene(seed: 1, width: 64, height: 32)
        var player = EffectPlayer(scene: scene, size: try PanelSize(width: 64, height: 32), supersampling: .x4)
        var expected = player.render(at: .milliseconds(2500))
        for i in expected.pixels.indices { expected.pixels[i] = expected.pixels[i].scaled(by: Fixed(60, over: 100)) }
        #expect(frame == expected)
    }

    @Test func pauseFreezesTheEffectAndNowPlayingJoinsTheMenu() throws {
        let s = try session("0.2 select\n0.25 rotate +1\n0.28 select\n0.3 rotate +3\n0.4 select\n1.0 playpause\n2.0 menu\n2.2 menu\n2.3 menu\n", seconds: 2.5)
        var frames: [Frame] = []
        try s.run { _, f in frames.append(f) }
        // Digital Rain paused at 1.0 s: frames at 1.2 s and 1.9 s are identical.
        #expect(frames[12] == frames[19])
        #expect(frames[5] != frames[9])  // it was moving before
        #expect(s.state.isPaused)
        #expect(s.state.menuEntries.last?.title == "Now Playing")
    }

    @Test func brightnessSettingScalesThePanel() throws {
        // Settings → Brightness, wheel +8 (60 % → 100 %), back to the menu.
        var bright = try session("0.1 rotate +4\n0.2 select\n0.3 select\n0.4 rotate +8\n0.5 menu\n0.6 menu\n0.7 rotate -4\n", seconds: 1)
        let full = try lastFrame(&bright)
        #expect(bright.state.settings.brightness == 100)
        var normal = try session("", seconds: 1, state: "other.conf")
        let sixty = try lastFrame(&normal)
        for i in full.pixels.indices {
            #expect(sixty.pixels[i] == full.pixels[i].scaled(by: Fixed(60, over: 100)))
        }
        #expect(full.pixels.contains { $0 != .black })
    }

    @Test func settingsPersistAcrossTwoRuns() throws {
        // Run 1: Settings → Theme (toggle to light).
        let first = try session("0.1 rotate +4\n0.2 select\n0.3 rotate +2\n0.4 select\n0.5 menu\n", seconds: 1)
        try first.run()
        #expect(first.state.settings.theme == .light)
        // Run 2 starts light: the menu background is white (at 60 %).
        var second = try session("", seconds: 0.2)
        let frame = try lastFrame(&second)
        #expect(second.state.settings.theme == .light)
        #expect(second.warnings.isEmpty)
        #expect(frame[20, 30] == Color.white.linear.scaled(by: Fixed(60, over: 100)))
    }

    @Test func aBadLineInTheSettingsFileIsReportedAndTheGoodOnesAreKept() throws {
        let text = "# PixelWheel settings\nbrightness = lots\nspeed = 150\ntheme = light\nsupersampling = 2\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: dir.file("settings.conf")))
        let s = try session("", seconds: 0.1)
        #expect(s.warnings == ["settings file \(dir.file("settings.conf")): line 2: 'lots' is not a valid brightness; kept the other settings, that one is at its default until changed"])
        var expected = Settings()
        expected.speed = 150; expected.theme = .light; expected.supersampling = .x2
        #expect(s.state.settings == expected)
        // Nothing is lost: the file is as it was until a setting changes.
        #expect(try String(contentsOfFile: dir.file("settings.conf"), encoding: .utf8) == text)
    }

    @Test func severalBadLinesAreCountedInTheOneWarning() {
        let (settings, problems) = Settings.reading(fileText: "brightness = 500\nnonsense\ntheme = dark\n")
        #expect(problems == [.badValue(1, "brightness", "500"), .malformedLine(2, "nonsense")])
        #expect(settings.theme == .dark && settings.brightness == Settings().brightness)
    }

    @Test func longPressOpensTheConfirmRingAndHoldingTurnsThePanelOff() throws {
        // Held 2.5 s: long press at 0.6 s after the press, ring full 1.5 s later, then dark.
        let s = try session("0.1 press 2.5\n", seconds: 3)
        var frames: [Frame] = []
        try s.run { _, f in frames.append(f) }
        #expect(frames[10].litArea > 0)  // 1.0 s: the ring is filling
        #expect(frames.last!.litArea == 0)
        #expect(s.state.screen == .off)
        // A short hold only selects; releasing early cancels the ring.
        let short = try session("0.1 press 1.0\n", seconds: 2)
        try short.run()
        #expect(short.state.screen == .menu)
    }

    @Test func layoutsAdaptToThePanelHeight() throws {
        for (w, h, layout) in [(128, 64, MenuLayout.list), (64, 32, .list), (32, 16, .compact), (32, 8, .marquee), (8, 8, .marquee)] {
            #expect(MenuLayout.forHeight(h) == layout)
            var s = try session("0.4 select\n0.5 rotate +1\n0.55 select\n0.6 rotate +4\n", size: try PanelSize(width: w, height: h), seconds: 1)
            let frame = try lastFrame(&s)
            #expect(s.state.selectedTitle == "Fan Sweep")
            #expect(frame.litArea > 1, "\(w)x\(h) shows nothing")
        }
    }

    @Test func framesOutWritesEveryFrameAsAPNG() throws {
        let out = dir.file("frames")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
        let s = try HeadlessSession(size: try PanelSize(width: 16, height: 8), fps: 5, seconds: 1, framesOut: out, statePath: dir.file("s.conf"))
        #expect(try s.run() == 6)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted().first == "frame-000000.png")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).count == 6)
    }
}

struct InputScriptTests {
    @Test func scriptLinesBecomeTimedEvents() throws {
        let script = try InputScript(text: "# demo\n0.5 rotate +2\n1 select\n3.0 menu\n4.0 press 0.8\n4.5 press 0.2\n")
        #expect(script.events == [
            InputEvent(.rotate(2), at: .milliseconds(500)), InputEvent(.select, at: .seconds(1)),
            InputEvent(.menu, at: .seconds(3)), InputEvent(.longPress(.select), at: .milliseconds(4600)),
            InputEvent(.select, at: .milliseconds(4700)), InputEvent(.release(.select), at: .milliseconds(4800)),
        ])
    }

    @Test func malformedLinesNameTheirLineNumber() {
        #expect(throws: ScriptError.malformedLine(name: "script", line: 2, reason: "unknown event 'spin'; use rotate N, select, menu, playpause, next, previous or press SECONDS")) {
            _ = try InputScript(text: "0.5 select\n1.0 spin\n")
        }
        #expect(throws: ScriptError.malformedLine(name: "script", line: 1, reason: "'soon' is not a time in seconds")) {
            _ = try InputScript(text: "soon select\n")
        }
        #expect(throws: ScriptError.malformedLine(name: "script", line: 3, reason: "rotate needs a non-zero number of steps, like +2 or -1")) {
            _ = try InputScript(text: "\n# x\n1 rotate\n")
        }
    }
}

struct KeyDecoderTests {
    @Test func arrowsLettersAndEscapeDecode() {
        var d = KeyDecoder()
        let keys = d.feed(Array("\u{1B}[C\u{1B}[Djk mpnbq".utf8) + [0x1B], at: 0)
        #expect(keys == [.action(.rotate(1)), .action(.rotate(-1)), .action(.rotate(1)), .action(.rotate(-1)),
                         .action(.select), .action(.menu), .action(.playPause), .action(.next), .action(.previous), .quit,
                         .action(.menu)])
    }

    @Test func escapeSequenceSplitAcrossReadsIsOneKey() {
        var d = KeyDecoder()
        #expect(d.feed([0x1B, 0x5B], at: 0).isEmpty)
        #expect(d.feed([0x43], at: 1) == [.action(.rotate(1))])
    }

    @Test func heldEnterBecomesALongPressThenAReleaseAndNeverASelect() {
        var d = KeyDecoder()
        let ms: Int64 = 1_000_000
        var keys = d.feed([0x0D], at: 0)
        // The terminal repeats after 500 ms, then every 33 ms, until let go at 1.7 s.
        var last: Int64 = 0
        for t in stride(from: 500 * ms, through: 1700 * ms, by: Int64.Stride(33 * ms)) {
            keys += d.feed([0x0D], at: t) + d.tick(at: t + 10 * ms)
            last = t
        }
        #expect(keys == [.action(.longPress(.select))])
        #expect(d.tick(at: last + 150 * ms).isEmpty)
        #expect(d.tick(at: last + 200 * ms) == [.action(.release(.select))], "released within 0.2 s of the last repeat")
        // A single tap later is a plain select, once the terminal's own delay (500 ms) has passed.
        #expect(d.tapWindow == 600 * ms)
        #expect(d.feed([0x0D], at: 5000 * ms).isEmpty)
        #expect(d.tick(at: 5590 * ms).isEmpty)
        #expect(d.tick(at: 5600 * ms) == [.action(.select)])
    }

    @Test func enterHeldShorterThanALongPressIsOneSelectOnRelease() {
        var d = KeyDecoder()
        let ms: Int64 = 1_000_000
        var keys = d.feed([0x0D], at: 0)
        for t in stride(from: 400 * ms, through: 600 * ms, by: Int64.Stride(33 * ms)) { keys += d.feed([0x0D], at: t) }
        for t in stride(from: 610 * ms, through: 1500 * ms, by: Int64.Stride(10 * ms)) { keys += d.tick(at: t) }
        #expect(keys == [.action(.select)])
    }

    @Test func anotherKeyAfterEnterSettlesTheTapFirst() {
        var d = KeyDecoder()
        #expect(d.feed([0x0D], at: 0).isEmpty)
        #expect(d.feed(Array("\u{1B}[C".utf8), at: 50_000_000) == [.action(.select), .action(.rotate(1))])
        #expect(d.feed([0x20], at: 60_000_000) == [.action(.select)], "space selects at once")
    }
}

struct UserFontTests {
    /// A BDF font with one glyph, 'A', drawn as a solid 4×6 block.
    static let blockFont = """
        STARTFONT 2.1
        FONT -test-block
        SIZE 6 75 75
        FONTBOUNDINGBOX 4 6 0 0
        STARTPROPERTIES 2
        FONT_ASCENT 6
        FONT_DESCENT 0
        ENDPROPERTIES
        CHARS 1
        STARTCHAR A
        ENCODING 65
        SWIDTH 500 0
        DWIDTH 5 0
        BBX 4 6 0 0
        BITMAP
        F0
        F0
        F0
        F0
        F0
        F0
        ENDCHAR
        ENDFONT
        """

    @Test func scrollingTextUsesTheUsersBDFFont() throws {
        let dir = try ScratchDirectory()
        func lastFrame(font: PixelFont?) throws -> Frame {
            let session = try HeadlessSession(size: try PanelSize(width: 32, height: 16), fps: 10, seconds: 2,
                                              script: try InputScript(text: "0.1 rotate +3\n0.2 select\n0.3 rotate +1\n0.4 select\n"),
                                              statePath: dir.file("s.conf"), text: "AAAAAAAAAAAA", textFont: font)
            var last: Frame?
            try session.run { _, f in last = f }
            #expect(session.state.screen == .scrollingText)
            return last!
        }
        let custom = try lastFrame(font: try PixelFont(bdf: Self.blockFont))
        let builtIn = try lastFrame(font: nil)
        // Solid 4×6 blocks, 5 apart, across the whole width: 4 of every 5 columns lit in 6 rows.
        let litRows = (0..<16).filter { y in (0..<32).contains { custom[$0, y] != .black } }
        #expect(litRows.count == 6)
        #expect(custom != builtIn)
    }
}

struct EnterTapTests {
    let ms: Int64 = 1_000_000

    @Test func quickTapsAreEachASelectAndNeverALongPress() {
        var d = KeyDecoder()
        var keys: [KeyDecoder.Key] = []
        for t in stride(from: 0, through: 2000, by: 10) {
            let now = Int64(t) * ms
            if [0, 400, 850, 1300].contains(t) { keys += d.feed([0x0D], at: now) }
            keys += d.tick(at: now)
        }
        #expect(keys == Array(repeating: .action(.select), count: 4))
    }
}
