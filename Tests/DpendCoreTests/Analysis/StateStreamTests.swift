import DpendAnalysis
import DpendCollect
import DpendModel
import Testing

@testable import DpendHost

/// A first run's state streamed as its one graph is built
/// (``AnalysisHost/graph(extraDiagnostics:streamingStateTo:)``): the head, then each section, and
/// nothing more once a write fails; the graph is the same either way.
@Suite struct StateStreamTests {
  static let files = [
    (path: "Sources/A.swift", text: "protocol Store {}\nfinal class StoreImpl: Store { init(log: Log) {} }\n"),
    (path: "Sources/B.swift", text: "protocol Log {}\nfinal class LogImpl: Log { init() {} }\n"),
    (path: "Sources/C.swift", text: "final class ScreenImpl { init(store: Store, missing: Missing) {} }\n"),
  ]

  static func oneGraphHost() throws -> AnalysisHost {
    let host = AnalysisHost(settings: AnalysisSettings(implicitFilter: try ImplicitFilter(patterns: [".*Impl"])))
    host.buildsOneGraph = true
    host.keepsSummaries = false
    host.update(files)
    return host
  }

  struct Full: Error {}

  @Test func theHeadAndEachSectionAreHandedOnInTurnAndAFailedWriteStopsTheRest() throws {
    let settings = AnalysisSettings(implicitFilter: try ImplicitFilter(patterns: [".*Impl"]))
    let scratch = DependencyGraph(
      summaries: Self.files.map { SummaryCollector.summarize(path: $0.path, source: $0.text) }, settings: settings)
    #expect(scratch.diagnostics.map(\.code) == [.missingDependency])
    // Every piece handed on: the head and the three sections.
    var handed = 0
    let whole = try Self.oneGraphHost().graph(streamingStateTo: { _ in handed += 1 })
    #expect(whole.problem == nil)
    #expect(handed == 4)
    #expect(whole.graph.diagnostics == scratch.diagnostics)
    // The second piece fails: no section is encoded or handed on after it, the graph stands.
    var attempts = 0
    let failed = try Self.oneGraphHost().graph(streamingStateTo: { _ in
      attempts += 1
      if attempts == 2 { throw Full() }
    })
    #expect(failed.problem is Full)
    #expect(attempts == 2)
    #expect(failed.graph.diagnostics == scratch.diagnostics)
    // An open document's text is the editor's: no state is streamed.
    let open = try Self.oneGraphHost()
    open.open(path: "Sources/A.swift", text: Self.files[0].text)
    var openPieces = 0
    let withDocument = open.graph(streamingStateTo: { _ in openPieces += 1 })
    #expect(withDocument.problem is StateStream.Incomplete)
    #expect(openPieces == 0)
  }
}
