import DpendAnalysis
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
    "lastContainerCycleSearch", "lastCheckedTypes", "lastLookedForCycles", "lastGraphWasFull", "bytes",
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
