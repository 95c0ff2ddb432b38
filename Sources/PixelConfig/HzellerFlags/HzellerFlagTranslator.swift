import PixelPanels

extension HzellerFlag {
    /// The keys the HUB75 parser of this build reads: a `.newNumber` flag is translated only
    /// when its key is among them.
    public static let hub75Keys: Set<String> = Set(((try? PanelDescription(parsing: "hub75"))?.keys ?? []).map(\.key))

    /// Translates hzeller's flags, each word as the shell passed it: `--led-NAME=VALUE`,
    /// `--led-NAME VALUE` (two words), `--led-NAME` or `--led-no-NAME` for a boolean. Every
    /// word must be such a flag; the first one without an equivalent is refused.
    /// `keys` is the HUB75 parser's keys (the build's own unless a test says otherwise).
    public static func translate(_ words: [String], keys: Set<String> = hub75Keys) throws(HzellerFlagError) -> HzellerTranslation {
        var translation = HzellerTranslation()
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            guard word.hasPrefix("--led-") else {
                throw .refused(flag: word, reason: "not one of hzeller's --led-* flags; give only --led-… flags here")
            }
            let body = String(word.dropFirst(6))
            let parts = body.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            var value: String? = parts.count > 1 ? String(parts[1]) : nil
            var flag = named(name)
            var booleanValue = true
            if flag == nil, name.hasPrefix("no-"), let negated = named(String(name.dropFirst(3))), negated.form == .boolean {
                flag = negated
                booleanValue = false
            }
            guard let flag else {
                throw .refused(flag: "--led-\(name)", reason: "hzeller's library has no such flag (a typo?); docs/panels.md lists the ones PixelWheel reads")
            }
            switch flag.form {
            case .boolean:
                guard value == nil else {
                    throw .refused(flag: word, reason: "takes no value; write --led-\(flag.name) or --led-no-\(flag.name)")
                }
                value = booleanValue ? "true" : "false"
            case .value:
                if value == nil {
                    guard index < words.count else {
                        throw .refused(flag: word, reason: "needs a value, e.g. --led-\(flag.name)=VALUE")
                    }
                    value = words[index]
                    index += 1
                }
            }
            try apply(flag, value: value ?? "", written: word, keys: keys, to: &translation)
        }
        return translation
    }

    /// Adds what `flag` with `value` says to `translation`.
    static func apply(_ flag: HzellerFlag, value: String, written: String, keys: Set<String>,
                      to translation: inout HzellerTranslation) throws(HzellerFlagError) {
        let shown = flag.form == .boolean ? written : "--led-\(flag.name)=\(value)"
        switch flag.translation {
        case let .number(key):
            translation.set(key, try number(value, shown: shown))
        case let .lowercased(key):
            translation.set(key, value.lowercased())
        case let .choice(key, values, unsupported):
            let lowered = value.lowercased()
            if let match = values.first(where: { $0.hzeller == lowered }) {
                translation.set(key, match.pixelWheel)
            } else if unsupported.contains(lowered) {
                throw .refused(flag: shown, reason: "PixelWheel has no \(key)= for it (not supported yet); "
                    + "use one of " + values.map(\.hzeller).filter { !$0.isEmpty }.joined(separator: ", "))
            } else {
                throw .refused(flag: shown, reason: "must be one of " + values.map(\.hzeller).filter { !$0.isEmpty }.joined(separator: ", "))
            }
        case let .toggle(key):
            translation.set(key, value)
        case .multiplexing:
            translation.set("multiplexing", try scheme(value, shown: shown))
        case .pixelMapper:
            let steps = try HzellerPixelMapper.steps(value)
            guard let mounting = HzellerPixelMapper.mounting(of: steps) else {
                throw .refused(flag: shown, reason: "these mappers have no PixelWheel mounting; give rotate= and mirror= instead")
            }
            translation.set("rotate", mounting.rotation.description)
            translation.set("mirror", mounting.mirror.description)
        case let .newNumber(key):
            guard keys.contains(key) else {
                throw .refused(flag: shown, reason: "PixelWheel has no \(key)= key yet (not supported yet); leave the flag out")
            }
            translation.set(key, try number(value, shown: shown))
        case .runOption:
            translation.showRefresh = value == "true"
        case let .alreadySo(accepted, note, refusal):
            guard value == accepted else { throw .refused(flag: shown, reason: refusal) }
            translation.notes.append("\(shown): \(note); nothing to set")
        case let .refused(reason):
            throw .refused(flag: shown, reason: reason)
        }
    }

    /// `value` as a whole number in decimal, as hzeller's `strtol` reads it (spaces before it
    /// and a sign allowed), written plainly.
    static func number(_ value: String, shown: String) throws(HzellerFlagError) -> String {
        let trimmed = value.drop { $0 == " " || $0 == "\t" }
        guard let number = Int(trimmed) else {
            throw .refused(flag: shown, reason: "needs a whole number (got '\(value)')")
        }
        return String(number)
    }

    /// `--led-multiplexing`'s number as a PixelWheel scheme name: 0 is none.
    static func scheme(_ value: String, shown: String) throws(HzellerFlagError) -> String {
        let count = HUB75Multiplexing.all.count
        guard let number = Int(try number(value, shown: shown)), (0...count).contains(number) else {
            throw .refused(flag: shown, reason: "must be 0 (none) to \(count); pixelwheel list names each scheme")
        }
        guard number > 0, let scheme = HUB75Multiplexing.named(String(number)) else { return "none" }
        return scheme.name
    }
}
