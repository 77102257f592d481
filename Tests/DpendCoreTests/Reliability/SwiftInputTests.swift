import DpendAnalysis
import DpendCollect
import DpendModel
import DpendTestSupport
import Foundation
import Testing

/// Whatever the bytes of a file, collection and analysis finish with a best-effort result:
/// random bytes, invalid UTF-8, a 10 MB file, 10,000 levels of nesting and every prefix of a
/// real file (half-typed code).
@Suite struct SwiftInputTests {
  private let settings = AnalysisSettings(implicitFilter: try! ImplicitFilter(patterns: [".*"]))

  /// Summarizes and analyses `text`; checks that every range lies inside it and that each
  /// type and protocol collected has its range on its name.
  @discardableResult
  private func survive(_ text: String, path: String = "Input.swift") -> (FileSummary, DependencyGraph) {
    let summary = SummaryCollector.summarize(path: path, source: text)
    let bytes = Array(text.utf8)
    for range in summary.allRanges {
      #expect(range.start.offset >= 0 && range.start.offset <= range.end.offset && range.end.offset <= bytes.count)
    }
    let named = summary.types.map { ($0.name, $0.range) } + summary.protocols.map { ($0.name, $0.range) }
    for (name, range) in named where range.end.offset <= bytes.count && range.start.offset <= range.end.offset {
      let covered = String(decoding: bytes[range.start.offset..<range.end.offset], as: UTF8.self)
      #expect(covered == name.split(separator: ".").last.map(String.init), "the range of \(name)")
    }
    return (summary, DependencyGraph(summaries: [summary], settings: settings))
  }

  @Test func randomBytesAreReadBestEffort() {
    // How many inputs yielded a declaration (29 with swift-syntax 603.0.1): the keyword soup
    // must reach the collector, not only the lexer, or the test would prove little.
    var withDeclarations = 0
    for seed in UInt64(1)...200 {
      var random = SplitMix64(seed: seed)
      let length = random.below(4096)
      var bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      // Half the inputs: bytes drawn from Swift's punctuation and keywords, which reach
      // deeper into the parser than noise.
      if seed % 2 == 0 {
        let pieces = [
          "class ", "struct ", "init(", "protocol ", "{", "}", "(", ")", ":", "<", ">", "?", " ", "\n", "a", "T",
        ]
        bytes = (0..<length / 3).flatMap { _ in Array(pieces[random.below(pieces.count)].utf8) }
      }
      let (summary, _) = survive(String(decoding: bytes, as: UTF8.self))
      if !summary.types.isEmpty || !summary.protocols.isEmpty { withDeclarations += 1 }
    }
    #expect(withDeclarations >= 20, "\(withDeclarations) of 200 inputs yielded a declaration")
  }

  @Test func invalidUTF8InsideAFileKeepsTheDeclarationsAroundIt() throws {
    var bytes = Array("protocol A {}\nfinal class AImpl: A { init() {} }\n// ".utf8)
    bytes += [0xFF, 0xFE, 0xC3, 0x28, 0xE2, 0x82]  // invalid and truncated sequences
    bytes += Array("\nprotocol B {}\nfinal class BImpl: B { init(a: A) {} }\n".utf8)
    let (summary, graph) = survive(String(decoding: bytes, as: UTF8.self))
    #expect(summary.types.map(\.name) == ["AImpl", "BImpl"])
    #expect(summary.protocols.map(\.name) == ["A", "B"])
    #expect(graph.resolved.keys.map(\.name).sorted() == ["A", "B"])
    #expect(graph.diagnostics == [])
  }

  @Test func aTenMegabyteFileIsAnalysed() {
    var text = ""
    let count = 40_000
    let padding = String(repeating: ".", count: 41)
    for index in 0..<count {
      let parameter = index == 0 ? "" : "previous: Service\(index - 1)"
      text += "protocol Service\(index) {}\nfinal class Service\(index)Impl: Service\(index) {\n"
      text += "  init(\(parameter)) {}\n  func work() -> Int { \(index) &* 31 &+ 7 }\n"
      text += "  // padding: each group of declarations is about 250 bytes long" + padding + "\n}\n"
    }
    let started = Date()
    let (summary, graph) = survive(text)
    print("10 MB file: \(text.utf8.count) bytes analysed in \(Int(Date().timeIntervalSince(started) * 1000)) ms")
    // Every declaration of the file, in order, and one factory for each implementation.
    #expect(summary.types.map(\.name) == (0..<count).map { "Service\($0)Impl" })
    #expect(summary.protocols.map(\.name) == (0..<count).map { "Service\($0)" })
    #expect(
      graph.localFactories.map(\.summaryLine)
        == (0..<count).map { "Service\($0) ← Service\($0)Impl.init(\($0 == 0 ? "" : "previous:"))" })
    #expect(graph.diagnostics == [])
  }

  @Test func tenThousandLevelsOfNestingAreCutShortNotFatal() {
    let depth = 10_000
    // Parsed on a thread with a stack to fit; the parser stops building the tree at its
    // nesting limit and what it built is collected.
    let nestedTypes = (0..<depth).map { "struct S\($0) {" }.joined() + String(repeating: "}", count: depth)
    let (types, _) = survive(nestedTypes)
    #expect(types.types.map(\.name).prefix(2) == ["S0", "S0.S1"])
    #expect(types.types.count == 21)
    #expect(types.problems == [])

    let nestedParentheses =
      "final class Impl { init(a: " + String(repeating: "(", count: depth) + "Int"
      + String(repeating: ")", count: depth) + ") {} }\nprotocol After {}\n"
    let (parentheses, _) = survive(nestedParentheses)
    #expect(parentheses.problems == [])

    let nestedCalls = "let x = " + String(repeating: "f(", count: depth) + String(repeating: ")", count: depth)
    let (calls, _) = survive(nestedCalls + "\nprotocol After {}\n")
    #expect(calls.problems == [])

    // SwiftParser's lookahead doubles its time with each directly nested '[': such a file
    // is not given to the parser.
    let nestedArrays =
      "final class Impl { init(a: " + String(repeating: "[", count: depth) + "Int"
      + String(repeating: "]", count: depth) + ") {} }\n"
    let (arrays, graph) = survive(nestedArrays)
    let refusal = Diagnostic(
      code: .unreadableFile, message: "'Input.swift' opens 10000 '[' in a row, more than 16: not analysed",
      range: .startOfFile("Input.swift"))
    #expect(arrays.problems == [refusal])
    #expect(arrays.types == [])
    #expect(graph.diagnostics == [refusal])
    print("nesting: 21 of 10,000 nested types collected; 10,000 parentheses and calls parsed; 10,000 '[' refused")
  }

  @Test func sixteenBracketsInARowAreParsedSeventeenAreNot() {
    func source(_ run: Int) -> String {
      "final class Impl { init(a: " + String(repeating: "[ ", count: run) + "Int" + String(repeating: "]", count: run)
        + ") {} }\n"
    }
    let (parsed, _) = survive(source(16))
    #expect(parsed.types.map(\.name) == ["Impl"])
    #expect(parsed.types[0].initializers[0].parameters[0].type.name == "[[[[[[[[[[[[[[[[Int]]]]]]]]]]]]]]]]")
    let (refused, _) = survive(source(17))
    #expect(refused.types == [])
    #expect(refused.problems.map(\.message) == ["'Input.swift' opens 17 '[' in a row, more than 16: not analysed"])
  }

  @Test func anOpenDocumentTooDeepToParseRecoversWhenFixed() {
    let deep = "final class Impl { init(a: " + String(repeating: "[", count: 40) + ") {} }\n"
    let document = ParsedDocument(path: "Doc.swift", text: deep)
    #expect(
      document.summary.problems.map(\.message) == ["'Doc.swift' opens 40 '[' in a row, more than 16: not analysed"])
    let fixed = "final class Impl { init(a: [Int]) {} }\n"
    document.update(to: fixed, edits: [TextReplacement(offset: 0, length: deep.utf8.count, replacement: fixed)])
    #expect(document.summary == SummaryCollector.summarize(path: "Doc.swift", source: fixed))
    #expect(document.summary.types.map(\.name) == ["Impl"])
  }

  @Test func everyPrefixOfARealFileKeepsItsCompleteDeclarations() throws {
    // The example app's files as one multi-type file: tags, a configuration, protocols,
    // implementations with dependencies, tagged parameters.
    let example = Repository.url("Tests/Example/Sources")
    let files = ["App/AppConfiguration.swift", "App/HTTPClient.swift", "Menu/Menu.swift", "Orders/Orders.swift"]
    let text = try files.map { try String(contentsOf: example.appendingPathComponent($0), encoding: .utf8) }
      .joined(separator: "\n")
    let (whole, _) = survive(text)
    #expect(
      whole.types.map(\.name) == [
        "Remote", "OnDevice", "AppConfiguration", "URLSessionHTTPClient", "MenuServiceImpl", "MenuViewModel",
        "RemoteOrderStore", "OnDeviceOrderStore", "OrderServiceImpl", "OrderViewModel", "OrderViewModel.Factory",
      ])
    #expect(whole.protocols.map(\.name) == ["HTTPClient", "MenuService", "OrderStore", "OrderService"])
    // A top-level declaration is complete after a line that starts at column 0 and ends with
    // `}` (the files are formatted so): UTF-8 offsets just past such lines.
    var ends: [Int] = []
    var offset = 0
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      offset += line.utf8.count + 1
      if let first = line.first, !first.isWhitespace, line.last == "}" { ends.append(offset) }
    }
    // Every prefix is half-typed code: it is summarized, and the declarations it holds
    // completely read as in the whole file, whatever follows them.
    var differing: [Int] = []
    var index = text.startIndex
    while true {
      let prefix = String(text[..<index])
      let (summary, _) = survive(prefix)
      let settled = ends.last { $0 <= prefix.utf8.count } ?? 0
      func isSettled(_ range: SourceRange) -> Bool { range.start.offset < settled }
      if summary.types.filter({ isSettled($0.range) }) != whole.types.filter({ isSettled($0.range) })
        || summary.protocols.filter({ isSettled($0.range) }) != whole.protocols.filter({ isSettled($0.range) })
        || summary.typealiases.filter({ isSettled($0.range) }) != whole.typealiases.filter({ isSettled($0.range) })
        || summary.extensions.filter({ isSettled($0.range) }) != whole.extensions.filter({ isSettled($0.range) })
      {
        differing.append(prefix.utf8.count)
      }
      guard index < text.endIndex else { break }
      index = text.index(after: index)
    }
    #expect(differing == [], "prefixes (by length in bytes) whose complete declarations read differently")
  }
}
