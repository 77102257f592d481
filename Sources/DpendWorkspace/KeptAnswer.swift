import DpendAnalysis
import DpendHost
import DpendModel
import Foundation

/// The warm start of a run: every source file read and fingerprinted, the few whose text
/// changed since the summary cache was written summarized again, and the ``AnswerCache``'s
/// answer returned when the inputs are the ones it was computed from. Nothing is decoded
/// and no graph is built on that road.
///
/// Inputs whose summaries all have the kept content digests give the kept answer: the one
/// shortcut, "no input changed". Any other run builds its graph (from the host state).
public enum KeptAnswer {
  /// What a lookup found.
  public struct Lookup {
    /// The kept answer; `nil` when the inputs differ from its (or there is none).
    public var answer: AnalysisAnswer?
    /// Files summarized again (their text was new to the summary cache).
    public var parsed = 0
    /// Files whose summary the cache already had.
    public var reused = 0
    /// The fingerprint of each file's text as the lookup read it, for the files whose
    /// summary the cache holds (or holds now): the run that follows takes them instead of
    /// reading the files again (``Workspace/init(settings:store:knownTexts:)``). Empty when
    /// the lookup gave up before reading every file.
    public var texts: [String: TextFingerprint] = [:]
    /// The source files and project files the lookup found: the run that follows takes
    /// them instead of searching again. `nil` when it searched nothing.
    public var found: SourceDiscovery.Found?

    /// A lookup that found nothing.
    public init() {}
  }

  /// The inputs of an analysis, to keep its answer with (``record(of:)``).
  public struct Inputs: Sendable {
    let identity: String
    let files: [(path: String, digest: UInt64)]
    /// The identity of the summary cache the digests are from.
    let summaryIdentity: String

    /// The record of `answer`, computed from these inputs.
    public func record(of answer: AnalysisAnswer) -> AnswerCache.Record {
      AnswerCache.Record(digest: AnswerCache.inputsDigest(identity: identity, files: files), answer: answer)
    }
  }

  /// Looks for the answer of the workspace `settings` describe, the summary cache still
  /// loading: `loading` waits for it (with `summaryIdentity`, its identity), once the files
  /// are read (``WarmStart/lookUp(_:in:onChange:)`` loads it beside the lookup). Gives up (an
  /// empty lookup) as soon as it is clear there is none: a library or a file that cannot be
  /// read, a discovery problem, a cache whose file was refused, or more than `maximumParses`
  /// files new to the cache (a run with that many changes builds the graph anyway, and parses
  /// them then). `onChange` is called as soon as a
  /// file is known to have changed since the cache was written (the run will most likely
  /// build a graph: what it needs can start loading).
  public static func look(
    settings: WorkspaceSettings, summaryIdentity: String, loading: () -> SummaryCache, answers: AnswerCache,
    maximumParses: Int = 64, onChange: () -> Void = {}
  ) -> Lookup {
    // Which files targets chosen by name leave out is known only once the targets are read.
    guard settings.targets.isEmpty, settings.excludeTargets.isEmpty else { return Lookup() }
    let found = SourceDiscovery(excludes: settings.excludes, outputFile: settings.outputFile).files(in: settings.inputs)
    let projects = BuildTargets.projectFiles(found: found.projects, root: settings.root)
    guard
      let identity = AnswerCache.identity(of: settings, summaryIdentity: summaryIdentity, projects: projects),
      found.problems.isEmpty, let kept = answers.load()
    else { return Lookup() }
    let files = found.files.sorted()
    let read = Locked([TextFingerprint?](repeating: nil, count: files.count))
    DispatchQueue.concurrentPerform(iterations: files.count) { index in
      guard let text = WorkspaceLoader.readText(files[index]) else { return }
      let fingerprint = TextFingerprint(text)
      read.withLock { $0[index] = fingerprint }
    }
    var texts: [(path: String, text: TextFingerprint)] = []
    texts.reserveCapacity(files.count)
    for (path, text) in zip(files, read.withLock { $0 }) {
      guard let text else { return Lookup() }  // unreadable
      texts.append((path, text))
    }
    let summaries = loading()
    guard summaries.loadProblem == nil else { return Lookup() }
    var inputs: [(path: String, text: TextFingerprint, digest: UInt64)] = []
    var changed: [String] = []
    for (file, digest) in zip(texts, summaries.digests(of: texts)) {
      if let digest {
        inputs.append((file.path, file.text, digest))
      } else {
        changed.append(file.path)
      }
    }
    var lookup = Lookup()
    lookup.found = found
    lookup.texts = Dictionary(inputs.map { ($0.path, $0.text) }, uniquingKeysWith: { first, _ in first })
    if !changed.isEmpty { onChange() }
    guard changed.count <= maximumParses else { return lookup }
    lookup.reused = inputs.count
    if !changed.isEmpty {
      // Summarized into the summary cache, which the run that follows (and its save) reuses.
      let host = AnalysisHost()
      host.infersVocabulary = false
      host.collection = settings.collection
      host.summaryStore = summaries
      guard host.update(paths: changed, reading: WorkspaceLoader.readText).isEmpty else { return Lookup() }
      lookup.parsed = host.parseCount
      for path in changed { lookup.texts[path] = host.fingerprint(of: path) }
      guard let parsed = summarized(changed, fingerprint: host.fingerprint(of:), in: summaries) else {
        return lookup
      }
      inputs = (inputs + parsed).sorted { $0.path < $1.path }
    }
    if kept.digest == AnswerCache.inputsDigest(identity: identity, files: inputs.map { ($0.path, $0.digest) }) {
      lookup.answer = kept.answer
    }
    return lookup
  }

  /// The inputs `workspace` was just analysed from, for keeping its answer: `nil` when some
  /// file's summary is not in `summaries` (so its digests are unknown), when the workspace
  /// had problems loading (unreadable files, libraries), or when a library cannot be read.
  public static func inputs(of workspace: Workspace, summaries: SummaryCache) -> Inputs? {
    guard workspace.loadProblems.isEmpty, workspace.configurationProblem == nil,
      let identity = AnswerCache.identity(
        of: workspace.settings, summaryIdentity: summaries.identity, projects: workspace.buildTargets.projectFiles),
      let files = summarized(workspace.analysedPaths, fingerprint: workspace.fingerprint(of:), in: summaries)
    else { return nil }
    return Inputs(identity: identity, files: files.map { ($0.path, $0.digest) }, summaryIdentity: summaries.identity)
  }

  /// Each path's text fingerprint and summary digest, from the summary `summaries` holds for
  /// the text `fingerprint` gives; `nil` when one is missing.
  private static func summarized(
    _ paths: [String], fingerprint: (String) -> TextFingerprint?, in summaries: SummaryCache
  ) -> [(path: String, text: TextFingerprint, digest: UInt64)]? {
    var texts: [(path: String, text: TextFingerprint)] = []
    texts.reserveCapacity(paths.count)
    for path in paths {
      guard let text = fingerprint(path) else { return nil }
      texts.append((path, text))
    }
    var files: [(path: String, text: TextFingerprint, digest: UInt64)] = []
    files.reserveCapacity(paths.count)
    for (file, digest) in zip(texts, summaries.digests(of: texts)) {
      guard let digest else { return nil }
      files.append((file.path, file.text, digest))
    }
    return files
  }
}

extension AnalysisAnswer {
  /// What the command line reports of `graph`.
  public init(graph: DependencyGraph) {
    self.init(
      diagnostics: graph.diagnostics, unread: graph.container.helpers + graph.container.unread,
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
