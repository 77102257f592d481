import ArgumentParser
import DpendAnalysis
import DpendModel
import DpendWorkspace
import Foundation

/// Options every subcommand shares: what to analyse and how.
struct WorkspaceOptions: ParsableArguments {
  @Argument(
    help: ArgumentHelp(
      "Swift files and directories to analyse; directories are searched recursively.",
      discussion: "Default: the configuration's inputs, or the whole workspace."))
  var inputs: [String] = []

  @Option(
    name: .customLong("inputs-file"),
    help: ArgumentHelp(
      "A file listing more inputs, one path a line (what the build plugin passes).",
      discussion: "Thousands of paths as arguments take the argument parser seconds; a list takes none."))
  var inputsFile: String?

  @Option(
    name: .customLong("implicit-filter"),
    help: ArgumentHelp(
      "A regular expression selecting implicit dependencies by qualified type name (repeatable).",
      discussion: "The whole name must match, e.g. '.*Impl' or 'Feature\\..*'."))
  var implicitFilters: [String] = []

  @Option(name: .customLong("library"), help: "A .dpendmodule file whose factories are extra providers (repeatable).")
  var libraries: [String] = []

  @Option(
    help: ArgumentHelp(
      "The directory holding .dpend.json. Default: the current directory.",
      discussion:
        "Given inputs outside the current directory, the root of the folder holding them: the outermost folder "
        + "above them with a project file, no higher than their repository, else that folder itself."))
  var workspace: String?

  @Option(name: .customLong("module-name"), help: "The analysed module's name, required by library factories.")
  var moduleName: String?

  @Flag(name: .customLong("no-cache"), help: "Parse every file; neither read nor write the summary cache.")
  var noCache = false

  @Option(
    name: .customLong("cache-directory"),
    help: ArgumentHelp(
      "Where the summary cache is kept.", discussion: Self.defaultCacheDirectory))
  var cacheDirectory: String?

  /// Where the caches go without `--cache-directory` (``CacheLocation``), as the help says it.
  static let defaultCacheDirectory =
    "Default: .build/dpend in a Swift package (or a folder with .build); for an Xcode project, the user's cache "
    + "folder ($XDG_CACHE_HOME/dpend/…, else ~/.cache/dpend/… or ~/Library/Caches/dpend/…)."

  /// The settings, or a usage error naming the problem.
  func settings(outputFile: String?, container: String? = nil) throws -> WorkspaceSettings {
    var overrides = SettingOverrides()
    overrides.inputs = inputs + (try listedInputs())
    overrides.implicitFilters = implicitFilters
    overrides.libraries = libraries
    overrides.outputFile = outputFile
    overrides.container = container
    overrides.moduleName = moduleName
    // `dpend analyze ../Other` reads the other folder's projects and settings, not these.
    let root = workspace ?? WorkspaceRoot.of(inputs: overrides.inputs, current: ".")
    var settings = try run { () throws(WorkspaceError) in
      try WorkspaceSettings.load(root: root, overrides: overrides)
    }
    // The app's helpers as the last run inferred them: the summaries the cache holds were
    // read with them.
    if let directory = cacheDirectory(settings) {
      settings.collection.vocabulary = VocabularyRecord.load(directory: directory)
    }
    return settings
  }

  /// The paths `--inputs-file` lists (empty lines skipped); a usage error when it cannot be read.
  private func listedInputs() throws -> [String] {
    guard let inputsFile else { return [] }
    guard let text = WorkspaceLoader.readText(inputsFile) else {
      Output.error("error: cannot read the inputs file '\(inputsFile)'")
      throw ExitCode(2)
    }
    return text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
  }

  /// The graph of the workspace (see ``analysis(_:useKept:verbose:containerViews:)``,
  /// which never keeps an answer here), with the registrations graph `dpend tree` draws.
  func analyze(_ settings: WorkspaceSettings) throws -> DependencyGraph {
    try analysis(settings, containerViews: .tree).graph!
  }

  /// What a run reports: the kept answer (``AnswerCache``) when no input changed since the
  /// run that kept it and `useKept` accepts its lookup, else the answer of a graph built now (its
  /// summaries reused from the summary cache where their text is unchanged). Both caches
  /// are then brought up to date; a cache that cannot be written costs only speed, with one
  /// line on standard error. `verbose` also prints, on standard error, how many files were
  /// parsed and how many summaries were reused, and whether the answer was the kept one.
  ///
  /// `containerViews`: what a graph built makes of container code besides its diagnostics
  /// (``DpendAnalysis/GraphBuilder/containerViews``). A graph is built from the host state
  /// (``HostStateFile``) when one is kept: only the files changed since reach it.
  func analysis(
    _ settings: WorkspaceSettings, useKept: (KeptAnswer.Lookup) -> Bool = { _ in false }, verbose: Bool = false,
    containerViews: ContainerViews = []
  ) throws -> Analysis {
    func report(_ parsed: Int, _ reused: Int, _ cache: SummaryCache?, _ kept: KeptAnswer.Lookup?) {
      guard verbose else { return }
      var line =
        cache == nil ? "summary cache: off, \(parsed) parsed" : "summary cache: \(reused) reused, \(parsed) parsed"
      if let problem = cache?.loadProblem { line += " (the cache file was refused: \(problem))" }
      Output.error(line)
      if let kept, kept.moved {
        Output.error("answer cache: only positions changed since the answer was kept; its ranges moved, no graph built")
      } else if kept != nil {
        Output.error("answer cache: no input changed since the answer was kept; no graph built")
      }
    }
    let directory = cacheURL(settings)
    // Loaded on another thread while the answer's lookup reads every file.
    let collection = settings.collection
    let loading = noCache ? nil : Background { SummaryCache(directory: directory, collection: collection) }
    let answers = noCache ? nil : AnswerCache(directory: directory)
    var lookup = KeptAnswer.Lookup()
    // The host state is read on another thread as soon as a file is known to have changed.
    let summaryIdentity = SummaryCache.identity(collection: collection)
    let stateIdentity = AnswerCache.identity(of: settings, summaryIdentity: summaryIdentity)
    var stateRead: Background<Result<ArraySlice<UInt8>, HostStateFile.Refusal>>?
    if let loading, let answers {
      lookup = KeptAnswer.look(
        settings: settings, summaryIdentity: summaryIdentity, loading: loading.wait, answers: answers,
        onChange: {
          guard let stateIdentity else { return }
          let file = HostStateFile(directory: directory)
          stateRead = Background { file.load(identity: stateIdentity) }
        })
    }
    let cache = loading?.wait()
    if let cache, let answers, cache.loadProblem == nil {
      if let answer = lookup.answer, useKept(lookup) {
        KeptUntilExit.keep(cache)
        report(lookup.parsed, lookup.reused, cache, lookup)
        // Written while the command goes on (`generate` writes its code meanwhile); its
        // warning, if any, comes when the command asks whether it was written, or keeps. The
        // host state stays: a file whose summary the cache no longer holds is read again.
        let saving = Background { Self.savingProblem(cache) }
        let saved = Locked<Bool?>(nil)
        let cacheSaved = {
          saved.withLock { saved in
            if let saved { return saved }
            let problem = saving.wait()
            if let problem { Output.error(problem) }
            saved = problem == nil
            return problem == nil
          }
        }
        // The record of a moved answer is kept with the outputs the command wrote from it.
        return Analysis(
          answer: answer, graph: nil,
          keep: { kept in
            _ = cacheSaved()
            guard var record = lookup.movedRecord else { return }
            record.answer.outputs = kept.outputs
            try? answers.save(record)
          })
      }
    }
    // The host's kept state, which the changed files update; a graph from scratch without it.
    let stateFile = cache.map { _ in HostStateFile(directory: directory) }
    var restored: Workspace?
    var stateLine: String?
    if let cache, let stateFile, let stateIdentity, cache.loadProblem == nil {
      (restored, stateLine) = try restoredWorkspace(
        settings, from: stateFile, identity: stateIdentity, read: stateRead?.wait(), store: cache,
        knownTexts: lookup.texts,
        found: lookup.found, containerViews: containerViews)
    }
    let workspace =
      try restored
      ?? run { () throws(WorkspaceError) in
        try Workspace(
          settings: settings, store: cache, knownTexts: lookup.texts, found: lookup.found,
          containerViews: containerViews,
          keepsState: stateFile != nil)
      }
    // Written before the graph is built: the summaries then leave memory as the graph reads them.
    let saved = cache.map { save($0, releasing: true) } ?? false
    if cache != nil { VocabularyRecord.save(workspace.vocabulary, directory: directory) }
    let graph = workspace.analyze()
    // Kept under the identity the next run looks for: the vocabulary inferred now is the one
    // the next run reads its files with.
    // A state restored is written again when replaying the changes since costs more than
    // writing it, when this run built its graph from scratch anyway (other settings, such as
    // a file added to a target map), or when the identity it is kept under changed (the
    // inferred vocabulary): otherwise the next run would pay that again.
    let identity = cache.flatMap { AnswerCache.identity(of: settings, summaryIdentity: $0.identity) }
    let rewritesState = restored.map {
      HostStateFile.isWorthRewriting(changed: $0.changedSinceState, files: $0.fileCount)
        || $0.lastGraphWasFull || identity != stateIdentity
    }
    if rewritesState == false { stateFile?.removeStaleTemporaries() }
    if saved, rewritesState ?? true, let stateFile, let identity, let state = workspace.persistedState() {
      do {
        try stateFile.save(state, identity: identity)
      } catch {
        Output.error("warning: cannot write the host state \(stateFile.url.path): \(error.localizedDescription)")
      }
    }
    KeptUntilExit.keep(workspace)
    if let cache { KeptUntilExit.keep(cache) }
    // Files the lookup summarized were parsed in this run, though the workspace reused them.
    if restored == nil {
      report(workspace.collected.parsed + lookup.parsed, workspace.collected.reused - lookup.parsed, cache, nil)
    } else {
      // Every file but those parsed now had its summary in the cache.
      let parsed = lookup.parsed + workspace.collected.parsed
      report(parsed, workspace.fileCount - parsed, cache, nil)
    }
    if verbose, let stateLine { Output.error(stateLine) }
    guard let cache, let answers, saved else {
      return Analysis(
        answer: AnalysisAnswer(graph: graph), graph: graph, keep: { _ in },
        targets: workspace.buildTargets)
    }
    let inputs = KeptAnswer.inputs(of: workspace, summaries: cache)
    return Analysis(
      answer: AnalysisAnswer(graph: graph), graph: graph,
      keep: { answer in
        guard let inputs else { return }
        do {
          try answers.save(
            inputs.record(of: answer))
        } catch {
          Output.error("warning: cannot write the answer cache \(answers.url.path): \(error.localizedDescription)")
        }
      },
      targets: workspace.buildTargets)
  }

  /// The workspace of a run that goes on from the host state `file` keeps for `identity`
  /// (`read`, when it was read ahead), with the `--verbose` line saying so; without one, the
  /// line saying why it was not used (none when there was no state).
  private func restoredWorkspace(
    _ settings: WorkspaceSettings, from file: HostStateFile, identity: String,
    read: Result<ArraySlice<UInt8>, HostStateFile.Refusal>?, store: SummaryCache,
    knownTexts: [String: TextFingerprint], found: SourceDiscovery.Found?, containerViews: ContainerViews
  ) throws -> (workspace: Workspace?, line: String?) {
    let refusal: HostStateFile.Refusal
    switch read ?? file.load(identity: identity) {
    case .failure(let reason): refusal = reason
    case .success(let state):
      do throws(WorkspaceRestoreError) {
        let workspace = try Workspace(
          settings: settings, store: store, knownTexts: knownTexts, found: found, containerViews: containerViews,
          state: state)
        let changed = workspace.changedSinceState
        return (workspace, "host state: the kept state updated with \(changed) changed file\(changed == 1 ? "" : "s")")
      } catch {
        switch error {
        case .refused(let reason): refusal = reason
        case .workspace(let error):
          Output.error("error: \(error.description)")
          throw ExitCode(2)
        }
      }
    }
    return (nil, refusal == .missing ? nil : "host state: not used, \(refusal); graph built from scratch")
  }

  /// Writes the summary cache; `false`, with one line on standard error, when it cannot.
  private func save(_ cache: SummaryCache, releasing: Bool = false) -> Bool {
    guard let problem = Self.savingProblem(cache, releasing: releasing) else { return true }
    Output.error(problem)
    return false
  }

  /// Writes the summary cache; the line to print when it cannot.
  private static func savingProblem(_ cache: SummaryCache, releasing: Bool = false) -> String? {
    do {
      _ = try cache.save(releasing: releasing)
      return nil
    } catch {
      return "warning: cannot write the summary cache \(cache.url.path): \(error.localizedDescription)"
    }
  }

  /// Where the caches are; `nil` with `--no-cache`.
  func cacheDirectory(_ settings: WorkspaceSettings) -> URL? {
    noCache ? nil : cacheURL(settings)
  }

  /// `--cache-directory`, or where ``CacheLocation`` puts the workspace's caches.
  private func cacheURL(_ settings: WorkspaceSettings) -> URL {
    if let cacheDirectory { return URL(fileURLWithPath: cacheDirectory) }
    return CacheLocation.directory(ofRoot: settings.root)
  }

  private func run<T>(_ body: () throws(WorkspaceError) -> T) throws -> T {
    do {
      return try body()
    } catch {
      Output.error("error: \(error.description)")
      throw ExitCode(2)
    }
  }
}

/// What a run of ``WorkspaceOptions/analysis(_:useKept:verbose:containerViews:)`` reports.
struct Analysis {
  /// What to report.
  var answer: AnalysisAnswer
  /// The graph it was computed from; `nil` when the answer is the kept one.
  var graph: DependencyGraph?
  /// Keeps `answer` (this run's, with what the command added, such as the outputs written)
  /// for the next run with the same inputs; does nothing without a cache, nor for a kept
  /// answer found as it was (a moved one is kept in its new place). Every command that
  /// reports a kept answer calls it.
  var keep: (AnalysisAnswer) -> Void
  /// The build targets the workspace was analysed with; `nil` for a kept answer.
  var targets: BuildTargets? = nil
}

/// What a command keeps until the process exits instead of freeing it: tearing down a
/// workspace's summaries, tables and graph object by object takes about a tenth of a warm
/// run, and the exit returns the memory at once.
enum KeptUntilExit {
  nonisolated(unsafe) private static var objects: [AnyObject] = []

  /// Keeps `object` alive until the process exits.
  static func keep(_ object: AnyObject) { objects.append(object) }
}

/// Where the command line writes.
enum Output {
  /// Writes to standard output as is.
  static func print(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }

  /// Writes one line to standard error.
  static func error(_ line: String) {
    errorText(line + "\n")
  }

  /// Writes to standard error as is.
  static func errorText(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }
}
