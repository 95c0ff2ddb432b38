import PixelBus
import PixelCore
import PixelPanels
import Testing
@testable import PixelSimulator

/// A GPIO port that forwards to another and runs `onHold` after every hold: a way to act at an
/// exact point inside a refresh, as another thread might.
private final class HookedLines: GPIOLines {
    let inner: SimulatedGPIOLines
    var holds = 0
    var onHold: ((Int) -> Void)?
    init(_ inner: SimulatedGPIOLines) { self.inner = inner }
    var name: String { inner.name }
    var outputMask: UInt64 { inner.outputMask }
    func write(set: UInt64, clear: UInt64) throws(BusError) { try inner.write(set: set, clear: clear) }
    func hold(nanoseconds: Int) {
        inner.hold(nanoseconds: nanoseconds)
        holds += 1
        onHold?(holds)
    }
}

struct HUB75RoundTripCase: Sendable, CustomTestStringConvertible {
    var rows: Int, columns: Int, chain = 1, parallel = 1, bits = 11
    var wiring = HUB75PinMap.regular
    var testDescription: String {
        "\(columns * chain)×\(rows * parallel) (\(columns)×\(rows) 1/\(rows / 2), chain \(chain), parallel \(parallel), \(bits) bits, \(wiring.name))"
    }
}

/// Frame → encoder → refresher → simulated port → model → picture.
private struct Rig {
    let configuration: HUB75Configuration
    let panel: HUB75Panel
    let model: HUB75Model
    let port: SimulatedGPIOLines
    let lines: HookedLines
    let refresher: HUB75Refresher

    init(_ c: HUB75RoundTripCase, transfer: HUB75Transfer = .linear) throws {
        configuration = try HUB75Configuration(
            geometry: HUB75Geometry(rows: c.rows, columns: c.columns, chain: c.chain, parallel: c.parallel),
            pinMap: c.wiring, pwmBits: c.bits, transfer: transfer)
        panel = HUB75Panel(configuration: configuration)
        model = HUB75Model(geometry: configuration.geometry, pinMap: c.wiring)
        port = SimulatedGPIOLines(models: [model])
        lines = HookedLines(port)
        refresher = try panel.makeRefresher(lines: lines)
    }

    /// Shows `frame` and refreshes until it is on the panel (one refresh to swap it in, one to show it).
    func display(_ frame: Frame) throws {
        try panel.show(frame)
        try refresher.refreshOnce()
        try refresher.refreshOnce()
    }
}

/// Random 16-bit channels from a seeded generator, with the extremes at the corners.
private func randomFrame(width: Int, height: Int, seed: UInt64) -> Frame {
    var random = SeededRandom(seed: seed)
    var frame = Frame(width: width, height: height)
    for i in frame.pixels.indices {
        frame.pixels[i] = LinearColor(red: UInt16(random.int(in: 0...65535)), green: UInt16(random.int(in: 0...65535)),
                                      blue: UInt16(random.int(in: 0...65535)))
    }
    frame[0, 0] = .white
    frame[width - 1, height - 1] = .black
    return frame
}

/// The largest difference of any channel of any LED.
private func largestError(_ a: Frame, _ b: Frame) -> Int {
    precondition(a.width == b.width && a.height == b.height)
    var worst = 0
    for (p, q) in zip(a.pixels, b.pixels) {
        worst = max(worst, abs(Int(p.red) - Int(q.red)), abs(Int(p.green) - Int(q.green)), abs(Int(p.blue) - Int(q.blue)))
    }
    return worst
}

@Suite struct HUB75RoundTripTests {
    static let cases: [HUB75RoundTripCase] = [
        HUB75RoundTripCase(rows: 16, columns: 32),
        HUB75RoundTripCase(rows: 32, columns: 64),
        HUB75RoundTripCase(rows: 64, columns: 64),
        HUB75RoundTripCase(rows: 16, columns: 32, chain: 2),
        HUB75RoundTripCase(rows: 16, columns: 32, parallel: 2),
        HUB75RoundTripCase(rows: 32, columns: 32, parallel: 3, bits: 8),
        HUB75RoundTripCase(rows: 32, columns: 64, wiring: .adafruitHAT),
        HUB75RoundTripCase(rows: 64, columns: 32, wiring: .adafruitHATPWM),
        HUB75RoundTripCase(rows: 8, columns: 32, bits: 4),
        HUB75RoundTripCase(rows: 16, columns: 32, bits: 1),
    ]

    @Test(arguments: cases)
    func panelShowsTheFrameWithinOneQuantisationStep(_ c: HUB75RoundTripCase) throws {
        let rig = try Rig(c)
        let frame = randomFrame(width: rig.configuration.geometry.width, height: rig.configuration.geometry.height, seed: 75)
        try rig.display(frame)
        let picture = rig.model.picture
        #expect(largestError(picture, frame) <= 65535 / (1 << c.bits))
        #expect(picture[0, 0] == .white)
        #expect(rig.model.anomalyCount == 0, "\(rig.model.anomalies.prefix(3))")
        let g = rig.configuration.geometry
        #expect(rig.model.clockPulses == 2 * g.scan * c.bits * g.chainLength)
        #expect(rig.model.latchPulses == 2 * g.scan * c.bits)
    }

    @Test func elevenBitLevelsComeBackExactlyAsQuantised() throws {
        // Every level k of 2047 is shown as round(k × 65535 / 2047).
        let rig = try Rig(HUB75RoundTripCase(rows: 32, columns: 64))
        var frame = Frame(width: 64, height: 32)
        var expected = Frame(width: 64, height: 32)
        for level in 0..<2048 {
            let value = UInt16((level * 65535 + 1023) / 2047)
            frame.pixels[level] = LinearColor(red: value, green: value, blue: 65535 - value)
            expected.pixels[level] = frame.pixels[level]
        }
        try rig.display(frame)
        #expect(rig.model.picture == expected)
    }

    @Test func swapRequestedMidRefreshShowsTheOldFrameUntilTheRefreshEnds() throws {
        let c = HUB75RoundTripCase(rows: 32, columns: 64, bits: 6)
        let rig = try Rig(c)
        let old = randomFrame(width: 64, height: 32, seed: 1)
        let new = randomFrame(width: 64, height: 32, seed: 2)
        let step = 65535 / (1 << c.bits)
        try rig.display(old)
        #expect(largestError(rig.model.picture, old) <= step)

        // Halfway through the next refresh (row address 8 of 16), the renderer delivers a frame.
        let holdsPerRefresh = 16 * c.bits
        let oldPlanes = rig.panel.framebuffer.frontPlanes
        var frontDuringRefresh: [HUB75Planes] = []
        rig.lines.holds = 0
        rig.lines.onHold = { holds in
            if holds == holdsPerRefresh / 2 { try? rig.panel.show(new) }
            if holds > holdsPerRefresh / 2 { frontDuringRefresh.append(rig.panel.framebuffer.frontPlanes) }
        }
        try rig.refresher.refreshOnce()
        #expect(frontDuringRefresh.allSatisfy { $0 === oldPlanes })
        #expect(largestError(rig.model.picture, old) <= step)
        #expect(largestError(rig.model.picture, new) > 10 * step)
        #expect(!rig.panel.framebuffer.hasPendingFrame)

        rig.lines.onHold = nil
        try rig.refresher.refreshOnce()
        #expect(largestError(rig.model.picture, new) <= step)
        #expect(rig.model.anomalyCount == 0, "\(rig.model.anomalies.prefix(3))")
    }

    @Test func refreshEndingWhileAFrameIsEncodedKeepsShowingTheOldFrame() throws {
        let c = HUB75RoundTripCase(rows: 16, columns: 32, bits: 5)
        let rig = try Rig(c)
        let old = randomFrame(width: 32, height: 16, seed: 3)
        let new = randomFrame(width: 32, height: 16, seed: 4)
        let step = 65535 / (1 << c.bits)
        try rig.display(old)
        let encoder = rig.panel.encoder
        try rig.panel.framebuffer.withBackPlanes { (planes) throws(BusError) in
            encoder.encode(new, into: planes)
            try rig.refresher.refreshOnce()          // the refresh thread finishes meanwhile
        }
        #expect(largestError(rig.model.picture, old) <= step)
        try rig.refresher.refreshOnce()              // swaps at its end
        try rig.refresher.refreshOnce()
        #expect(largestError(rig.model.picture, new) <= step)
    }

    @Test func firstRefreshShowsTheDarkStartingPlanes() throws {
        let rig = try Rig(HUB75RoundTripCase(rows: 16, columns: 32))
        try rig.panel.show(randomFrame(width: 32, height: 16, seed: 5))
        try rig.refresher.refreshOnce()
        #expect(rig.model.picture.pixels.allSatisfy { $0 == .black })
        #expect(rig.panel.framebuffer.swapCount == 1)
    }

    @Test func cie1931ShowsHalfLightnessAsEighteenPercentLight() throws {
        let rig = try Rig(HUB75RoundTripCase(rows: 16, columns: 32), transfer: .cie1931)
        var frame = Frame(width: 32, height: 16)
        for i in frame.pixels.indices { frame.pixels[i] = LinearColor(red: 32768, green: 65535, blue: 0) }
        try rig.display(frame)
        let shown = rig.model.picture[5, 5]
        // Y(L* = 50) = 0.18419 → 12071; level 377 of 2047 → 12070.
        #expect(abs(Int(shown.red) - 12071) <= 65535 / 2048)
        #expect(shown.green == 65535 && shown.blue == 0)
    }

    @Test func refreshLoopKeepsThePanelShowingTheFrame() throws {
        let rig = try Rig(HUB75RoundTripCase(rows: 16, columns: 32, bits: 8))
        let frame = randomFrame(width: 32, height: 16, seed: 6)
        try rig.panel.show(frame)
        let loop = HUB75RefreshLoop(refresher: rig.refresher)
        rig.lines.onHold = { holds in if holds == 3 * 8 * 8 { loop.stop() } }
        loop.start { body in body() }               // the "thread" runs right here
        #expect(loop.completedRefreshes == 3 && !loop.isRunning)
        #expect(largestError(rig.model.picture, frame) <= 65535 / 256)
    }
}
