import PixelBus
import PixelCore
import Testing
@testable import PixelPanels

/// A virtual clock for one test thread: it moves only when slept on or advanced. (`Sendable`
/// because the loop stores its clock; the test runs the loop's body on its own thread.)
private final class StepClock: Clock, @unchecked Sendable {
    private(set) var nanoseconds: Int64 = 0
    private(set) var sleeps = 0
    func now() -> Int64 { nanoseconds }
    func sleep(until deadline: Int64) {
        sleeps += 1
        if deadline > nanoseconds { nanoseconds = deadline }
    }
    func advance(by duration: Int64) { nanoseconds += duration }
    var isVirtual: Bool { true }
}

/// A port whose holds move `clock` on, and which notes the clock at every write.
private final class ClockedLines: GPIOLines {
    let name = "testchip"
    let outputMask: UInt64 = (1 << 28) - 1
    let clock: StepClock
    private(set) var writeTimes: [Int64] = []
    var onWrite: ((Int) -> Void)?
    init(clock: StepClock) { self.clock = clock }
    func write(set: UInt64, clear: UInt64) throws(BusError) {
        writeTimes.append(clock.now())
        onWrite?(writeTimes.count)
    }
    func hold(nanoseconds: Int) { clock.advance(by: Int64(nanoseconds)) }
}

@Suite struct HUB75RefreshLimitTests {
    /// Runs a loop over `text`'s panel on a virtual clock until `refreshes` refreshes are done;
    /// returns when each started (its first write) and how long one refresh takes alone.
    private func refreshStarts(_ text: String, refreshes: Int, paced: Bool = true) throws -> (starts: [Int64], refresh: Int64) {
        var options = try PanelOptions(parsing: text)
        let c = try HUB75Configuration(options: &options)
        try options.finish()
        let clock = StepClock()
        let lines = ClockedLines(clock: clock)
        let refresher = try HUB75Refresher(configuration: c, framebuffer: HUB75Framebuffer(configuration: c), lines: lines)
        // Writes per refresh, from one refresh outside the loop (no dithering: all refreshes alike).
        try refresher.refreshOnce()
        let perRefresh = lines.writeTimes.count
        let refreshTime = clock.now()
        let loop = HUB75RefreshLoop(refresher: refresher, clock: paced ? clock : nil)
        lines.onWrite = { count in if count == perRefresh * refreshes + 1 { loop.stop() } }
        nonisolated(unsafe) var body: (@Sendable () -> Void)?
        loop.start { body = $0 }
        let run = try #require(body)
        run()
        #expect(loop.completedRefreshes == refreshes)
        let starts = stride(from: perRefresh, to: lines.writeTimes.count, by: perRefresh).map { lines.writeTimes[$0] }
        return (starts, refreshTime)
    }

    @Test func refreshesStartExactlyOnePeriodApartWhenShorter() throws {
        // 8 rows × 32 columns at 8 bits: 4 × 130 ns × 255 = 132.6 µs lit per refresh, well
        // inside 1/1000 s; the loop starts at 132.6 µs, after the refresh outside it.
        let run = try refreshStarts("hub75:rows=8,pwm-bits=8,limit-refresh=1000", refreshes: 4)
        #expect(run.refresh == 132_600)
        #expect(run.starts == [132_600, 1_132_600, 2_132_600, 3_132_600])
        let camera = try refreshStarts("hub75:rows=8,pwm-bits=8,limit-refresh=120", refreshes: 3)
        let period: Int64 = 8_333_333
        let expected: [Int64] = [132_600, 132_600 + period, 132_600 + 2 * period]
        #expect(camera.starts == expected)
    }

    @Test func aLongerRefreshIsFollowedAtOnce() throws {
        // 8 rows at 11 bits and 1000 ns per lsb: 4 × 1 µs × 2047 = 8.188 ms, longer than 1/200 s.
        let run = try refreshStarts("hub75:rows=8,pwm-lsb-ns=1000,limit-refresh=200", refreshes: 3)
        #expect(run.refresh == 8_188_000)
        #expect(run.starts == [8_188_000, 16_376_000, 24_564_000])
    }

    @Test func withoutALimitOrAClockTheLoopRunsBackToBack() throws {
        let unlimited = try refreshStarts("hub75:rows=8,pwm-bits=8", refreshes: 3)
        #expect(unlimited.starts == [132_600, 265_200, 397_800])
        let noClock = try refreshStarts("hub75:rows=8,pwm-bits=8,limit-refresh=1000", refreshes: 3, paced: false)
        #expect(noClock.starts == [132_600, 265_200, 397_800])
    }
}
