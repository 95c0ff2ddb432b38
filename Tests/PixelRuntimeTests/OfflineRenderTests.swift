import Foundation
import Testing
import PixelUI
import PixelPanels
import PixelSystem
import PixelInputs
import PixelImages
import PixelCore
import PixelEffects
import PixelSimulator
#if os(Linux)
import PixelLinux
#endif
@testable import PixelRuntime

/// A fresh directory for one test, removed afterwards.
final class ScratchDirectory {
    let path: String
    init() throws {
        path = NSTemporaryDirectory() + "PixelRuntimeTests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }
    func file(_ name: String) -> String { path + "/" + name }
    func contents() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: path).sorted() }
}

struct OfflineRenderTests {
    func request(_ effect: String = "fan", out: String, seconds: Fixed = 1, fps: Int = 10, at: Fixed = 1,
                 parameters: [String: String] = [:], raw: Bool = true, scale: Int = 8,
                 size: PanelSize = try! PanelSize(width: 32, height: 16)) throws -> OfflineRender.Request {
        try OfflineRender.Request(effect: try EffectCatalog.named(effect), parameters: parameters, size: size,
                                  supersampling: .x4, seed: 1, output: out, seconds: seconds, fps: fps,
                                  instant: at, scale: scale, raw: raw)
    }

    @Test func pngShowsTheFrameAtTheRequestedInstant() throws {
        let dir = try ScratchDirectory()
        _ = try OfflineRender.run(try request(out: dir.file("fan.png"), at: 0.75))
        let image = try PNGFile.read(path: dir.file("fan.png"))
        let scene = try EffectCatalog.named("fan").makeScene(seed: 1, width: 32, height: 16)
        var player = EffectPlayer(scene: scene, size: try PanelSize(width: 32, height: 16), supersampling: .x4)
        let frame = player.render(at: .milliseconds(750))
        #expect(image == PanelPreview.raw(frame))
        #expect(try dir.contents() == ["fan.png"])
    }

    /// `render NAME --param palette=P`: every effect renders to a PNG, and one with a palette
    /// looks different in another.
    @Test(arguments: EffectCatalog.all.map(\.name))
    func everyEffectRendersAndTakesAPalette(_ name: String) throws {
        let dir = try ScratchDirectory()
        _ = try OfflineRender.run(try request(name, out: dir.file("own.png"), at: 2.5))
        let own = try PNGFile.read(path: dir.file("own.png"))
        #expect(own.width == 32 && own.height == 16)
        guard EffectCatalog.all.first(where: { $0.name == name })!.parameters.contains(where: { $0.name == "palette" }) else { return }
        _ = try OfflineRender.run(try request(name, out: dir.file("mono.png"), at: 2.5, parameters: ["palette": "mono"]))
        _ = try OfflineRender.run(try request(name, out: dir.file("lava.png"), at: 2.5, parameters: ["palette": "lava"]))
        #expect(try PNGFile.read(path: dir.file("mono.png")) != PNGFile.read(path: dir.file("lava.png")), "\(name) ignores its palette")
    }

    @Test func gifHasSecondsTimesFpsFramesAndKeepsTime() throws {
        let dir = try ScratchDirectory()
        _ = try OfflineRender.run(try request("bounce", out: dir.file("dvd.gif"), seconds: 2, fps: 30))
        let gif = try GIFFile.read(path: dir.file("dvd.gif"))
        #expect(gif.frames.count == 60)
        #expect(gif.delaysCentiseconds.reduce(0, +) == 200)
        #expect(gif.width == 32 && gif.height == 16)
    }

    @Test func gifsAboveFiftyFramesASecondAreCappedAndSaySo() throws {
        let dir = try ScratchDirectory()
        let fast = try request("bounce", out: dir.file("fast.gif"), seconds: 1, fps: 60)
        #expect(fast.fps == 50 && fast.cappedFrom == 60)
        let message = try OfflineRender.run(fast)
        #expect(message.contains("50 frames at 50 fps (not 60: browsers play GIF frames shorter than 2/100 s slowly"))
        let gif = try GIFFile.read(path: dir.file("fast.gif"))
        #expect(Set(gif.delaysCentiseconds) == [2], "every frame 2/100 s: no mixed delays")
        #expect(try request("bounce", out: dir.file("still.png"), fps: 60).fps == 60, "a PNG is one instant")
        #expect(try request("bounce", out: dir.file("ok.gif"), fps: 50).cappedFrom == nil)
    }

    @Test func dotPreviewIsScaleTimesTheLEDCount() throws {
        let dir = try ScratchDirectory()
        _ = try OfflineRender.run(try request("rain", out: dir.file("rain.png"), raw: false, scale: 6))
        let image = try PNGFile.read(path: dir.file("rain.png"))
        #expect(image.width == 32 * 6 && image.height == 16 * 6)
    }

    @Test func badOutputsAreRefusedBeforeAnyWork() throws {
        let dir = try ScratchDirectory()
        #expect(throws: RuntimeError.badOutputPath(path: dir.file("x.jpg"), reason: "the name must end in .gif (animation) or .png (one frame)")) {
            _ = try request(out: dir.file("x.jpg"))
        }
        let missing = dir.file("no/such/dir/x.gif")
        #expect(throws: RuntimeError.badOutputPath(path: missing, reason: "directory '\(dir.file("no/such/dir"))' does not exist; create it first or write elsewhere")) {
            _ = try request(out: missing)
        }
        try FileManager.default.createDirectory(atPath: dir.file("taken.png"), withIntermediateDirectories: false)
        #expect(throws: RuntimeError.self) { _ = try request(out: dir.file("taken.png")) }
        #expect(throws: RuntimeError.outOfRange(what: "a GIF's frame rate", allowed: "1...100 frames a second", got: "0")) { _ = try request(out: dir.file("a.gif"), fps: 0) }
        #expect(throws: EffectError.self) { _ = try request(out: dir.file("a.gif"), parameters: ["duration": "0"]) }
        #expect(throws: RuntimeError.self) {
            _ = try request(out: dir.file("big.gif"), seconds: 600, fps: 100, raw: false, scale: 64,
                            size: try PanelSize(width: 256, height: 128))
        }
        #expect(try dir.contents() == ["taken.png"])
    }

    @Test func secondsParseAsDecimals() throws {
        let given = try #require(Seconds(text: "2.5"))
        #expect(given.value == 2.5 && given.frameTime == .milliseconds(2500))
        #expect(Seconds(text: "soon") == nil)
        let same = try #require(Seconds(text: "2.50"))
        #expect(given == same)
    }
}

struct PanelSizeTests {
    @Test func sizesParseAndOutOfRangeSidesAreRefused() throws {
        #expect(try PanelSize(parsing: "64x32") == PanelSize(width: 64, height: 32))
        #expect(try PanelSize(parsing: "8X8") == PanelSize(width: 8, height: 8))
        for bad in ["0x0", "1025x8", "64", "64x", "x32", "-8x8", "axb", "64x32x", "x64x32", "64xx32", "64x32x8"] {
            #expect(throws: PanelConfigurationError.badSize(bad)) { _ = try PanelSize(parsing: bad) }
        }
    }
}
