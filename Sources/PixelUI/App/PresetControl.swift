import PixelCore

extension PixelWheelApp {
    /// The preset the panel shows, as WLED's `ps`: the one loaded or saved last while nothing
    /// it holds has changed since; nil once anything has (or it was deleted). A preset without
    /// an effect holds only power, brightness and speed.
    public var currentPreset: Int? {
        guard let id = loadedPreset, let preset = presets[id] else { return nil }
        var shown = Preset(of: self, name: preset.name)
        if preset.effect == nil {
            shown.effect = nil
            shown.parameters = [:]
        }
        return shown == preset ? id : nil
    }

    /// Shows preset `id`: its power, brightness, speed, its effect's parameters (those it does
    /// not hold back at their defaults) and its effect, playing. An unknown id does nothing.
    public mutating func loadPreset(_ id: Int, at time: FrameTime) {
        guard let preset = presets[id] else { return }
        changeSettings {
            $0.brightness = preset.brightness
            $0.speed = preset.speed
        }
        let speed = settings.speed
        player?.setSpeed(speed, at: time)
        if let effect = preset.effect {
            for parameter in MenuEntry.parameters(ofEffect: effect) {
                let key = EffectParameterMenu.key(parameter.name, ofEffect: effect)
                setParameter(parameter.name, ofEffect: effect, to: preset.parameters[key] ?? parameter.defaultDescription)
            }
            if player?.index != effect || player?.shuffleOrder != nil {
                startPlayer(effect, shuffleOrder: nil, at: time)
            }
            show(.playing)
        }
        setPower(preset.on)
        loadedPreset = id
    }

    /// Saves what is shown as preset `id` named `name` (nil: the name it had, else
    /// "Preset ID"), and refreshes the presets list wherever the menu shows it. Returns false
    /// when nothing was saved: an id out of 1...250, or a new id when the list is full.
    @discardableResult
    public mutating func savePreset(as id: Int, name: String?) -> Bool {
        let kept = name ?? presets[id]?.name ?? ""
        guard presets.store(Preset(of: self, name: kept), as: id) else { return false }
        presetsRevision += 1
        loadedPreset = id
        refreshPresetRows()
        return true
    }

    /// Deletes preset `id` and refreshes the presets list wherever the menu shows it; nothing
    /// happens when there is none.
    public mutating func deletePreset(_ id: Int) {
        guard presets.delete(id) else { return }
        presetsRevision += 1
        if loadedPreset == id { loadedPreset = nil }
        refreshPresetRows()
    }

    /// The rows of Settings → Presets: Save Current, then each preset by id.
    var presetRows: [MenuEntry] { [.savePreset] + presets.ids.map { .preset(id: $0) } }

    /// Selecting a row of Settings → Presets or of a preset's Load / Delete list.
    mutating func selectPresetEntry(_ entry: MenuEntry, at time: FrameTime) {
        switch entry {
        case .presets:
            stack.append(Level(title: entry.title, entries: presetRows))
        case .savePreset:
            guard let id = presets.nextFreeID else { return }
            savePreset(as: id, name: nil)
        case let .preset(id):
            guard let preset = presets[id] else { return }
            let actions: [MenuEntry] = [.presetAction(id: id, delete: false), .presetAction(id: id, delete: true)]
            stack.append(Level(title: preset.name, entries: actions))
        case let .presetAction(id, delete):
            stack.removeLast()  // back to the list
            if delete {
                deletePreset(id)
            } else {
                loadPreset(id, at: time)
            }
        default:
            break
        }
    }

    /// The presets list, on screen or under a preset's Load / Delete, shows the presets as they
    /// are now, its selection kept in range.
    mutating func refreshPresetRows() {
        let rows = presetRows
        for index in stack.indices {
            guard case .savePreset? = stack[index].entries?.first else { continue }
            stack[index].entries = rows
            stack[index].selected = min(stack[index].selected, rows.count - 1)
        }
    }
}
