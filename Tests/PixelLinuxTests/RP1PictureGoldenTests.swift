import PixelBus
import PixelCore
import PixelPanels
import PixelSimulator
import Testing
@testable import PixelLinux

/// The picture RP1's register path puts on the model panel, pinned to the bit: each set-up's
/// picture (the model's integrated light after whole dither cycles, 50 ns stores) as a SHA-256
/// digest. The digests were taken from the SET/CLR refresh that made 34,426 stores per 64×32
/// refresh (commit 24f8e0a), so a change to how the stores are made — the XOR alias, merged
/// writes — must leave every LED's light exactly as it was.
struct RP1PictureGoldenTests {
    /// Another program writes RP1's OUT register straight through `/dev/gpiomem0` in the middle
    /// of a plane, flipping lines PixelWheel owns (OE, CLK, colour and address), so the port's
    /// shadow is wrong; the plane's latch stores rewrite every line's absolute level, so OUT
    /// agrees with the shadow again at the latch, and the refreshes after show the picture to
    /// the bit. (Without the rewrite, every later XOR store would keep the flipped lines wrong.)
    @Test(arguments: ["hub75:rows=32,cols=64", "hub75:rows=32,cols=64,row-address=abc-shift"])
    func aShadowMadeWrongByAnotherWriterIsCorrectedAtTheNextLatch(_ panel: String) throws {
        let golden = try #require(Self.setUps.first { $0.panel == panel }?.digest)
        var report = ForeignWriter.Report()
        let shown = try RP1Picture(panel, foreignWriteAfter: 5_000, report: &report)
        #expect(report.wrongAfterForeignWrite, "the foreign write flipped lines the port believes it set")
        #expect(report.latchesChecked > 100)
        #expect(report.firstWrongLatch == nil, "OUT differed from the shadow after latch \(report.firstWrongLatch ?? -1)")
        #expect(shown.anomalies > 0, "the flipped lines disturbed the plane they hit")
        #expect(shown.picture.digest == golden)
    }

    static let setUps: [(panel: String, digest: String)] = [
        ("hub75:rows=32,cols=64", "893ee798e35ef5d8d8e8e1103738160ca315b83b51c6fdf1c8c9d349b7768de6"),
        ("hub75:rows=16,cols=32,chain=2,pwm-bits=8", "2d63d73a77340ae72843b728309d846f74fd01e5aa2d9f777b89e4082feede98"),
        ("hub75:rows=32,cols=64,parallel=2", "e516bd64db77c3bbbb82fda49f04d58d57caf73c8f6ce5d9125b00a1bc3a1f48"),
        ("hub75:rows=16,cols=32,parallel=3,pwm-bits=7", "21d00dcc50c0d5f13c511b0d6546c05987a5842fd5acfce2431c16bbba7b4fa8"),
        ("hub75:rows=32,cols=64,row-address=ab-shift", "893ee798e35ef5d8d8e8e1103738160ca315b83b51c6fdf1c8c9d349b7768de6"),
        ("hub75:rows=8,cols=32,row-address=row-select", "42ae9f414c30075beac306a722f2d1589d5771483f9f1e74f2b184d8420ce21b"),
        ("hub75:rows=32,cols=64,row-address=abc-shift", "893ee798e35ef5d8d8e8e1103738160ca315b83b51c6fdf1c8c9d349b7768de6"),
        ("hub75:rows=32,cols=64,row-address=sm5266", "893ee798e35ef5d8d8e8e1103738160ca315b83b51c6fdf1c8c9d349b7768de6"),
        ("hub75:rows=32,cols=64,row-address=b707", "893ee798e35ef5d8d8e8e1103738160ca315b83b51c6fdf1c8c9d349b7768de6"),
        ("hub75:rows=32,cols=64,driver=fm6126a", "893ee798e35ef5d8d8e8e1103738160ca315b83b51c6fdf1c8c9d349b7768de6"),
        ("hub75:rows=32,cols=64,driver=fm6127", "893ee798e35ef5d8d8e8e1103738160ca315b83b51c6fdf1c8c9d349b7768de6"),
        ("hub75:rows=32,cols=64,inverse", "893ee798e35ef5d8d8e8e1103738160ca315b83b51c6fdf1c8c9d349b7768de6"),
        ("hub75:rows=32,cols=64,pwm-dither-bits=2", "993440f17d21d81e8e3981e9b8ce4a38c73243f45d3d3eab4bf9dfd79f4d45b1"),
        ("hub75:rows=16,cols=32,multiplexing=Stripe", "7e7bcd2a3b0e01e6818b82772bec75456ec4293d9002e5a0367170f5d74cea6f"),
        ("hub75:rows=64,cols=64,pwm-lsb-ns=200", "1bbb96b90b04187f16fb1506f304b2a7e66737f9c08f0f6cecfc929dd7715abb"),
        ("hub75:rows=64,cols=128,chain=2,pwm-bits=6", "4d1ae10d6775fbdb20049123bbd645386f7fb18d03b5279005049615b0fc0df8"),
    ]

    @Test(arguments: setUps)
    func thePictureThroughRP1sRegistersIsTheOneDigestPins(_ setUp: (panel: String, digest: String)) throws {
        let shown = try RP1Picture(setUp.panel)
        #expect(shown.anomalies == 0)
        #expect(shown.stray == 0)
        #expect(shown.picture.digest == setUp.digest, "\(setUp.panel): \(shown.picture.digest)")
    }
}

/// RP1's window with another writer: after `after` stores it stores an OUT word of its own
/// through the plain alias, flipping every line PixelWheel owns; then, after each CLR-alias
/// store (the second of a plane's latch stores), it checks OUT against the port's shadow.
final class ForeignWriter: GPIORegisterFile {
    struct Report {
        var wrongAfterForeignWrite = false
        var latchesChecked = 0
        var firstWrongLatch: Int?
    }
    let window: RP1WindowModel, owned: UInt64
    var countdown: Int
    var shadow: () -> UInt64 = { 0 }
    var report = Report()
    private var written = false

    init(window: RP1WindowModel, owned: UInt64, after: Int) { self.window = window; self.owned = owned; countdown = after }

    func write(_ value: UInt32, at offset: Int) {
        window.write(value, at: offset)
        if written && offset == 0x1_3000 {
            report.latchesChecked += 1
            if UInt64(window.out) & owned != shadow(), report.firstWrongLatch == nil { report.firstWrongLatch = report.latchesChecked }
        }
        countdown -= 1
        if countdown == 0 {
            window.write(window.out ^ UInt32(truncatingIfNeeded: owned), at: 0x1_0000)
            written = true
            report.wrongAfterForeignWrite = UInt64(window.out) & owned != shadow()
        }
    }
    func orderStores() { window.orderStores() }
    func hold(nanoseconds: Int) { window.hold(nanoseconds: nanoseconds) }
}

/// A picture in which neighbouring LEDs differ in every colour, refreshed through RP1's
/// registers onto the model panel for two whole dither cycles (and, with a foreign write, two
/// more after the one it lands in).
struct RP1Picture {
    let picture: Frame, anomalies: Int, stray: Int, stores: Int

    init(_ text: String, storeNanoseconds: Int = 50) throws {
        var report = ForeignWriter.Report()
        try self.init(text, storeNanoseconds: storeNanoseconds, foreignWriteAfter: nil, report: &report)
    }

    init(_ text: String, storeNanoseconds: Int = 50, foreignWriteAfter: Int?, report: inout ForeignWriter.Report) throws {
        guard case let .hub75(configuration) = try PanelDescription(parsing: text).kind else { throw BusError.invalidRequest(device: text, reason: "not hub75") }
        let model = HUB75Model(configuration: configuration)
        let window = RP1WindowModel(pins: SimulatedGPIOLines(models: [model]), storeNanoseconds: storeNanoseconds)
        let foreign = foreignWriteAfter.map { ForeignWriter(window: window, owned: configuration.drivenLines, after: $0) }
        let lines = try RP1Lines(registers: foreign ?? window, outputMask: configuration.drivenLines, nanosecondsPerStore: storeNanoseconds)
        foreign?.shadow = { lines.levels }
        let panel = HUB75Panel(configuration: configuration)
        var frame = Frame(width: configuration.width, height: configuration.height)
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                frame[x, y] = LinearColor(red: UInt16(truncatingIfNeeded: x * 1031 + y * 7), green: UInt16(truncatingIfNeeded: y * 2053 + x * 3),
                                          blue: UInt16(truncatingIfNeeded: (x + y) * 523))
            }
        }
        let refresher = try panel.makeRefresher(lines: lines)
        try panel.show(frame)
        if let foreign {
            // The foreign write lands in the first refresh; two whole cycles follow it.
            try refresher.refreshOnce()
            #expect(foreign.countdown < 0, "the foreign write came within the first refresh")
            for _ in 0..<(2 * configuration.refreshesPerDitherCycle) { try refresher.refreshOnce() }
            report = foreign.report
        } else {
            for _ in 0..<(2 * configuration.refreshesPerDitherCycle) { try refresher.refreshOnce() }
        }
        picture = model.picture
        anomalies = model.anomalyCount
        stray = window.strayStores.count
        stores = window.stores
    }
}
