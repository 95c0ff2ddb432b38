import PixelConfig
import PixelRuntime

/// hzeller's `--led-*` flags on PixelWheel's command line: `sim` and `run` take them (gathered
/// by `HzellerFlag.gather` into the hidden `--hzeller-flag` option), and `config from-flags`
/// turns them into a `[[panel]]` table. The translation is `HzellerFlag.translate` (PixelConfig).
enum HzellerFlagOptions {
    /// The hidden option each `--led-*` flag is handed to the commands under.
    static let option = "--hzeller-flag"

    /// The commands whose command line may carry `--led-*` flags.
    static let commands: Set<String> = ["sim", "run"]

    /// `arguments` with the `--led-*` flags of `sim` and `run` gathered under `option`.
    static func gather(_ arguments: [String]) -> [String] {
        HzellerFlag.gather(arguments, option: option, commands: commands)
    }

    /// The `[[panel]]` table that `config from-flags` prints for `arguments`: each argument is
    /// split into words as a shell would (so one quoted string of flags works), then translated.
    static func configurationTable(_ arguments: [String]) throws -> String {
        var words: [String] = []
        for argument in arguments {
            guard let split = ShellWords.split(argument) else {
                throw OptionError.badValue(option: "from-flags", problem: "has a quote that is not closed: \(argument)")
            }
            words.append(contentsOf: split)
        }
        guard !words.isEmpty else {
            throw OptionError.needs(option: "from-flags", what: "hzeller's --led-* flags", why: "it prints the panel they describe")
        }
        let translation = try HzellerFlag.translate(words)
        if translation.showRefresh != nil {
            throw HzellerFlagError.refused(
                flag: "--led-show-refresh", reason: "not a panel key; give it to pixelwheel run (as --show-refresh or --led-show-refresh)")
        }
        return try translation.configurationTable()
    }

    /// `--led-show-refresh` among `flags`: true, false (`--led-no-show-refresh`) or nil.
    static func showRefresh(_ flags: [String]) throws -> Bool? {
        try HzellerFlag.translate(flags).showRefresh
    }

    /// The notes on flags accepted without a key, one line each (for standard error).
    static func notes(_ flags: [String]) throws -> [String] {
        try HzellerFlag.translate(flags).notes
    }
}
