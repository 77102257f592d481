import DpendAnalysis
import DpendHost
import DpendModel
import Foundation

/// One workspace folder, the one road every change takes: its settings (`.dpend.json` and
/// command-line overrides), the files discovered on disk, the documents open in an editor
/// (whose text overrides the disk's) and the ``AnalysisHost`` holding their summaries.
///
/// The command line makes one, loads it and asks for the graph; the language server makes
/// one per workspace folder and hands it every editor and disk event as a
/// ``WorkspaceChange`` through ``apply(_:)``. Not thread-safe: one caller at a time.
public final class Workspace {
  /// The folder's path.
  public let root: String
  /// The settings in force.
  public private(set) var settings: WorkspaceSettings
  /// Why `.dpend.json` cannot be used, shown on that file; the previous settings stay in force.
  public private(set) var configurationProblem: Diagnostic?
  /// Problems with individual files found while loading (unreadable files, bad libraries).
  public private(set) var loadProblems: [Diagnostic] = []
  /// The graph of the last ``analyze()``; `nil` before the first one.
  public internal(set) var graph: DependencyGraph?
  /// `true` when a change has not been analysed yet.
  public internal(set) var isStale = true
  /// Documents open in the editor, by path (analysed or not).
  public private(set) var documents: [String: OpenDocument] = [:]
  private let overrides: SettingOverrides
  private(set) var host: AnalysisHost
  /// Where a reload keeps the summaries of the files it read (the language server's
  /// `.build/dpend`); `nil` keeps none.
  let cacheDirectory: URL?
  /// Why the summary cache could not be written at the last reload; `nil` when it was.
  public private(set) var cacheProblem: String?
  /// The summary cache ``keptAnswer()`` loaded: the next reload reuses it instead of reading
  /// the file again (when the collection settings are still its).
  var warmCache: SummaryCache?
  /// The lines of each file's text the answer ``keptAnswer()`` gave was computed from.
  var keptLines: [String: LineTable] = [:]
  /// The inputs of the last reload (``KeptAnswer/inputs(of:summaries:)``) while nothing else
  /// changed: the analysis after it keeps its answer for them.
  var answerInputs: KeptAnswer.Inputs?
  /// Told how far a reload has read the files: `(0, total)` once they are found, then
  /// `(done, total)` as each is read, on the thread that read it (``AnalysisHost/readProgress``).
  public var readProgress: (@Sendable (_ done: Int, _ total: Int) -> Void)?

  /// A workspace at `root` with `.dpend.json` read once; an unusable one is recorded as
  /// ``configurationProblem`` (the defaults are used) rather than thrown, as an editor needs.
  /// Nothing is read from disk until the first ``WorkspaceChange/reload``, which reuses the
  /// summaries kept in `cacheDirectory` and keeps them up to date. Its graphs are the
  /// editor's: they index container code for it, and draw no tree (``ContainerViews``).
  public init(root: String, overrides: SettingOverrides = SettingOverrides(), cacheDirectory: URL? = nil) {
    self.root = root
    self.overrides = overrides
    self.cacheDirectory = cacheDirectory
    host = AnalysisHost()
    host.containerViews = .editor
    host.reader = WorkspaceLoader.readText
    do throws(WorkspaceError) {
      settings = try WorkspaceSettings.load(root: root, overrides: overrides)
    } catch {
      settings = Self.defaultSettings(root)
      configurationProblem = Self.problem(error, root: root)
    }
    if let cacheDirectory { settings.collection.vocabulary = VocabularyRecord.load(directory: cacheDirectory) }
  }

  /// A workspace with `settings` already resolved, every file read: what the command line
  /// analyses. A file `store` keeps a summary of is not parsed; a file `knownTexts` gives
  /// the fingerprint of (its text was just read, by ``KeptAnswer/look(settings:summaryIdentity:loading:answers:maximumParses:onChange:)``)
  /// is not read again when `store` has the summary of that text. Unless `keepsState` (its
  /// host keeps every table, and its state after any graph, ``persistedState()``), its graphs
  /// are built for one answer each (``AnalysisHost/buildsOneGraph``), and the first can stream
  /// its state (``analyze(keepingStateIn:identity:)``); either way they make of container
  /// code only the `containerViews` asked for besides its diagnostics (no editor asks here).
  /// - Throws: ``WorkspaceError`` when an implicit filter is not a valid regular expression.
  public init(
    settings: WorkspaceSettings, store: (any SummaryStore)? = nil, knownTexts: [String: TextFingerprint] = [:],
    found: SourceDiscovery.Found? = nil, containerViews: ContainerViews = .tree, keepsState: Bool = false
  ) throws(WorkspaceError) {
    root = settings.root
    overrides = SettingOverrides()
    cacheDirectory = nil
    self.settings = settings
    host = AnalysisHost()
    host.summaryStore = store
    // A host whose state is kept keeps every table; another drops what only updates read.
    host.buildsOneGraph = !keepsState
    host.keepsSummaries = keepsState
    try load(knownTexts: knownTexts, found: found, store: store, containerViews: containerViews)
  }

  /// A workspace with `settings` already resolved whose host goes on from `state` (its
  /// persisted state, ``persistedState()``), the summaries it was made from in `store`:
  /// every file is read, and only those whose text changed since reach the host, through the
  /// update the language server makes after an edit. Its graphs are built as
  /// ``init(settings:store:knownTexts:containerViews:)`` builds them, and its next state can
  /// be kept.
  /// - Throws: ``HostStateFile/Refusal`` when the state cannot be taken up (the caller then
  ///   makes a workspace from scratch), ``WorkspaceError`` as the other initializer.
  public init(
    settings: WorkspaceSettings, store: SummaryCache, knownTexts: [String: TextFingerprint] = [:],
    found: SourceDiscovery.Found? = nil, containerViews: ContainerViews = .tree, state: ArraySlice<UInt8>
  ) throws(WorkspaceRestoreError) {
    root = settings.root
    overrides = SettingOverrides()
    cacheDirectory = nil
    self.settings = settings
    // The build targets of the files a lookup found are read on another thread meanwhile.
    let projects = Self.projectDescriptions(store)
    let targets = found.map { found in
      Later { WorkspaceLoader.discoverTargets(settings, found: found, projects: projects) }
    }
    do {
      host = try Self.host(restoring: state, collection: settings.collection, store: store)
    } catch {
      _ = targets?.value
      throw .refused(.unusable(error.description))
    }
    host.summaryStore = store
    let paths = host.unorderedPaths
    var before: [String: TextFingerprint?] = Dictionary(minimumCapacity: paths.count)
    for path in paths { before[path] = host.fingerprintOfState(path) }
    do {
      try load(
        knownTexts: knownTexts, found: found, targets: targets?.value, projects: projects, store: store,
        containerViews: containerViews)
    } catch {
      throw .workspace(error)
    }
    let after = Array(host.unorderedPaths)
    // The summaries of the files the host did not read again stay in the cache.
    store.keep(after)
    var kept = 0
    for path in after {
      guard let old = before[path] else {
        changedSinceState += 1  // added
        continue
      }
      kept += 1
      if old != host.fingerprint(of: path) { changedSinceState += 1 }
    }
    changedSinceState += before.count - kept  // removed
  }

  /// How many files were added, changed or removed since the host state it went on from
  /// (``init(settings:store:knownTexts:containerViews:state:)``); 0 for another workspace.
  public private(set) var changedSinceState = 0

  /// Reads every file into the host (``WorkspaceLoader/load(_:into:knownTexts:found:projects:)``).
  private func load(
    knownTexts: [String: TextFingerprint], found: SourceDiscovery.Found? = nil, targets: BuildTargets? = nil,
    projects: ProjectDescriptions? = nil, store: (any SummaryStore)?, containerViews: ContainerViews
  ) throws(WorkspaceError) {
    host.containerViews = containerViews
    host.reader = WorkspaceLoader.readText
    let loaded = try WorkspaceLoader.load(
      settings, into: host, knownTexts: knownTexts, found: found, targets: targets,
      projects: projects ?? Self.projectDescriptions(store))
    loadProblems = loaded.problems
    excludedByTargets = loaded.excludedFiles
    // Only what `--verbose` lists is kept: the files of each target are the analysis's.
    buildTargets = loaded.targets
    buildTargets.forgetFiles()
  }

  /// The project descriptions kept beside `store`'s file (none without one).
  private static func projectDescriptions(_ store: (any SummaryStore)?) -> ProjectDescriptions {
    ProjectDescriptions(directory: (store as? SummaryCache)?.url.deletingLastPathComponent())
  }

  /// The build targets the last load found compiling the sources (SPEC 8.6).
  public private(set) var buildTargets = BuildTargets()
  /// The files `.dpend.json`'s `targets` and `excludeTargets` leave out.
  private var excludedByTargets: Set<String> = []

  /// The app's helpers and container values, inferred from every file (SPEC 8.1, 8.2).
  public var vocabulary: ContainerVocabulary { host.vocabulary }

  /// How many files were parsed, and how many summaries a store answered instead.
  public var collected: (parsed: Int, reused: Int) { (host.parseCount, host.storeHits) }

  // MARK: Changes

  /// What a change did to the workspace.
  public enum Effect: Equatable, Sendable {
    /// Nothing the graph reads changed.
    case none
    /// Some analysed text changed.
    case changed
    /// Settings and every file were read again, because `reason`.
    case reloaded(reason: String)
  }

  /// Applies one change: an editor's document opened, edited or closed, files changed on
  /// disk, or everything re-read. Marks the workspace stale when the change can reach the
  /// graph.
  @discardableResult
  public func apply(_ change: WorkspaceChange) -> Effect {
    let effect: Effect
    switch change {
    case .openDocument(let path, let text, let version):
      documents[path] = OpenDocument(version: version, text: text)
      guard analyses(path) else { return .none }
      host.open(path: path, text: text)
      effect = .changed
    case .editDocument(let path, let edits, let version):
      guard var document = documents[path] else { return .none }
      let replacements = document.apply(edits, version: version)
      documents[path] = document
      guard analyses(path) else { return .none }
      host.change(path: path, to: document.text, edits: replacements)
      effect = .changed
    case .closeDocument(let path):
      guard documents.removeValue(forKey: path) != nil, analyses(path) else { return .none }
      host.close(path: path)
      // The disk is the truth again.
      read([path])
      effect = .changed
    case .disk(let changes):
      effect = diskChanged(changes)
      guard effect != .none else { return .none }
    case .reload:
      reload()
      effect = .reloaded(reason: "reload")
    }
    if case .reloaded = effect {} else { answerInputs = nil }
    isStale = true
    return effect
  }

  /// The text of `path` as the editor or, for a file not open, the disk has it.
  public func currentText(of path: String) -> String? {
    documents[path]?.text ?? WorkspaceLoader.readText(path)
  }

  /// The paths of the Swift files the workspace analyses, sorted.
  public var analysedPaths: [String] { host.paths }

  /// The fingerprint of the text `path` was analysed from (see ``AnalysisHost/fingerprint(of:)``).
  public func fingerprint(of path: String) -> TextFingerprint? { host.fingerprint(of: path) }

  /// How many Swift files the workspace analyses.
  public var fileCount: Int { host.fileCount }
  /// `true` when the last graph was built from scratch, not by an update of a restored or
  /// earlier state (``DpendHost/AnalysisHost/lastGraphWasFull``).
  public var lastGraphWasFull: Bool { host.lastGraphWasFull }

  /// The path of the folder's `.dpend.json`.
  public var configurationPath: String { PathJoin.join(root, WorkspaceSettings.configurationFileName) }

  /// `true` when `path` is inside this folder.
  public func contains(_ path: String) -> Bool {
    path == root || path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
  }

  /// `true` for a Swift file this folder analyses (inside it, not excluded, not the output,
  /// not only in targets `.dpend.json` leaves out).
  public func analyses(_ path: String) -> Bool {
    guard contains(path), path.hasSuffix(".swift"), !excludedByTargets.contains(path) else { return false }
    if let output = settings.outputFile, PathIdentity.same(output, path) { return false }
    return settings.inputs.contains { PathIdentity.within(path, $0) }
      && !settings.excludes.contains { PathIdentity.within(path, $0) }
  }

  // MARK: Private

  /// `.dpend.json`, a `.dpendmodule` or a project file the build targets are read from (a
  /// spec an XcodeGen spec includes among them) changed: everything is re-read; a Swift file:
  /// it is re-read unless the editor has it open.
  private func diskChanged(_ changes: [FileChange]) -> Effect {
    var effect = Effect.none
    for change in changes where contains(change.path) {
      let name = change.path.split(separator: "/").last.map(String.init) ?? ""
      let isIncludedSpec =
        ProjectFileNames.mayBeIncludedSpec(name)
        && buildTargets.projectFiles.contains(URL(fileURLWithPath: change.path).standardizedFileURL.path)
      if name == WorkspaceSettings.configurationFileName || name.hasSuffix(".dpendmodule")
        || ProjectFileNames.isTargets(name) || isIncludedSpec
      {
        reload()
        return .reloaded(reason: "\(name) changed")
      }
      guard analyses(change.path), documents[change.path] == nil else { continue }
      if change.kind == .deleted { host.remove([change.path]) } else { read([change.path]) }
      effect = .changed
    }
    return effect
  }

  /// Gives the host the disk's text of `paths`, forgetting the files that cannot be read.
  private func read(_ paths: [String]) {
    let unreadable = host.update(paths: paths, reading: WorkspaceLoader.readText)
    host.remove(unreadable)
  }

  /// Re-reads `.dpend.json` and every file on disk (open documents keep the editor's text).
  private func reload() {
    do throws(WorkspaceError) {
      settings = try WorkspaceSettings.load(root: root, overrides: overrides)
      configurationProblem = nil
    } catch {
      configurationProblem = Self.problem(error, root: root)  // the previous settings stay in force
    }
    // The vocabulary the files were last read with: the host's, or the one kept with the cache.
    settings.collection.vocabulary =
      host.fileCount == 0
      ? cacheDirectory.map { VocabularyRecord.load(directory: $0) } ?? host.vocabulary : host.vocabulary
    let warm = warmCache.flatMap { $0.collection == settings.collection ? $0 : nil }
    warmCache = nil
    let cache = warm ?? cacheDirectory.map { SummaryCache(directory: $0, collection: settings.collection) }
    let restored = host.fileCount == 0 && documents.isEmpty ? restoredHost(cache) : nil
    if let restored { host = restored }
    host.summaryStore = cache
    host.readProgress = readProgress
    defer {
      host.summaryStore = nil
      host.readProgress = nil
    }
    do throws(WorkspaceError) {
      let loaded = try WorkspaceLoader.load(
        settings, into: host, projects: ProjectDescriptions(directory: cacheDirectory))
      loadProblems = loaded.problems
      buildTargets = loaded.targets
      excludedByTargets = loaded.excludedFiles
    } catch {
      configurationProblem = Self.problem(error, root: root)  // an implicit filter that does not compile
      loadProblems = []
    }
    // The summaries of the files the restored host did not read again stay in the cache.
    if restored != nil { cache?.keep(Array(host.unorderedPaths)) }
    settings.collection.vocabulary = host.vocabulary
    if let cacheDirectory { VocabularyRecord.save(host.vocabulary, directory: cacheDirectory) }
    cacheProblem = nil
    var saved = false
    do {
      try cache?.save()
      saved = true
    } catch {
      cacheProblem = "cannot write the summary cache \(cache?.url.path ?? ""): \(error.localizedDescription)"
    }
    // Documents opened before the settings let them be analysed, or while nothing was loaded.
    for (path, document) in documents where analyses(path) && host.openText(of: path) != document.text {
      host.open(path: path, text: document.text)
    }
    answerInputs = saved ? cache.flatMap { KeptAnswer.inputs(of: self, summaries: $0) } : nil
  }

  /// An unusable `.dpend.json`, shown at the start of the file.
  private static func problem(_ error: WorkspaceError, root: String) -> Diagnostic {
    let file = PathJoin.join(root, WorkspaceSettings.configurationFileName)
    return Diagnostic(code: .invalidConfiguration, message: error.message, range: .startOfFile(file))
  }

  private static func defaultSettings(_ root: String) -> WorkspaceSettings {
    // Defaults with no configuration file never fail to resolve.
    try! WorkspaceSettings.resolve(ProjectConfiguration(), file: nil, root: root, overrides: SettingOverrides())
  }
}

/// Why a workspace could not go on from a persisted state.
public enum WorkspaceRestoreError: Error, Sendable {
  /// The state was refused: the caller builds from scratch.
  case refused(HostStateFile.Refusal)
  /// The settings cannot be used (as ``WorkspaceError`` from any workspace).
  case workspace(WorkspaceError)
}
