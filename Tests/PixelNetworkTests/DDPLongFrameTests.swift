import Testing
@testable import PixelNetwork

/// DDP frames of more packets than the straggler window allows for: a 128×64 frame is 18
/// packets of 1440 bytes, numbered on from frame to frame (as PixelWheel's own sending panel
/// and StreamSending number them), so a frame's later numbers come round to just behind the
/// last push. Every such frame must still be shown, whole.
struct DDPLongFrameTests {
    /// 72 pixels, sent 4 pixels (12 bytes) a packet: 18 packets a frame, as 128×64 is in 1440s.
    static let layout = StreamLayout(width: 9, height: 8)!

    static func frame(_ seed: Int) -> [UInt8] {
        (0..<(72 * 3)).map { UInt8(truncatingIfNeeded: $0 * 5 + seed) }
    }

    @Test(arguments: [11, 14, 18])
    func framesWhoseNumbersComeRoundAreEachShownWhole(packetsPerFrame: Int) {
        var assembler = StreamFrameAssembler(layout: Self.layout)
        let bytesPerPacket = 3 * ((72 + packetsPerFrame - 1) / packetsPerFrame)
        var sequence: UInt8 = 1
        var shown = 0
        for index in 0..<12 {
            let picture = Self.frame(index)
            let packets = StreamSending.ddpPackets(frame: picture, sequence: &sequence, maximumData: bytesPerPacket)
            for packet in packets {
                let format = packet.dataType.pixelFormat ?? .rgb
                let push = packet.flags.contains(.push)
                if assembler.receiveDDP(offset: packet.offset, data: packet.data, format: format, push: push, sequence: packet.sequence) {
                    shown += 1
                    #expect(assembler.frame == picture, "frame \(index) whole")
                }
            }
        }
        #expect(shown == 12)
        #expect(assembler.stragglers == 0 && assembler.incompleteFrames == 0)
    }
}
