import PixelBus
import Foundation
import Testing
import PixelUI
import PixelSystem
import PixelInputs
import PixelImages
import PixelCore
import PixelPanels
import PixelSimulator
@testable import PixelRuntime
import PixelTools

struct SimulatedPanelTests {
    static let specs = ["max7219:chips=4", "ht16k33:layout=16x8", "is31fl3731", "hub75:rows=16,cols=32",
                        "ws2812:width=16,height=16,serpentine", "apa102:width=8,height=8", "sk9822:width=8,height=8"]

    /// A test picture: a gradient with saturated corners.
    func testFrame(_ width: Int, _ height: Int) -> Frame {
        var frame = Frame(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                frame[x, y] = LinearColor(red: UInt16(x * 65535 / max(1, width - 1)), green: UInt16(y * 65535 / max(1, height - 1)),
                                          blue: UInt16((x + y) % 2 == 0 ? 65535 : 0))
            }
        }
        return frame
    }

    @Test(arguments: specs)
    func traceOfAShowDecodesToTheSamePicture(_ spec: String) throws {
        let trace = BusTraceRecorder()
        let panel = try SimulatedPanel(spec, trace: trace)
        let shown = try panel.show(testFrame(panel.width, panel.height))
        #expect(shown.litArea > 0)
        // Through the JSON-lines format and into a fresh model.
        let text = trace.entries.map { $0.transaction.jsonLine(at: $0.nanoseconds) }.joined(separator: "\n")
        let target = try SimulatedTarget(try PanelDescription(parsing: spec))
        try BusTraceReader.play(try BusTraceReader.parse(text), into: target)
        #expect(target.model.picture == shown)
    }

    @Test func colourPanelsShowTheFrameWithinOneStep() throws {
        for spec in ["ws2812:width=16,height=16,serpentine", "apa102:width=8,height=8", "hub75:rows=16,cols=32,pwm-bits=11"] {
            let panel = try SimulatedPanel(spec)
            let frame = testFrame(panel.width, panel.height)
            let shown = try panel.show(frame)
            #expect(shown.width == frame.width && shown.height == frame.height)
            for i in frame.pixels.indices {
                for (a, b) in [(frame.pixels[i].red, shown.pixels[i].red), (frame.pixels[i].green, shown.pixels[i].green),
                               (frame.pixels[i].blue, shown.pixels[i].blue)] {
                    #expect(abs(Int(a) - Int(b)) <= 257, "\(spec) LED \(i): \(a) shown as \(b)")
                }
            }
        }
    }

    @Test func onOffPanelsLightExactlyTheLEDsAboveAQuarter() throws {
        let panel = try SimulatedPanel("max7219:chips=2")
        let frame = testFrame(16, 8)
        let shown = try panel.show(frame)
        for i in frame.pixels.indices {
            #expect((shown.pixels[i] != .black) == OnOffThreshold.isLit(frame.pixels[i]))
        }
        #expect(panel.isMonochrome)
    }

    @Test func aDimHUB75PanelWithFewPWMBitsKeepsEveryLitLED() throws {
        // The menu's selection bar was lost at 5 % with pwm-bits=4: its level rounded to 0.
        let frame = testFrame(32, 16)
        let full = try SimulatedPanel("hub75:rows=16,cols=32,pwm-bits=4").show(frame)
        let dim = try SimulatedPanel("hub75:rows=16,cols=32,pwm-bits=4,brightness=5").show(frame)
        #expect(full.pixels.contains { $0 != .black })
        for i in frame.pixels.indices {
            #expect((full.pixels[i] != .black) == (dim.pixels[i] != .black), "LED \(i)")
        }
    }

    @Test func badPanelDescriptionsNameTheProblem() {
        #expect(throws: PanelConfigurationError.unknownType("max7221", known: PanelDescription.knownTypes)) {
            _ = try SimulatedPanel("max7221:chips=4")
        }
        #expect(throws: PanelConfigurationError.self) { _ = try SimulatedPanel("max7219:chips=99") }
        #expect(throws: PanelConfigurationError.self) { _ = try SimulatedPanel("ht16k33:colour=red") }
        #expect(throws: PanelConfigurationError.malformed(":x")) { _ = try SimulatedPanel(":x") }
    }

    @Test func tracesThatDoNotFitThePanelAreRefusedWithTheirPosition() throws {
        #expect(throws: TraceFileError.badLine(file: "trace", line: 2, reason: "not a JSON object")) {
            _ = try BusTraceReader.parse("{\"bus\":\"spi\",\"bytes\":\"00\"}\nnot json\n")
        }
        #expect(throws: TraceFileError.badLine(file: "trace", line: 1, reason: "'bytes' must be an even number of hex digits")) {
            _ = try BusTraceReader.parse("{\"bus\":\"spi\",\"bytes\":\"abc\"}")
        }
        #expect(throws: TraceFileError.badLine(file: "trace", line: 1, reason: "'bytes' is missing")) {
            _ = try BusTraceReader.parse("{\"bus\":\"i2c\",\"address\":\"0x70\"}")
        }
        let target = try SimulatedTarget(try PanelDescription(parsing: "ht16k33"))
        let spi = try BusTraceReader.parse("{\"bus\":\"spi\",\"bytes\":\"0c01\"}")
        #expect(throws: TraceFileError.badTransaction(file: "trace", index: 1, reason: "an SPI transfer, but this panel is not on SPI")) {
            try BusTraceReader.play(spi, into: target)
        }
        let elsewhere = try BusTraceReader.parse("{\"bus\":\"i2c\",\"address\":\"0x71\",\"bytes\":\"21\"}")
        #expect(throws: TraceFileError.badTransaction(file: "trace", index: 1, reason: "a write to 0x71, but the panel's chip is at 0x70: address=0x71?")) {
            try BusTraceReader.play(elsewhere, into: target)
        }
    }

    @Test func ws2812FrameTooLargeForOneTransferIsRefusedBeforeAnythingIsSent() {
        // 48×48 RGB at 3.2 MHz is over spidev's default 4096-byte limit.
        #expect(throws: BusError.self) { _ = try SimulatedPanel("ws2812:width=48,height=48") }
    }
}

struct SimulatorOnPanelTests {
    @Test func simulatorOnFourMAX7219BlocksShowsTheMenuFromTheDeviceModel() throws {
        let dir = try ScratchDirectory()
        let session = try HeadlessSession(fps: 5, seconds: 1, script: try InputScript(text: "0.2 rotate +1\n"),
                                          statePath: dir.file("s.conf"), panel: "max7219:chips=4", traceBus: dir.file("bus.jsonl"))
        var last: Frame?
        try session.run { _, f in last = f }
        #expect(session.state.width == 32 && session.state.height == 8)
        #expect(session.state.selectedTitle == "Photos")
        #expect(last!.width == 32 && last!.litArea > 10)
        // The picture came through the bus: decoding the written trace gives the same picture.
        let target = try SimulatedTarget(try PanelDescription(parsing: "max7219:chips=4"))
        try BusTraceReader.play(try BusTraceReader.parse(try String(contentsOfFile: dir.file("bus.jsonl"), encoding: .utf8)), into: target)
        #expect(target.model.picture == last!)
    }
}

struct StillImageTests {
    @Test func imageIsFittedKeepingItsAspectAndCentred() {
        var image = RGBImage8(width: 2, height: 1)
        image[0, 0] = .red
        image[1, 0] = .blue
        let frame = StillImage.fit(image, width: 8, height: 8)
        // 2×1 scaled ×4 → 8×4, centred vertically in rows 2...5.
        #expect(frame[1, 3] == Color.red.linear && frame[6, 4] == Color.blue.linear)
        #expect(frame[1, 0] == .black && frame[6, 7] == .black)
    }

    @Test func ppmInBothEncodingsIsRead() throws {
        let ascii = try StillImage.read("a.ppm", bytes: Array("P3\n# comment\n2 1\n255\n255 0 0  0 0 255\n".utf8))
        let binary = try StillImage.read("b.ppm", bytes: Array("P6 2 1 255\n".utf8) + [255, 0, 0, 0, 0, 255])
        #expect(ascii == binary)
        #expect(ascii[1, 0] == .blue)
        #expect(throws: ImageFileError.self) { _ = try StillImage.read("c.ppm", bytes: Array("P6 2 1 255\n".utf8) + [1, 2]) }
        #expect(throws: ImageFileError.unknownFormat(path: "d.bmp")) { _ = try StillImage.read("d.bmp", bytes: Array("BM".utf8) + [0, 0, 0]) }
        // A JPEG's first three bytes alone are a JPEG with nothing after them.
        #expect(throws: ImageFileError.damagedJPEG(path: "e.jpg", detail: "JPEG datastream contains no image")) {
            _ = try StillImage.read("e.jpg", bytes: [0xFF, 0xD8, 0xFF])
        }
    }
}

struct MappedPanelTests {
    @Test func hub75TurnedAQuarterShowsTheTopLeftPixelAtTheTopRightOfThePanel() throws {
        let panel = try SimulatedPanel("hub75:rows=16,cols=32,rotate=90")
        #expect(panel.width == 16 && panel.height == 32)
        var frame = Frame(width: 16, height: 32)
        frame[0, 0] = .white
        frame[15, 31] = LinearColor(red: 65535, green: 0, blue: 0)
        let shown = try panel.show(frame)
        #expect(shown.width == 32 && shown.height == 16)
        #expect(shown[31, 0] == .white)
        #expect(shown[0, 15] == LinearColor(red: 65535, green: 0, blue: 0))
        #expect(shown.litArea > 1.3 && shown.litArea < 1.4)  // exactly those two LEDs
    }

    @Test func mirroredPanelFlipsLeftAndRight() throws {
        let panel = try SimulatedPanel("hub75:rows=16,cols=32,mirror=x")
        var frame = Frame(width: 32, height: 16)
        frame[0, 5] = .white
        #expect(try panel.show(frame)[31, 5] == .white)
        #expect(throws: PanelConfigurationError.self) { _ = try SimulatedPanel("hub75:rotate=45") }
    }
}

struct PanelSummaryTests {
    @Test func everyKeyThatListShowsIsOneThePanelReads() throws {
        #expect(PanelTypeSummary.all.map(\.type) == PanelDescription.knownTypes)
        for summary in PanelTypeSummary.all {
            #expect(summary.keys.count >= 4, "\(summary.type) lists only \(summary.keys.count) keys")
            // Every key but the device path, which takes any text (a wrong one fails at the bus).
            for key in summary.keys.map(\.key) where key != "device" {
                do {
                    _ = try SimulatedPanel("\(summary.example),\(key)=%".replacingOccurrences(of: "\(summary.type),", with: "\(summary.type):"))
                    Issue.record("\(summary.type): '\(key)=%' was accepted")
                } catch let error as PanelConfigurationError {
                    if case .unknownKey = error { Issue.record("\(summary.type) does not read '\(key)'") }
                } catch {
                    // A bad device path reaches the bus; anything else is a key it read.
                }
            }
        }
    }

    @Test func listedDefaultsAreTheDefaultsInForce() throws {
        // Giving every key its listed default (where the default is a value) describes the same panel.
        for summary in PanelTypeSummary.all {
            let given = summary.keys.filter { !["-", "the board", "rows/2"].contains($0.defaultValue) && $0.defaultValue != "false" }
            var text = summary.example + (summary.example.contains(":") ? "," : ":")
            // A strip given by its length takes no height.
            text += given.filter { key in !summary.example.contains(key.key + "=") && !(key.key == "height" && summary.example.contains("length=")) }.map { "\($0.key)=\($0.defaultValue)" }.joined(separator: ",")
            let explicit = try PanelDescription(parsing: text)
            #expect(explicit.keys == summary.keys, "\(text)")
            let a = try SimulatedPanel(summary.example), b = try SimulatedPanel(explicit)
            #expect(a.width == b.width && a.height == b.height && a.text != b.text)
        }
    }
}

struct InputCheckingTests {
    @Test func repeatedPanelKeyIsRefused() {
        #expect(throws: PanelConfigurationError.repeatedKey(type: "hub75", key: "rows")) { _ = try SimulatedPanel("hub75:rows=32,rows=64") }
    }

    @Test func simulatedSpidevLimitCanBeRaisedLikeOnAPi() throws {
        // 32×32 WS2812 needs 12308 bytes: refused at the Pi's default 4096, fine with bufsiz=16384.
        #expect(throws: BusError.transferTooLarge(device: "/dev/spidev0.0", bytes: 12308, limit: 4096)) {
            _ = try SimulatedPanel("ws2812:width=32,height=32")
        }
        let message = BusError.transferTooLarge(device: "/dev/spidev0.0", bytes: 200_000, limit: 4096).description
        #expect(message.contains("spidev.bufsiz=262144"))
        let panel = try SimulatedPanel("ws2812:width=32,height=32,bufsiz=16384")
        #expect(try panel.show(Frame(width: 32, height: 32)).width == 32)
    }

    @Test func directoriesAreNotReadAsFiles() {
        #expect(throws: FileError.cannotRead(path: "/tmp", reason: "it is a directory", hint: "name a file")) { _ = try FileBytes.read("/tmp") }
    }

    @Test func settingsThatCannotBeSavedAreReportedOnceAndTheRunGoesOn() throws {
        let session = try HeadlessSession(fps: 5, seconds: 1,
                                          script: try InputScript(text: "0.1 rotate +4\n0.2 select\n0.3 rotate +2\n0.4 select\n0.6 select\n"),
                                          statePath: "/dev/null/pixelwheel/settings.conf")
        try session.run()
        #expect(session.state.settings.theme == .dark)  // toggled twice
        #expect(session.warnings.count == 1)
        #expect(session.warnings[0].hasPrefix("cannot save settings to /dev/null/pixelwheel/settings.conf"))
    }
}
