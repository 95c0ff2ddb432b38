import Foundation
import Testing
import PixelCore

@Suite struct JSONValueTests {
    @Test func stringsEscapeQuotesBackslashesAndEveryControlCharacter() {
        #expect(JSONValue.string("say \"hi\"\\now").text == #""say \"hi\"\\now""#)
        #expect(JSONValue.string("a\nb\rc\td").text == #""a\nb\rc\td""#)
        #expect(JSONValue.string("\u{0}\u{1}\u{1f}\u{7f}").text == "\"\\u0000\\u0001\\u001f\u{7f}\"")
        #expect(JSONValue.string("é → 🙂 /").text == "\"é → 🙂 /\"")
        #expect(JSONValue.object([("a\"b", .null)]).text == #"{"a\"b":null}"#)
    }

    @Test func everyStringReadsBackAsItWasGiven() throws {
        let text = String(String.UnicodeScalarView((0..<0x80).compactMap(Unicode.Scalar.init))) + "é→🙂"
        let written = JSONValue.object([(text, .string(text))]).text
        let read = try #require(try JSONSerialization.jsonObject(with: Data(written.utf8)) as? [String: String])
        #expect(read == [text: text])
    }

    @Test func objectsKeepTheirMembersInTheOrderGiven() {
        #expect(JSONValue.object([("b", .int(1)), ("a", .int(2)), ("c", .int(3))]).text == #"{"b":1,"a":2,"c":3}"#)
        #expect(JSONValue.object([("k", .int(1)), ("k", .int(2))]).text == #"{"k":1,"k":2}"#)
    }

    @Test func valuesNest() {
        let value = JSONValue.object([
            ("list", .array([.int(1), .object([("x", .array([]))]), .array([.null, .bool(true)])])),
            ("empty", .object([])), ("off", .bool(false)),
        ])
        #expect(value.text == #"{"list":[1,{"x":[]},[null,true]],"empty":{},"off":false}"#)
    }

    @Test func integersAndDecimalsAreWrittenExactly() {
        #expect(JSONValue.int(0).text == "0")
        #expect(JSONValue.int(-12).text == "-12")
        #expect(JSONValue.int(.max).text == "9223372036854775807")
        #expect(JSONValue.int(.min).text == "-9223372036854775808")
        #expect(JSONValue.decimal(299, places: 1).text == "29.9")
        #expect(JSONValue.decimal(300, places: 1).text == "30.0")
        #expect(JSONValue.decimal(5, places: 1).text == "0.5")
        #expect(JSONValue.decimal(-5, places: 2).text == "-0.05")
        #expect(JSONValue.decimal(-1234, places: 3).text == "-1.234")
        #expect(JSONValue.decimal(0, places: 2).text == "0.00")
        #expect(JSONValue.decimal(7, places: 0).text == "7")
        #expect(JSONValue.decimal(.min, places: 1).text == "-922337203685477580.8")
    }

    @Test func doublesAreSwiftsShortestSpellingAndNullWhenNotFinite() {
        #expect(JSONValue.double(2).text == "2.0")
        #expect(JSONValue.double(2.5).text == "2.5")
        #expect(JSONValue.double(1.0 / 3).text == "0.3333333333333333")
        #expect(JSONValue.double(0.00001).text == "1e-05")
        #expect(JSONValue.array([.double(.nan), .double(.infinity), .double(-.infinity)]).text == "[null,null,null]")
    }

    @Test func writeAppendsToWhatIsThere() {
        var out = "line: "
        JSONValue.array([.string("a")]).write(to: &out)
        #expect(out == #"line: ["a"]"#)
    }
}
