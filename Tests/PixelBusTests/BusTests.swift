import Testing
import PixelBus

/// An SPI device that keeps what it was sent.
final class KeptSPIDevice: SPIDevice {
    var name: String { "/dev/spidev0.0" }
    var maxTransferSize: Int { 4096 }
    private(set) var speedHz = 1_000_000
    private(set) var sent: [[UInt8]] = []
    func configure(mode: SPIMode, speedHz: Int) { self.speedHz = speedHz }
    func transfer(_ bytes: [UInt8]) { sent.append(bytes) }
}

struct BusTests {
    @Test func hexBytesRoundTripAndRejectOddOrForeignText() {
        let bytes: [UInt8] = [0x00, 0x0c, 0xff, 0x7a]
        #expect(Hex.bytes(bytes) == "000cff7a")
        #expect(Hex.parseBytes(Hex.bytes(bytes)) == bytes)
        #expect(Hex.parseBytes("abc") == nil)
        #expect(Hex.parseBytes("zz") == nil)
        #expect(Hex.byte(0x70) == "0x70")
        #expect(Hex.parseWord("0x800") == 0x800)
    }

    @Test func i2cAddressesAreSevenBit() {
        #expect(I2CAddress(rawValue: 0x70)?.description == "0x70")
        #expect(I2CAddress(rawValue: 0x80) == nil)
    }

    @Test func aTracedSPIDevicePassesTransfersOnAndRecordsThemWithTheClocksStamp() throws {
        let inner = KeptSPIDevice()
        let recorder = BusTraceRecorder()
        var now: Int64 = 40
        let traced = TracingSPIDevice(inner, sink: recorder, clock: { now })
        try traced.configure(mode: .mode0, speedHz: 8_000_000)
        try traced.transfer([0x0c, 0x01])
        now = 90
        try traced.transfer([0x0f, 0x00])
        #expect(inner.sent == [[0x0c, 0x01], [0x0f, 0x00]])
        #expect(recorder.entries.map(\.nanoseconds) == [40, 90])
        #expect(recorder.transactions.first == .spi(device: "/dev/spidev0.0", speedHz: 8_000_000, bytes: [0x0c, 0x01]))
        #expect(recorder.transactions[0].jsonLine(at: 40)
            == #"{"t_ns":40,"bus":"spi","device":"/dev/spidev0.0","speed_hz":8000000,"bytes":"0c01"}"#)
    }
}
