import PixelBus
import PixelCore
import Testing
@testable import PixelPanels

/// A GPIO port that only remembers its levels; it can be told to fail on one write, or to run a
/// closure on a given hold (to act "from another thread" at an exact point of a refresh).
final class HUB75TestLines: GPIOLines {
    let name = "testchip"
    let outputMask: UInt64
    private(set) var levels: UInt64 = 0
    private(set) var writes = 0
    private(set) var holds = 0
    var failOnWrite: Int?
    var onHold: ((Int) -> Void)?

    init(outputMask: UInt64 = (1 << 28) - 1) { self.outputMask = outputMask }

    func write(set: UInt64, clear: UInt64) throws(BusError) {
        writes += 1
        if writes == failOnWrite { throw .systemCall(device: name, operation: "write", errno: 5, meaning: "I/O error") }
        levels = (levels | set) & ~clear
    }

    func hold(nanoseconds: Int) {
        holds += 1
        onHold?(holds)
    }
}

@Suite struct HUB75RefresherTests {
    // Regular wiring.
    static let r1: UInt64 = 1 << 11, g1: UInt64 = 1 << 27, b1: UInt64 = 1 << 7
    static let r2: UInt64 = 1 << 8, g2: UInt64 = 1 << 9, b2: UInt64 = 1 << 10
    static let clk: UInt64 = 1 << 17, lat: UInt64 = 1 << 4, oe: UInt64 = 1 << 18
    static let a: UInt64 = 1 << 22, b: UInt64 = 1 << 23
    static let colour = r1 | g1 | b1 | r2 | g2 | b2

    /// The smallest legal panel: 8 rows (1/4 scan, lines A and B), 4 columns, 2 bit planes, LSB 100 ns.
    static func tinyConfiguration() throws -> HUB75Configuration {
        try HUB75Configuration(geometry: HUB75Geometry(rows: 8, columns: 4), pwmBits: 2, lsbNanoseconds: 100)
    }

    @Test func goldenTraceOfRowAddressOnePlaneOne() throws {
        let configuration = try Self.tinyConfiguration()
        let panel = HUB75Panel(configuration: configuration)
        var frame = Frame(width: 4, height: 8)
        // Row address 1 = rows 1 (upper) and 5 (lower). 2 bits: 65535 → level 3, 43690 → 2, 21845 → 1.
        frame[0, 1] = LinearColor(red: 65535, green: 0, blue: 0)
        frame[0, 5] = LinearColor(red: 0, green: 43690, blue: 0)
        frame[1, 1] = LinearColor(red: 0, green: 0, blue: 21845)     // plane 0 only
        frame[2, 1] = .white
        frame[3, 5] = LinearColor(red: 0, green: 0, blue: 65535)
        try panel.show(frame)

        let recorder = BusTraceRecorder()
        let lines = TracingGPIOLines(HUB75TestLines(), sink: recorder, clock: { 0 })
        let refresher = try panel.makeRefresher(lines: lines)
        try refresher.refreshOnce()       // swaps the frame in at the end
        let shown = BusTraceRecorder()
        let refresher2 = try panel.makeRefresher(lines: TracingGPIOLines(HUB75TestLines(), sink: shown, clock: { 0 }))
        try refresher2.refreshOnce()

        // A refresher's first refresh begins by taking OE high; then per row address and plane
        // 2 writes a column and 5 transactions.
        let perRowPlane = 2 * 4 + 5
        #expect(shown.transactions.count == 1 + 4 * 2 * perRowPlane)
        #expect(shown.transactions.first == .gpioWrite(device: "testchip", set: Self.oe, clear: 0))
        let start = 1 + (1 * 2 + 1) * perRowPlane
        let got = Array(shown.transactions[start..<(start + perRowPlane)])

        func w(_ set: UInt64, _ clear: UInt64) -> BusTransaction { .gpioWrite(device: "testchip", set: set, clear: clear) }
        let expected: [BusTransaction] = [
            // column 0: upper red (level 3), lower green (level 2): both have bit 1
            w(Self.r1 | Self.g2, (Self.colour ^ (Self.r1 | Self.g2)) | Self.clk), w(Self.clk, 0),
            // column 1: blue level 1 has no bit 1
            w(0, Self.colour | Self.clk), w(Self.clk, 0),
            // column 2: white upper
            w(Self.r1 | Self.g1 | Self.b1, Self.r2 | Self.g2 | Self.b2 | Self.clk), w(Self.clk, 0),
            // column 3: lower blue
            w(Self.b2, Self.r1 | Self.g1 | Self.b1 | Self.r2 | Self.g2 | Self.clk), w(Self.clk, 0),
            w(Self.lat | Self.a, Self.clk | Self.b),  // end of clock, latch open, row address 1 (OE is high)
            w(0, Self.lat),                   // latch closed
            w(0, Self.oe),                    // LEDs on
            .gpioHold(device: "testchip", nanoseconds: 200),   // 100 ns << plane 1
            w(Self.oe, 0),                    // LEDs off
        ]
        #expect(got == expected)
    }

    @Test func onlyTheAddressLinesThePanelReadsAreDriven() throws {
        let configuration = try HUB75Configuration(geometry: HUB75Geometry(rows: 32, columns: 32), pwmBits: 1)
        let recorder = BusTraceRecorder()
        let refresher = try HUB75Refresher(configuration: configuration, framebuffer: HUB75Framebuffer(configuration: configuration),
                                           lines: TracingGPIOLines(HUB75TestLines(), sink: recorder, clock: { 0 }))
        try refresher.refreshOnce()
        let e: UInt64 = 1 << 15
        let touched = recorder.transactions.reduce(UInt64(0)) { acc, t in
            if case let .gpioWrite(_, set, clear) = t { return acc | set | clear }
            return acc
        }
        #expect(touched & e == 0)
        #expect(touched == refresher.drivenLines)
    }

    @Test func portWithoutARequiredLineIsRefusedWithTheLineNamed() throws {
        let configuration = try Self.tinyConfiguration()
        let lines = HUB75TestLines(outputMask: ((1 << 28) - 1) & ~(1 << 4))
        do {
            _ = try HUB75Refresher(configuration: configuration, framebuffer: HUB75Framebuffer(configuration: configuration), lines: lines)
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("GPIO 4 not requested"))
            #expect(error.description.contains("open the port with all of them"))
        }
    }

    @Test func panelRefusesAFrameOfTheWrongSize() throws {
        let panel = HUB75Panel(configuration: try Self.tinyConfiguration())
        #expect(panel.width == 4 && panel.height == 8)
        #expect(throws: BusError.invalidRequest(
            device: "hub75", reason: "frame is 8×4 LEDs but the panel is 4×8; render at the panel's size")
        ) { try panel.show(Frame(width: 8, height: 4)) }
        #expect(!panel.framebuffer.hasPendingFrame)
    }

    @Test func busErrorMidRefreshLeavesTheLEDsOff() throws {
        let configuration = try Self.tinyConfiguration()
        let lines = HUB75TestLines()
        lines.failOnWrite = 17    // inside the first plane's latch/address/enable sequence
        let refresher = try HUB75Refresher(configuration: configuration, framebuffer: HUB75Framebuffer(configuration: configuration), lines: lines)
        #expect(throws: BusError.self) { try refresher.refreshOnce() }
        #expect(lines.levels & Self.oe != 0)
    }
}

@Suite struct HUB75FramebufferTests {
    static func configuration() throws -> HUB75Configuration {
        try HUB75Configuration(geometry: HUB75Geometry(rows: 8, columns: 4), pwmBits: 1)
    }

    @Test func finishedFrameIsSwappedInAtTheNextRefreshEnd() throws {
        let fb = HUB75Framebuffer(configuration: try Self.configuration())
        let before = fb.frontPlanes
        #expect(fb.swapIfReady() == false)
        fb.withBackPlanes { _ in }
        #expect(fb.hasPendingFrame)
        #expect(fb.frontPlanes === before)
        #expect(fb.swapIfReady())
        #expect(fb.frontPlanes !== before && fb.swapCount == 1 && !fb.hasPendingFrame)
    }

    @Test func frameBeingWrittenIsNeverSwappedIn() throws {
        let fb = HUB75Framebuffer(configuration: try Self.configuration())
        let before = fb.frontPlanes
        fb.withBackPlanes { back in
            #expect(back !== before)
            #expect(fb.swapIfReady() == false)
            #expect(fb.frontPlanes === before)
        }
        #expect(fb.swapIfReady())
    }

    @Test func newestOfTwoUnshownFramesWins() throws {
        let c = try Self.configuration()
        let fb = HUB75Framebuffer(configuration: c)
        let encoder = HUB75Encoder(configuration: c)
        var first = Frame(width: 4, height: 8)
        first[0, 0] = .white
        var second = Frame(width: 4, height: 8)
        second[3, 7] = .white
        fb.encode(first, with: encoder)
        fb.encode(second, with: encoder)
        fb.swapIfReady()
        let expected = encoder.makePlanes()
        encoder.encode(second, into: expected)
        #expect(fb.frontPlanes.allWords == expected.allWords)
    }

    @Test func failedWriteLeavesNoFramePending() throws {
        struct Stop: Error {}
        let fb = HUB75Framebuffer(configuration: try Self.configuration())
        #expect(throws: Stop.self) { try fb.withBackPlanes { _ throws(Stop) in throw Stop() } }
        #expect(!fb.hasPendingFrame && !fb.swapIfReady())
    }
}

@Suite struct HUB75RefreshLoopTests {
    @Test func loopRefreshesOnItsThreadUntilStopped() throws {
        let c = try HUB75Configuration(geometry: HUB75Geometry(rows: 8, columns: 4), pwmBits: 2)
        let lines = HUB75TestLines()
        let refresher = try HUB75Refresher(configuration: c, framebuffer: HUB75Framebuffer(configuration: c), lines: lines)
        let loop = HUB75RefreshLoop(refresher: refresher)
        let holdsPerRefresh = 4 * 2
        nonisolated(unsafe) var body: (@Sendable () -> Void)?
        loop.start { body = $0 }
        #expect(loop.isRunning)
        #expect(loop.completedRefreshes == 0)
        // Stop from "outside" during the third refresh; the loop finishes that refresh.
        lines.onHold = { holds in if holds == 2 * holdsPerRefresh + 1 { loop.stop() } }
        let run = try #require(body)
        run()
        #expect(!loop.isRunning)
        #expect(loop.completedRefreshes == 3)
        #expect(lines.holds == 3 * holdsPerRefresh)
        #expect(loop.failureReason == nil)
    }

    @Test func loopEndsOnABusErrorAndReportsIt() throws {
        let c = try HUB75Configuration(geometry: HUB75Geometry(rows: 8, columns: 4), pwmBits: 2)
        let lines = HUB75TestLines()
        lines.failOnWrite = 1000
        let refresher = try HUB75Refresher(configuration: c, framebuffer: HUB75Framebuffer(configuration: c), lines: lines)
        let loop = HUB75RefreshLoop(refresher: refresher)
        loop.start { $0() }
        #expect(!loop.isRunning)
        #expect(loop.completedRefreshes == (1000 - 1) / (4 * 2 * 12))  // the first write takes OE high
        #expect(loop.failureReason == .systemCall(device: "testchip", operation: "write", errno: 5, meaning: "I/O error"))
    }
}
