import DpendModel

/// Builds the dependency graph and keeps it up to date as files change, doing work in
/// proportion to the change rather than to the workspace.
///
/// Summaries are kept in their binary form (``StoredSummary``) and decoded for the stage
/// that reads them. The stages, in the order ``graph(extraDiagnostics:streamingStateTo:)``
/// runs them, each kept between builds, with why each comes where it does:
/// 1. **files**: every file's ``FileInterface`` feeds the ``SymbolTable``, which reports the
///    names a changed interface may make mean something else; then each ``FileAnalysis``
///    (its factories), again for the changed files and those that looked up such a name.
///    Every later stage reads the table or the analyses.
/// 2. **configurations**: the `#if` configurations to check, from the analyses (which
///    factories are conditional) and the container code.
/// 3. **containers** (``ContainerStage``): the container check, by type, in each
///    configuration. It reads the symbol table, which a one-graph builder drops before the
///    key stage: it runs first.
/// 4. **keys** (``KeyStage``): per key, its providers, its selection, its missing-dependency
///    error and the cycle check, for the keys the analyses' changed factories reach. It
///    reads only the analyses' factories.
/// 5. **diagnostics**: every stage's gathered and sorted, again only when some stage's
///    changed; under `#if`, the key stage's once per configuration instead.
///
/// A graph made after any sequence of changes equals the graph built from scratch from
/// the same summaries (a test checks this on random edit sequences). Not thread-safe.
public final class GraphBuilder {
  /// The settings graphs are built with; changing them rebuilds everything at the next graph.
  public var settings: AnalysisSettings {
    didSet { settingsIdentity = settings.identityDigest }
  }
  /// ``settings``' identity (``AnalysisSettings/identity``), hashed: compared at every graph.
  private(set) var settingsIdentity: UInt64
  /// The identity of the settings the tables were built with: settings set again with the
  /// same identity (a restored builder's, set by its workspace) keep every table, others
  /// rebuild them at the next graph.
  var tablesIdentity: UInt64?
  /// The summaries' digests of a state just read, until ``adoptSummaries(_:)``.
  var readDigests: [UInt64] = []
  /// The paths of a state just read whose summary was not at hand (``adoptSummaries(_:)``),
  /// until they are set again; the next graph removes those that are not.
  var unsummarized: Set<String> = []
  /// `true` for a builder asked for one graph (the command line's): what only updates read
  /// (each file's interface, the symbol table) is dropped as soon as the graph no longer
  /// needs it, which lowers the peak by about a fifth; a later graph is built from scratch.
  public var buildsOneGraph = false
  /// `false` for a one-graph builder whose graph is only reported (the command line's): the
  /// summaries are dropped once the files are analysed, unless a later stage reads them (some
  /// file has container code, which the container check and its index read declarations of
  /// other files for, or declares something under `#if`), and the graph's
  /// ``DependencyGraph/summary(of:)`` then answers `nil`. Such a builder builds one graph:
  /// another one needs every file set again.
  public var keepsSummaries = true
  /// Where the graph being built writes the builder's state (``graph(extraDiagnostics:streamingStateTo:)``);
  /// `nil` between graphs.
  private(set) var stateStream: StateStream?
  /// What the graph makes of container code besides its diagnostics: the registrations graph
  /// `dpend tree` draws (``ContainerReport/graph``), and the index the editor navigates with
  /// (``DependencyGraph/containerIndex``, made when first asked). Both by default; the
  /// command line's analysis needs neither, the language server no tree.
  public var containerViews: ContainerViews = [.tree, .editor]
  /// The container check, kept up to date by type (``ContainerStage``).
  var containerStage = ContainerStage()
  /// `false` when the next container check starts from scratch (a full build, new settings).
  var containerStageIsCurrent = false
  /// The files changed since the last graph, each with its summary before (`nil`: added).
  var changedSinceLastGraph: [String: StoredSummary?] = [:]
  /// The names the symbol table reported changed since the last graph.
  var namesChangedSinceLastGraph: Set<Substring> = []
  /// How many types the last graph's container check checked, in all configurations
  /// (``ContainerStage/lastCheckedTypes``): tests prove with it that an edit checks only
  /// the types it touches.
  public internal(set) var lastContainerCheckTypes = 0
  /// `true` when the last graph's container check looked for cycles
  /// (``ContainerStage/lastLookedForCycles``).
  public internal(set) var lastContainerCycleSearch = false
  /// `true` when the last graph built every table from scratch (the first graph, new
  /// settings), not by an update.
  public private(set) var lastGraphWasFull = false
  /// `true` once summaries were dropped (``keepsSummaries``).
  var droppedSummaries = false

  var pending: [String: IndexedSummary?] = [:]
  var needsFullBuild = true
  var summaries: [String: StoredSummary] = [:]
  /// The summaries of the last graph, decoded as they are read; `nil` after a change.
  private var shelf: SummaryShelf?
  /// What the shelf of the graph before the change decoded, for the next shelf to keep.
  private var previouslyDecoded = SummaryShelf.Decoded()
  /// The files with container registrations or resolve sites (Dip, Swinject).
  var containerFiles: Set<String> = []
  /// The vocabulary facts (helpers, wrappers, container values) of each file declaring any.
  var vocabularyFacts: [String: VocabularyFacts] = [:]
  /// Which registrations run and on which container, kept between container checks.
  var gates = GateStage()
  /// The files declaring something of dpend's own dialect under `#if`.
  var conditionalFiles: Set<String> = []
  var interfaces = DeferredTable<String, FileInterface>()
  /// The paths of `summaries`, sorted.
  var paths: [String] = []
  var symbols = SymbolTable(libraryFactories: [])
  var files: [String: FileAnalysis] = [:]
  /// The key stage, with the state it keeps between graphs.
  var keyStage = KeyStage()
  /// The files whose factories the last graph collected, in the order collected; tests
  /// use it to prove that an edit is not followed by the whole workspace's collection.
  private(set) var lastCollectedPaths: [String] = []
  /// Every diagnostic but the extra ones, sorted; `nil` when one changed.
  var sortedDiagnostics: [Diagnostic]?

  /// Creates a builder with no files.
  public init(settings: AnalysisSettings) {
    self.settings = settings
    settingsIdentity = settings.identityDigest
  }

  /// Sets the summaries of files (new or changed); takes effect at the next ``graph(extraDiagnostics:)``.
  public func set(_ summaries: [IndexedSummary]) {
    pending.reserveCapacity(pending.count + summaries.count)
    for summary in summaries { pending[summary.stored.path] = .some(summary) }
  }

  /// Sets the summaries of files (new or changed), encoding them; takes effect at the next
  /// ``graph(extraDiagnostics:)``.
  public func set(_ summaries: [FileSummary]) {
    set(Parallel.map(summaries.count, minimum: 256) { IndexedSummary(summaries[$0]) })
  }

  /// The current summaries, decoded as they are read; shared with the graph.
  var summaryShelf: SummaryShelf {
    if let shelf { return shelf }
    let made = SummaryShelf(summaries, keeping: previouslyDecoded)
    previouslyDecoded = SummaryShelf.Decoded()
    shelf = made
    return made
  }

  /// Forgets files; takes effect at the next ``graph(extraDiagnostics:)``.
  public func remove(_ paths: [String]) {
    for path in paths { pending[path] = .some(nil) }
  }

  /// The graph of the current summaries, with `extraDiagnostics` merged into its diagnostics.
  /// A one-graph builder (``buildsOneGraph``) whose state is kept for the next run (the command
  /// line's first run) is given a `stream`: it writes its state there, section by section as
  /// each stage finishes with it, before dropping what only updates read, so the state is
  /// never whole in memory beside the tables; and it makes the tables updates read, as a
  /// builder that keeps them does. Another builder ignores it.
  public func graph(extraDiagnostics: [Diagnostic] = [], streamingStateTo stream: StateStream? = nil) -> DependencyGraph
  {
    stateStream = buildsOneGraph ? stream : nil
    defer { stateStream = nil }
    stageTimes = []
    stageStart = .now
    let keyChanges = applyFileChanges()
    let shelf = summaryShelf
    let conditional = conditionalFactoryFiles()
    let configurations = buildConfigurations(conditional: conditional)
    // The container check reads the symbol table, which a one-graph builder drops before
    // the key stages: it runs first.
    let container = checkContainers(configurations: configurations)
    markStage("containers")
    stateStream?.write(.container, of: self)
    stateStream?.write(.names, of: self)
    if buildsOneGraph { forgetUpdateState() }
    if let keyChanges,
      keyStage.apply(
        keyChanges,
        options: KeyStage.Options(
          mode: settings.mode, buildsOneGraph: buildsOneGraph, keepsUpdateTables: keepsUpdateTables),
        marking: markStage)
    {
      sortedDiagnostics = nil
    }
    stateStream?.write(.keys, of: self)
    if sortedDiagnostics == nil { sortedDiagnostics = collectDiagnostics() }
    markStage("diagnostics")
    var diagnostics = sortedDiagnostics!
    if !conditional.isEmpty, let configurations {
      // Declarations under `#if`: the checks run once per configuration instead.
      diagnostics = BuildConfigurations.diagnostics(
        of: paths.compactMap { shelf.summary(of: $0) }, in: configurations, settings: settings)
      markStage("configurations")
    }
    if !extraDiagnostics.isEmpty || !container.diagnostics.isEmpty || !conditional.isEmpty {
      diagnostics = (diagnostics + extraDiagnostics + container.diagnostics).sorted(by: Diagnostic.reportingOrder)
    }
    return DependencyGraph(
      mode: settings.mode, libraryFactories: settings.libraryFactories,
      resolved: keyStage.resolvedTable, candidates: keyStage.candidates, unprovidedKeys: keyStage.unprovidedKeys,
      diagnostics: diagnostics, cycleComponents: keyStage.cycles.components,
      files: FileResults(byPath: files, paths: paths, summaries: shelf), container: container.report,
      containerIndex: container.index)
  }

  /// How long each stage of the last ``graph(extraDiagnostics:)`` took, in order; the
  /// benchmark prints them (`dpend-benchmark --stages`).
  public private(set) var stageTimes: [(stage: String, duration: Duration)] = []
  private var stageStart = ContinuousClock.now

  func markStage(_ stage: String) {
    let now = ContinuousClock.now
    stageTimes.append((stage, now - stageStart))
    stageStart = now
  }

  // MARK: Stage 1 and 2: files

  /// Applies the pending changes to the interfaces, the symbol table and the file
  /// analyses (stages 1 and 2), leaving ``files`` current; `nil` when nothing changed.
  private func applyFileChanges() -> KeyStage.Changes? {
    if tablesIdentity != settingsIdentity { needsFullBuild = true }
    if !unsummarized.isEmpty {
      // Not set again since a state was read: gone, as from a graph built from scratch.
      for path in unsummarized where pending[path] == nil { pending[path] = .some(nil) }
      unsummarized = []
    }
    lastGraphWasFull = needsFullBuild
    guard !pending.isEmpty || needsFullBuild else { return nil }
    let isFullBuild = needsFullBuild
    if isFullBuild {
      resetDerivedState()
      containerStageIsCurrent = false
    }
    // Taken as it is (a dictionary shared, not copied into an array of pairs).
    var changes = pending
    pending = [:]
    if isFullBuild {
      summaries.reserveCapacity(changes.count)
      interfaces.reserveCapacity(changes.count)
    }
    if let shelf { previouslyDecoded = shelf.decodedSummaries }
    shelf = nil
    var added: [String] = []
    var interfaceChanges: [SymbolTable.Change] = []
    // Summaries that came decoded (an open document's): not decoded again.
    var decoded: [String: FileSummary] = [:]
    for (path, facts) in changes {
      previouslyDecoded.forget(path)
      let old = interfaces[path]
      if !isFullBuild, changedSinceLastGraph[path] == nil { changedSinceLastGraph[path] = .some(summaries[path]) }
      if let facts {
        let interface = facts.interface
        if let summary = facts.decoded {
          decoded[path] = summary
          previouslyDecoded.summaries[path] = summary
        }
        if summaries.updateValue(facts.stored, forKey: path) == nil { added.append(path) }
        vocabularyFacts[path] = facts.vocabulary.isEmpty ? nil : facts.vocabulary
        gates.note(facts.mentions, of: path)
        if facts.isContainer {
          containerFiles.insert(path)
        } else {
          containerFiles.remove(path)
        }
        if facts.isConditional {
          conditionalFiles.insert(path)
        } else {
          conditionalFiles.remove(path)
        }
        if interface != old {
          interfaces[path] = interface
          // A full build reads every interface from `interfaces`; a list of them all would
          // keep each one alive through the file analyses.
          if !isFullBuild { interfaceChanges.append(SymbolTable.Change(path: path, old: old, new: interface)) }
        }
      } else if summaries.removeValue(forKey: path) != nil {
        vocabularyFacts[path] = nil
        gates.note(NameMentions(), of: path)
        containerFiles.remove(path)
        conditionalFiles.remove(path)
        removePath(path)
        interfaces[path] = nil
        if let old { interfaceChanges.append(SymbolTable.Change(path: path, old: old, new: nil)) }
      }
    }
    insertPaths(added)
    markStage("interfaces")
    var dirty = Array(changes.keys)
    changes = [:]  // each file's interface is held by `interfaces` alone
    if isFullBuild {
      let files = paths.map { ($0, interfaces[$0]!) }
      // The table holds each interface's parts it keeps; the rest goes as each file is read.
      if !keepsUpdateTables { interfaces = DeferredTable() }
      symbols = SymbolTable(
        files: consume files, libraryFactories: settings.libraryFactories, moduleName: settings.moduleName)
      dirty = paths
    } else if !interfaceChanges.isEmpty {
      let changedNames = symbols.update(interfaceChanges, reportingChanges: true)
      namesChangedSinceLastGraph.formUnion(changedNames)
      if !changedNames.isEmpty {
        let changedPaths = Set(dirty)
        dirty += watchers(of: changedNames).filter { !changedPaths.contains($0) }
      }
    }
    lastCollectedPaths = dirty
    markStage("symbol table")
    // Nothing after this stage reads a summary: each one goes as its file is analysed.
    let dropping =
      isFullBuild && buildsOneGraph && !keepsSummaries && conditionalFiles.isEmpty && containerFiles.isEmpty
    // The state's head holds each summary's digest: written before they go.
    stateStream?.writeHead(of: self)
    let fresh = analyses(of: dirty, decoded: decoded, dropping: dropping)
    markStage("file analyses")
    if isFullBuild {
      // Every path of a full build has its summary (`paths` are those of `summaries`).
      var table: [String: FileAnalysis] = [:]
      table.reserveCapacity(dirty.count)
      for (path, analysis) in zip(dirty, fresh) { table[path] = analysis }
      files = table
      return .all(paths: dirty, analyses: fresh)
    }
    var changed: [(path: String, factories: [Factory], removed: Bool)] = []
    for (path, new) in zip(dirty, fresh) {
      let old = files[path] ?? .empty
      files[path] = summaries[path] == nil ? nil : new
      guard old != new else { continue }
      if old.diagnostics != new.diagnostics { sortedDiagnostics = nil }
      changed.append((path, new.factories, summaries[path] == nil))
    }
    return .some(changed)
  }

  /// `false` for a one-graph builder whose state is not kept: each file's interface is
  /// dropped once the symbol table holds what it keeps of it, and the tables only updates
  /// read (each file's watched names, the slot of each path, the keys' dependents) are not
  /// made.
  var keepsUpdateTables: Bool { !buildsOneGraph || stateStream != nil }

  /// Drops what only updates read (each file's interface, the symbol table): the next
  /// graph is built from scratch.
  private func forgetUpdateState() {
    interfaces = DeferredTable()
    symbols = SymbolTable(libraryFactories: [])
    needsFullBuild = true
  }

  /// Forgets everything derived from the summaries and numbers the libraries' keys.
  private func resetDerivedState() {
    needsFullBuild = false
    tablesIdentity = settingsIdentity
    files = [:]
    interfaces = DeferredTable()
    keyStage = KeyStage(libraryFactories: settings.libraryFactories)
    sortedDiagnostics = nil
    // Every file again; the interfaces were forgotten, so each summary is decoded once more.
    let again = paths.filter { pending[$0] == nil }
    precondition(
      !droppedSummaries || again.isEmpty, "a builder that keeps no summaries builds one graph of the files it is given")
    let stored = summaries
    let indexed = Parallel.map(again.count, minimum: 256) { IndexedSummary(stored[again[$0]]!) }
    for (path, summary) in zip(again, indexed) { pending[path] = .some(summary) }
  }
}
