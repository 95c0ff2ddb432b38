import PixelBus
import PixelCore
import PixelPanels

/// The pulse lengths a WS2812-family chip accepts, from its data sheet.
///
/// A bit starts with a rising edge; the length of the high pulse says which bit it is. The
/// low after it must be at least `lowMinimum` and, inside a frame, at most `lowMaximum`; a
/// low of `reset` or longer ends the frame and latches it.
public struct WS2812Timing: Hashable, Sendable {
    /// High time of a 0 bit, in ns.
    public var zeroHigh: ClosedRange<Int>
    /// High time of a 1 bit, in ns.
    public var oneHigh: ClosedRange<Int>
    /// Shortest low between two bits, in ns.
    public var lowMinimum: Int
    /// Longest low between two bits of one frame, in ns.
    public var lowMaximum: Int
    /// Low time that latches the frame, in ns.
    public var reset: Int
    /// The `chip=` value these windows belong to ("custom" for others), for messages.
    public var name: String

    /// Timing from its parts, all in ns.
    public init(zeroHigh: ClosedRange<Int>, oneHigh: ClosedRange<Int>, lowMinimum: Int, lowMaximum: Int, reset: Int,
                name: String = "custom") {
        self.zeroHigh = zeroHigh; self.oneHigh = oneHigh
        self.lowMinimum = lowMinimum; self.lowMaximum = lowMaximum; self.reset = reset
        self.name = name
    }

    /// The original Worldsemi WS2812: T0H 0.35 µs, T1H 0.7 µs, T0L 0.8 µs, T1L 0.6 µs, each
    /// ±150 ns; reset ≥ 50 µs.
    public static let ws2812 = WS2812Timing(zeroHigh: 200...500, oneHigh: 550...850, lowMinimum: 450, lowMaximum: 950, reset: 50_000, name: "ws2812")
    /// Tolerant (`chip=any`): what parts of any generation accept in practice — a 0 from 150 to
    /// 500 ns, a 1 from 550 ns to 1 µs (Adafruit NeoPixel_SPI's 625 ns one at 6.4 MHz, byte
    /// 0xF0, included), lows from 200 ns to 1.05 µs, latched after 50 µs low.
    public static let tolerant = WS2812Timing(zeroHigh: 150...500, oneHigh: 550...1000, lowMinimum: 200, lowMaximum: 1050, reset: 50_000, name: "any")

    /// The windows of `chip`.
    public init(_ chip: WS2812Chip) {
        switch chip {
        case .any: self = .tolerant
        case .ws2812: self = .ws2812
        case .ws2812b: self = .ws2812b
        case .ws2812bV5: self = .ws2812bV5
        case .sk6812: self = .sk6812
        }
    }

    /// The two high windows in one phrase, e.g. "0: 250–550 ns, 1: 650–950 ns".
    public var windows: String {
        "0: \(zeroHigh.lowerBound)–\(zeroHigh.upperBound) ns, 1: \(oneHigh.lowerBound)–\(oneHigh.upperBound) ns"
    }

    /// Worldsemi WS2812B: T0H 0.4 µs, T1H 0.8 µs, T0L 0.85 µs, T1L 0.45 µs, each ±150 ns;
    /// reset ≥ 50 µs.
    public static let ws2812b = WS2812Timing(zeroHigh: 250...550, oneHigh: 650...950, lowMinimum: 300, lowMaximum: 1000, reset: 50_000, name: "ws2812b")
    /// WS2812B-V5 and other newer parts: T0H 220–380 ns, T1H 580–1000 ns, lows up to 1 µs
    /// (shortest, T1L, taken as 220 ns); reset ≥ 280 µs.
    public static let ws2812bV5 = WS2812Timing(zeroHigh: 220...380, oneHigh: 580...1000, lowMinimum: 220, lowMaximum: 1000, reset: 280_000, name: "ws2812b-v5")
    /// SK6812 (RGB and RGBW): T0H 0.3 µs, T1H 0.6 µs, T0L 0.9 µs, T1L 0.6 µs, each ±150 ns;
    /// reset ≥ 80 µs.
    public static let sk6812 = WS2812Timing(zeroHigh: 150...450, oneHigh: 450...750, lowMinimum: 450, lowMaximum: 1050, reset: 80_000, name: "sk6812")
}

/// Something the WS2812 model saw on the wire that the chip would not accept.
public enum WS2812Problem: Hashable, Sendable, CustomStringConvertible {
    /// A high pulse in neither the 0 nor the 1 window (`bit` counts data bits in the frame).
    case highOutOfSpec(bit: Int, nanoseconds: Int)
    /// A low between bits shorter than the chip needs.
    case lowTooShort(bit: Int, nanoseconds: Int)
    /// A low between bits longer than a bit's low but shorter than the reset: some parts
    /// latch here, some do not.
    case lowTooLong(bit: Int, nanoseconds: Int)
    /// The transfer ended without a low of the reset time after the data: not latched.
    case missingReset(lowNanoseconds: Int)
    /// A frame that had timing errors reached its reset; the model kept the previous picture
    /// (real LEDs would show garbage).
    case frameRejected(timingErrors: Int)
    /// The frame ended in the middle of LED `index`'s bits; that LED kept its old colour.
    case incompleteLED(index: Int, bits: Int)

    /// One line naming the problem.
    public var description: String {
        switch self {
        case let .highOutOfSpec(bit, ns): return "bit \(bit): high pulse of \(ns) ns is neither a 0 nor a 1 (check the SPI clock)"
        case let .lowTooShort(bit, ns): return "after bit \(bit): low of \(ns) ns is too short"
        case let .lowTooLong(bit, ns): return "after bit \(bit): low of \(ns) ns inside a frame is longer than a bit and shorter than the reset"
        case let .missingReset(ns): return "frame ended with only \(ns) ns low, less than the reset time: not latched (append the reset gap to the same transfer)"
        case let .frameRejected(errors): return "frame with \(errors) timing errors not shown"
        case let .incompleteLED(index, bits): return "LED \(index) got only \(bits) bits; it kept its previous colour"
        }
    }
}

/// A chain of WS2812B or SK6812 LEDs whose data input hangs on SPI MOSI.
///
/// It decodes the wire as the chips do: it sees MOSI as a level over time at the transfer's
/// SPI clock (MOSI low before and after each transfer); each high pulse is a 0 or a 1 by its
/// length (`WS2812Timing`), anything else is a timing error; the first LED keeps the first
/// 24 bits (32 for RGBW) and passes the rest on, the second keeps the next 24, and so on;
/// bits past the last LED leave the chain. A low of at least the reset time latches: every
/// LED that received all its bits shows them. The model assumes nothing about time between
/// transfers (the next one may follow within microseconds), so a transfer whose data is not
/// followed by a full reset gap in the same transfer is reported and dropped.
///
/// `picture` is the board as laid out by `layout` (for a strip, LED i at x = i): each LED's
/// latched 8-bit PWM level as linear light, `level × 257`, per channel. A white channel adds
/// its light to red, green and blue alike (clipped at 65535), an approximation of a white die.
public final class WS2812Model: SPIDeviceModel {
    /// Where each LED of the chain sits.
    public let layout: ChainLayout
    /// The chips' channel order.
    public let order: ChannelOrder
    /// Whether the chips are RGBW (32 bits per LED, white last).
    public let white: Bool
    /// The pulse windows the chips accept.
    public let timing: WS2812Timing
    /// Latched levels: per LED, its channels in wire order.
    public private(set) var levels: [UInt8]
    /// Frames latched and shown.
    public private(set) var latchedFrames = 0
    /// Problems seen, oldest first (the first 100).
    public private(set) var problems: [WS2812Problem] = []
    /// Timing errors seen in all.
    public private(set) var timingErrorCount = 0
    /// Frames that reached their reset with timing errors and were not shown.
    public private(set) var rejectedFrames = 0
    /// Data bits of each latched frame whose length was not the chain's, the first one seen.
    public private(set) var mismatchedFrameBits: Int?

    private var frameBits: [UInt8] = []
    private var frameErrors = 0

    /// A chain laid out as `layout`, of chips taking `order` (GRB by default), RGBW when
    /// `white`, with `timing` (tolerant by default). Every LED starts dark.
    public init(layout: ChainLayout, order: ChannelOrder = .grb, white: Bool = false, timing: WS2812Timing = .tolerant) {
        self.layout = layout; self.order = order; self.white = white; self.timing = timing
        levels = Array(repeating: 0, count: layout.count * (white ? 4 : 3))
    }

    /// A straight strip of `length` LEDs.
    public convenience init(stripLength length: Int, order: ChannelOrder = .grb, white: Bool = false, timing: WS2812Timing = .tolerant) {
        self.init(layout: .strip(length: length), order: order, white: white, timing: timing)
    }

    /// Channels per LED.
    public var channelsPerLED: Int { white ? 4 : 3 }

    /// LED `index`'s latched levels in wire order.
    public func levels(ofLED index: Int) -> [UInt8] {
        Array(levels[index * channelsPerLED ..< (index + 1) * channelsPerLED])
    }

    /// Forgets the problems seen so far.
    public func clearProblems() {
        problems = []
        timingErrorCount = 0
        rejectedFrames = 0
        mismatchedFrameBits = nil
    }

    /// One line when the traffic did not fit this chain: frames rejected for their timing
    /// (with the first pulse out of the windows), frames never latched, or frames carrying
    /// another number of LEDs than the chain has; nil when every frame fitted.
    public var misfit: String? {
        if rejectedFrames > 0 {
            let first = problems.first { if case .frameRejected = $0 { false } else { true } }
            let what: String
            switch first {
            case let .highOutOfSpec(bit, ns)?: what = "bit \(bit) has a high pulse of \(ns) ns, outside chip=\(timing.name)'s windows (\(timing.windows))"
            case let problem?: what = "\(problem) for chip=\(timing.name)"
            case nil: what = "timing errors for chip=\(timing.name)"
            }
            let fix = timing.name == "any" ? "check the SPI clock" : "chip=any (or another chip=, or SPI clock)?"
            return "\(rejectedFrames) frame\(rejectedFrames == 1 ? "" : "s") not shown: \(what); \(fix)"
        }
        if latchedFrames == 0, let reset = problems.first(where: { if case .missingReset = $0 { true } else { false } }) {
            return "no frame latched: \(reset)"
        }
        if let bits = mismatchedFrameBits {
            let perLED = 8 * channelsPerLED
            var line = "frames carry \(bits) data bits, \(bits / perLED) LEDs of \(perLED) bits, but the chain has \(layout.count)"
            if bits % perLED == 0 { line += ": length=\(bits / perLED) (or width × height)?" }
            if !white, bits % 32 == 0, bits % 24 != 0 || bits / 32 == layout.count { line += "; 32 bits per LED: rgbw?" }
            return line
        }
        return nil
    }

    /// The light of every LED, on the board.
    public var picture: Frame {
        var frame = Frame(width: layout.width, height: layout.height)
        let positions = order.wirePositions
        let channels = channelsPerLED
        for led in 0..<layout.count {
            let base = led * channels
            let w = white ? Int(levels[base + 3]) * 257 : 0
            func light(_ colour: Int) -> UInt16 { UInt16(min(65535, Int(levels[base + positions[colour]]) * 257 + w)) }
            let p = layout.position(ofLED: led)
            frame[p.x, p.y] = LinearColor(red: light(0), green: light(1), blue: light(2))
        }
        return frame
    }

    /// MOSI carried `bytes` at `speedHz` (the mode does not matter to a one-wire chip).
    public func receive(_ bytes: [UInt8], mode: SPIMode, speedHz: Int) {
        frameBits = []
        frameErrors = 0
        var level: UInt8 = 0
        var run = 0
        for byte in bytes {
            for shift in stride(from: 7, through: 0, by: -1) {
                let bit = (byte >> UInt8(shift)) & 1
                if bit == level {
                    run += 1
                } else {
                    if level == 1 { endHigh(run, speedHz: speedHz) } else { endLow(run, speedHz: speedHz) }
                    level = bit
                    run = 1
                }
            }
        }
        if level == 1 {
            endHigh(run, speedHz: speedHz)
            run = 0
        }
        // The transfer ends here: only the low seen so far counts.
        guard !frameBits.isEmpty || frameErrors > 0 else { return }
        if run > 0 && Int64(run) * 1_000_000_000 >= Int64(timing.reset) * Int64(speedHz) {
            latch()
        } else {
            note(.missingReset(lowNanoseconds: nanoseconds(run, speedHz)))
        }
    }

    private func nanoseconds(_ bits: Int, _ speedHz: Int) -> Int { bits * 1_000_000_000 / speedHz }

    /// Whether `bits` SPI bits at `speedHz` last between `range`'s bounds, compared exactly.
    private func lasts(_ bits: Int, _ speedHz: Int, in range: ClosedRange<Int>) -> Bool {
        let t = Int64(bits) * 1_000_000_000
        return t >= Int64(range.lowerBound) * Int64(speedHz) && t <= Int64(range.upperBound) * Int64(speedHz)
    }

    private func endHigh(_ run: Int, speedHz: Int) {
        if lasts(run, speedHz, in: timing.zeroHigh) {
            frameBits.append(0)
        } else if lasts(run, speedHz, in: timing.oneHigh) {
            frameBits.append(1)
        } else {
            timingError(.highOutOfSpec(bit: frameBits.count + frameErrors, nanoseconds: nanoseconds(run, speedHz)))
        }
    }

    private func endLow(_ run: Int, speedHz: Int) {
        guard !frameBits.isEmpty || frameErrors > 0 else { return }  // idle before the first bit
        let t = Int64(run) * 1_000_000_000, speed = Int64(speedHz)
        let bit = frameBits.count + frameErrors - 1
        if t >= Int64(timing.reset) * speed {
            latch()
        } else if t < Int64(timing.lowMinimum) * speed {
            timingError(.lowTooShort(bit: bit, nanoseconds: nanoseconds(run, speedHz)))
        } else if t > Int64(timing.lowMaximum) * speed {
            timingError(.lowTooLong(bit: bit, nanoseconds: nanoseconds(run, speedHz)))
        }
    }

    private func timingError(_ problem: WS2812Problem) {
        frameErrors += 1
        timingErrorCount += 1
        note(problem)
    }

    private func note(_ problem: WS2812Problem) {
        if problems.count < 100 { problems.append(problem) }
    }

    /// The reset arrived: the chain shows what each LED received.
    private func latch() {
        defer { frameBits = []; frameErrors = 0 }
        if frameErrors > 0 {
            rejectedFrames += 1
            note(.frameRejected(timingErrors: frameErrors))
            return
        }
        let channels = channelsPerLED, perLED = 8 * channels
        if frameBits.count != layout.count * perLED, mismatchedFrameBits == nil { mismatchedFrameBits = frameBits.count }
        for led in 0..<layout.count {
            let start = led * perLED
            guard start < frameBits.count else { break }
            guard start + perLED <= frameBits.count else {
                note(.incompleteLED(index: led, bits: frameBits.count - start))
                break
            }
            for c in 0..<channels {
                var value: UInt8 = 0
                for b in 0..<8 { value = value << 1 | frameBits[start + 8 * c + b] }
                levels[led * channels + c] = value
            }
        }
        latchedFrames += 1
    }
}
