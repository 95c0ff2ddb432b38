/// The canvas's S×S samples per LED averaged into a `Frame` (a box filter).
extension Canvas {
    /// Averages each LED's S×S samples (box filter, rounded to nearest) into a new frame (for
    /// a banded canvas, only the band's rows; the others stay black).
    public func downsample() -> Frame {
        var frame = Frame(width: width, height: height)
        downsample(into: &frame)
        return frame
    }

    /// Averages each LED's S×S samples into `frame`, which must have the canvas's size. A
    /// banded canvas sets only the frame's rows in its band (`bandRows`).
    ///
    /// Eight LEDs at a time, in two passes over packed channels: the S sample rows are added
    /// channel by channel, eight channels at once, into 32-bit sums; then each LED adds its S
    /// columns of sums, three channels at once, and rounds. The sum is the same in any order,
    /// so the frame is exactly the rounded box filter.
    public func downsample(into frame: inout Frame) {
        precondition(frame.width == width && frame.height == height, "frame size differs from canvas")
        precondition(MemoryLayout<LinearColor>.stride == 6, "LinearColor is three packed UInt16 channels")
        // A picture held per LED or as one colour is its own average: S² equal samples round
        // to themselves.
        switch content {
        case .samples: break
        case let .uniform(color):
            for y in bandRows { for x in 0..<width { frame.pixels[y &* width &+ x] = color } }
            return
        case .leds:
            copyLEDs(into: &frame)
            return
        }
        // One copy of the loops per factor, so each runs with S known.
        switch supersampling {
        case .x1: downsample(into: &frame, s: 1)
        case .x2: downsample(into: &frame, s: 2)
        case .x4: downsample(into: &frame, s: 4)
        case .x8: downsample(into: &frame, s: 8)
        }
    }

    /// `downsample(into:)` for S = `s`.
    @inline(__always)
    private func downsample(into frame: inout Frame, s: Int) {
        let shift = UInt32(2 * supersampling.shift)
        let roundHalf = SIMD4<UInt32>(repeating: (UInt32(1) << shift) >> 1)
        let rowBytes = sampleWidth * 6
        let width = width, chunk = 8
        storage.withUnsafeBytes { source in
            frame.pixels.withUnsafeMutableBufferPointer { frame in
                // The sums of one chunk of LEDs (at most 8 × 8 × 3 channels, plus one spare so the
                // last LED's four-lane load stays inside): under 1 KiB, so on the stack.
                withUnsafeTemporaryAllocation(of: UInt32.self, capacity: chunk * 8 * 3 + 1) { sums in
                    sums.initialize(repeating: 0)
                    let sumBytes = UnsafeMutableRawPointer(sums.baseAddress!)
                    let rows = bandRows
                    var out = frame.baseAddress! + rows.lowerBound &* width
                    for y in rows {
                        let row = source.baseAddress! + (y &- rows.lowerBound) &* s &* rowBytes
                        var x0 = 0
                        while x0 < width {
                            let leds = min(chunk, width &- x0), channelBytes = leds &* s &* 6
                            let top = row + x0 &* s &* 6
                            var k = 0  // byte offset of eight channels in a sample row of the chunk
                            while k &+ 16 <= channelBytes {
                                var q = top + k
                                var sum = SIMD8<UInt32>(truncatingIfNeeded: q.loadUnaligned(as: SIMD8<UInt16>.self))
                                for _ in 1..<s {
                                    q += rowBytes
                                    sum &+= SIMD8<UInt32>(truncatingIfNeeded: q.loadUnaligned(as: SIMD8<UInt16>.self))
                                }
                                sumBytes.storeBytes(of: sum, toByteOffset: k &* 2, as: SIMD8<UInt32>.self)
                                k &+= 16
                            }
                            while k < channelBytes {
                                var sum: UInt32 = 0
                                for r in 0..<s { sum &+= UInt32(top.loadUnaligned(fromByteOffset: r &* rowBytes &+ k, as: UInt16.self)) }
                                sumBytes.storeBytes(of: sum, toByteOffset: k &* 2, as: UInt32.self)
                                k &+= 2
                            }
                            var column = UnsafeRawPointer(sumBytes)
                            for _ in 0..<leds {
                                // Lanes 0, 1, 2 of each load are one sample column's red, green, blue.
                                var total = SIMD4<UInt32>.zero
                                for _ in 0..<s {
                                    total &+= column.loadUnaligned(as: SIMD4<UInt32>.self)
                                    column += 12
                                }
                                let mean = (total &+ roundHalf) &>> SIMD4<UInt32>(repeating: shift)
                                out.pointee = LinearColor(red: UInt16(truncatingIfNeeded: mean[0]),
                                                          green: UInt16(truncatingIfNeeded: mean[1]),
                                                          blue: UInt16(truncatingIfNeeded: mean[2]))
                                out += 1
                            }
                            x0 &+= leds
                        }
                    }
                }
            }
        }
    }

}
