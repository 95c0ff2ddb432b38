import Testing
import PixelBus
@testable import PixelNetwork

/// TPM2.net frames split over several packets: shown when every packet arrived, never half,
/// and never mixed with the next frame when one was lost.
struct TPM2FrameTests {
    static let sender = NetworkEndpoint(dotted: "127.0.0.1", port: 50001)!
    /// 6 pixels, sent as packets of 2 pixels (6 bytes).
    static let layout = StreamLayout(width: 3, height: 2)!

    /// Packet `number` of 3 of the frame whose every byte is `value`.
    static func packet(_ number: UInt8, of count: UInt8 = 3, value: UInt8) -> [UInt8] {
        let data = [UInt8](repeating: value, count: 6)
        let header: [UInt8] = [0x9C, 0xDA, 0, 6, number, count]
        return header + data + [0x36]
    }

    static func frame(_ value: UInt8) -> [UInt8] { [UInt8](repeating: value, count: 18) }

    final class Rig {
        let channel = SimulatedDatagramChannel()
        let receiver: StreamReceiver
        init() { receiver = StreamReceiver(layout: TPM2FrameTests.layout, channels: [(.tpm2Net, channel)]) }

        /// Sends `packets` and polls once; the frame shown, if any.
        func send(_ packets: [[UInt8]]) -> [UInt8]? {
            for packet in packets { channel.inject(packet, from: TPM2FrameTests.sender) }
            return receiver.poll(at: 0).frame
        }
    }

    @Test func aFrameOfThreePacketsIsShownOnlyWhenTheLastArrives() {
        let rig = Rig()
        let partial = rig.send([Self.packet(1, value: 7), Self.packet(2, value: 7)])
        #expect(partial == nil)
        let whole = rig.send([Self.packet(3, value: 7)])
        #expect(whole == Self.frame(7))
    }

    @Test func aFrameWhosePacketsCameOutOfOrderIsDroppedNotMixed() {
        let rig = Rig()
        let shown = rig.send([Self.packet(1, value: 4), Self.packet(3, value: 4), Self.packet(2, value: 4)])
        #expect(shown == nil)
        #expect(rig.receiver.counters.ignored == 2, "packet 3 broke the frame; packet 2 belonged to none")
    }

    @Test func aFrameMissingAPacketIsNeverShownAndTheNextWholeOneIs() {
        let rig = Rig()
        _ = rig.send([Self.packet(1, value: 1), Self.packet(2, value: 1), Self.packet(3, value: 1)])
        let missingMiddle = rig.send([Self.packet(1, value: 2), Self.packet(3, value: 2)])
        #expect(missingMiddle == nil, "the last packet came, but not the middle one")
        let missingFirst = rig.send([Self.packet(2, value: 3), Self.packet(3, value: 3)])
        #expect(missingFirst == nil, "no packet 1: never mixed with the frame before")
        let next = rig.send([Self.packet(1, value: 5), Self.packet(2, value: 5), Self.packet(3, value: 5)])
        #expect(next == Self.frame(5))
        #expect(rig.receiver.tpm2Frames.incompleteFrames == 1, "the frame missing its middle; the next had no packet 1 to start")
        #expect(rig.receiver.counters.frames == 2)
    }

    @Test func aSinglePacketFrameIsShownAtOnce() {
        let rig = Rig()
        let data = [UInt8](repeating: 9, count: 18)
        let header: [UInt8] = [0x9C, 0xDA, 0, 18, 1, 1]
        #expect(rig.send([header + data + [0x36]]) == Self.frame(9))
    }
}
