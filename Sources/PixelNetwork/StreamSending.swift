/// Splits an RGB8 frame (row-major from the top-left) into the packets senders send.
public enum StreamSending {
    /// The most pixel data DDP senders put in one packet: 1440 bytes, 480 RGB pixels.
    public static let ddpMaximumData = 1440

    /// DDP packets for a whole frame, in order, with push on the last one; sequence numbers
    /// count on from `sequence` (1–15, skipping 0), which is left at the next number.
    public static func ddpPackets(frame: [UInt8], sequence: inout UInt8, destination: UInt8 = DDPPacket.displayID,
                                  maximumData: Int = ddpMaximumData) -> [DDPPacket] {
        let chunk = max(3, maximumData - maximumData % 3)
        var packets: [DDPPacket] = []
        var offset = 0
        repeat {
            let end = min(frame.count, offset + chunk)
            let isLast = end == frame.count
            packets.append(DDPPacket(flags: isLast ? .push : [], sequence: sequence, dataType: .rgb8, destination: destination,
                                     offset: UInt32(offset), data: frame[offset..<end]))
            sequence = sequence % 15 + 1
            offset = end
        } while offset < frame.count
        return packets
    }

    /// Each universe of `layout` with its channels from channel 1, for E1.31 or ArtDmx: the
    /// frame's bytes in the layout's format, one run of channels across the universes (a pixel
    /// may be split between two). `frame` holds RGB bytes; for an RGBW layout white is sent as
    /// 0. Channels before the first universe's start address are 0.
    public static func universes(frame: [UInt8], layout: StreamLayout) -> [(universe: UInt16, channels: [UInt8])] {
        var result: [(universe: UInt16, channels: [UInt8])] = []
        let step = layout.pixelFormat.bytesPerPixel
        let frameBytes = min(layout.frameBytes, frame.count / 3 * step)
        for index in 0..<layout.universeCount {
            let wanted = layout.pixelChannels(ofUniverseAt: index)
            let first = layout.firstByte(ofUniverseAt: index)
            let count = max(0, min(wanted.count, frameBytes - first))
            var channels = [UInt8](repeating: 0, count: wanted.lowerBound + count)
            for offset in 0..<count {
                let byte = first + offset
                let component = byte % step
                if component < 3 { channels[wanted.lowerBound + offset] = frame[byte / step * 3 + component] }
            }
            let universe = UInt16(truncatingIfNeeded: Int(layout.firstUniverse) + index)
            result.append((universe, channels))
        }
        return result
    }
}
