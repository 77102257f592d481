import DpendModel
import DpendProtocol
import DpendTestSupport
import Testing

/// Typed answers in the server tests are read with `decodeExactly`: what a type does not hold
/// must fail the read, or a typed comparison would be weaker than comparing the JSON.
@Suite struct ExactDecodingTests {
  @Test func aValueTheTypeHoldsWhollyIsRead() throws {
    let json = LSPAny.parsed(#"{"range":{"start":{"line":1,"character":2},"end":{"line":1,"character":7}}}"#)
    let hover = try json.decodeExactly(ShapeOfRange.self, what: "a range")
    #expect(hover.range.end == Position(line: 1, character: 7))
  }

  @Test(arguments: [
    #"{"range":{"start":{"line":1,"character":2},"end":{"line":1,"character":7}},"extra":true}"#,
    #"{"range":{"start":{"line":1,"character":2,"unit":"utf-16"},"end":{"line":1,"character":7}}}"#,
    #"{"range":{"start":{"line":1,"character":2},"end":{"line":1,"character":7}},"label":null}"#,
  ])
  func aMemberTheTypeDoesNotKnowIsAnError(json: String) {
    #expect(throws: UnexpectedMessage.self) {
      try LSPAny.parsed(json).decodeExactly(ShapeOfRange.self, what: "a range")
    }
  }

  @Test func aValueOfAnotherShapeIsAnError() {
    #expect(throws: UnexpectedMessage.self) {
      try LSPAny.parsed(#"{"range":"1:2"}"#).decodeExactly(ShapeOfRange.self, what: "a range")
    }
  }

  @Test func nullIsAnAbsentOptionalAnswer() throws {
    #expect(try LSPAny.null.decodeExactly(Hover?.self, what: "a hover") == nil)
  }
}

/// A message part with one range and an optional label.
private struct ShapeOfRange: Codable {
  var range: DpendProtocol.Range
  var label: String?
}
