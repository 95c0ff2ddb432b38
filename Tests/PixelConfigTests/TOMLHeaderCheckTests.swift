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

    /// toml++ 3.4 asserts on a `}` where an array expects a value (found by the config fuzz
    /// target, as `type = [[[…}…`); it is a problem on its line instead, never an abort.
    @Test(arguments: [("a = [ } ]\n", 1), ("a = [1, }\n", 1), ("x = 1\na = [[1],}\n", 2), ("a = { x = [ } ] }\n", 1),
                      ("a = [\n  # a comment\n  }\n", 3), ("a = [1,\n}\n", 2)])
    func aBraceWhereAnArrayExpectsAValueIsAProblemOnItsLine(text: String, line: Int) {
        #expect(TOMLHeaderCheck.firstCrasher(in: text)?.line == line, "\(text.debugDescription)")
        #expect {
            _ = try ConfigurationLoader.parse(text, file: "bad.toml")
        } throws: { error in
            guard let error = error as? ConfigurationError, error.problems.count == 1 else { return false }
            return error.problems[0].description == "bad.toml:\(line): not valid TOML: a '}' where the array expects a value; close the array with ']'"
        }
    }

    /// Braces that toml++ reads (or reports) itself are left to it.
    @Test(arguments: ["a = [1 }\n", "a = {x = }\n", "a = { }]\n", "a = [ ]}\n", "a = [\"}\", '}']\n", "a = [{x = 1}, {}]\n", "# [ }\n"])
    func otherBracesAreLeftToTheParser(text: String) {
        #expect(TOMLHeaderCheck.firstCrasher(in: text) == nil, "\(text.debugDescription)")
    }
}
