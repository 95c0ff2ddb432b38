import PixelCore
import PixelEffects
import PixelInputs

extension PixelWheelApp {
    /// Applies a change asked for over the network. It never clicks (nobody turned the wheel),
    /// and only `power(true)` wakes a dark panel: the rest change what it will show when woken.
    mutating func applyRemote(_ command: RemoteCommand, at time: FrameTime) {
        switch command {
        case let .power(on):
            setPower(on)
        case let .brightness(percent):
            let clamped = min(max(percent, Settings.brightnessRange.lowerBound), Settings.brightnessRange.upperBound)
            changeSettings { $0.brightness = clamped }
        case let .speed(percent):
            let clamped = min(max(percent, Settings.speedRange.lowerBound), Settings.speedRange.upperBound)
            changeSettings { $0.speed = clamped }
            let speed = settings.speed
            player?.setSpeed(speed, at: time)
        case let .effect(index):
            guard MenuEntry.effects.indices.contains(index) else { return }
            if player?.index != index || player?.shuffleOrder != nil {
                startPlayer(index, shuffleOrder: nil, at: time)
            }
            show(.playing)
        case let .parameter(effect, name, value):
            guard MenuEntry.effects.indices.contains(effect) else { return }
            setParameter(name, ofEffect: effect, to: value)
        case let .liveOverride(code):
            let all: [StreamOverride] = [.obey, .ignoreUntilEnd, .ignore]
            guard all.indices.contains(code) else { return }
            setStreams(all[code])
        case .leaveLive:
            live.dismiss()  // only reached with no stream shown: then a no-op, or after lor hid it
        case let .loadPreset(id):
            loadPreset(id, at: time)
        case let .savePreset(id, name):
            savePreset(as: id, name: name)
        case let .deletePreset(id):
            deletePreset(id)
        }
    }

    /// Whether the panel is lit: anything but the dark screen (the confirm ring counts as lit).
    public var isOn: Bool { screen != .off }

    mutating func setPower(_ on: Bool) {
        switch (screen, on) {
        case (.off, true), (.confirmOff, true):
            screen = screenBeforeConfirm
        case (.confirmOff, false):
            screen = .off
        case (.off, false), (_, true):
            break
        case (_, false):
            screenBeforeConfirm = screen
            screen = .off
        }
    }

    /// Shows `target` now, or once woken when the panel is dark.
    mutating func show(_ target: Screen) {
        switch screen {
        case .off, .confirmOff: screenBeforeConfirm = target
        default: screen = target
        }
    }
}

extension MenuEntry {
    /// The parameters Settings → Effect Parameters offers for menu effect `index` (an index
    /// into `effects`), in the catalog's order; empty for an index out of range.
    public static func parameters(ofEffect index: Int) -> [EffectParameter] {
        guard effects.indices.contains(index) else { return [] }
        return EffectParameterMenu.parameters(ofEffect: index)
    }
}

extension Settings {
    /// The value in force of `parameter` of menu effect `index`: the one chosen, else its default.
    public func value(of parameter: EffectParameter, ofEffect index: Int) -> String {
        guard MenuEntry.effects.indices.contains(index) else { return parameter.defaultDescription }
        return EffectParameterMenu.value(of: parameter, ofEffect: index, in: self)
    }
}
