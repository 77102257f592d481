import DpendAnalysis
import DpendHost
import DpendModel
import Foundation

/// The warm start of a command-line run: every source file read and fingerprinted, the few
/// whose text changed since the summary cache was written summarized again, and the
/// ``AnswerCache``'s answer returned when the inputs' digest is the one it was computed
/// from. Nothing is decoded and no graph is built on that road.
public enum KeptAnswer {
  /// What a lookup found.
  public struct Lookup {
    /// The kept answer; `nil` when the inputs differ from its (or there is none).
    public var answer: AnalysisAnswer?
    /// Files summarized again (their text was new to the summary cache).
    public var parsed = 0
    /// Files whose summary the cache already had.
    public var reused = 0

    /// A lookup that found nothing.
    public init() {}
  }

  /// Looks for the answer of the workspace `settings` describe. Gives up (an empty lookup)
  /// as soon as it is clear there is none: a library or a file that cannot be read, a
  /// discovery problem, or more than `maximumParses` files new to `summaries` (a run with
  /// that many changes builds the graph anyway, and parses them then).
  public static func look(
    settings: WorkspaceSettings, summaries: SummaryCache, answers: AnswerCache, maximumParses: Int = 64
  ) -> Lookup {
    guard let identity = AnswerCache.identity(of: settings, summaryIdentity: summaries.identity) else {
      return Lookup()
    }
    let found = SourceDiscovery(excludes: settings.excludes, outputFile: settings.outputFile).files(in: settings.inputs)
    guard found.problems.isEmpty, let kept = answers.load() else { return Lookup() }
    let files = found.files.sorted()
    enum Known {
      case digest(UInt64)
      case changed
      case unreadable
    }
    let known = Locked([Known](repeating: .unreadable, count: files.count))
    DispatchQueue.concurrentPerform(iterations: files.count) { index in
      var state = Known.unreadable
      if let text = WorkspaceLoader.readText(files[index]) {
        let digest = summaries.contentDigest(path: files[index], text: TextFingerprint(text))
        state = digest.map(Known.digest) ?? .changed
      }
      known.withLock { $0[index] = state }
    }
    var digests: [(path: String, contentDigest: UInt64)] = []
    var changed: [String] = []
    for (path, state) in zip(files, known.withLock { $0 }) {
      switch state {
      case .digest(let digest): digests.append((path, digest))
      case .changed: changed.append(path)
      case .unreadable: return Lookup()
      }
    }
    guard changed.count <= maximumParses else { return Lookup() }
    var lookup = Lookup()
    lookup.reused = digests.count
    if !changed.isEmpty {
      // Summarized into the summary cache, which the run that follows (and its save) reuses.
      let host = AnalysisHost()
      host.collection = settings.collection
      host.summaryStore = summaries
      guard host.update(paths: changed, reading: WorkspaceLoader.readText).isEmpty else { return Lookup() }
      lookup.parsed = host.parseCount
      guard let parsed = contentDigests(of: changed, fingerprint: host.fingerprint(of:), in: summaries) else {
        return lookup
      }
      digests = (digests + parsed).sorted { $0.path < $1.path }
    }
    let digest = AnswerCache.inputsDigest(identity: identity, files: digests)
    if kept.digest == digest { lookup.answer = kept.answer }
    return lookup
  }

  /// The digest of the inputs `workspace` was just analysed from, for keeping its answer:
  /// `nil` when some file's summary is not in `summaries` (so its content digest is unknown),
  /// when the workspace had problems loading (unreadable files, libraries), or when a library
  /// cannot be read.
  public static func inputsDigest(of workspace: Workspace, summaries: SummaryCache) -> UInt64? {
    guard workspace.loadProblems.isEmpty, workspace.configurationProblem == nil,
      let identity = AnswerCache.identity(of: workspace.settings, summaryIdentity: summaries.identity)
    else { return nil }
    guard
      let digests = contentDigests(of: workspace.analysedPaths, fingerprint: workspace.fingerprint(of:), in: summaries)
    else { return nil }
    return AnswerCache.inputsDigest(identity: identity, files: digests)
  }

  /// Each path's content digest, from the summary `summaries` holds for the text
  /// `fingerprint` gives; `nil` when one is missing.
  private static func contentDigests(
    of paths: [String], fingerprint: (String) -> TextFingerprint?, in summaries: SummaryCache
  ) -> [(path: String, contentDigest: UInt64)]? {
    var digests: [(path: String, contentDigest: UInt64)] = []
    for path in paths {
      guard let text = fingerprint(path), let digest = summaries.contentDigest(path: path, text: text) else {
        return nil
      }
      digests.append((path, digest))
    }
    return digests
  }
}

extension AnalysisAnswer {
  /// What the command line reports of `graph`.
  public init(graph: DependencyGraph) {
    self.init(
      diagnostics: graph.diagnostics, unread: graph.container.unread,
      unprovidedKeys: graph.mode == .library ? graph.unprovidedKeys : [])
    registrationsRead = graph.container.registrationsRead
    registrationsUnread = graph.container.registrationsUnread
    resolvesChecked = graph.container.resolvesChecked
    resolvesUnread = graph.container.resolvesUnread
    configurations = graph.container.configurations
  }

  /// The container code's counts as the report the graph had (without its tree).
  public var containerReport: ContainerReport {
    var report = ContainerReport()
    report.registrationsRead = registrationsRead
    report.registrationsUnread = registrationsUnread
    report.resolvesChecked = resolvesChecked
    report.resolvesUnread = resolvesUnread
    report.configurations = configurations
    report.unread = unread
    return report
  }
}
