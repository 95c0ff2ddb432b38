import PixelCore

/// A filled, anti-aliased pie that sweeps clockwise from 12 o'clock through a full turn in
/// `duration` seconds: the display-link "circle fanning out". The angle is
/// 2π · easing(elapsed / duration), with one of PixelCore's `Easing` curves (`linear`, the
/// original's constant angular speed, or `ease-in-out`); with `loop` it holds the full circle
/// for `hold` and starts again. The menu reuses it as a hold-to-confirm ring.
public struct FanSweep: Scene, Sendable {
    /// How progress maps to angle: PixelCore's `Easing` curves.
    public typealias Easing = PixelCore.Easing

    /// How the catalog lists this effect (`fan`) and makes it from parameters.
    public static let descriptor = EffectDescriptor(
        name: "fan",
        family: .classic,
        summary: "a pie sweeping round once per duration, like a progress ring",
        parameters: [
            EffectParameter("duration", "time for one full turn", .number(range: 0.1...60, default: 3, unit: "s")),
            EffectParameter("easing", "how the sweep speeds up and slows down", .choice(Easing.allCases.map { $0.rawValue }, default: "linear")),
            EffectParameter("repeat", "loop: start again after a full turn; once: stop full", .choice(["loop", "once"], default: "loop")),
            EffectParameter("hold", "loop mode: pause at the full circle", .number(range: 0...10, default: 0.5, unit: "s")),
            EffectParameter("track", "brightness of the unswept part of the circle", .number(range: 0...1, default: 0.05, unit: "")),
            EffectParameter("color", "pie colour", .color(default: Color(red: 40, green: 150, blue: 255))),
        ],
        make: { values, _, width, height in
            .fan(FanSweep(width: width, height: height, duration: values.number("duration"),
                          easing: Easing(rawValue: values.choice("easing"))!, loops: values.choice("repeat") == "loop",
                          hold: values.number("hold"), trackOpacity: values.number("track"), color: values.color("color")))
        })

    let center: Point
    let radius: Fixed
    let duration: FrameTime
    let hold: FrameTime
    let easing: Easing
    let loops: Bool
    let trackOpacity: Fixed
    let color: Color

    /// A pie centred on the panel, as large as fits with half an LED to spare.
    public init(width: Int, height: Int, duration: Fixed, easing: Easing, loops: Bool, hold: Fixed = .half,
                trackOpacity: Fixed = .zero, color: Color) {
        center = Point(x: Fixed(width) / 2, y: Fixed(height) / 2)
        radius = max(Fixed(min(width, height)) / 2 - Fixed.half, Fixed.half)
        self.duration = .seconds(duration)
        self.hold = .seconds(hold)
        self.easing = easing
        self.loops = loops
        self.trackOpacity = trackOpacity
        self.color = color
    }

    /// Progress 0...1 through the sweep at `time`, before easing.
    public func progress(at time: FrameTime) -> Fixed {
        var elapsed = time
        if loops {
            let period = duration + hold
            elapsed = FrameTime(nanoseconds: time.nanoseconds - time.ticks(every: period) * period.nanoseconds)
        }
        if elapsed >= duration { return .one }
        return Fixed(raw: Int32((Int128(elapsed.nanoseconds) << 16) / Int128(duration.nanoseconds)))
    }

    /// The swept angle at `time`: one turn · ease(progress).
    public func sweep(at time: FrameTime) -> Angle {
        Angle(turns: easing.apply(progress(at: time)))
    }

    public mutating func render(into canvas: inout Canvas, at time: FrameTime) {
        if trackOpacity > .zero {
            canvas.fillCircle(center: center, radius: radius, color: color.withOpacity(trackOpacity))
        }
        let start = Angle.degrees(-90)
        canvas.fillPie(center: center, radius: radius, from: start, to: start + sweep(at: time), color: color)
    }
}
