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

  /// A host made from the state the command line or an earlier session kept for these
  /// settings (``HostStateFile``), for a folder's first load: the files changed since reach it
  /// as edits do. `nil` when there is none to use (the load then reads every file).
  func restoredHost(_ cache: SummaryCache?) -> AnalysisHost? {
    guard let cache, let cacheDirectory, cache.loadProblem == nil, configurationProblem == nil,
      let identity = AnswerCache.identity(of: settings, summaryIdentity: cache.identity),
      case .success(let state) = HostStateFile(directory: cacheDirectory).load(identity: identity),
      let restored = try? AnalysisHost(
        settings: AnalysisSettings(), collection: settings.collection, state: state,
        summary: { path, digest in cache.keptStoredSummary(path: path, contentDigest: digest) })
    else { return nil }
    restored.containerViews = host.containerViews
    restored.reader = host.reader
    return restored
  }
}
