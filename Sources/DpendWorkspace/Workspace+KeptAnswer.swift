import DpendAnalysis
import DpendModel
import Foundation

/// The answer a workspace shows before its first graph, and keeps after it
/// (``AnswerCache``), with the host state.
extension Workspace {
  /// The answer the last run over exactly these inputs kept (``AnswerCache``): what the
  /// editor can be shown before the first graph is built. `nil` unless the workspace is
  /// still unread, has a cache directory and a usable `.dpend.json`, no document is open,
  /// and the inputs on disk are the ones the answer was computed from. The next
  /// ``WorkspaceChange/reload`` reuses the summary cache read here.
  public func keptAnswer() -> AnalysisAnswer? {
    guard let cacheDirectory, graph == nil, configurationProblem == nil, documents.isEmpty else { return nil }
    let (lookup, cache) = WarmStart.lookUp(settings, in: cacheDirectory)
    guard cache.loadProblem == nil else { return nil }
    warmCache = cache
    guard let answer = lookup.answer else { return nil }
    // The lines of the texts the answer points into, from their summaries: a file changed on
    // disk since the lookup read it must not move the answer's positions.
    keptLines = [:]
    for path in Set(answer.ranges.map(\.file)) {
      guard let text = lookup.texts[path],
        let summary = cache.summary(path: path, text: text, collection: settings.collection)
      else { continue }
      keptLines[path] = summary.stored.decoded().lines
    }
    return answer
  }

  /// The lines of the text of `path` the answer ``keptAnswer()`` gave was computed from;
  /// `nil` for a file it does not point into, or that is not analysed.
  public func keptLines(of path: String) -> LineTable? { keptLines[path] }

  /// Keeps the answer of the first graph after a reload in the ``AnswerCache`` (for the next
  /// session, or `dpend analyze`), when nothing changed since the reload and every input is
  /// the disk's text the summary cache holds. An answer already kept for the same inputs is
  /// left as it is (it may name the outputs `dpend generate` wrote). Only speed depends on
  /// it: a failed write is ignored.
  func keepAnswer(of graph: DependencyGraph) {
    guard let inputs = answerInputs, let cacheDirectory else { return }
    answerInputs = nil
    // The host's state with it, for the next session or command line to go on from.
    if let state = host.persistedState(),
      let identity = AnswerCache.identity(of: settings, summaryIdentity: inputs.summaryIdentity)
    {
      try? HostStateFile(directory: cacheDirectory).save(state, identity: identity)
    }
    let record = inputs.record(of: AnalysisAnswer(graph: graph))
    let answers = AnswerCache(directory: cacheDirectory)
    guard answers.load()?.digest != record.digest else { return }
    try? answers.save(record)
  }
}
