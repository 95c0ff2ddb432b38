import Testing
@testable import PixelConfig

/// Found by fuzzing: toml++ 3.4 aborts the program (an assertion, exit 134) on a table header
/// without a name; such a file must be one problem naming its line instead.
struct TOMLHeaderCheckTests {
    static let namelessHeaders: [(text: String, line: Int)] = [
        ("# Four MAX7219\n\n[\na = 5\n", 3), ("[[[1]]]\n", 1), ("[app]\nfps = 30\n[ ]\n", 3), ("[[=\n", 1),
        ("[app]\ntext = \"[\" # [\n  [\n", 3), ("[", 1), ("[[", 1),
        ("\u{FEFF}[\n ", 1),
    ]

    @Test func aTableHeaderWithoutANameIsAProblemOnItsLine() {
        for (text, line) in Self.namelessHeaders {
            #expect(TOMLHeaderCheck.firstNamelessHeader(in: text) == line, "\(text.debugDescription)")
            #expect {
                _ = try ConfigurationLoader.parse(text, file: "bad.toml")
            } throws: { error in
                guard let error = error as? ConfigurationError, error.problems.count == 1 else { return false }
                return error.problems[0].description
                    == "bad.toml:\(line): not valid TOML: a table header needs a name after '[', like [encoder] or [[panel]]"
            }
        }
    }

    @Test func bracketsInsideStringsArraysAndCommentsAreNotHeaders() {
        let texts = [
            "[app]\ntext = \"\"\"\n[\n]\n\"\"\"\n", "[app]\ntext = '''\n[\n'''\n", "a = [\n  [1, 2],\n  [ ],\n]\n",
            "# [\n[ \"quoted\" ]\n", "[ app ]\n", "[[ panel ]]\ntype = \"ht16k33\"\n", "a = { b = [ [ ] ] }\n",
            "s = \"\\\"\\n[\"\n", "['lit']\n", "\u{FEFF}[app]\n",
        ]
        for text in texts {
            #expect(TOMLHeaderCheck.firstNamelessHeader(in: text) == nil, "\(text.debugDescription)")
        }
    }
}
