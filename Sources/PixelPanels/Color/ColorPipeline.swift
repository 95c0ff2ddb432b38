import PixelCore

/// Turns 16-bit linear light into a chip's channel levels: brightness, colour correction,
/// transfer curve, white extraction, power limit, channel order and quantisation (see
/// `ColorPipelineConfiguration` for the order of the stages).
///
/// It is a value with state: temporal dithering carries each channel's rounding error into
/// the next frame, so feed it the frames of one panel in order. The input is the panel's
/// pixels in chain order (what `PixelMapper.chainPixels(from:)` gives), so the power estimate
/// also counts LEDs that no logical pixel reaches: they still draw their idle current.
public struct ColorPipeline: Sendable {
    /// The stages' settings.
    public let configuration: ColorPipelineConfiguration
    private var dither = TemporalDither(channels: 0)

    /// Units the current estimate is summed in: µA × 7905 (7905 = 255·31, the largest duty
    /// numerator of `level × global`), so every LED's share is a whole number.
    static let dutyDenominator: Int64 = 255 * 31

    /// A pipeline with `configuration`, its dithering errors at their starting point.
    public init(configuration: ColorPipelineConfiguration) {
        self.configuration = configuration
    }

    /// Channels per LED on the wire.
    public var channelsPerLED: Int { configuration.channelsPerLED }

    /// The levels for `frame`'s pixels, taken in row-major order as the chain order.
    public mutating func process(_ frame: Frame) -> DeviceLevels {
        process(frame.pixels)
    }

    /// The levels for `pixels`, in chain order.
    public mutating func process(_ pixels: [LinearColor]) -> DeviceLevels {
        let channels = channelsPerLED
        if dither.errors.count != pixels.count * channels {
            dither = TemporalDither(channels: pixels.count * channels)
        }
        var duties = self.duties(pixels)
        var trial = dither
        var result = quantize(duties, dither: &trial)
        let power = configuration.power
        var scale = 65536
        if let budget = power.budgetMilliamps, result.total > Int64(budget) * 1000 * Self.dutyDenominator {
            scale = limiterScale(duties, ledCount: pixels.count, budgetMilliamps: budget)
            for i in duties.indices { duties[i] = UInt16((Int(duties[i]) * scale) >> 16) }
            trial = dither
            result = quantize(duties, dither: &trial)
        }
        dither = trial
        let microamps = (result.total + Self.dutyDenominator - 1) / Self.dutyDenominator
        return DeviceLevels(channelsPerLED: channels, levels: result.levels, globalBrightness: result.global,
                            power: PowerEstimate(microamps: microamps, scale: scale, budgetMilliamps: power.budgetMilliamps))
    }

    /// Stages 1–3 and 5: each LED's 16-bit duties (0...65535) in wire order, before the power
    /// limit and quantisation.
    public func duties(_ pixels: [LinearColor]) -> [UInt16] {
        let config = configuration
        let channels = config.channelsPerLED
        let b = Int(config.brightness.raw)
        let k0 = (b * config.correction.factor(0) + 32768) >> 16
        let k1 = (b * config.correction.factor(1) + 32768) >> 16
        let k2 = (b * config.correction.factor(2) + 32768) >> 16
        let positions = config.order.wirePositions
        let p0 = positions[0], p1 = positions[1], p2 = positions[2]
        let curve = config.curve, white = config.white
        var out = [UInt16](repeating: 0, count: pixels.count * channels)
        out.withUnsafeMutableBufferPointer { buffer in
            for (i, pixel) in pixels.enumerated() {
                var r = curve.duty(for: UInt16((Int(pixel.red) * k0 + 32768) >> 16))
                var g = curve.duty(for: UInt16((Int(pixel.green) * k1 + 32768) >> 16))
                var bl = curve.duty(for: UInt16((Int(pixel.blue) * k2 + 32768) >> 16))
                let base = i * channels
                if white {
                    let w = min(r, g, bl)
                    r -= w; g -= w; bl -= w
                    buffer[base + 3] = w
                }
                buffer[base + p0] = r
                buffer[base + p1] = g
                buffer[base + p2] = bl
            }
        }
        return out
    }

    /// Full-duty current of each wire position, in mA.
    private var wireMilliamps: [Int] {
        let config = configuration
        var currents = config.order.wireChannels.map { config.power.milliamps(ofChannel: $0) }
        if config.white { currents.append(config.power.whiteMilliamps) }
        return currents
    }

    /// The most `level·step` can exceed the duty it stands for, in 1/65535 of full scale.
    private var quantizationSlack: Int {
        switch configuration.output {
        case .pwm8: return configuration.dithering ? TemporalDither.maximumOvershoot : 128
        case .pwm8WithGlobal5: return 129  // half a step of global·257/31 ≤ 128.5
        }
    }

    /// The common Q16 factor (0...65536) that brings the frame within `budgetMilliamps` once
    /// quantised: the duties' current, plus the most rounding can add to every channel, plus
    /// the idle current, stays at or under the budget. 0 when the idle current alone is over.
    private func limiterScale(_ duties: [UInt16], ledCount: Int, budgetMilliamps: Int) -> Int {
        let currents = wireMilliamps
        let channels = currents.count
        var active: Int64 = 0  // Σ mA × duty, in mA/65535
        for (i, duty) in duties.enumerated() { active += Int64(currents[i % channels]) * Int64(duty) }
        let slack = Int64(ledCount) * Int64(currents.reduce(0, +)) * Int64(quantizationSlack)
        let available = (Int64(budgetMilliamps) - Int64(ledCount) * Int64(configuration.power.idleMilliampsPerLED)) * 65535 - slack
        guard available > 0, active > 0 else { return 0 }
        return Int(min(65536, Int128(available) * 65536 / Int128(active)))
    }

    /// Stage 6: levels (and global levels) for `duties`, with the current estimate in
    /// µA × `dutyDenominator`.
    private func quantize(_ duties: [UInt16], dither: inout TemporalDither) -> (levels: [UInt8], global: [UInt8], total: Int64) {
        let currents = wireMilliamps.map { Int64($0) * 1000 }
        let channels = currents.count
        let ledCount = duties.count / channels
        var levels = [UInt8](repeating: 0, count: duties.count)
        var global: [UInt8] = []
        var total = Int64(ledCount) * Int64(configuration.power.idleMilliampsPerLED) * 1000 * Self.dutyDenominator
        switch configuration.output {
        case .pwm8:
            var sum: [Int64] = Array(repeating: 0, count: channels)
            for i in duties.indices {
                let level = configuration.dithering ? dither.level(duties[i], channel: i) : UInt8((Int(duties[i]) + 128) / 257)
                levels[i] = level
                sum[i % channels] += Int64(level)
            }
            for c in 0..<channels { total += currents[c] * sum[c] * 31 }
        case .pwm8WithGlobal5:
            global = [UInt8](repeating: 0, count: ledCount)
            for led in 0..<ledCount {
                let base = led * channels
                var brightest = 0
                for c in 0..<channels { brightest = max(brightest, Int(duties[base + c])) }
                // The smallest global level g with brightest·31/257 ≤ 255·g.
                let g = max(1, (brightest * 31 + 65534) / 65535)
                global[led] = UInt8(g)
                for c in 0..<channels {
                    let level = (2 * Int(duties[base + c]) * 31 + 257 * g) / (2 * 257 * g)
                    levels[base + c] = UInt8(level)
                    total += currents[c] * Int64(level * g)
                }
            }
        }
        return (levels, global, total)
    }
}
