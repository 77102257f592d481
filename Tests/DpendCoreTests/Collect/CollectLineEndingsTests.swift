import DpendCollect
import DpendModel
import Testing

/// Positions are counted from the text's bytes: `\n`, `\r\n` and `\r` each end one line;
/// columns are 1-based UTF-8 byte columns, as Swift compilers print them.
struct CollectLineEndingsTests {
  @Test(arguments: ["\n", "\r\n", "\r"])
  func everyLineEndingCountsAsOneLine(ending: String) throws {
    let text = ["// é ü", "protocol P {}", "", "final class Impl: P {", "  init(é: P) {}", "}"].joined(
      separator: ending)
    let summary = SummaryCollector.summarize(path: "A.swift", source: text)
    let impl = try #require(summary.type("Impl"))
    #expect(impl.range.start == SourcePosition(line: 4, column: 13, offset: position(of: "Impl", in: text)))
    let parameter = try #require(impl.initializers.first?.parameters.first)
    // "  init(é: " is 11 bytes: `é` takes two.
    #expect(parameter.type.range.start.line == 5)
    #expect(parameter.type.range.start.column == 12)
    #expect(parameter.type.range.start.offset == position(of: ": P)", in: text) + 2)
  }

  @Test func anIncrementallyParsedDocumentCountsLinesLikeAFreshParse() {
    let text = "protocol P {}\r\nfinal class Impl: P {\r  init(p: P) {}\n}\n"
    let document = ParsedDocument(path: "A.swift", text: "")
    document.update(to: text, edits: [TextReplacement(offset: 0, length: 0, replacement: text)])
    #expect(document.summary == SummaryCollector.summarize(path: "A.swift", source: text))
    #expect(
      document.summary.type("Impl")?.initializers.first?.range.start == SourcePosition(line: 3, column: 3, offset: 39))
  }

  private func position(of needle: String, in text: String) -> Int {
    text.utf8.distance(from: text.startIndex, to: text.firstRange(of: needle)!.lowerBound)
  }
}
