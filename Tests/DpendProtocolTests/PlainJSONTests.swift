import Foundation
import Testing

@testable import DpendProtocol

/// `PlainJSON` passes only values `JSONDecoder` always reads, so that the one-pass decoding
/// may skip what the params type ignores.
@Suite struct PlainJSONTests {
  /// Values and whether the check passes them.
  static let values: [(String, Bool)] = [
    ("0", true), ("-0", true), ("7", true), ("-12", true), ("1.5", true), ("-0.25", true),
    ("999999999999999999", true), ("-999999999999999999.99999999999999999", true), ("0.00000000000000001", true),
    ("true", true), ("false", true), ("null", true), (#""""#, true), (#""plain text""#, true),
    (#""\" \\ \/ \b \f \n \r \t""#, true), (#""\u00e9\u0000\uFFFF\uabcd""#, true), (#""é 🦊 \#u{10FFFF}""#, true),
    ("[1,[2,{}],{\"a\":{\"b\":[]}}]", true),
    // Refused: readable but unusual, or unreadable.
    ("9999999999999999999", false), ("1.000000000000000001", false), ("1e2", false), ("1E-400", false),
    ("1e400", false), ("01", false), ("-", false), ("1.", false), (".5", false), ("+1", false), ("--1", false),
    ("0x1", false), ("NaN", false), ("nul", false), ("truex", false), (#""\ud83e\udd8a""#, false),
    (#""\ud800""#, false), (#""\udc00""#, false), (#""\x""#, false), (#""\u12""#, false), (#""\u12g4""#, false),
    ("\"a\u{1}\"", false), ("\"a\u{9}\"", false), (#""unterminated"#, false), (#""\"#, false),
  ]

  @Test(arguments: values)
  func passesOnlyPlainValues(_ value: String, _ plain: Bool) {
    #expect(PlainJSON.isPlain(Array(#"{"k":\#(value)}"#.utf8)) == plain)
  }

  @Test(
    arguments: [
      [0xC0, 0xAF], [0xC2], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF0, 0x80, 0x80, 0x80], [0xF4, 0x90, 0x80, 0x80],
      [0xF5, 0x80, 0x80, 0x80], [0xFF], [0x80], [0xE2, 0x82, 0x41],
    ] as [[UInt8]])
  func refusesMalformedUTF8(_ bytes: [UInt8]) {
    #expect(!PlainJSON.isPlain(Array(#"{"k":""#.utf8) + bytes + Array(#""}"#.utf8)))
  }

  @Test(
    arguments: [
      [0xC2, 0xA0], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80], [0xF0, 0x90, 0x80, 0x80],
      [0xF4, 0x8F, 0xBF, 0xBF],
    ] as [[UInt8]])
  func passesWellFormedUTF8(_ bytes: [UInt8]) {
    #expect(PlainJSON.isPlain(Array(#"{"k":""#.utf8) + bytes + Array(#""}"#.utf8)))
  }

  /// What the check passes `JSONDecoder` reads: every value of a plain text decodes as `LSPAny`.
  @Test func plainValuesAreRead() throws {
    for (value, plain) in Self.values where plain {
      let text = Data(#"{"k":\#(value),"l":[\#(value)]}"#.utf8)
      #expect(throws: Never.self, "\(value)") { try JSONDecoder().decode(LSPAny.self, from: text) }
    }
  }
}
