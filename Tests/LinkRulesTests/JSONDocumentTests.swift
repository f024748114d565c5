import Foundation
import PropertyBased
import Testing
@testable import LinkRules

/// A JSON text that must be rejected, with the message and byte offsets the reader must report.
struct JSONSyntaxCase: Sendable, CustomTestStringConvertible {
    var text: String
    var message: String
    var offset: Int
    var opening: Int? = nil

    var testDescription: String { text.debugDescription }
}

/// The strict JSON reader: located values, every syntax error with its offsets, depth bound, unicode.
@Suite struct JSONDocumentTests {
    private func slice(_ text: String, _ range: Range<Int>) -> String {
        String(decoding: Array(text.utf8)[range], as: UTF8.self)
    }

    private func syntaxError(_ bytes: [UInt8], maximumDepth: Int = JSONDocument.defaultMaximumDepth) -> JSONSyntaxError? {
        do {
            _ = try JSONDocument.parse(bytes, maximumDepth: maximumDepth)
            return nil
        } catch {
            return error
        }
    }

    @Test func valuesKeepTheirByteRangesAndMemberOrder() throws {
        let text = #"{"name": "cookpad", "list": [1, true, null, {}], "n": -2.5e3 , "a": false}"#
        let root = try JSONDocument.parse(text)
        let members = try #require(root.members)
        #expect(members.map(\.key) == ["name", "list", "n", "a"])
        #expect(slice(text, root.range) == text)
        #expect(slice(text, members[0].keyRange) == #""name""#)
        #expect(slice(text, members[0].value.range) == #""cookpad""#)
        #expect(slice(text, members[1].value.range) == "[1, true, null, {}]")
        let list = try #require(members[1].value.elements)
        #expect(list.map { slice(text, $0.range) } == ["1", "true", "null", "{}"])
        #expect(list[1].boolValue == true)
        #expect(list[2] == .null(range: list[2].range))
        #expect(members[2].value.numberText == "-2.5e3")
        #expect(slice(text, members[2].value.range) == "-2.5e3")
        #expect(root["a"]?.boolValue == false)
        #expect(root["missing"] == nil)
    }

    @Test func numbersKeepTheirLiteralText() throws {
        let root = try JSONDocument.parse("[0, -0, 12, -3.25, 1e10, 6.02E+23, 1.5e-7]")
        let texts = try #require(root.elements).map(\.numberText)
        #expect(texts == ["0", "-0", "12", "-3.25", "1e10", "6.02E+23", "1.5e-7"])
    }

    @Test func escapesAndSurrogatePairsAreDecoded() throws {
        let root = try JSONDocument.parse(#"["caf\u00e9 é", "\ud83c\udf73", "a\"b\\c\/d\n\t\b\f\r"]"#)
        let strings = try #require(root.elements).map(\.stringValue)
        #expect(strings == ["café é", "🍳", "a\"b\\c/d\n\t\u{08}\u{0C}\r"])
    }

    @Test func duplicateKeysAreKeptAndTheLastWins() throws {
        let root = try JSONDocument.parse(#"{"a": 1, "a": 2}"#)
        #expect(root.members?.count == 2)
        #expect(root["a"]?.numberText == "2")
    }

    @Test func aLeadingByteOrderMarkIsSkipped() throws {
        let root = try JSONDocument.parse([0xEF, 0xBB, 0xBF] + Array("{}".utf8))
        #expect(root.range == 3..<5)
    }

    static let syntaxCases: [JSONSyntaxCase] = [
        .init(text: "", message: "empty document: expected a JSON value", offset: 0),
        .init(text: "   ", message: "empty document: expected a JSON value", offset: 3),
        .init(text: #"{"a": 1 "b": 2}"#, message: "expected ',' or '}' after an object member", offset: 8, opening: 0),
        .init(text: #"{"a": 1"#, message: "expected ',' or '}' after an object member", offset: 7, opening: 0),
        .init(text: "[1 2]", message: "expected ',' or ']' after an array element", offset: 3, opening: 0),
        .init(text: #"{"a": 1,}"#, message: "trailing comma before '}'", offset: 8),
        .init(text: "[1,]", message: "trailing comma before ']'", offset: 3),
        .init(text: #"{"a" 1}"#, message: "expected ':' after the key 'a'", offset: 5, opening: 0),
        .init(text: "{a: 1}", message: "expected a key in double quotes, found character 'a'", offset: 1),
        .init(text: "{'a': 1}", message: "keys must be in double quotes, found '\\''", offset: 1),
        .init(text: "// note\n{}", message: "comments are not allowed in JSON", offset: 0),
        .init(text: #"["abc"#, message: "unterminated string", offset: 5, opening: 1),
        .init(
            text: "[\"ab\ncd\"]", message: "unterminated string: a line break inside a string must be written '\\n'",
            offset: 4, opening: 1),
        .init(text: "\"a\tb\"", message: "unescaped control character U+0009 in a string", offset: 2),
        .init(text: #"["a\qb"]"#, message: "invalid escape '\\q' in a string", offset: 3),
        .init(text: #""\u12G4""#, message: "invalid unicode escape '\\u12G4': expected four hex digits", offset: 1),
        .init(text: #""\ud83c""#, message: "unpaired surrogate '\\uD83C' in a string", offset: 1),
        .init(text: #""\ud83c\u0041""#, message: "unpaired surrogate '\\uD83C' in a string", offset: 1),
        .init(text: #""\udf73""#, message: "unpaired surrogate '\\uDF73' in a string", offset: 1),
        .init(text: "01", message: "invalid number '01': leading zeros are not allowed", offset: 0),
        .init(text: "[1.]", message: "invalid number '1.': expected a digit after '.'", offset: 1),
        .init(text: "-", message: "invalid number '-': expected a digit after '-'", offset: 0),
        .init(text: "1e+", message: "invalid number '1e+': expected a digit in the exponent", offset: 0),
        .init(text: "tru", message: "invalid literal 'tru': expected 'true'", offset: 0),
        .init(text: "[nul]", message: "invalid literal 'nul': expected 'null'", offset: 1),
        .init(text: "[1, @]", message: "unexpected character '@': expected a value", offset: 4),
        .init(text: #"{"a": 1} x"#, message: "unexpected character 'x' after the JSON value", offset: 9),
        .init(text: "[1,", message: "unexpected end of input: expected a value", offset: 3, opening: 0),
    ]

    @Test(arguments: syntaxCases)
    func syntaxErrorsSayWhatAndWhere(_ testCase: JSONSyntaxCase) throws {
        let error = try #require(syntaxError(Array(testCase.text.utf8)))
        #expect(error.message == testCase.message)
        #expect(error.byteOffset == testCase.offset)
        #expect(error.openingOffset == testCase.opening)
    }

    @Test func invalidUTF8InAStringIsReportedAtTheBadByte() throws {
        let error = try #require(syntaxError([0x22, 0x61, 0xFF, 0x22]))
        #expect(error.message == "invalid UTF-8 in a string")
        #expect(error.byteOffset == 2)
        // An overlong encoding of '/' is malformed too.
        #expect(syntaxError([0x22, 0xC0, 0xAF, 0x22])?.byteOffset == 1)
    }

    @Test func nestingIsBoundedWithAClearError() throws {
        let deepest = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(syntaxError(Array(deepest.utf8)) == nil)
        let tooDeep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        let error = try #require(syntaxError(Array(tooDeep.utf8)))
        #expect(error.message == "nesting deeper than 512 levels")
        #expect(error.byteOffset == 512)
        let objects = #"{"a": {"b": {"c": {}}}}"#
        #expect(syntaxError(Array(objects.utf8), maximumDepth: 3)?.message == "nesting deeper than 3 levels")
        #expect(syntaxError(Array(objects.utf8), maximumDepth: 4) == nil)
    }

    @Test func anyStringSurvivesFoundationEncoding() async {
        // Surrogate code points are not scalars; they stand in as '?'.
        let scalars = Gen<UInt32>.value(in: 0...0x2FFFF).map { Character(Unicode.Scalar($0) ?? "?") }
        await propertyCheck(input: scalars.string(of: 0...24)) { text in
            let encoded = try! JSONEncoder().encode([text])
            let parsed = try? JSONDocument.parse(Array(encoded))
            #expect(parsed?.elements?.first?.stringValue == text)
        }
    }
}
