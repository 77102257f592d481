import DpendAnalysis
import DpendModel
import Testing

@testable import DpendHost

/// The next run as another process: a host made from `host`'s persisted state, as the
/// command line makes it. The editor's documents are closed first (the random sequences keep
/// their texts as the disk's), and the state is taken after a graph. The new host must hold
/// everything the old one did, but what a state leaves out (``transient``).
enum HostRestart {
  /// What a persisted state leaves out: the figures and caches of the last run, the
  /// settings' own caches, and summaries' bytes (their digests stand for them).
  static let transient: Set<String> = [
    "parseCount", "storeHits", "summaryStore", "reader", "settings", "shelf", "previouslyDecoded",
    "stageTimes", "stageStart", "lastCollectedPaths", "sortedDiagnostics", "lastContainerCheckTypes",
    "lastContainerCycleSearch", "lastCheckedTypes", "lastLookedForCycles", "lastWorkedOutReach", "lastGraphWasFull",
    "bytes",
  ]

  static func restarted(_ host: AnalysisHost, settings: AnalysisSettings, openPaths: [String]) throws -> AnalysisHost {
    for path in openPaths { host.close(path: path) }
    _ = host.graph()
    let state = try #require(host.persistedState(), "a host after a graph has a state")
    let restored = try AnalysisHost(
      settings: settings, collection: host.collection, state: state.joined[...],
      summary: { path, _ in host.builder.storedSummary(of: path) })
    restored.reader = host.reader
    let before = Structure.of(host, skipping: transient)
    let after = Structure.of(restored, skipping: transient)
    let same = before == after
    #expect(same, "the restored host differs: \(firstDifference(before, after))")
    return restored
  }

  /// The next run after a first run over `texts` (the disk's): a host made from the state a
  /// host that builds one graph streamed while it built its graph (``AnalysisHost/graph(extraDiagnostics:streamingStateTo:)``),
  /// as the command line's first run keeps it. It must hold what a host made from the state
  /// of a host that keeps its tables after the same graph holds.
  static func restartedFromFirstRun(
    texts: [String: String], settings: AnalysisSettings, collection: CollectionSettings,
    reader: (@Sendable (String) -> String?)?
  ) throws -> AnalysisHost {
    let files = texts.keys.sorted().map { (path: $0, text: texts[$0]!) }
    func firstRun(streaming: Bool) throws -> (host: AnalysisHost, state: BytePieces) {
      let host = AnalysisHost(settings: settings)
      host.collection = collection
      host.reader = reader
      host.buildsOneGraph = streaming
      host.keepsSummaries = !streaming
      host.update(files)
      var pieces: [[UInt8]] = []
      let problem = host.graph(streamingStateTo: { pieces += $0.pieces }).problem
      if streaming {
        #expect(problem == nil, "the graph wrote the whole state: \(String(describing: problem))")
        return (host, BytePieces(pieces))
      }
      // A host that keeps its tables streams nothing: it persists its state after the graph.
      #expect(problem is StateStream.Incomplete && pieces.isEmpty)
      return (host, try #require(host.persistedState()))
    }
    let kept = try firstRun(streaming: false)
    let streamed = try firstRun(streaming: true)
    func restore(_ state: BytePieces) throws -> AnalysisHost {
      let restored = try AnalysisHost(
        settings: settings, collection: kept.host.collection, state: state.joined[...],
        summary: { path, _ in kept.host.builder.storedSummary(of: path) })
      restored.reader = reader
      return restored
    }
    let fromKept = try restore(kept.state)
    let fromStream = try restore(streamed.state)
    let before = Structure.of(fromKept, skipping: transient)
    let after = Structure.of(fromStream, skipping: transient)
    let same = before == after
    #expect(same, "the host made from the streamed state differs: \(firstDifference(before, after))")
    return fromStream
  }

  /// Where two descriptions first differ, with some context.
  private static func firstDifference(_ left: String, _ right: String) -> String {
    let left = Array(left.utf8)
    let right = Array(right.utf8)
    var index = 0
    while index < min(left.count, right.count), left[index] == right[index] { index += 1 }
    let start = max(0, index - 300)
    return "old …\(String(decoding: left[start..<min(left.count, index + 200)], as: UTF8.self))… "
      + "new …\(String(decoding: right[start..<min(right.count, index + 200)], as: UTF8.self))…"
  }
}
