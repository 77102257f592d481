import DpendAnalysis
import DpendModel
import Testing

struct SmokeTests {
  @Test func markersGiveUTF8Columns() {
    let source = MarkedSource("let é = 1\nclass Feed { init(store: 1️⃣Store) {} }")
    #expect(source.text == "let é = 1\nclass Feed { init(store: Store) {} }")
    #expect(source.position("1️⃣") == SourcePosition(line: 2, column: 26, offset: 36))
  }
}
