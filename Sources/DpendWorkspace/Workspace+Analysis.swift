import DpendAnalysis
import DpendHost
import DpendModel
import Foundation

/// Building the graph: when the workspace is stale, streaming the host's state, and the
/// drawn graph `dpend tree` prints.
extension Workspace {
  /// Builds the graph if anything changed since the last analysis, and returns it.
  @discardableResult
  public func analyze() -> DependencyGraph { analyze(streamingStateTo: nil).graph }

  /// ``analyze()``, the graph built streaming the host's state to `write` when given
  /// (``AnalysisHost/graph(extraDiagnostics:streamingStateTo:)``), with why no whole state was
  /// written (a graph already current writes none).
  func analyze(streamingStateTo write: ((BytePieces) throws -> Void)?) -> (graph: DependencyGraph, problem: Error?) {
    if let graph, !isStale { return (graph, write.map { _ in StateStream.Incomplete() }) }
    let graph: DependencyGraph
    var problem: Error?
    if let write {
      (graph, problem) = host.graph(extraDiagnostics: extraDiagnostics, streamingStateTo: write)
    } else {
      graph = host.graph(extraDiagnostics: extraDiagnostics)
    }
    self.graph = graph
    isStale = false
    keepAnswer(of: graph)
    return (graph, problem)
  }

  /// What the graph reports besides its own findings: the files that could not be loaded and
  /// an unusable `.dpend.json`.
  var extraDiagnostics: [Diagnostic] { loadProblems + (configurationProblem.map { [$0] } ?? []) }

  /// The graph with the container code's registrations drawn (``DpendAnalysis/ContainerViews/tree``),
  /// as `dpend tree` prints it: built now, for `dpend.showTree`; the editor's graph (``graph``)
  /// stays the one it was.
  public func drawnGraph() -> DependencyGraph {
    _ = analyze()
    host.containerViews = [.editor, .tree]
    defer { host.containerViews = .editor }
    return host.graph(extraDiagnostics: extraDiagnostics)
  }
}
