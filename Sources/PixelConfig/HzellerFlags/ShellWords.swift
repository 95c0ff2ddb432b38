/// A command line as one string split into words as a POSIX shell would for plain cases:
/// blanks separate words, '…' keeps everything literally, "…" keeps blanks (a backslash escapes
/// the next character there and outside quotes). No variables, globs or substitutions.
public enum ShellWords {
    /// The words of `line`; nil when a quote is not closed.
    public static func split(_ line: String) -> [String]? {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in line {
            if escaped {
                word.append(character)
                escaped = false
                continue
            }
            if let open = quote {
                if character == open {
                    quote = nil
                } else if character == "\\" && open == "\"" {
                    escaped = true
                } else {
                    word.append(character)
                }
                continue
            }
            switch character {
            case " ", "\t", "\n", "\r":
                if inWord { words.append(word) }
                word = ""
                inWord = false
            case "'", "\"":
                quote = character
                inWord = true
            case "\\":
                escaped = true
                inWord = true
            default:
                word.append(character)
                inWord = true
            }
        }
        guard quote == nil else { return nil }
        if inWord { words.append(word) }
        return words
    }
}
