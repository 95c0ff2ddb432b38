import Foundation
import Testing
import PixelCore

@Suite struct JSONParserTests {
    @Test func readsEveryKindOfValueInTextOrder() throws {
        let value = try JSONParser.parse(#" {"on":true,"bri":128,"x":-1.5e2,"s":"a\"\u00e9\ud83d\ude42","n":null,"a":[1,false,{}],"on":false} "#)
        #expect(value == .object([("on", .bool(true)), ("bri", .int(128)), ("x", .double(-150)),
                                  ("s", .string("a\"é🙂")), ("n", .null),
                                  ("a", .array([.int(1), .bool(false), .object([])])), ("on", .bool(false))]))
        #expect(value["on"]?.bool == false)  // the last of a repeated key
        #expect(value["bri"]?.integer == 128)
        #expect(value["x"]?.integer == -150)
        #expect(value["missing"] == nil)
    }

    @Test func whatItWritesReadsBackTheSame() throws {
        let value = JSONValue.object([("k", .array([.string("line\n\t\u{1}"), .int(Int64.min), .int(Int64.max), .bool(true), .null]))])
        #expect(try JSONParser.parse(value.text) == value)
    }

    @Test func numbersBeyond64BitsBecomeDoubles() throws {
        #expect((try JSONParser.parse("9223372036854775808")).integer == Int.max)
        #expect(try JSONParser.parse("-9223372036854775808") == .int(Int64.min))
        #expect((try JSONParser.parse("1e999")).integer == nil)  // infinity
        #expect(try JSONParser.parse("1e-999") == .double(0))
        #expect(try JSONParser.parse("0.25") == .double(0.25))
    }

    @Test func refusesTextsOverTheSizeLimit() {
        let text = "[" + String(repeating: "1,", count: 100) + "1]"
        #expect(throws: JSONParseError.tooLarge(bytes: text.utf8.count, limit: 100)) {
            try JSONParser.parse(text, limits: JSONLimits(maximumBytes: 100))
        }
    }

    @Test func refusesNestingDeeperThanTheLimitWithoutRecursingFurther() throws {
        #expect(try JSONParser.parse("[[1]]", limits: JSONLimits(maximumDepth: 2)) == .array([.array([.int(1)])]))
        #expect(throws: JSONParseError.tooDeep(limit: 2, offset: 2)) {
            try JSONParser.parse("[[[1]]]", limits: JSONLimits(maximumDepth: 2))
        }
        // A megabyte of brackets asks for more than the ceiling: refused, not a stack overflow.
        let deep = String(repeating: "[", count: 1 << 20)
        #expect(throws: JSONParseError.tooDeep(limit: JSONLimits.depthCeiling, offset: JSONLimits.depthCeiling)) {
            try JSONParser.parse(deep, limits: JSONLimits(maximumBytes: 1 << 21, maximumDepth: 1_000_000))
        }
    }

    @Test func malformedTextsAreTypedErrors() {
        let cases: [(String, JSONParseError)] = [
            ("", .unexpectedEnd),
            ("{\"a\":", .unexpectedEnd),
            ("{a:1}", .unexpectedByte(UInt8(ascii: "a"), offset: 1)),
            ("[1,]", .unexpectedByte(UInt8(ascii: "]"), offset: 3)),
            ("01", .badNumber(offset: 0)),
            ("-", .badNumber(offset: 0)),
            ("1.", .badNumber(offset: 0)),
            ("1e", .badNumber(offset: 0)),
            ("\"a\u{1}\"", .badString(offset: 2)),
            ("\"\\x\"", .badString(offset: 2)),
            ("\"\\u12G4\"", .badString(offset: 5)),
            ("true false", .trailingData(offset: 5)),
            ("nul", .unexpectedEnd),
            ("trve", .unexpectedByte(UInt8(ascii: "v"), offset: 2)),
        ]
        for (text, error) in cases {
            #expect(throws: error, "\(text)") { try JSONParser.parse(text) }
        }
    }

    @Test func loneSurrogatesAndInvalidUTF8BecomeReplacementCharacters() throws {
        #expect(try JSONParser.parse(#""\ud800x""#) == .string("\u{FFFD}x"))
        #expect(try JSONParser.parse([0x22, 0xFF, 0x22]) == .string("\u{FFFD}"))
    }

    @Test func agreesWithFoundationOnWhatIsJSON() {
        let texts = ["{}", "[]", "{\"a\":[1,2,{\"b\":null}]}", "[1e5,-0.5,3]", "{\"a\" 1}", "[1 2]", "[\"\\/\"]", "{,}", "[-01]"]
        for text in texts {
            let ours = (try? JSONParser.parse(text)) != nil
            let theirs = (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) != nil
            #expect(ours == theirs, "\(text)")
        }
    }
}
