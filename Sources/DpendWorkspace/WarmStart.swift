import DpendAnalysis
import DpendHost
import DpendModel
import Foundation

/// The one warm start of a run over a workspace on disk, which `analyze`, `tree`, `generate`,
/// `graph` and the build plugin make: the settings with the vocabulary the last run inferred
/// (``VocabularyRecord``); the kept answer (``KeptAnswer``) when no input changed; else the
/// graph of a workspace that goes on from the kept host state (``HostStateFile``) with the
/// files changed since, or is read from the summary cache (``SummaryCache``). Every cache is
/// then brought up to date; one that cannot be written costs only speed, with one line said.
/// The language server's ``Workspace`` starts from the same lookup, state and caches.
public struct WarmStart {
  /// Where the caches are.
  public enum Caches: Sendable {
    /// No cache is read or written (`--no-cache`).
    case none
    /// Where ``CacheLocation`` puts the workspace's.
    case standard
    /// In this directory (`--cache-directory`).
    case at(URL)
  }

  /// The settings, the vocabulary the last run inferred included.
  public let settings: WorkspaceSettings
  /// The cache directory; `nil` without caches.
  public let cacheDirectory: URL?
  /// Where its warnings (and, `verbose`, what it reused) go, one line each.
  private let say: @Sendable (String) -> Void
  /// Keeps an object alive until the process exits (the command line frees nothing at exit).
  private let retain: (AnyObject) -> Void

  /// The warm start of the workspace at `root` (its `.dpend.json` overridden by `overrides`).
  public init(
    root: String, overrides: SettingOverrides, caches: Caches, say: @escaping @Sendable (String) -> Void,
    retain: @escaping (AnyObject) -> Void = { _ in }
  ) throws(WorkspaceError) {
    var settings = try WorkspaceSettings.load(root: root, overrides: overrides)
    switch caches {
    case .none: cacheDirectory = nil
    case .standard: cacheDirectory = CacheLocation.directory(ofRoot: settings.root)
    case .at(let url): cacheDirectory = url
    }
    // The app's helpers as the last run inferred them: the summaries the cache holds were
    // read with them.
    if let cacheDirectory { settings.collection.vocabulary = VocabularyRecord.load(directory: cacheDirectory) }
    self.settings = settings
    self.say = say
    self.retain = retain
  }

  /// What a run reports.
  public struct Run {
    /// What to report.
    public var answer: AnalysisAnswer
    /// The graph it was computed from; `nil` when the answer is the kept one.
    public var graph: DependencyGraph?
    /// Keeps `answer` (this run's, with what the command added, such as the outputs written)
    /// for the next run with the same inputs; does nothing without a cache. For a kept answer
    /// it waits for the summary cache being written meanwhile and says its warning, if any.
    /// Every command that reports an answer calls it.
    public var keep: (AnalysisAnswer) -> Void
    /// The build targets the workspace was analysed with; `nil` for a kept answer.
    public var targets: BuildTargets?
  }

  /// The graph of the workspace (see ``run(useKept:verbose:containerViews:)``, which never
  /// keeps an answer here), with the registrations graph `dpend tree` draws.
  public func graph() throws(WorkspaceError) -> DependencyGraph {
    try run(containerViews: .tree).graph!
  }

  /// What a run reports: the kept answer when no input changed since the run that kept it
  /// and `useKept` accepts its lookup, else the answer of a graph built now. `verbose` also
  /// says how many files were parsed and how many summaries were reused, and whether the
  /// answer was the kept one. `containerViews`: what a graph built makes of container code
  /// besides its diagnostics (``DpendAnalysis/GraphBuilder/containerViews``).
  public func run(
    useKept: (KeptAnswer.Lookup) -> Bool = { _ in false }, verbose: Bool = false, containerViews: ContainerViews = []
  ) throws(WorkspaceError) -> Run {
    let say = self.say
    func report(_ parsed: Int, _ reused: Int, _ cache: SummaryCache?, kept: Bool) {
      guard verbose else { return }
      var line =
        cache == nil ? "summary cache: off, \(parsed) parsed" : "summary cache: \(reused) reused, \(parsed) parsed"
      if let problem = cache?.loadProblem { line += " (the cache file was refused: \(problem))" }
      say(line)
      if kept { say("answer cache: no input changed since the answer was kept; no graph built") }
    }
    var lookup = KeptAnswer.Lookup()
    var cache: SummaryCache?
    var answers: AnswerCache?
    var stateRead: Background<Result<ArraySlice<UInt8>, HostStateFile.Refusal>>?
    let stateIdentity = AnswerCache.identity(
      of: settings, summaryIdentity: SummaryCache.identity(collection: settings.collection))
    if let directory = cacheDirectory {
      // The host state is read on another thread as soon as a file is known to have changed.
      (lookup, cache) = Self.lookUp(
        settings, in: directory,
        onChange: {
          guard let stateIdentity else { return }
          let file = HostStateFile(directory: directory)
          stateRead = Background { file.load(identity: stateIdentity) }
        })
      answers = AnswerCache(directory: directory)
    }
    if let cache, cache.loadProblem == nil, let answer = lookup.answer, useKept(lookup) {
      retain(cache)
      report(lookup.parsed, lookup.reused, cache, kept: true)
      // Written while the command goes on (`generate` writes its code meanwhile); its
      // warning, if any, comes when the command keeps. The host state stays: a file whose
      // summary the cache no longer holds is read again.
      let saving = Background { Self.savingProblem(cache) }
      return Run(
        answer: answer, graph: nil,
        keep: { _ in
          if let problem = saving.wait() { say(problem) }
        })
    }
    // The host's kept state, which the changed files update; a graph from scratch without it.
    let stateFile = cacheDirectory.flatMap { cache == nil ? nil : HostStateFile(directory: $0) }
    var restored: Workspace?
    var stateLine: String?
    if let cache, let stateFile, let stateIdentity, cache.loadProblem == nil {
      (restored, stateLine) = try restoredWorkspace(
        from: stateFile, identity: stateIdentity, read: stateRead?.wait(), store: cache, lookup: lookup,
        containerViews: containerViews)
    }
    let workspace: Workspace
    if let restored {
      workspace = restored
    } else {
      // Its host builds one graph, which writes the state as it is built.
      workspace = try Workspace(
        settings: settings, store: cache, knownTexts: lookup.texts, found: lookup.found,
        containerViews: containerViews)
    }
    // Written before the graph is built: the summaries then leave memory as the graph reads them.
    let saved = cache.map { save($0, releasing: true) } ?? false
    if let cacheDirectory { VocabularyRecord.save(workspace.vocabulary, directory: cacheDirectory) }
    // Kept under the identity the next run looks for: the vocabulary inferred now is the one
    // the next run reads its files with.
    let identity = cache.flatMap { AnswerCache.identity(of: settings, summaryIdentity: $0.identity) }
    func cannotWriteState(_ error: Error) {
      say("warning: cannot write the host state \(stateFile!.url.path): \(error.localizedDescription)")
    }
    let graph: DependencyGraph
    if let restored {
      graph = workspace.analyze()
      // A state restored is written again when replaying the changes since costs more than
      // writing it, when this run built its graph from scratch anyway (other settings, such
      // as a file added to a target map), or when the identity it is kept under changed (the
      // inferred vocabulary): otherwise the next run would pay that again.
      let rewritesState =
        HostStateFile.isWorthRewriting(changed: restored.changedSinceState, files: restored.fileCount)
        || restored.lastGraphWasFull || identity != stateIdentity
      if !rewritesState { stateFile?.removeStaleTemporaries() }
      if saved, rewritesState, let stateFile, let identity, let state = workspace.persistedState() {
        do { try stateFile.save(state, identity: identity) } catch { cannotWriteState(error) }
      }
    } else if saved, let stateFile, let identity {
      let problem: Error?
      (graph, problem) = workspace.analyze(keepingStateIn: stateFile, identity: identity)
      if let problem { cannotWriteState(problem) }
    } else {
      graph = workspace.analyze()
    }
    retain(workspace)
    if let cache { retain(cache) }
    if restored == nil {
      // Files the lookup summarized were parsed in this run, though the workspace reused them.
      report(workspace.collected.parsed + lookup.parsed, workspace.collected.reused - lookup.parsed, cache, kept: false)
    } else {
      // Every file but those parsed now had its summary in the cache.
      let parsed = lookup.parsed + workspace.collected.parsed
      report(parsed, workspace.fileCount - parsed, cache, kept: false)
    }
    if verbose, let stateLine { say(stateLine) }
    guard let cache, let answers, saved, let inputs = KeptAnswer.inputs(of: workspace, summaries: cache) else {
      return Run(answer: AnalysisAnswer(graph: graph), graph: graph, keep: { _ in }, targets: workspace.buildTargets)
    }
    return Run(
      answer: AnalysisAnswer(graph: graph), graph: graph,
      keep: { answer in
        do {
          try answers.save(inputs.record(of: answer))
        } catch {
          say("warning: cannot write the answer cache \(answers.url.path): \(error.localizedDescription)")
        }
      },
      targets: workspace.buildTargets)
  }

  /// The kept answer's lookup (``KeptAnswer/look(settings:summaryIdentity:loading:answers:maximumParses:onChange:)``)
  /// for `settings` with the caches in `directory`, and the summary cache, loaded on another
  /// thread while the lookup reads every file: how a command and a language server session
  /// both start. `onChange` is called as soon as a file is known to have changed.
  public static func lookUp(_ settings: WorkspaceSettings, in directory: URL, onChange: () -> Void = {})
    -> (lookup: KeptAnswer.Lookup, cache: SummaryCache)
  {
    let collection = settings.collection
    let loading = Background { SummaryCache(directory: directory, collection: collection) }
    let lookup = KeptAnswer.look(
      settings: settings, summaryIdentity: SummaryCache.identity(collection: collection), loading: loading.wait,
      answers: AnswerCache(directory: directory), onChange: onChange)
    return (lookup, loading.wait())
  }

  /// The workspace of a run that goes on from the host state `file` keeps for `identity`
  /// (`read`, when it was read ahead), with the `--verbose` line saying so; without one, the
  /// line saying why it was not used (none when there was no state).
  private func restoredWorkspace(
    from file: HostStateFile, identity: String, read: Result<ArraySlice<UInt8>, HostStateFile.Refusal>?,
    store: SummaryCache, lookup: KeptAnswer.Lookup, containerViews: ContainerViews
  ) throws(WorkspaceError) -> (workspace: Workspace?, line: String?) {
    let refusal: HostStateFile.Refusal
    switch read ?? file.load(identity: identity) {
    case .failure(let reason): refusal = reason
    case .success(let state):
      do throws(WorkspaceRestoreError) {
        let workspace = try Workspace(
          settings: settings, store: store, knownTexts: lookup.texts, found: lookup.found,
          containerViews: containerViews, state: state)
        let changed = workspace.changedSinceState
        return (workspace, "host state: the kept state updated with \(changed) changed file\(changed == 1 ? "" : "s")")
      } catch {
        switch error {
        case .refused(let reason): refusal = reason
        case .workspace(let error): throw error
        }
      }
    }
    return (nil, refusal == .missing ? nil : "host state: not used, \(refusal); graph built from scratch")
  }

  /// Writes the summary cache; `false`, with one line said, when it cannot.
  private func save(_ cache: SummaryCache, releasing: Bool = false) -> Bool {
    guard let problem = Self.savingProblem(cache, releasing: releasing) else { return true }
    say(problem)
    return false
  }

  /// Writes the summary cache; the line to say when it cannot.
  private static func savingProblem(_ cache: SummaryCache, releasing: Bool = false) -> String? {
    do {
      _ = try cache.save(releasing: releasing)
      return nil
    } catch {
      return "warning: cannot write the summary cache \(cache.url.path): \(error.localizedDescription)"
    }
  }
}
