import DpendAnalysis
import DpendGenerate
import DpendModel
import DpendTestSupport
import Testing

/// SPEC 3: `dpend analyze` prints `path:line:column: severity: message [code]` plus
/// `note:` lines, the format Xcode, SwiftPM and editors parse.
struct CompilerStyleReporterTests {
  static let source = MarkedText(
    """
    protocol Store {}
    protocol A {}
    protocol B {}
    final class DiskStoreImpl: Store {}
    final class MemoryStoreImpl: Store {}
    final class FeedImpl {
      init(store: Store, clock: Clock) {}
    }
    final class AImpl: A { init(b: B) {} }
    final class BImpl: B { init(a: A) {} }
    """)

  @Test func everyKindOfProblemWithItsNotes() throws {
    let graph = try analyze(marked: ["Sources/App.swift": Self.source], filters: [".*Impl"])

    let expected = [
      "Sources/App.swift:4:13: warning: ambiguous provider: 'Store' is provided by 'DiskStoreImpl' and "
        + "'MemoryStoreImpl'; using 'DiskStoreImpl.init()' [ambiguous-provider]",
      "Sources/App.swift:4:13: note: 'DiskStoreImpl' provides 'Store' here",
      "Sources/App.swift:5:13: note: 'MemoryStoreImpl' provides 'Store' here",
      "Sources/App.swift:7:29: error: missing dependency: nothing provides 'Clock', needed by "
        + "'FeedImpl.init(store:clock:)' [missing-dependency]",
      "Sources/App.swift:7:29: note: 'FeedImpl.init(store:clock:)' needs 'Clock'",
      "Sources/App.swift:9:32: error: dependency cycle: A -> B -> A [dependency-cycle]",
      "Sources/App.swift:9:32: note: 'A' needs 'B' (in 'AImpl.init(b:)')",
      "Sources/App.swift:10:32: note: 'B' needs 'A' (in 'BImpl.init(a:)')",
      "",
    ]
    #expect(CompilerStyleReporter.render(graph.diagnostics) == expected.joined(separator: "\n"))
    #expect(CompilerStyleReporter.summary(graph.diagnostics) == "2 errors, 1 warning")
  }

  @Test func diagnosticWithoutNotesIsOneLine() {
    let origin = SourcePosition(line: 3, column: 7, offset: 40)
    let diagnostic = Diagnostic(
      code: .invalidLibrary, message: "cannot read 'Kit.dpendmodule'",
      range: SourceRange(file: "App/Kit.dpendmodule", start: origin, end: origin))

    #expect(
      CompilerStyleReporter.render([diagnostic])
        == "App/Kit.dpendmodule:3:7: error: cannot read 'Kit.dpendmodule' [invalid-library]\n")
    #expect(CompilerStyleReporter.summary([diagnostic]) == "1 error, 0 warnings")
  }

  @Test func summaryCountsSingularAndPlural() {
    let range = SourceRange.startOfFile("A.swift")
    let warning = Diagnostic(code: .ambiguousProvider, message: "w", range: range)
    let error = Diagnostic(code: .dependencyCycle, message: "e", range: range)

    #expect(CompilerStyleReporter.summary([]) == "0 errors, 0 warnings")
    #expect(CompilerStyleReporter.summary([warning, warning]) == "0 errors, 2 warnings")
    #expect(CompilerStyleReporter.summary([error, error, error, warning]) == "3 errors, 1 warning")
    #expect(CompilerStyleReporter.render([]) == "")
  }
}
