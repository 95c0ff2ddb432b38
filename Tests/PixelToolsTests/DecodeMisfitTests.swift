import PixelBus
import Foundation
import PixelCore
import PixelPanels
import PixelSimulator
import PixelTestSupport
import Testing
import PixelRuntime
@testable import PixelTools

/// The traffic one panel's driver sends for a test picture, recorded as `--trace-bus` would.
private func recordedTraffic(of panel: String) throws -> [BusTransaction] {
    let recorder = BusTraceRecorder()
    let simulated = try SimulatedPanel(panel, trace: recorder)
    var frame = Frame(width: simulated.width, height: simulated.height)
    for y in 0..<frame.height {
        for x in 0..<frame.width where (x + 2 * y) % 3 == 0 { frame[x, y] = .white }
    }
    try simulated.show(frame)
    return recorder.transactions
}

/// `decode`: traffic that does not fit the panel it is decoded for is named, with the fix.
@Suite struct DecodeMisfitTests {
    /// (the panel the traffic was recorded from, the panel it is decoded as, what the complaint must name)
    static let mismatches: [(recorded: String, decodedAs: String, hint: String)] = [
        ("max7219:chips=8", "max7219:chips=4", "the trace's transfers are 16 bytes, but chips=4 takes 8 per transfer: chips=8?"),
        ("max7219:chips=2", "max7219:chips=3", "chips=2?"),
        ("ht16k33:layout=16x8", "ht16k33", "that the 8x8 board does not have: layout=16x8 or layout=featherwing-16x8 or layout=bicolor-8x8?"),
        ("is31fl3731", "is31fl3731:board=charliewing15x7", "board=charlieplex16x9?"),
        ("apa102:length=60", "apa102:length=30", "frames carry 60 LED words, but the chain has 30 LEDs: length=60"),
        ("ws2812:length=10", "ws2812:length=8", "frames carry 240 data bits, 10 LEDs of 24 bits, but the chain has 8: length=10"),
        ("ws2812:length=8,rgbw", "ws2812:length=8", "32 bits per LED: rgbw?"),
        ("hub75:rows=16,cols=64", "hub75:rows=16,cols=32", "rows are shifted in with 64 clock pulses, but cols=32 × chain=1 is 32 LEDs: cols=64?"),
        ("hub75:rows=32,cols=32", "hub75:rows=16,cols=32", "row address line D is driven, beyond rows=16's scan of 8 rows: rows=32?"),
    ]

    @Test(arguments: mismatches.indices)
    func trafficForAnotherGeometryIsNamedWithTheLikelyFix(_ index: Int) throws {
        let (recorded, decodedAs, hint) = Self.mismatches[index]
        let target = try SimulatedTarget(try PanelDescription(parsing: decodedAs))
        try BusTraceReader.play(try recordedTraffic(of: recorded), into: target)
        let misfit = try #require(target.model.misfit, "\(recorded) decoded as \(decodedAs) was taken as fitting")
        #expect(misfit.contains(hint), "\(misfit)")
        #expect(!misfit.contains("\n"))
    }

    /// Every panel named in `mismatches`, once. (A closure written in `@Test(arguments:)` crashes
    /// Swift 6.0's compiler.)
    static let panels: [String] = Set(mismatches.flatMap { [$0.recorded, $0.decodedAs] }).sorted()

    @Test(arguments: panels)
    func trafficDecodedForItsOwnPanelFits(_ panel: String) throws {
        let target = try SimulatedTarget(try PanelDescription(parsing: panel))
        try BusTraceReader.play(try recordedTraffic(of: panel), into: target)
        #expect(target.model.misfit == nil)
    }

    /// Full white at full brightness makes every LED word 0xFFFFFFFF, the value of the
    /// end frame some drivers send: the chain's length tells them apart.
    @Test(arguments: ["apa102:length=8", "sk9822:length=8", "apa102:width=4,height=3"])
    func allWhiteAtFullBrightnessFitsItsOwnPanel(_ panel: String) throws {
        let recorder = BusTraceRecorder()
        let simulated = try SimulatedPanel(panel, trace: recorder)
        var white = Frame(width: simulated.width, height: simulated.height)
        for i in white.pixels.indices { white.pixels[i] = .white }
        try simulated.show(white)
        try simulated.show(white)
        var wire: [UInt8] = []
        for case let .spi(_, _, bytes) in recorder.transactions { wire += bytes }
        #expect(wire.count(where: { $0 == 0xFF }) >= 2 * 4 * white.pixels.count, "the driver sends 0xFFFFFFFF words")
        let target = try SimulatedTarget(try PanelDescription(parsing: panel))
        try BusTraceReader.play(recorder.transactions, into: target)
        #expect(target.model.misfit == nil)
        #expect(target.model.picture == white)
    }

    @Test func ht16k33RAMWritesPastItsSixteenBytesAreNotHT16K33Traffic() throws {
        let target = try SimulatedTarget(try PanelDescription(parsing: "ht16k33"))
        try BusTraceReader.play([.i2c(device: "/dev/i2c-1", address: 0x70, bytes: [0x08] + Array(repeating: 0, count: 12))], into: target)
        #expect(target.model.misfit?.contains("a display RAM write of 12 bytes from 0x08 runs past 0x0F") == true)
    }

    @Test func is31fl3731RegistersBeyondThePageAreNamed() throws {
        let target = try SimulatedTarget(try PanelDescription(parsing: "is31fl3731"))
        try BusTraceReader.play([.i2c(device: "/dev/i2c-1", address: 0x74, bytes: [0xB0] + Array(repeating: 0, count: 8))], into: target)
        #expect(target.model.misfit?.contains("write ran past register 0xB3") == true)
    }

    var binary: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("pixelwheel").path
    }

    @Test func decodeSaysWhatDoesNotFitInOneLineAndExitsNonZero() throws {
        try #require(FileManager.default.isExecutableFile(atPath: binary), "build pixelwheel first")
        let folder = try TemporaryDirectory()
        let trace = BusTraceFile(path: folder.file("bus.jsonl"))
        for t in try recordedTraffic(of: "max7219:chips=8") { trace.record(t, at: 0) }
        try trace.write()
        let wrong = try ChildProcess.run(binary, ["decode", "--panel", "max7219:chips=4", "--trace", folder.file("bus.jsonl"), "--out", folder.file("a.png")])
        #expect(wrong.status != 0)
        #expect(wrong.errors.split(separator: "\n").count == 1)
        #expect(wrong.errors.contains("does not fit max7219:chips=4: the trace's transfers are 16 bytes, but chips=4 takes 8 per transfer: chips=8?"))
        let right = try ChildProcess.run(binary, ["decode", "--panel", "max7219:chips=8", "--trace", folder.file("bus.jsonl"), "--out", folder.file("b.png")])
        #expect(right.status == 0, "\(right.errors)")
    }
}
