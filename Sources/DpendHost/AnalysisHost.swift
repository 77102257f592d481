import Dispatch
import DpendAnalysis
import DpendCollect
import DpendModel
import Synchronization

/// Holds the workspace's files as summaries and answers with a fresh graph.
///
/// A change goes in through ``update(_:)`` or ``remove(_:)``; only files whose text
/// changed are parsed again. The host does no I/O: callers hand it text.
public final class AnalysisHost {
  private struct Entry {
    var textHash: Int
    var textLength: Int
    var summary: FileSummary
  }

  /// The settings the next graph is built with.
  public var settings: AnalysisSettings
  private var entries: [String: Entry] = [:]
  /// How many files have been parsed since the host was made; tests use it to prove that
  /// an edit re-parses only the edited file.
  public private(set) var parseCount = 0

  /// Creates an empty host.
  public init(settings: AnalysisSettings = AnalysisSettings()) {
    self.settings = settings
  }

  /// The paths of every file the host holds, sorted.
  public var paths: [String] { entries.keys.sorted() }

  /// The summary of `path`, if the host holds it.
  public func summary(of path: String) -> FileSummary? { entries[path]?.summary }

  /// Sets the text of several files, parsing the changed ones in parallel on every core.
  public func update(_ files: [(path: String, text: String)]) {
    let changed = files.filter { file in
      guard let entry = entries[file.path] else { return true }
      return entry.textLength != file.text.utf8.count || entry.textHash != file.text.hashValue
    }
    guard !changed.isEmpty else { return }
    let summaries = Self.summarizeInParallel(changed)
    for (file, summary) in zip(changed, summaries) {
      entries[file.path] = Entry(textHash: file.text.hashValue, textLength: file.text.utf8.count, summary: summary)
    }
    parseCount += changed.count
  }

  /// Sets the summary of a file parsed elsewhere (for example incrementally).
  public func update(path: String, text: String, summary: FileSummary) {
    entries[path] = Entry(textHash: text.hashValue, textLength: text.utf8.count, summary: summary)
    parseCount += 1
  }

  /// Forgets files.
  public func remove(_ paths: [String]) {
    for path in paths { entries[path] = nil }
  }

  /// A new graph from the current summaries.
  public func graph(extraDiagnostics: [Diagnostic] = []) -> DependencyGraph {
    DependencyGraph(summaries: entries.values.map(\.summary), settings: settings, extraDiagnostics: extraDiagnostics)
  }

  private static func summarizeInParallel(_ files: [(path: String, text: String)]) -> [FileSummary] {
    if files.count == 1 { return [SummaryCollector.summarize(path: files[0].path, source: files[0].text)] }
    let results = Mutex([FileSummary?](repeating: nil, count: files.count))
    DispatchQueue.concurrentPerform(iterations: files.count) { index in
      let summary = SummaryCollector.summarize(path: files[index].path, source: files[index].text)
      results.withLock { $0[index] = summary }
    }
    return results.withLock { $0.map { $0! } }
  }
}
