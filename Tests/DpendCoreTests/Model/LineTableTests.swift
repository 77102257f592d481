import DpendCollect
import DpendModel
import Testing

@Suite struct LineTableTests {
  /// Every line terminator LSP knows, mixed in one text: `\n`, `\r\n` and a lone `\r`.
  static let mixed = "a\nbc\r\nd\re"

  @Test func everyTerminatorEndsALine() {
    let lines = LineTable(Self.mixed)
    #expect(lines.lineCount == 4)
    #expect((0..<4).map(lines.start(ofLine:)) == [0, 2, 6, 8])
    // Content ends before the break: `\r\n` is two bytes, `\n` and `\r` one.
    #expect((0..<4).map(lines.contentEnd(ofLine:)) == [1, 4, 7, 9])
    #expect(lines.sourcePosition(ofOffset: 8) == SourcePosition(line: 4, column: 1, offset: 8))
    // The `\n` of `\r\n` belongs to the line it ends.
    #expect(lines.sourcePosition(ofOffset: 5) == SourcePosition(line: 2, column: 4, offset: 5))
  }

  @Test func aTextEndingInALoneCarriageReturnHasAnEmptyLastLine() {
    let lines = LineTable("x\r")
    #expect(lines.lineCount == 2)
    #expect(lines.endPosition(unit: .utf16) == LinePosition(line: 1, character: 0))
    #expect(lines.offset(of: LinePosition(line: 0, character: 9), unit: .utf16) == 1)
  }

  @Test func positionsAndOffsetsRoundTripInEveryUnit() {
    // `é` is 2 UTF-8 bytes and 1 UTF-16 unit; `😀` 4 bytes, 2 UTF-16 units, 1 scalar.
    let text = "é😀x\r\n😀\ry"
    let lines = LineTable(text)
    let expected: [CharacterUnit: [LinePosition]] = [
      .utf8: [.init(line: 0, character: 6), .init(line: 1, character: 4), .init(line: 2, character: 0)],
      .utf16: [.init(line: 0, character: 3), .init(line: 1, character: 2), .init(line: 2, character: 0)],
      .utf32: [.init(line: 0, character: 2), .init(line: 1, character: 1), .init(line: 2, character: 0)],
    ]
    // Offsets of `x`, of the `\r` after the second emoji, and of `y`.
    let offsets = [6, 13, 14]
    for (unit, positions) in expected {
      #expect(offsets.map { lines.linePosition(ofOffset: $0, unit: unit) } == positions, "\(unit)")
      #expect(positions.map { lines.offset(of: $0, unit: unit) } == offsets, "\(unit)")
    }
  }

  @Test func positionsOutsideTheTextAreClamped() {
    let lines = LineTable("ab\ncd")
    #expect(lines.offset(of: LinePosition(line: 0, character: .max), unit: .utf8) == 2)
    #expect(lines.offset(of: LinePosition(line: 7, character: 0), unit: .utf16) == 5)
    #expect(lines.offset(of: LinePosition(line: -1, character: 3), unit: .utf16) == 0)
    #expect(lines.linePosition(ofOffset: 99, unit: .utf16) == LinePosition(line: 1, character: 2))
  }

  @Test func aUTF8CharacterInsideAMultiByteCharacterMeansItsStart() {
    let lines = LineTable("aé")
    #expect(lines.offset(of: LinePosition(line: 0, character: 2), unit: .utf8) == 1)
  }

  @Test func theCollectorCountsLinesTheSameWay() {
    // A summary's ranges and the lines it keeps agree on every terminator.
    let source = "protocol A {}\rprotocol B {}\r\nprotocol C {}\n"
    let summary = SummaryCollector.summarize(path: "P.swift", source: source)
    #expect(
      summary.protocols.map(\.range.start) == [
        SourcePosition(line: 1, column: 10, offset: 9), SourcePosition(line: 2, column: 10, offset: 23),
        SourcePosition(line: 3, column: 10, offset: 38),
      ])
    #expect(summary.lines == LineTable(source))
    #expect(summary.lines.lineCount == 4)
  }
}
