import DpendAnalysis
import DpendModel

/// The editor features of one analysed graph, in the core's terms: UTF-8 offsets,
/// ``SourceRange``s and ``TextReplacement``s, with no LSP type and no I/O.
///
/// The language server decodes a request, converts its position to an offset with the
/// analysed file's ``LineTable`` (``lines(of:)``), asks here, and converts the answer back.
/// Every answer is computed from the graph and the summaries it was built from, so the
/// positions in it are positions in the text that was analysed.
public struct IDE: Sendable {
  /// The graph every answer comes from.
  public let graph: DependencyGraph

  /// The features of `graph`.
  public init(graph: DependencyGraph) {
    self.graph = graph
  }

  /// The lines of `path` as it was analysed; `nil` for a file the graph was not built from
  /// (a library, `.dpend.json`).
  public func lines(of path: String) -> LineTable? { graph.summary(of: path)?.lines }

  /// What the graph has at UTF-8 `offset` of `path`, and the range it covers.
  public func symbol(at offset: Int, in path: String) -> (symbol: GraphSymbol, range: SourceRange)? {
    GraphLookup(graph: graph).symbol(at: offset, in: path).map { (symbol: $0.0, range: $0.1) }
  }
}
