extension HzellerFlag {
    /// `arguments` (without the program's name) with each `--led-*` flag of a command line of
    /// one of `commands` rewritten as `OPTION --led-NAME=VALUE` (`option`, the hidden option a
    /// command takes them under), so that an argument parser hands them over as one option, in
    /// order. A value flag followed by its value as the next word becomes one word. Nothing
    /// after `--` is touched; other commands' arguments stay as they are.
    public static func gather(_ arguments: [String], option: String, commands: Set<String>) -> [String] {
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
}
