import DpendAnalysis
import DpendHost
import DpendModel
import Foundation

/// The host state (``HostStateFile``) a workspace goes on from and keeps.
extension Workspace {
  /// The host's persisted state after the last graph (``DpendHost/AnalysisHost/persistedState()``),
  /// for the next run to go on from; `nil` when the host keeps none (it builds one graph, or
  /// a document is open).
  public func persistedState() -> BytePieces? { host.persistedState() }

  /// The graph (``analyze()``) of a workspace whose host builds one graph, its host state
  /// written into `file` for `identity` as the graph is built (``DpendHost/AnalysisHost/graph(extraDiagnostics:streamingStateTo:)``):
  /// the tables a host that keeps them would persist, never whole in memory. The error is why
  /// the state was not kept (the graph is made either way), the file then left as it was.
  public func analyze(keepingStateIn file: HostStateFile, identity: String) -> (graph: DependencyGraph, problem: Error?)
  {
    var graph: DependencyGraph?
    do {
      try file.save(identity: identity) { write in
        // The stream that holds `write` lives only while the graph is built.
        try withoutActuallyEscaping(write) { write in
          let made = analyze(streamingStateTo: write)
          graph = made.graph
          if let problem = made.problem { throw problem }
        }
      }
      return (graph!, nil)
    } catch {
      return (graph ?? analyze(), error)
    }
  }

  /// A host made from the state the command line or an earlier session kept for these
  /// settings (``HostStateFile``), for a folder's first load: the files changed since reach it
  /// as edits do. `nil` when there is none to use (the load then reads every file).
  func restoredHost(_ cache: SummaryCache?) -> AnalysisHost? {
    guard let cache, let cacheDirectory, cache.loadProblem == nil, configurationProblem == nil,
      let identity = AnswerCache.identity(of: settings, summaryIdentity: cache.identity),
      case .success(let state) = HostStateFile(directory: cacheDirectory).load(identity: identity),
      let restored = try? Self.host(restoring: state, collection: settings.collection, store: cache)
    else { return nil }
    restored.containerViews = host.containerViews
    restored.reader = host.reader
    return restored
  }

  /// The host a kept state makes, taking the summaries it was made from from `store`: how the
  /// command line's warm start (``init(settings:store:knownTexts:found:containerViews:state:)``)
  /// and a session's first load (``restoredHost(_:)``) both go on from a state.
  static func host(restoring state: ArraySlice<UInt8>, collection: CollectionSettings, store: SummaryCache)
    throws(BuilderStateError) -> AnalysisHost
  {
    try AnalysisHost(
      settings: AnalysisSettings(), collection: collection, state: state,
      summary: { path, digest in store.keptStoredSummary(path: path, contentDigest: digest) })
  }
}
