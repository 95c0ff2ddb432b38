import PixelConfig

/// hzeller's `--led-*` flags on PixelWheel's command line: `sim` and `run` take them, and
/// `config from-flags` turns them into a `[[panel]]` table. The translation is
/// `HzellerFlag.translate` (PixelConfig); this is what the commands call.
public enum LEDFlags {
    /// The hidden option each `--led-*` flag is handed to the commands under.
    public static let option = "--hzeller-flag"

    /// The commands whose command line may carry `--led-*` flags.
    public static let commands: Set<String> = ["sim", "run"]

    /// `arguments` (without the program's name) with each `--led-*` flag of a `sim` or `run`
    /// command line rewritten as `--hzeller-flag --led-NAME=VALUE`, so that ArgumentParser hands
    /// them over as one option, in order. A value flag followed by its value as the next word
    /// becomes one word. Nothing after `--` is touched; other commands' arguments stay as they are.
    public static func gather(_ arguments: [String]) -> [String] {
        guard let command = arguments.first, commands.contains(command) else { return arguments }
        var result: [String] = [command]
        var index = 1
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if word == "--" {
                result.append(contentsOf: arguments[(index - 1)...])
                break
            }
            guard word.hasPrefix("--led-") else {
                result.append(word)
                continue
            }
            var flag = word
            if takesNextWord(word), index < arguments.count {
                flag = word + "=" + arguments[index]
                index += 1
            }
            result.append(option)
            result.append(flag)
        }
        return result
    }

    /// Whether `word` is a value flag written without `=VALUE` (its value is the next word).
    static func takesNextWord(_ word: String) -> Bool {
        guard !word.contains("=") else { return false }
        return HzellerFlag.named(String(word.dropFirst(6)))?.form == .value
    }

    /// The `[[panel]]` table that `config from-flags` prints for `arguments`: each argument is
    /// split into words as a shell would (so one quoted string of flags works), then translated.
    public static func configurationTable(_ arguments: [String]) throws -> String {
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
    public static func showRefresh(_ flags: [String]) throws -> Bool? {
        try HzellerFlag.translate(flags).showRefresh
    }

    /// The notes on flags accepted without a key, one line each (for standard error).
    public static func notes(_ flags: [String]) throws -> [String] {
        try HzellerFlag.translate(flags).notes
    }
}

extension Setup {
    /// This set-up with the `--led-*` `flags` laid over its first HUB75 panel (see
    /// `overridingHUB75(with:addsPanel:)`); unchanged when there are none. A file whose panel
    /// the flags make clash with its pins throws `InvalidConfiguration`.
    public func overriding(ledFlags flags: [String], addsPanel: Bool) throws -> Setup {
        guard !flags.isEmpty else { return self }
        let translation = try HzellerFlag.translate(flags)
        do {
            return try overridingHUB75(with: translation, addsPanel: addsPanel)
        } catch let error as ConfigurationError {
            throw InvalidConfiguration(description: error.description)
        }
    }
}
