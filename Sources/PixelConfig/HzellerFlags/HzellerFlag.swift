/// One of hzeller's `--led-*` flags (rpi-rgb-led-matrix, lib/options-initialize.cc) and what
/// it becomes in PixelWheel: a row of `HzellerFlag.all`.
public struct HzellerFlag: Sendable {
    /// How the flag is written.
    public enum Form: Sendable {
        /// `--led-NAME=VALUE` or `--led-NAME VALUE`.
        case value
        /// `--led-NAME` (on) or `--led-no-NAME` (off).
        case boolean
    }

    /// What the flag becomes.
    public enum Translation: Sendable {
        /// The HUB75 key, with the flag's value as a whole number (hzeller reads it with `strtol`).
        case number(String)
        /// The HUB75 key, with the flag's value in lower case.
        case lowercased(String)
        /// The HUB75 key, with the flag's value looked up (in lower case) in `values`; a value
        /// in `unsupported` is one of hzeller's with no PixelWheel equivalent yet.
        case choice(String, values: [(hzeller: String, pixelWheel: String)], unsupported: [String])
        /// The HUB75 key `true` or `false` (a boolean flag).
        case toggle(String)
        /// `multiplexing=`: 0 is none, 1...22 hzeller's schemes (PixelWheel numbers them alike).
        case multiplexing
        /// `rotate=` and `mirror=` from a `Rotate:…;Mirror:…` chain (see `HzellerPixelMapper`).
        case pixelMapper
        /// A number under a key the HUB75 parser may not have yet: translated only when it does.
        case newNumber(String)
        /// An option of `pixelwheel run`, not of the panel (`--show-refresh`).
        case runOption(String)
        /// PixelWheel always behaves as the flag's value `accepted` asks ("true"/"false" for a
        /// boolean): accepted with `note`; any other value is refused with `refusal`.
        case alreadySo(accepted: String, note: String, refusal: String)
        /// No equivalent: always refused with this reason, which says what to do.
        case refused(String)
    }

    /// The name after `--led-`, e.g. "rows".
    public let name: String
    /// How it is written.
    public let form: Form
    /// What it becomes.
    public let translation: Translation
    /// What it means in hzeller's library, in a few words (for the docs and `list`).
    public let meaning: String

    /// A row of the table.
    public init(_ name: String, _ form: Form, _ translation: Translation, _ meaning: String) {
        self.name = name
        self.form = form
        self.translation = translation
        self.meaning = meaning
    }

    /// The flag of this name, if hzeller's library has one.
    public static func named(_ name: String) -> HzellerFlag? {
        all.first { $0.name == name }
    }
}
