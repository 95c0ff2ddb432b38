import PixelBus
import PixelCore
import PixelPanels
import Testing
@testable import PixelSimulator

/// Drives a tiny HUB75 panel (8 rows = 1/4 scan, 4 columns, regular wiring) by hand, one pin
/// word at a time, independent of the encoder and refresher.
private final class HandDriver {
    static let r1: UInt64 = 1 << 11, g1: UInt64 = 1 << 27, b1: UInt64 = 1 << 7
    static let r2: UInt64 = 1 << 8, g2: UInt64 = 1 << 9, b2: UInt64 = 1 << 10
    static let clk: UInt64 = 1 << 17, lat: UInt64 = 1 << 4, oe: UInt64 = 1 << 18
    static let a: UInt64 = 1 << 22, b: UInt64 = 1 << 23
    static let colour = r1 | g1 | b1 | r2 | g2 | b2

    let model: HUB75Model
    let lines: SimulatedGPIOLines

    init(writeNanoseconds: Int = 0) throws {
        model = HUB75Model(geometry: try HUB75Geometry(rows: 8, columns: 4), pinMap: .regular)
        lines = SimulatedGPIOLines(models: [model], writeNanoseconds: writeNanoseconds)
    }

    /// OE high, everything else low.
    func blank() throws { try lines.write(set: Self.oe, clear: ~Self.oe & lines.outputMask) }

    /// Shifts `columns` (column 0 first) in, two writes per clock.
    func shift(_ columns: [UInt64]) throws {
        for data in columns {
            try lines.write(set: data, clear: (Self.colour ^ data) | Self.clk)
            try lines.write(set: Self.clk, clear: 0)
        }
        try lines.write(set: 0, clear: Self.clk)
    }

    func latch() throws {
        try lines.write(set: Self.lat, clear: 0)
        try lines.write(set: 0, clear: Self.lat)
    }

    func address(_ row: Int) throws {
        let word = (row & 1 != 0 ? Self.a : 0) | (row & 2 != 0 ? Self.b : 0)
        try lines.write(set: word, clear: (Self.a | Self.b) ^ word)
    }

    /// OE low for `nanoseconds`, then high.
    func show(for nanoseconds: Int) throws {
        try lines.write(set: 0, clear: Self.oe)
        lines.hold(nanoseconds: nanoseconds)
        try lines.write(set: Self.oe, clear: 0)
    }

    /// Shift, latch, address, show: the whole protocol for one row.
    func row(_ row: Int, _ columns: [UInt64], for nanoseconds: Int) throws {
        try shift(columns)
        try latch()
        try address(row)
        try show(for: nanoseconds)
    }
}

@Suite struct HUB75ModelTests {
    private typealias D = HandDriver

    @Test func firstBitShiftedLightsColumnZero() throws {
        let d = try HandDriver()
        try d.blank()
        try d.row(0, [D.r1, 0, 0, 0], for: 1000)
        let picture = d.model.picture
        #expect(picture[0, 0] == LinearColor(red: 65535, green: 0, blue: 0))
        #expect(picture.pixels.filter { $0 != .black }.count == 1)
        #expect(d.model.latchedBit(chain: 0, half: 0, colour: 0, column: 0))
        #expect(d.model.anomalies.isEmpty)
    }

    @Test func lowerHalfLinesLightTheRowScanRowsBelow() throws {
        let d = try HandDriver()
        try d.blank()
        try d.row(2, [0, 0, D.g2 | D.b1, D.r2], for: 1000)
        let picture = d.model.picture
        #expect(picture[2, 6] == LinearColor(red: 0, green: 65535, blue: 0))
        #expect(picture[2, 2] == LinearColor(red: 0, green: 0, blue: 65535))
        #expect(picture[3, 6] == LinearColor(red: 65535, green: 0, blue: 0))
        #expect(picture.pixels.filter { $0 != .black }.count == 3)
    }

    @Test func ledLitForHalfItsRowsVisitIsHalfBright() throws {
        let d = try HandDriver()
        try d.blank()
        try d.row(0, [D.r1, 0, 0, 0], for: 500)
        try d.row(0, [0, 0, 0, 0], for: 500)       // same address: the same visit
        #expect(d.model.picture[0, 0].red == 32768)   // 500 / 1000 × 65535 = 32767.5
    }

    @Test func rowShownForHalfTheMeanTimeIsDimmer() throws {
        let d = try HandDriver()
        try d.blank()
        try d.row(0, [D.r1, 0, 0, 0], for: 1500)
        try d.row(1, [D.r1, 0, 0, 0], for: 500)    // mean visit 1000 ns
        let picture = d.model.picture
        #expect(picture[0, 0].red == 65535)         // 98302, clipped
        #expect(picture[0, 1].red == 32768)
    }

    @Test func nextVisitToARowReplacesItsLight() throws {
        let d = try HandDriver()
        try d.blank()
        try d.row(0, [D.r1, 0, 0, 0], for: 1000)
        try d.row(1, [0, 0, 0, 0], for: 1000)
        try d.row(0, [0, D.r1, 0, 0], for: 1000)
        let picture = d.model.picture
        #expect(picture[0, 0] == .black)
        #expect(picture[1, 0].red == 65535)
    }

    @Test func latchPulseWhileEnabledIsAGlitch() throws {
        let d = try HandDriver()
        try d.blank()
        try d.shift([D.r1, 0, 0, 0])
        try d.lines.write(set: 0, clear: D.oe)
        try d.latch()
        #expect(d.model.anomalies == [.latchWhileOutputEnabled(atNanoseconds: 0)])
        #expect(d.model.anomalies[0].description.contains("take OE high before pulsing LAT"))
    }

    @Test func rowChangeWhileEnabledIsGhosting() throws {
        let d = try HandDriver()
        try d.blank()
        try d.row(1, [D.r1, 0, 0, 0], for: 100)
        try d.lines.write(set: 0, clear: D.oe)
        d.lines.hold(nanoseconds: 50)
        try d.address(2)
        #expect(d.model.anomalies == [.rowChangeWhileOutputEnabled(atNanoseconds: 150, from: 1, to: 2)])
    }

    @Test func rowChangeInTheSameWriteAsEnablingIsGhosting() throws {
        let d = try HandDriver()
        try d.blank()
        try d.lines.write(set: D.a, clear: D.oe)
        #expect(d.model.anomalies == [.rowChangeWhileOutputEnabled(atNanoseconds: 0, from: 0, to: 1)])
    }

    @Test func clockWithUnchangedDataIsFine() throws {
        let d = try HandDriver()
        try d.blank()
        try d.lines.write(set: D.r1, clear: 0)
        for _ in 0..<4 {
            try d.lines.write(set: D.clk, clear: 0)
            try d.lines.write(set: 0, clear: D.clk)
        }
        try d.latch()
        try d.address(0)
        try d.show(for: 100)
        #expect(d.model.anomalies.isEmpty)
        #expect(d.model.clockPulses == 4)
        #expect(d.model.picture.pixels.prefix(4).allSatisfy { $0.red == 65535 })
    }

    @Test func dataChangingWithTheClockEdgeIsASetupViolation() throws {
        let d = try HandDriver()
        try d.blank()
        try d.lines.write(set: D.r1 | D.clk, clear: 0)
        #expect(d.model.anomalies == [.dataChangeOnClockEdge(atNanoseconds: 0)])
    }

    @Test func portRefusesALineBothSetAndCleared() throws {
        let d = try HandDriver()
        #expect(throws: BusError.invalidRequest(device: "gpiochip0", reason: "GPIO 17 both set and cleared in one write; drive each line one way")) {
            try d.lines.write(set: D.clk, clear: D.clk)
        }
    }

    @Test func portRefusesLinesItWasNotOpenedWith() {
        let lines = SimulatedGPIOLines(outputMask: 0xFF)
        #expect(throws: BusError.invalidRequest(device: "gpiochip0", reason: "GPIO 17 not requested as output; open the port with those lines")) {
            try lines.write(set: 1 << 17, clear: 0)
        }
    }

    @Test func slowWritesWhileEnabledAddLightToEveryPlane() throws {
        // Each write takes 50 ns at the old levels, so the write that ends an OE-low period adds
        // 50 ns to it. Column 0 is lit in a 100 ns plane, column 1 in a 200 ns plane: ideally 1 : 2,
        // here 150 : 250. (All lines start low, so the 50 ns of the first write are OE-low too:
        // 50 dark ns at address 0, part of the same visit.)
        let d = try HandDriver(writeNanoseconds: 50)
        try d.blank()
        try d.row(0, [D.r1, 0, 0, 0], for: 100)
        try d.row(0, [0, D.r1, 0, 0], for: 200)
        let picture = d.model.picture
        #expect(picture[0, 0].red == 21845)        // 150 / 450 × 65535
        #expect(picture[1, 0].red == 36408)        // 250 / 450 × 65535
        #expect(d.lines.nanoseconds == Int64(50 * d.lines.writeCount + 300))
    }
}

/// Found by fuzzing: a valid trace with very long holds overflowed the picture's arithmetic.
struct HUB75ModelLongHoldTests {
    @Test func pictureAfterHoursOfHoldsDoesNotOverflow() throws {
        // 32 rows: 16 row addresses, as in the trace that trapped (16 addresses, then 150 holds
        // of 60 s): lit time × 65535 × 16 is past 2^63.
        let pins = HUB75PinMap.regular
        let model = HUB75Model(geometry: try HUB75Geometry(rows: 32, columns: 4), pinMap: pins)
        let lines = SimulatedGPIOLines(models: [model])
        func bit(_ gpio: Int) -> UInt64 { 1 << UInt64(gpio) }
        let oe = bit(pins.outputEnable), clock = bit(pins.clock), latch = bit(pins.latch)
        let red = bit(pins.chains[0].r1)
        let address = pins.address.prefix(4).map(bit).reduce(0, |)
        try lines.write(set: oe | red, clear: 0)
        for _ in 0..<4 {
            try lines.write(set: clock, clear: 0)
            try lines.write(set: 0, clear: clock)
        }
        try lines.write(set: latch, clear: 0)
        try lines.write(set: 0, clear: latch)
        for row in 0..<16 {
            let word = pins.address.prefix(4).enumerated().reduce(UInt64(0)) { $0 | (row >> $1.offset & 1 != 0 ? bit($1.element) : 0) }
            try lines.write(set: word, clear: (address ^ word) | oe)
            lines.hold(nanoseconds: 1000)
            try lines.write(set: oe, clear: 0)
        }
        try lines.write(set: 0, clear: oe)
        for _ in 0..<150 { lines.hold(nanoseconds: 60_000_000_000) }
        let picture = model.picture
        // Row address 15 was lit for 150 minutes, each other row for 1 µs.
        #expect((0..<4).allSatisfy { picture[$0, 15].red == 65535 })
        #expect((0..<4).allSatisfy { picture[$0, 0].red == 0 })
    }
}
