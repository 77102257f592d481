import DpendAnalysis
import DpendHost
import DpendModel
import Foundation

/// The warm start of a run: every source file read and fingerprinted, the few whose text
/// changed since the summary cache was written summarized again, and the ``AnswerCache``'s
/// answer returned when the inputs are the ones it was computed from. Nothing is decoded
/// and no graph is built on that road.
///
/// Inputs whose summaries all have the kept content digests give the kept answer as it is.
/// Inputs whose summaries only have the kept *shape* digests (declarations moved, nothing
/// else) give it with each range moved to where the anchored range of its file's summary
/// is now: the graph of summaries of equal shapes is the same but for positions.
public enum KeptAnswer {
  /// What a lookup found.
  public struct Lookup {
    /// The kept answer; `nil` when the inputs differ from its (or there is none).
    public var answer: AnalysisAnswer?
    /// The record to keep in place of the one found when the answer was moved (the inputs
    /// had the kept shape only): the moved answer for the inputs' content digest, so the
    /// next run takes it as it is.
    public var movedRecord: AnswerCache.Record?
    /// `true` when the answer's ranges were moved (only positions changed).
    public var moved: Bool { movedRecord != nil }
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
    let files: [(path: String, text: TextFingerprint, digests: SummaryDigests)]
    /// The summary cache holding each file's summary for its text.
    let summaries: SummaryCache

    /// The ranges of the summary the source file at `path` was analysed from
    /// (``DpendModel/FileSummary/ranges``), read from the summary cache (a command-line
    /// graph keeps few summaries, see ``DpendHost/AnalysisHost/keepsSummaries``).
    private func ranges(_ path: String) -> [SourceRange]? {
      let index = files.partitionIndex { $0.path < path }
      guard index < files.count, files[index].path == path else { return nil }
      return summaries.ranges(path: path, text: files[index].text)
    }

    /// The record of `answer`, computed from these inputs: anchored when every range of the
    /// answer in a source file is one of the ranges of that file's summary.
    public func record(of answer: AnalysisAnswer) -> AnswerCache.Record {
      let digest = AnswerCache.inputsDigest(identity: identity, files: files.map { ($0.path, $0.digests.content) })
      let sources = Set(files.map(\.path))
      var indices: [String: [SourceRange: Int]] = [:]
      var anchors: [UInt32] = []
      for range in answer.ranges {
        guard sources.contains(range.file) else {
          anchors.append(AnswerCache.Record.unanchored)
          continue
        }
        if indices[range.file] == nil {
          indices[range.file] = Dictionary(
            (ranges(range.file) ?? []).enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        }
        guard let index = indices[range.file]?[range], index < Int(AnswerCache.Record.unanchored) else {
          return AnswerCache.Record(digest: digest, shapeDigest: nil, anchors: [], answer: answer)
        }
        anchors.append(UInt32(index))
      }
      let shape = KeptAnswer.shapeDigest(identity: identity, files: files.map { ($0.path, $0.digests.shape) })
      return AnswerCache.Record(digest: digest, shapeDigest: shape, anchors: anchors, answer: answer)
    }
  }

  /// Looks for the answer of the workspace `settings` describe. Gives up (an empty lookup)
  /// as soon as it is clear there is none: a library or a file that cannot be read, a
  /// discovery problem, or more than `maximumParses` files new to `summaries` (a run with
  /// that many changes builds the graph anyway, and parses them then).
  public static func look(
    settings: WorkspaceSettings, summaries: SummaryCache, answers: AnswerCache, maximumParses: Int = 64
  ) -> Lookup {
    look(
      settings: settings, summaryIdentity: summaries.identity, loading: { summaries }, answers: answers,
      maximumParses: maximumParses)
  }

  /// ``look(settings:summaries:answers:maximumParses:)`` with the summary cache still loading:
  /// `loading` waits for it (with `summaryIdentity`, its identity), once the files are read.
  /// A cache whose file was refused gives an empty lookup. `onChange` is called as soon as a
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
    var inputs: [(path: String, text: TextFingerprint, digests: SummaryDigests)] = []
    var changed: [String] = []
    for (file, digests) in zip(texts, summaries.digests(of: texts)) {
      if let digests {
        inputs.append((file.path, file.text, digests))
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
    let content = AnswerCache.inputsDigest(identity: identity, files: inputs.map { ($0.path, $0.digests.content) })
    if kept.digest == content {
      lookup.answer = kept.answer
    } else if let shape = kept.shapeDigest,
      shape == shapeDigest(identity: identity, files: inputs.map { ($0.path, $0.digests.shape) })
    {
      if let answer = moved(kept, texts: lookup.texts, summaries: summaries) {
        lookup.answer = answer
        var record = kept
        record.digest = content
        record.answer = answer
        lookup.movedRecord = record
      }
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
    return Inputs(identity: identity, files: files, summaries: summaries)
  }

  /// The digest of the inputs with each file's shape digest.
  static func shapeDigest(identity: String, files: [(path: String, digest: UInt64)]) -> UInt64 {
    AnswerCache.inputsDigest(identity: identity + "\nshapes", files: files)
  }

  /// `kept`'s answer with each anchored range replaced by the range at its anchor in the
  /// summary of its file's current text; `nil` when an anchor is not there (or its file).
  private static func moved(
    _ kept: AnswerCache.Record, texts: [String: TextFingerprint], summaries: SummaryCache
  ) -> AnalysisAnswer? {
    var rangesByFile: [String: [SourceRange]] = [:]
    var ranges: [SourceRange] = []
    for (range, anchor) in zip(kept.answer.ranges, kept.anchors) {
      guard anchor != AnswerCache.Record.unanchored else {
        ranges.append(range)
        continue
      }
      if rangesByFile[range.file] == nil {
        guard let text = texts[range.file], let current = summaries.ranges(path: range.file, text: text) else {
          return nil
        }
        rangesByFile[range.file] = current
      }
      guard let current = rangesByFile[range.file], Int(anchor) < current.count, current[Int(anchor)].file == range.file
      else { return nil }
      ranges.append(current[Int(anchor)])
    }
    return kept.answer.replacingRanges(ranges)
  }

  /// Each path's text fingerprint and summary digests, from the summary `summaries` holds
  /// for the text `fingerprint` gives; `nil` when one is missing.
  private static func summarized(
    _ paths: [String], fingerprint: (String) -> TextFingerprint?, in summaries: SummaryCache
  ) -> [(path: String, text: TextFingerprint, digests: SummaryDigests)]? {
    var texts: [(path: String, text: TextFingerprint)] = []
    texts.reserveCapacity(paths.count)
    for path in paths {
      guard let text = fingerprint(path) else { return nil }
      texts.append((path, text))
    }
    var files: [(path: String, text: TextFingerprint, digests: SummaryDigests)] = []
    files.reserveCapacity(paths.count)
    for (file, digests) in zip(texts, summaries.digests(of: texts)) {
      guard let digests else { return nil }
      files.append((file.path, file.text, digests))
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
