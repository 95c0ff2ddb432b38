import PixelCore
import PixelEffects
import PixelGames

/// One row of a menu, and what selecting it does.
public indirect enum MenuEntry: Sendable {
    /// Opens a submenu.
    case submenu(String, [MenuEntry])
    /// Plays an effect full screen with these parameters.
    case effect(title: String, name: String, parameters: [String: String])
    /// Plays the effects one after another in random order.
    case shuffle
    /// Shows the time.
    case clock
    /// Scrolls a line of text.
    case scrollingText
    /// Starts a new game (Extras → Games).
    case game(GameKind)
    /// Photos: reads the folder again and lists Slideshow, the albums and the photos.
    case photos
    /// An album of Photos (a subfolder): its Slideshow and its photos.
    case photoAlbum(String)
    /// Shows photo `index` of `album` (nil: the folder's own photos) full screen.
    case photo(album: String?, index: Int, title: String)
    /// Plays the photos of `album` (nil: every photo) as a slideshow.
    case slideshow(album: String?)
    /// A line that says why Photos has nothing to show, and how to add pictures.
    case photosNote(String)
    /// Steps through the slideshow's intervals (`Settings.slideshowSteps`).
    case slideshowInterval
    /// Switches Shuffle Photos on and off.
    case shufflePhotos
    /// Steps through Fit, Fill and Stretch.
    case photoFit
    /// Opens the brightness slider.
    case brightness
    /// Opens the speed slider.
    case speed
    /// Switches light/dark.
    case theme
    /// Steps through 1, 2, 4, 8 samples per LED.
    case supersampling
    /// Steps through obey, ignore once, ignore: what a network stream may do.
    case streams
    /// Steps through the cross-fade lengths between effects (`Settings.transitionSteps`).
    case transition
    /// Steps through All and each family: what Shuffle draws from.
    case shuffleFrom
    /// Shows panel size, fps and version.
    case about
    /// Returns to the effect that is playing or paused.
    case nowPlaying
    /// Opens the parameters of menu effect `effect` (an index into `effects`).
    case effectParameters(effect: Int)
    /// One parameter of an effect: a slider screen for numbers, a list for choices and colours.
    case parameter(effect: Int, name: String)
    /// One row of a parameter's list: selecting it sets the parameter to `value`.
    case parameterValue(effect: Int, name: String, value: String, label: String)
    /// Opens Settings → Presets: Save Current, then the presets.
    case presets
    /// Saves what is shown as a new preset, "Preset N".
    case savePreset
    /// One preset: opens Load and Delete for it.
    case preset(id: Int)
    /// Loads preset `id`, or deletes it when `delete`.
    case presetAction(id: Int, delete: Bool)

    /// The row's label (settings rows show their value; see `PixelWheelApp.label(for:)`).
    public var title: String {
        switch self {
        case let .submenu(title, _): return title
        case let .effect(title, _, _): return title
        case .shuffle: return "Shuffle"
        case .clock: return "Clock"
        case .scrollingText: return "Scrolling Text"
        case let .game(kind): return kind.title
        case .photos: return "Photos"
        case let .photoAlbum(name): return name
        case let .photo(_, _, title): return title
        case .slideshow: return "Slideshow"
        case let .photosNote(text): return text
        case .slideshowInterval: return "Slideshow Interval"
        case .shufflePhotos: return "Shuffle Photos"
        case .photoFit: return "Photo Fit"
        case .brightness: return "Brightness"
        case .speed: return "Speed"
        case .theme: return "Theme"
        case .supersampling: return "Supersampling"
        case .streams: return "Streams"
        case .transition: return "Transition"
        case .shuffleFrom: return "Shuffle From"
        case .about: return "About"
        case .nowPlaying: return "Now Playing"
        case let .effectParameters(effect): return MenuEntry.effects[effect].title
        case let .parameter(_, name): return EffectParameterMenu.displayName(name)
        case let .parameterValue(_, _, _, label): return label
        case .presets: return "Presets"
        case .savePreset: return "Save Current"
        case let .preset(id): return "Preset \(id)"
        case let .presetAction(_, delete): return delete ? "Delete" : "Load"
        }
    }

    /// Whether the row leads to another screen (drawn with a chevron).
    public var opensScreen: Bool {
        switch self {
        case .submenu, .brightness, .speed, .about, .nowPlaying, .effectParameters, .parameter, .presets, .preset, .photos, .photoAlbum:
            return true
        default: return false
        }
    }

    /// Every effect the menu plays, in a fixed order that is each one's number (WLED's `fx`,
    /// presets, the remote): the seed effects as the menu has always named them (the starfield
    /// twice, once per mode), then every other catalog effect, family by family.
    public static let effects: [MenuEntry] = [
        .effect(title: "DVD Bounce", name: "bounce", parameters: [:]),
        .effect(title: "Starfield", name: "starfield", parameters: ["mode": "objects"]),
        .effect(title: "Star Shader", name: "starfield", parameters: ["mode": "shader"]),
        .effect(title: "Digital Rain", name: "rain", parameters: [:]),
        .effect(title: "Fan Sweep", name: "fan", parameters: [:]),
    ] + EffectCatalog.all.filter { $0.family != .classic }.map { .effect(title: $0.title, name: $0.name, parameters: [:]) }

    /// The family of menu effect `index`.
    public static func family(ofEffect index: Int) -> EffectFamily {
        guard case let .effect(_, name, _) = effects[index], let descriptor = try? EffectCatalog.named(name) else { return .classic }
        return descriptor.family
    }

    /// The numbers of the menu effects in `family` (all of them for nil), in menu order.
    public static func effectIndices(in family: EffectFamily?) -> [Int] {
        effects.indices.filter { family == nil || self.family(ofEffect: $0) == family }
    }

    /// Effects → All Effects (alphabetical), then a submenu per family, so 30 effects stay
    /// easy to find on an 8-row screen.
    public static let effectsMenu: [MenuEntry] =
        [.submenu("All Effects", effects.sorted { $0.title.lowercased() < $1.title.lowercased() })]
        + EffectFamily.allCases.filter { !effectIndices(in: $0).isEmpty }
            .map { family in .submenu(family.title, effectIndices(in: family).map { effects[$0] }) }

    /// The standard menu tree, top level first, in the iPod's order: Effects, Photos, Shuffle,
    /// Extras (Clock, Scrolling Text, Games), Settings.
    public static let topLevel: [MenuEntry] = [
        .submenu("Effects", effectsMenu),
        .photos,
        .shuffle,
        .submenu("Extras", [.clock, .scrollingText, .submenu("Games", GameKind.allCases.map { .game($0) })]),
        .submenu("Settings", [.brightness, .speed, .theme, .supersampling,
                              .submenu("Effect Parameters", effects.indices.map { .effectParameters(effect: $0) }), .streams,
                              .presets, .transition, .shuffleFrom,
                              .submenu("Photos", [.slideshowInterval, .shufflePhotos, .photoFit]), .about]),
    ]
}
