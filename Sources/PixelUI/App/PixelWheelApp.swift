import PixelCore
import PixelEffects
import PixelGames
import PixelInputs

/// The whole PixelWheel user interface as a pure state machine: input events in, pictures
/// out. It owns the menu stack, the player and the settings; it touches no clock, file or
/// device — the runtime feeds it events and times and shows what it draws.
public struct PixelWheelApp {
    /// What fills the panel.
    public enum Screen: Equatable, Sendable {
        case menu
        case playing
        case slider(Slider)
        case about
        case clock
        case scrollingText
        /// The game in play (Extras → Games), full screen.
        case game
        /// Photos full screen: one photo, or the slideshow.
        case photo
        /// Hold-to-confirm "Turn panel off": the ring fills while select is held.
        case confirmOff(since: FrameTime)
        /// The panel is dark until the next input.
        case off
    }

    /// The settings with a slider screen: brightness, speed, or a number parameter of menu
    /// effect `effect` (an index into `MenuEntry.effects`).
    public enum Slider: Equatable, Sendable {
        case brightness, speed
        case parameter(effect: Int, name: String)
    }

    /// One level of the menu stack.
    struct Level {
        var title: String
        /// Nil for the top level, whose entries depend on whether something is playing.
        var entries: [MenuEntry]?
        var selected = 0
    }

    /// Panel size in LEDs.
    public let width: Int, height: Int
    /// Frames per second the runtime renders at (shown in About).
    public let framesPerSecond: Int
    /// The program version (shown in About).
    public let version: String
    /// Current settings; `settingsRevision` increases on every change so the runtime knows to save.
    public private(set) var settings: Settings
    /// Counts settings changes from 0; the runtime saves when it moves.
    public private(set) var settingsRevision = 0
    /// The presets (Settings → Presets, the WLED API's `ps`, `psave`, `pdel`).
    public internal(set) var presets: PresetList
    /// Counts preset changes from 0; the runtime saves the presets file when it moves.
    public internal(set) var presetsRevision = 0
    /// The preset loaded last, while the panel still shows it unchanged (see `currentPreset`).
    var loadedPreset: Int?
    /// What is on screen.
    public internal(set) var screen: Screen = .menu
    /// Screen to return to from the confirm ring or from off.
    var screenBeforeConfirm: Screen = .menu
    /// When what is on screen last changed (screen, menu level or row): scrolling text
    /// starts from its beginning then.
    /// How far fast turns move the selection on long lists.
    private var wheel = WheelAcceleration()
    private var shownSince: FrameTime = .zero
    var stack: [Level] = [Level(title: "PixelWheel", entries: nil)]
    var player: Player?
    /// The game in play or paused, if any (at most one of `player` and `game` is set).
    var game: GameSession?
    /// The time of the last event or frame while the game was on screen: play stops there
    /// when the screen changes.
    var gameSeenAt: FrameTime = .zero
    let seed: UInt64
    /// Seconds since local midnight, for the clock screen.
    let wallClock: () -> Int
    /// Where Photos finds its pictures (the runtime's folder); nil: Photos says how to add one.
    public var photoLibrary: (any PhotoLibrary)?
    /// What Photos found when it was last opened.
    var photoCatalog = PhotoCatalog.none
    /// The photo or slideshow on screen, while Photos shows one.
    var photoViewer: PhotoViewer?
    /// Called for every wheel step that moves something and every click: drive a piezo here.
    public var onClick: (() -> Void)?
    /// True on on/off panels: draw with `ThemePalette.monochrome` whatever the theme.
    public var monochrome = false
    /// A font for the clock and scrolling-text screens (a user's BDF font), instead of the
    /// built-in 5×7 (or 3×5 below 8 rows).
    public var textFont: PixelFont?
    /// Text of the scrolling-text screen.
    public var marqueeText = "Hello from PixelWheel"

    /// How long select must be held, after the long press, to turn the panel off.
    public static let confirmDuration = FrameTime.milliseconds(1500)

    /// An app for a `width × height` LED panel; `wallClock` gives seconds since local midnight.
    /// `presets` are the saved presets.
    public init(width: Int, height: Int, framesPerSecond: Int, settings: Settings = Settings(), presets: PresetList = PresetList(),
                version: String, seed: UInt64 = 1, wallClock: @escaping () -> Int = { 0 }) {
        self.width = width; self.height = height; self.framesPerSecond = framesPerSecond
        self.settings = settings; self.presets = presets; self.version = version; self.seed = seed; self.wallClock = wallClock
    }

    // MARK: State the runtime and tests read

    /// The title of the menu on screen.
    public var menuTitle: String { stack[stack.count - 1].title }
    /// The rows of the menu on screen.
    public var menuEntries: [MenuEntry] { entries(of: stack[stack.count - 1]) }
    /// The selected row of the menu on screen.
    public var selectedIndex: Int { stack[stack.count - 1].selected }
    /// The selected row's label.
    public var selectedTitle: String { label(for: menuEntries[selectedIndex]) }
    /// The effect or game playing or paused, if any.
    public var nowPlayingTitle: String? { player?.title ?? game?.kind.title }
    /// The index into `MenuEntry.effects` of the effect playing or paused (shuffle's current one), if any.
    public var playingEffect: Int? { player?.index }

    /// The network stream that is live and not given back, if any: its protocol ("E1.31") and
    /// sender ("192.168.1.20"), shown on Now Playing, in About and as the API's `info.live`.
    public var liveStream: (protocolName: String, sender: String)? {
        guard let stream = live.stream, !live.dismissed else { return nil }
        return (stream.protocolName, stream.sender)
    }
    /// Whether a network stream is live, shown or not.
    public var isLive: Bool { live.stream != nil }
    /// Whether a live stream has the display: one is live, not given back with MENU or
    /// `{"live":false}`, and the Streams setting (`lor`) obeys it. The runtime then shows the
    /// stream's frame instead of the app's, and the wheel's input other than MENU is dropped.
    public var showsLiveStream: Bool { live.isShown(under: settings.streams) }
    /// How long a stream keeps the display without packets, unless its packets say otherwise
    /// (`--network-timeout`, 2.5 s unless told).
    public var streamTimeout = FrameTime(nanoseconds: 2_500_000_000)
    /// The live mode: which stream is live, until when, and whether it was given back.
    var live = LiveMode()
    /// Whether the effect is paused.
    public var isPaused: Bool { player?.isPaused ?? game?.isPaused ?? false }
    /// Depth of the menu stack (1 = top level).
    public var menuDepth: Int { stack.count }

    func entries(of level: Level) -> [MenuEntry] {
        level.entries ?? (MenuEntry.topLevel + (player == nil && game == nil && liveStream == nil ? [] : [.nowPlaying]))
    }

    /// The label shown for `entry` (settings show their value).
    public func label(for entry: MenuEntry) -> String {
        switch entry {
        case .theme: return "Theme: \(settings.theme == .light ? "Light" : "Dark")"
        case .supersampling: return "Supersample \(settings.supersampling.rawValue)x"
        case .streams: return "Streams: \(settings.streams.label)"
        case .transition: return "Transition: \(settings.transitionLabel)"
        case .shuffleFrom: return "Shuffle From: \(settings.shuffleFrom?.title ?? "All")"
        case .slideshowInterval: return "Slideshow: \(settings.slideshowSeconds) s"
        case .shufflePhotos: return "Shuffle Photos: \(settings.shufflePhotos ? "On" : "Off")"
        case .photoFit: return "Photo Fit: \(settings.photoFit.rawValue.prefix(1).uppercased() + settings.photoFit.rawValue.dropFirst())"
        case .savePreset: return presets.isFull ? "Presets Full (\(PresetList.maximumCount))" : "Save Current"
        case let .preset(id): return presets[id]?.name ?? "Preset \(id)"
        case let .parameter(effect, name):
            guard let parameter = EffectParameterMenu.parameter(name, ofEffect: effect) else { return entry.title }
            let value = EffectParameterMenu.value(of: parameter, ofEffect: effect, in: settings)
            let shown: String
            switch parameter.kind {
            case .choice, .palette: shown = EffectParameterMenu.displayName(value)
            case .color: shown = EffectParameterMenu.choices(for: parameter, current: value).first { $0.value.uppercased() == value.uppercased() }?.label ?? value
            case .number, .integer: shown = value
            }
            return entry.title + ": " + shown
        default: return entry.title
        }
    }

    // MARK: Input

    /// Applies one input event.
    public mutating func handle(_ event: InputEvent) {
        if case .rotate = event.action {} else if case .streams = event.action {} else { wheel.reset() }
        let before = (screen, stack.count, selectedIndex)
        apply(event)
        updateGame(at: event.time)  // a game left by this event stops here
        if before != (screen, stack.count, selectedIndex) { shownSince = event.time }
    }

    private mutating func apply(_ event: InputEvent) {
        if case let .streams(signals) = event.action {
            // Time moves only the live mode: the app under a stream stays as it was left.
            // "Ignore once" lasts until the stream it ignored ends, then streams are obeyed again.
            if live.observe(signals, at: event.time, timeout: streamTimeout) == .ended && settings.streams == .ignoreUntilEnd {
                setStreams(.obey)
            }
            return
        }
        update(at: event.time)
        if showsLiveStream {
            // The stream has the display: MENU and `{"live":false}` give it back until the stream
            // ends; the remote's other commands apply underneath (`lor` at once); the wheel's
            // other input is dropped, so the app is found as it was left.
            switch event.action {
            case .menu, .remote(.leaveLive): live.dismiss()
            case let .remote(command): applyRemote(command, at: event.time)
            default: break
            }
            return
        }
        if case let .remote(command) = event.action {
            applyRemote(command, at: event.time)
            return
        }
        switch screen {
        case .off:
            // Any input wakes the panel, and is used up doing so — except letting go of the
            // button that turned it off.
            if case .release = event.action { return }
            screen = screenBeforeConfirm
            return
        case .confirmOff:
            if case .release(.select) = event.action { screen = screenBeforeConfirm }
            return
        default:
            break
        }
        if case .longPress(.select) = event.action {
            screenBeforeConfirm = screen
            screen = .confirmOff(since: event.time)
            return
        }
        if screen == .game, handleGame(event) { return }
        if screen == .photo, handlePhoto(event) { return }
        switch event.action {
        case let .rotate(steps): rotate(steps, at: event.time)
        case .select: select(at: event.time)
        case .menu: back()
        case .playPause: player?.togglePause(at: event.time)
        case .next: player?.step(1, at: event.time)
        case .previous: player?.step(-1, at: event.time)
        case .longPress, .release, .remote, .streams: break
        }
    }

    private mutating func rotate(_ steps: Int, at time: FrameTime) {
        switch screen {
        case .menu:
            let count = menuEntries.count
            let old = stack[stack.count - 1].selected
            let rows = wheel.rows(for: steps, at: time, count: count)  // fast turns on long lists move further
            let new = SelectionClamp.moved(old, by: rows, count: count)  // clamps at the ends, as the iPod
            stack[stack.count - 1].selected = new
            if new != old { click() }
        case let .slider(kind):
            // Bound the steps first: a fast spin must not overflow the multiplication.
            let bounded = min(max(steps, -100), 100)
            let before = settings
            switch kind {
            case .brightness:
                // Never below 5 %: at 0 the slider that would undo it is invisible too.
                changeSettings { $0.brightness = min(max($0.brightness + 5 * bounded, Settings.lowestMenuBrightness), 100) }
            case .speed:
                changeSettings { $0.speed = min(max($0.speed + 25 * bounded, Settings.speedRange.lowerBound), Settings.speedRange.upperBound) }
                player?.setSpeed(settings.speed, at: time)
            case let .parameter(effect, name):
                guard let parameter = EffectParameterMenu.parameter(name, ofEffect: effect) else { break }
                let value = EffectParameterMenu.stepped(parameter, from: EffectParameterMenu.value(of: parameter, ofEffect: effect, in: settings), by: bounded)
                setParameter(name, ofEffect: effect, to: value)
            }
            if settings != before { click() }
        default:
            break
        }
    }

    /// Starts the effect named `name` (its first menu entry) at `time`, full screen, as if it
    /// had been chosen from the menu: a configuration's start screen. Unknown names do nothing.
    public mutating func play(effectNamed name: String, at time: FrameTime) {
        guard let index = MenuEntry.effects.firstIndex(where: { if case let .effect(_, n, _) = $0 { n == name } else { false } }) else { return }
        startPlayer(index, shuffleOrder: nil, at: time)
        screen = .playing
    }

    /// Plays menu effect `index` (in `shuffleOrder` when shuffling) from `time`, ending any game.
    mutating func startPlayer(_ index: Int, shuffleOrder: [Int]?, at time: FrameTime) {
        game = nil
        player = makePlayer(index, shuffleOrder: shuffleOrder, at: time)
    }

    func makePlayer(_ index: Int, shuffleOrder: [Int]?, at time: FrameTime) -> Player {
        let settings = self.settings  // the parameters as they are; a change rebuilds the player's scene
        var player = Player(index: index, shuffleOrder: shuffleOrder, at: time, speedPercent: settings.speed, width: width, height: height,
                            seed: seed, parameters: { EffectParameterMenu.sceneParameters(ofEffect: $0, in: settings) })
        player.transition = transition
        return player
    }

    /// The Transition setting as a length of app time.
    var transition: FrameTime { .milliseconds(settings.transitionMilliseconds) }

    /// Sets parameter `name` of menu effect `effect` (the default value clears the choice);
    /// an effect playing with it is built again with the new value, keeping its time. It does
    /// not click: the wheel step or the select that asked for it does, once.
    mutating func setParameter(_ name: String, ofEffect effect: Int, to value: String) {
        guard let parameter = EffectParameterMenu.parameter(name, ofEffect: effect), parameter.accepts(value) else { return }
        let key = EffectParameterMenu.key(name, ofEffect: effect)
        let before = settings
        changeSettings { $0.effectParameters[key] = value == parameter.defaultDescription ? nil : value }
        guard settings != before else { return }
        let settings = self.settings
        player?.rebuild(parameters: { EffectParameterMenu.sceneParameters(ofEffect: $0, in: settings) })
    }

    private mutating func select(at time: FrameTime) {
        click()
        guard screen == .menu else {
            if screen != .playing { screen = .menu }
            return
        }
        let entry = menuEntries[selectedIndex]
        switch entry {
        case let .submenu(title, entries):
            stack.append(Level(title: title, entries: entries))
        case let .effect(_, name, parameters):
            let index = MenuEntry.effects.firstIndex { e in
                if case let .effect(_, n, p) = e { return n == name && p == parameters }
                return false
            } ?? 0
            startPlayer(index, shuffleOrder: nil, at: time)
            screen = .playing
        case .shuffle:
            var rng = SeededRandom(seed: seed ^ UInt64(bitPattern: time.nanoseconds))
            let order = MenuEntry.effectIndices(in: settings.shuffleFrom).shuffled(using: &rng)
            startPlayer(order[0], shuffleOrder: order, at: time)
            screen = .playing
        case .clock: screen = .clock
        case .scrollingText: screen = .scrollingText
        case .brightness: screen = .slider(.brightness)
        case .speed: screen = .slider(.speed)
        case .about: screen = .about
        case .nowPlaying:
            if game != nil { resumeGame(at: time) } else { screen = .playing }
        case let .game(kind): startGame(kind, at: time)
        case .photos, .photoAlbum, .photo, .slideshow, .photosNote: selectPhotosEntry(entry, at: time)
        case .slideshowInterval:
            changeSettings { s in
                s.slideshowSeconds = Settings.slideshowSteps.first { $0 > s.slideshowSeconds } ?? Settings.slideshowSteps[0]
            }
        case .shufflePhotos: changeSettings { $0.shufflePhotos.toggle() }
        case .photoFit:
            changeSettings { s in
                let all = PhotoFit.allCases
                s.photoFit = all[((all.firstIndex(of: s.photoFit) ?? 0) + 1) % all.count]
            }
        case .presets, .savePreset, .preset, .presetAction:
            selectPresetEntry(entry, at: time)
        case let .effectParameters(effect):
            let rows = EffectParameterMenu.parameters(ofEffect: effect).map { MenuEntry.parameter(effect: effect, name: $0.name) }
            stack.append(Level(title: entry.title, entries: rows))
        case let .parameter(effect, name):
            guard let parameter = EffectParameterMenu.parameter(name, ofEffect: effect) else { break }
            switch parameter.kind {
            case .number, .integer:
                screen = .slider(.parameter(effect: effect, name: name))
            case .choice, .color, .palette:
                let current = EffectParameterMenu.value(of: parameter, ofEffect: effect, in: settings)
                let choices = EffectParameterMenu.choices(for: parameter, current: current)
                let rows = choices.map { MenuEntry.parameterValue(effect: effect, name: name, value: $0.value, label: $0.label) }
                let selected = choices.firstIndex { $0.value.uppercased() == current.uppercased() } ?? 0
                stack.append(Level(title: entry.title, entries: rows, selected: selected))
            }
        case let .parameterValue(effect, name, value, _):
            setParameter(name, ofEffect: effect, to: value)
            stack.removeLast()  // back to the parameter list, which shows the new value
        case .theme: changeSettings { $0.theme = $0.theme == .light ? .dark : .light }
        case .streams:
            changeSettings { s in
                let all = StreamOverride.allCases
                s.streams = all[((all.firstIndex(of: s.streams) ?? 0) + 1) % all.count]
            }
        case .supersampling:
            changeSettings { s in
                let all = Supersampling.allCases
                s.supersampling = all[(all.firstIndex(of: s.supersampling)! + 1) % all.count]
            }
        case .transition:
            changeSettings { s in
                let steps = Settings.transitionSteps
                s.transitionMilliseconds = steps.first { $0 > s.transitionMilliseconds } ?? steps[0]
            }
            let length = transition
            player?.transition = length
        case .shuffleFrom:
            changeSettings { s in
                let all: [EffectFamily?] = [nil] + EffectFamily.allCases
                s.shuffleFrom = all[((all.firstIndex(of: s.shuffleFrom) ?? 0) + 1) % all.count]
            }
        }
    }

    private mutating func back() {
        if screen == .photo { photoViewer = nil }  // its pictures are not kept behind the menu
        if screen != .menu {
            screen = .menu
        } else if stack.count > 1 {
            stack.removeLast()  // the parent keeps the row that was selected there
        }
    }

    /// Sets what network streams may do ("ignore once" goes back to obey when the ignored
    /// stream ends, as in WLED).
    public mutating func setStreams(_ streams: StreamOverride) {
        changeSettings { $0.streams = streams }
    }

    mutating func changeSettings(_ change: (inout Settings) -> Void) {
        let before = settings
        change(&settings)
        if settings != before { settingsRevision += 1 }
    }

    func click() { onClick?() }

    /// Advances time-driven state: the confirm ring completing, shuffle moving on.
    public mutating func update(at time: FrameTime) {
        if case let .confirmOff(since) = screen, time - since >= Self.confirmDuration {
            screen = .off
        }
        player?.update(at: time)
        updateGame(at: time)
        updatePhoto(at: time)
    }

    // MARK: Drawing

    /// Draws what the panel shows at `time` (before brightness, which the panel applies).
    public mutating func render(into canvas: inout Canvas, at time: FrameTime) {
        update(at: time)
        let palette = monochrome ? ThemePalette.monochrome : ThemePalette.of(settings.theme)
        let viewTime = time - shownSince  // for scrolling text: time since this view appeared
        switch screen {
        case .off:
            break
        case .playing:
            if let live = liveStream {
                ScreenPainter.lines(on: &canvas, title: "Live", lines: [live.protocolName, live.sender], palette: palette, time: viewTime)
                break
            }
            player?.render(into: &canvas, at: time)
            // The effect's name for a moment whenever one starts (chosen, next, previous,
            // shuffle); while paused, the pause badge instead.
            if let player, !isPaused {
                ScreenPainter.titleCard(on: &canvas, title: player.title, shownFor: time - player.startedAt, palette: palette)
            }
            if isPaused { ScreenPainter.pauseBadge(on: &canvas, palette: palette) }
        case .menu:
            let level = stack[stack.count - 1]
            let shownEntries = entries(of: level)
            let rows = shownEntries.map { (label(for: $0), $0.opensScreen) }
            // A palette's row in an effect's Palette list shows its colours.
            var swatches: [Int: PaletteTable] = [:]
            for (index, entry) in shownEntries.enumerated() {
                if case let .parameterValue(effect, name, value, _) = entry,
                   let parameter = EffectParameterMenu.parameter(name, ofEffect: effect), case .palette = parameter.kind,
                   let chosen = Palette.named(value) {
                    swatches[index] = chosen.table
                }
            }
            MenuPainter.draw(on: &canvas, title: level.title, rows: rows, selected: level.selected,
                             status: nowPlayingTitle == nil ? nil : isPaused ? MenuPainter.Status.paused : .playing, palette: palette, time: viewTime,
                             swatches: swatches)
        case let .slider(kind):
            switch kind {
            case .brightness:
                ScreenPainter.slider(on: &canvas, title: "Brightness", value: settings.brightness, range: Settings.brightnessRange,
                                     unit: "%", palette: palette, time: viewTime)
            case .speed:
                ScreenPainter.slider(on: &canvas, title: "Speed", value: settings.speed, range: Settings.speedRange,
                                     unit: "%", palette: palette, time: viewTime)
            case let .parameter(effect, name):
                guard let parameter = EffectParameterMenu.parameter(name, ofEffect: effect) else { break }
                let value = EffectParameterMenu.value(of: parameter, ofEffect: effect, in: settings)
                let (fraction, unit) = EffectParameterMenu.sliderPosition(parameter, value: value)
                ScreenPainter.slider(on: &canvas, title: EffectParameterMenu.displayName(name), text: value + unit,
                                     filled: fraction, palette: palette)
            }
        case .about:
            ScreenPainter.lines(on: &canvas, title: "About",
                                lines: ["\(width)x\(height) LEDs", "\(framesPerSecond) fps", "v\(version)"] + liveLines, palette: palette, time: viewTime)
        case .clock:
            let text = ScreenPainter.clockText(seconds: wallClock(), width: width,
                                               font: ScreenPainter.bigTextFont(height: height, chosen: textFont))
            ScreenPainter.bigText(on: &canvas, text, palette: palette, time: viewTime, font: textFont)
        case .scrollingText:
            // At 8 LEDs a second times the Speed setting, on the frame's time: any --fps scrolls alike.
            let scrolled = FrameTime(nanoseconds: viewTime.nanoseconds * Int64(settings.speed) / 100)
            ScreenPainter.bigText(on: &canvas, marqueeText, palette: palette, time: scrolled, alwaysScroll: true, font: textFont)
        case .game:
            drawGame(on: &canvas, palette: palette, time: viewTime)
        case .photo:
            photoViewer?.draw(on: &canvas, at: time, transition: transition, palette: palette)
        case let .confirmOff(since):
            ScreenPainter.confirmRing(on: &canvas, progress: progress(since: since, at: time), palette: palette)
        }
    }

    /// About's lines for a live stream: its protocol and sender.
    private var liveLines: [String] {
        guard let live = liveStream else { return [] }
        return ["live: \(live.protocolName)", live.sender]
    }

    private func progress(since: FrameTime, at time: FrameTime) -> Fixed {
        let elapsed = max(0, (time - since).nanoseconds)
        return Fixed(raw: Int32(min(65536, elapsed * 65536 / Self.confirmDuration.nanoseconds)))
    }
}
