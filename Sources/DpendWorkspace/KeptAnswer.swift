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
    /// `true` when the answer's ranges were moved, or the answer stands for files whose shape changed.
    public var moved: Bool { movedRecord != nil }
    /// How many files changed shape without it reaching the graph (``DpendAnalysis/UnchangedGraph``),
    /// when the answer was kept for that reason; 0 otherwise.
    public var shapesChanged = 0
    /// How the inputs' paths differ from the kept answer's, when it was kept for those
    /// changes: one of those files may have been added or removed.
    public var paths = PathChange.same
    /// What the check of those changes found (``DpendAnalysis/UnchangedGraph/Outcome``):
    /// the providers added, removed or rewired, and the keys whose missing-dependency errors
    /// were made again or went.
    public var outcome: UnchangedGraph.Outcome?
    /// The providers those changes added, removed or rewired.
    public var providers: UnchangedGraph.ProviderChange { outcome?.providers ?? .none }
    /// `true` when those changes added, removed or rewired providers.
    public var providersChanged: Bool { !providers.isEmpty }
    /// The outputs' fingerprints the kept answer had before such a change (the answer the
    /// lookup gives has none: its generated code differs): what `dpend generate` wrote from
    /// the graph before the change, which a table of its registrations kept with the same
    /// fingerprint describes.
    public var keptOutputs: [String: TextFingerprint] = [:]
    /// Files summarized again (their text was new to the summary cache).
    public var parsed = 0
    /// Files whose summary the cache already had.
    public var reused = 0
    /// The fingerprint of each file's text as the lookup read it, for the files whose
    /// summary the cache holds (or holds now): the run that follows takes them instead of
    /// reading the files again (``Workspace/init(settings:store:knownTexts:)``). Empty when
    /// the lookup gave up before reading every file.
    public var texts: [String: TextFingerprint] = [:]

    /// A lookup that found nothing.
    public init() {}
  }

  /// The inputs of an analysis, to keep its answer with (``record(of:watched:keys:)``).
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
    /// `watched` (``DpendAnalysis/DependencyGraph/watchedNames``) gives the record its
    /// ``AnswerCache/GraphFacts``, with `keys` (``DpendAnalysis/DependencyGraph/keyFacts``)
    /// among them.
    public func record(of answer: AnalysisAnswer, watched: WatchedNames? = nil, keys: KeyFacts? = nil)
      -> AnswerCache.Record
    {
      let facts = watched.map { graphFacts(watched: $0, keys: keys) }
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
          return AnswerCache.Record(digest: digest, shapeDigest: nil, anchors: [], answer: answer, graphFacts: facts)
        }
        anchors.append(UInt32(index))
      }
      let shape = KeptAnswer.shapeDigest(identity: identity, files: files.map { ($0.path, $0.digests.shape) })
      return AnswerCache.Record(digest: digest, shapeDigest: shape, anchors: anchors, answer: answer, graphFacts: facts)
    }

    /// The graph facts of these inputs, with the names the graph's analyses looked up and
    /// the keys its factories provide and need.
    func graphFacts(watched: WatchedNames, keys: KeyFacts?) -> AnswerCache.GraphFacts {
      AnswerCache.GraphFacts(
        pathsDigest: AnswerCache.pathsDigest(identity: identity, paths: files.map(\.path)),
        shapes: files.map { AnswerCache.fileHash(path: $0.path, digest: $0.digests.shape) }.sorted(),
        contents: files.map { AnswerCache.fileHash(path: $0.path, digest: $0.digests.content) }.sorted(),
        watched: watched, keys: keys)
    }
  }

  /// Looks for the answer of the workspace `settings` describe. Gives up (an empty lookup)
  /// as soon as it is clear there is none: a library or a file that cannot be read, a
  /// discovery problem, or more than `maximumParses` files new to `summaries` (a run with
  /// that many changes builds the graph anyway, and parses them then). `providers` false
  /// leaves out answers standing for providers added, removed or rewired (``Lookup/providersChanged``):
  /// `generate` cannot use them (its output changes) unless it kept the table of the
  /// registrations it wrote (``KeptRegistrations``), and would otherwise pay for the check
  /// only to build the graph after it.
  public static func look(
    settings: WorkspaceSettings, summaries: SummaryCache, answers: AnswerCache, maximumParses: Int = 64,
    providers: Bool = true
  ) -> Lookup {
    // Which files targets chosen by name leave out is known only once the targets are read.
    guard settings.targets.isEmpty, settings.excludeTargets.isEmpty else { return Lookup() }
    let found = SourceDiscovery(excludes: settings.excludes, outputFile: settings.outputFile).files(in: settings.inputs)
    let projects = BuildTargets.projectFiles(found: found.projects, root: settings.root)
    guard
      let identity = AnswerCache.identity(of: settings, summaryIdentity: summaries.identity, projects: projects),
      found.problems.isEmpty, let kept = answers.load()
    else { return Lookup() }
    let files = found.files.sorted()
    enum Known {
      case summarized(TextFingerprint, SummaryDigests)
      case changed
      case unreadable
    }
    let known = Locked([Known](repeating: .unreadable, count: files.count))
    DispatchQueue.concurrentPerform(iterations: files.count) { index in
      var state = Known.unreadable
      if let text = WorkspaceLoader.readText(files[index]) {
        let fingerprint = TextFingerprint(text)
        state =
          summaries.digests(path: files[index], text: fingerprint).map { .summarized(fingerprint, $0) } ?? .changed
      }
      known.withLock { $0[index] = state }
    }
    var inputs: [(path: String, text: TextFingerprint, digests: SummaryDigests)] = []
    var changed: [String] = []
    for (path, state) in zip(files, known.withLock { $0 }) {
      switch state {
      case .summarized(let text, let digests): inputs.append((path, text, digests))
      case .changed: changed.append(path)
      case .unreadable: return Lookup()
      }
    }
    var lookup = Lookup()
    lookup.texts = Dictionary(inputs.map { ($0.path, $0.text) }, uniquingKeysWith: { first, _ in first })
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
        // The same shapes and looked-up names; other contents.
        record.graphFacts = kept.graphFacts.map {
          Inputs(identity: identity, files: inputs, summaries: summaries).graphFacts(
            watched: $0.watched, keys: $0.keys)
        }
        lookup.movedRecord = record
      }
    } else if projects.isEmpty, !gatingMayChange(kept, inputs: inputs, summaries: summaries),
      let unchanged = unchangedGraph(
        kept, identity: identity, inputs: inputs, texts: lookup.texts, settings: settings, summaries: summaries,
        maximumChanges: maximumParses, providers: providers)
    {
      lookup.answer = unchanged.record.answer
      lookup.movedRecord = unchanged.record
      lookup.shapesChanged = unchanged.changed
      lookup.paths = unchanged.paths
      lookup.outcome = unchanged.outcome
      if unchanged.outcome.providersChanged { lookup.keptOutputs = kept.answer.outputs }
    }
    return lookup
  }

  /// The kept answer's record for `inputs` when some files changed shape since it was kept
  /// (one of them perhaps added or removed: a change from or to an empty file) but the change does not reach
  /// the graph (``DpendAnalysis/UnchangedGraph``), with how many files changed, whether one
  /// was added or removed, and which providers were added, removed or rewired (then the record
  /// keeps no output's fingerprint: the generated code differs); `nil` when that cannot be
  /// shown: the record has no graph facts, the paths differ otherwise than by one added or
  /// removed, the settings
  /// differ, more than `maximumChanges` files changed, a library cannot be read, or the
  /// summary the answer was made from is no longer in `summaries`.
  private static func unchangedGraph(
    _ kept: AnswerCache.Record, identity: String,
    inputs: [(path: String, text: TextFingerprint, digests: SummaryDigests)], texts: [String: TextFingerprint],
    settings: WorkspaceSettings, summaries: SummaryCache, maximumChanges: Int, providers: Bool
  ) -> (record: AnswerCache.Record, changed: Int, paths: PathChange, outcome: UnchangedGraph.Outcome)? {
    guard var facts = kept.graphFacts, let analysis = try? WorkspaceLoader.analysisSettings(settings),
      analysis.problems.isEmpty
    else { return nil }
    if !providers { facts.keys = nil }
    let changedIndices = inputs.indices.filter { !facts.had(path: inputs[$0].path, shape: inputs[$0].digests.shape) }
    guard changedIndices.count <= maximumChanges,
      let paths = pathChange(
        facts: facts, identity: identity, paths: inputs.map(\.path), changed: changedIndices, summaries: summaries)
    else { return nil }
    var changes: [UnchangedGraph.Change] = []
    // A file added is a change from an empty file; one removed, a change to an empty file.
    if case .removed(let path) = paths {
      guard let old = summaries.keptSummary(path: path), facts.had(path: path, content: old.stored.contentDigest)
      else { return nil }
      // A file declaring helpers or container values changes what other files read.
      guard old.vocabulary.isEmpty else { return nil }
      changes.append(UnchangedGraph.Change(old: old, new: IndexedSummary(FileSummary(path: path))))
    }
    for index in changedIndices {
      let input = inputs[index]
      let added = paths == .added(index)
      // The summary the answer's positions are those of: exactly, not only its shape.
      guard
        let old = added ? IndexedSummary(FileSummary(path: input.path)) : summaries.keptSummary(path: input.path),
        added || facts.had(path: input.path, content: old.stored.contentDigest),
        let new = summaries.summary(path: input.path, text: input.text, collection: summaries.collection),
        // Helpers, inject wrappers or container values changed: other files read otherwise,
        // and the graph is built (their positions apart, which the vocabulary leaves out).
        old.vocabulary.equalsPositionFree(new.vocabulary)
      else { return nil }
      changes.append(UnchangedGraph.Change(old: old, new: new))
    }
    guard !changes.isEmpty else { return nil }
    guard UnchangedGraph.isWorthChecking(changes, settings: analysis.settings, providers: facts.keys != nil) else {
      return nil
    }
    let changedSet = Set(changedIndices)
    let others = inputs.indices.filter { !changedSet.contains($0) }.map { inputs[$0] }
    guard
      let outcome = UnchangedGraph.check(
        others: otherFiles(others, in: summaries), changes: changes, watched: facts.watched, keys: facts.keys,
        settings: analysis.settings)
    else { return nil }
    // The answer's ranges in the changed files moved with their factories and problems, and
    // the errors of keys nothing provides made again with the rewired factories' parameters.
    guard var answer = outcome.answer(after: kept.answer) else { return nil }
    if outcome.providersChanged { answer.outputs = [:] }
    let record = Inputs(identity: identity, files: inputs, summaries: summaries).record(
      of: answer, watched: outcome.watched, keys: outcome.keys)
    return (record, changes.count, paths, outcome)
  }

  /// The files of `inputs` as the check of an unchanged graph reads them: what each declares
  /// from its facts in `summaries`, without decoding; a summary when asked for it; all of
  /// them (decoded in parallel) when the check needs every file.
  private static func otherFiles(
    _ inputs: [(path: String, text: TextFingerprint, digests: SummaryDigests)], in summaries: SummaryCache
  ) -> UnchangedGraph.OtherFiles {
    @Sendable func summary(_ index: Int) -> IndexedSummary? {
      summaries.summary(path: inputs[index].path, text: inputs[index].text, collection: summaries.collection)
    }
    return UnchangedGraph.OtherFiles(
      count: inputs.count,
      declared: { index in
        summaries.facts(path: inputs[index].path, text: inputs[index].text).flatMap(IndexedSummary.declaredNames)
      }, summary: summary,
      all: {
        let read = Locked([IndexedSummary?](repeating: nil, count: inputs.count))
        DispatchQueue.concurrentPerform(iterations: inputs.count) { index in
          let indexed = summary(index)
          read.withLock { $0[index] = indexed }
        }
        let all = read.withLock { $0 }.compactMap { $0 }
        return all.count == inputs.count ? all : nil
      })
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
    var files: [(path: String, text: TextFingerprint, digests: SummaryDigests)] = []
    for path in paths {
      guard let text = fingerprint(path), let digests = summaries.digests(path: path, text: text) else { return nil }
      files.append((path, text, digests))
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
    gates = graph.container.gates
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
