import DpendModel
import Testing

/// The JSON dpend reads and writes itself: strict parsing, deterministic printing.
struct JSONValueTests {
  static let document = JSONValue.object([
    "name": .string("Kit"),
    "count": .number(3),
    "ratio": .number(-0.25),
    "enabled": .bool(true),
    "missing": .null,
    "empty": .object([:]),
    "list": .array([.number(1), .array([]), .object(["b": .bool(false), "a": .string("x")])]),
  ])

  static func parsingError(_ text: String) -> JSONParseError? {
    do {
      _ = try JSONValue.parse(text)
      return nil
    } catch {
      return error
    }
  }

  @Test func prettyPrintSortsKeysAndIndentsByTwo() {
    #expect(
      Self.document.prettyPrinted() == """
        {
          "count": 3,
          "empty": {},
          "enabled": true,
          "list": [
            1,
            [],
            {
              "a": "x",
              "b": false
            }
          ],
          "missing": null,
          "name": "Kit",
          "ratio": -0.25
        }
        """)
  }

  @Test func compactPrintIsOneLine() {
    #expect(
      Self.document.compact()
        == #"{"count":3,"empty":{},"enabled":true,"list":[1,[],{"a":"x","b":false}],"missing":null,"#
        + #""name":"Kit","ratio":-0.25}"#)
  }

  @Test func parsePrintRoundTrip() throws {
    #expect(try JSONValue.parse(Self.document.prettyPrinted()) == Self.document)
    #expect(try JSONValue.parse(Self.document.compact()) == Self.document)
    let text = " \n\t{ \"a\" : [ 1 , 2.5e2 , -0 ] , \"b\" : { } }\r\n"
    #expect(
      try JSONValue.parse(text)
        == .object(["a": .array([.number(1), .number(250), .number(0)]), "b": .object([:])]))
  }

  @Test func escapesAndUnicode() throws {
    let parsed = try JSONValue.parse(#""q\" b\\ s\/ \b\f\n\r\t \u0041\u00e9 \ud83d\ude00 \u0001 Café ☕️""#)
    let expected = "q\" b\\ s/ \u{08}\u{0C}\n\r\t Aé 😀 \u{01} Café ☕️"

    #expect(parsed == .string(expected))
    #expect(parsed.prettyPrinted() == #""q\" b\\ s/ \u0008\u000c\n\r\t Aé 😀 \u0001 Café ☕️""#)
    #expect(try JSONValue.parse(parsed.prettyPrinted()) == parsed)
    #expect(try JSONValue.parse(#"{"é\n": "😀"}"#) == .object(["é\n": .string("😀")]))
  }

  @Test func numbersPrintAsIntegersWhenWhole() {
    let numbers: [Double] = [0, -7, 42, 0.5, 1e20, 123_456_789_012_345]
    #expect(JSONValue.array(numbers.map(JSONValue.number)).compact() == "[0,-7,42,0.5,1e+20,123456789012345]")
  }

  @Test func malformedDocumentsAreRejectedWithTheirPosition() {
    let cases: [(text: String, message: String)] = [
      ("", "line 1, column 1: unexpected end of input"),
      ("[1, 2", "line 1, column 6: unterminated array"),
      ("[1 2]", "line 1, column 4: expected ',' or ']'"),
      ("{\"a\" 1}", "line 1, column 6: expected ':'"),
      ("{1: 2}", "line 1, column 2: expected a string key"),
      ("{\"a\": 1,\n \"b\": tru}", "line 2, column 7: unexpected character"),
      ("\"abc", "line 1, column 5: unterminated string"),
      ("\"a\u{01}\"", "line 1, column 3: control character in string"),
      (#""\x""#, "line 1, column 4: invalid escape in string"),
      (#""\ud83d""#, "line 1, column 8: unpaired surrogate in \\u escape"),
      (#""\u12G4""#, "line 1, column 4: invalid \\u escape"),
      ("[] []", "line 1, column 4: unexpected text after the JSON value"),
      ("01", "line 1, column 2: unexpected text after the JSON value"),
      ("[1.]", "line 1, column 2: unexpected character"),
      ("{\"a\": +1}", "line 1, column 7: unexpected character"),
      (
        String(repeating: "[", count: 513) + String(repeating: "]", count: 513),
        "line 1, column 513: nesting is too deep"
      ),
    ]
    for (text, message) in cases {
      #expect(Self.parsingError(text)?.description == message, "\(text)")
    }
  }

  @Test func numbersFollowTheJSONGrammar() throws {
    for text in ["0", "-0", "12", "-3.25", "1e3", "1E+3", "2.5e-2"] {
      #expect(Self.parsingError(text) == nil, "\(text)")
    }
    for text in ["01", "+1", ".5", "1.", "-", "1e", "1.e3", "--1", "0x10", "1e+"] {
      #expect(Self.parsingError(text) != nil, "\(text)")
    }
  }

  /// What each number reads as, as `JSONDecoder` read the server's messages: whole digits
  /// (`2.0`) and a whole value with an exponent (`1e2`) are `.int`; a fraction not all zeros
  /// is `.double`, even one a `Double` rounds to a whole number; a number no `Double` holds is
  /// an error.
  @Test func eachNumberReadsAsItsValue() throws {
    let cases: [(String, JSONValue)] = [
      ("12", .int(12)), ("-0", .int(0)), ("2.0", .int(2)), ("1e2", .int(100)), ("1E+2", .int(100)),
      ("12.0000000000000000001", .double(12)), ("1e-400", .int(0)), ("1.5", .double(1.5)), ("-3.25", .double(-3.25)),
      ("2.5e-2", .double(0.025)), ("1e19", .double(1e19)),
    ]
    for (text, value) in cases {
      #expect(try JSONValue.parse(text) == value, "\(text)")
    }
    #expect(Self.parsingError("1e400")?.description == "line 1, column 1: unexpected character")
  }

  /// A `\u` escape is exactly four hex digits: a sign is no digit, though Swift's integer
  /// parsing would take it.
  @Test func aUnicodeEscapeIsFourHexDigits() throws {
    #expect(try JSONValue.parse(#""\u0041\u00e9\u00E9""#) == .string("Aéé"))
    for text in [#""\u+041""#, #""\u-041""#, #""\u004""#, #""\u00g1""#] {
      #expect(Self.parsingError(text) != nil, "\(text)")
    }
  }

  /// A leading byte order mark is skipped; a member written twice keeps its first value.
  @Test func aByteOrderMarkIsSkippedAndTheFirstOfTwoMembersKept() throws {
    #expect(try JSONValue.parse("\u{FEFF}{\"a\": 1}") == .object(["a": .int(1)]))
    #expect(try JSONValue.parse(#"{"a": 1, "a": 2}"#) == .object(["a": .int(1)]))
  }
}
