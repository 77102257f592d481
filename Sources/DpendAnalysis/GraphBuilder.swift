import Dispatch
import DpendModel

/// Builds the dependency graph and keeps it up to date as files change, doing work in
/// proportion to the change rather than to the workspace.
///
/// The build runs in stages, each kept between builds:
/// 1. every file's ``FileInterface`` feeds the ``SymbolTable``; when some interface changes
///    (a type renamed, a conformance added) the table is updated for that file and reports
///    the names that may now mean something else;
/// 2. every file's ``FileAnalysis`` (its factories); re-collected, in parallel, for the
///    changed files and for the files whose analysis looked up one of those names;
/// 3. a ``ProviderSelection`` per key; re-made for the keys whose factories changed and
///    for the keys depending on a key that gained its first or lost its last provider;
/// 4. the ``MissingDependencyCheck`` error of each key that lost or gained consumers;
/// 5. the ``CycleCheck``: if the graph had no cycle, only the new edges are followed to
///    see whether they close one; otherwise, or if they do, the whole graph is checked.
///
/// A graph made after any sequence of changes equals the graph built from scratch from
/// the same summaries (a test checks this on random edit sequences). Not thread-safe.
public final class GraphBuilder {
  /// The settings graphs are built with; changing them rebuilds everything at the next graph.
  public var settings: AnalysisSettings {
    didSet { needsFullBuild = true }
  }

  private var pending: [String: FileSummary?] = [:]
  private var needsFullBuild = true
  private var summaries: [String: FileSummary] = [:]
  private var interfaces: [String: FileInterface] = [:]
  /// The paths of `summaries`, sorted.
  private var paths: [String] = []
  private var symbols = SymbolTable(libraryFactories: [])
  private var files: [String: FileAnalysis] = [:]
  // The key stages' state below is internal, not private, for `GraphBuilder+Keys.swift`.
  var libraryByKey: [DependencyKey: [Factory]] = [:]
  /// For each key, the file of each of its factories.
  var keyFiles: [DependencyKey: [String]] = [:]
  /// For each key, the key of each factory requiring it.
  var dependents: [DependencyKey: [DependencyKey]] = [:]
  var selections: [DependencyKey: ProviderSelection] = [:]
  var resolved: [DependencyKey: Factory] = [:]
  var candidates: [DependencyKey: [Factory]] = [:]
  var ambiguities: [DependencyKey: Diagnostic] = [:]
  /// For each key nothing provides, the keys whose selection found consumers of it.
  var missingFrom: [DependencyKey: Set<DependencyKey>] = [:]
  var missingErrors: [DependencyKey: Diagnostic] = [:]
  var cycles = CycleCheck.none
  /// The files whose factories the last graph collected, in the order collected; tests
  /// use it to prove that an edit is not followed by the whole workspace's collection.
  private(set) var lastCollectedPaths: [String] = []
  /// Every diagnostic but the extra ones, sorted; `nil` when one changed.
  var sortedDiagnostics: [Diagnostic]?

  /// Creates a builder with no files.
  public init(settings: AnalysisSettings) {
    self.settings = settings
  }

  /// Sets the summaries of files (new or changed); takes effect at the next ``graph(extraDiagnostics:)``.
  public func set(_ summaries: [FileSummary]) {
    for summary in summaries { pending[summary.path] = .some(summary) }
  }

  /// Forgets files; takes effect at the next ``graph(extraDiagnostics:)``.
  public func remove(_ paths: [String]) {
    for path in paths { pending[path] = .some(nil) }
  }

  /// The graph of the current summaries, with `extraDiagnostics` merged into its diagnostics.
  public func graph(extraDiagnostics: [Diagnostic] = []) -> DependencyGraph {
    stageTimes = []
    stageStart = .now
    applyPendingChanges()
    if sortedDiagnostics == nil { sortedDiagnostics = collectDiagnostics() }
    markStage("diagnostics")
    var diagnostics = sortedDiagnostics!
    if !extraDiagnostics.isEmpty {
      diagnostics = (diagnostics + extraDiagnostics).sorted(by: Diagnostic.reportingOrder)
    }
    return DependencyGraph(
      mode: settings.mode, libraryFactories: settings.libraryFactories, resolved: resolved, candidates: candidates,
      unprovidedKeys: missingFrom.keys.sorted(), diagnostics: diagnostics, cycleComponents: cycles.components,
      files: FileResults(byPath: files, paths: paths))
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

  private func applyPendingChanges() {
    guard !pending.isEmpty || needsFullBuild else { return }
    var touched = Set<DependencyKey>()
    let isFullBuild = needsFullBuild
    if isFullBuild { touched = resetDerivedState() }
    let changes = Array(pending)
    pending = [:]
    let newInterfaces = Parallel.map(changes.count, minimum: 256) { changes[$0].value.map(FileInterface.init) }
    markStage("interfaces")
    var added: [String] = []
    var interfaceChanges: [SymbolTable.Change] = []
    for ((path, summary), interface) in zip(changes, newInterfaces) {
      let old = interfaces[path]
      if let summary, let interface {
        if summaries.updateValue(summary, forKey: path) == nil { added.append(path) }
        if interface != old {
          interfaces[path] = interface
          interfaceChanges.append(SymbolTable.Change(path: path, old: old, new: interface))
        }
      } else if summaries.removeValue(forKey: path) != nil {
        removePath(path)
        interfaces[path] = nil
        if let old { interfaceChanges.append(SymbolTable.Change(path: path, old: old, new: nil)) }
      }
    }
    insertPaths(added)
    var dirty = changes.map(\.key)
    if isFullBuild {
      symbols = SymbolTable(
        files: paths.map { ($0, interfaces[$0]!) }, libraryFactories: settings.libraryFactories,
        moduleName: settings.moduleName)
      dirty = paths
    } else if !interfaceChanges.isEmpty {
      let changedNames = symbols.update(interfaceChanges, reportingChanges: true)
      if !changedNames.isEmpty {
        let changedPaths = Set(dirty)
        dirty += watchers(of: changedNames).filter { !changedPaths.contains($0) }
      }
    }
    lastCollectedPaths = dirty
    markStage("symbol table")
    let fresh = analyses(of: dirty)
    markStage("file analyses")
    if isFullBuild {
      indexEveryFile(dirty, fresh, touching: &touched)
    }
    for (path, new) in zip(dirty, fresh) where !isFullBuild {
      let old = files[path] ?? .empty
      files[path] = summaries[path] == nil ? nil : new
      guard old != new else { continue }
      if old.diagnostics != new.diagnostics { sortedDiagnostics = nil }
      index(old.factories, of: path, adding: false, touching: &touched)
      index(new.factories, of: path, adding: true, touching: &touched)
    }
    markStage("key indexes")
    updateSelections(touched, fromScratch: isFullBuild)
  }

  /// The files whose analysis looked up one of `names`, in path order; searched in parallel.
  private func watchers(of names: Set<Substring>) -> [String] {
    let analyses = paths.map { files[$0]?.watched ?? [] }
    let few = Array(names)
    let isWatcher = Parallel.map(analyses.count, minimum: 256) { index in
      analyses[index].contains { name in few.count <= 4 ? few.contains(name) : names.contains(name) }
    }
    return zip(paths, isWatcher).filter(\.1).map(\.0)
  }

  /// Forgets everything derived from the summaries and indexes the libraries' factories;
  /// returns their keys.
  private func resetDerivedState() -> Set<DependencyKey> {
    needsFullBuild = false
    files = [:]
    interfaces = [:]
    keyFiles = [:]
    dependents = [:]
    selections = [:]
    resolved = [:]
    candidates = [:]
    ambiguities = [:]
    missingFrom = [:]
    missingErrors = [:]
    cycles = .none
    sortedDiagnostics = nil
    libraryByKey = Dictionary(grouping: settings.libraryFactories, by: \.key)
    for factory in settings.libraryFactories { countDependencies(of: factory, adding: true) }
    for path in paths { pending[path] = pending[path] ?? .some(summaries[path]) }
    return Set(libraryByKey.keys)
  }

  /// Each file's analysis (``FileAnalysis/empty`` for a removed file), in order, in
  /// parallel when there are many.
  private func analyses(of paths: [String]) -> [FileAnalysis] {
    let inputs = paths.map { summaries[$0] }
    let frozenSettings = settings
    let table = symbols
    return Parallel.map(paths.count, minimum: 32) { index in
      inputs[index].map { FileAnalysis($0, symbols: table, settings: frozenSettings) } ?? .empty
    }
  }

  /// Adds new paths, keeping `paths` sorted: one by one when few, by sorting when many.
  private func insertPaths(_ added: [String]) {
    if added.count > 16 {
      paths = (paths + added).sorted()
    } else {
      for path in added { paths.insert(path, at: insertionIndex(of: path)) }
    }
  }

  private func removePath(_ path: String) {
    let index = insertionIndex(of: path)
    if index < paths.count && paths[index] == path { paths.remove(at: index) }
  }

  private func insertionIndex(of path: String) -> Int {
    var low = 0
    var high = paths.count
    while low < high {
      let middle = (low + high) / 2
      if paths[middle] < path { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Adds or removes a file's factories from the key indexes (kept as lists with one
  /// entry per factory, so a removal takes one entry out).
  private func index(_ factories: [Factory], of path: String, adding: Bool, touching touched: inout Set<DependencyKey>)
  {
    for factory in factories {
      touched.insert(factory.key)
      Self.update(&keyFiles, factory.key, path, adding: adding)
      countDependencies(of: factory, adding: adding)
    }
  }

  /// Fills the file table and the key indexes of a build from scratch, the two indexes
  /// on both cores.
  private func indexEveryFile(_ paths: [String], _ analyses: [FileAnalysis], touching touched: inout Set<DependencyKey>)
  {
    var table: [String: FileAnalysis] = [:]
    table.reserveCapacity(paths.count)
    for (path, analysis) in zip(paths, analyses) where summaries[path] != nil { table[path] = analysis }
    files = table
    let group = DispatchGroup()
    let counted = ResultBox<[DependencyKey: [DependencyKey]]>()
    let libraryCounts = dependents
    DispatchQueue.global().async(group: group) {
      var lists = libraryCounts
      for analysis in analyses {
        for factory in analysis.factories { Self.countDependencies(of: factory, adding: true, in: &lists) }
      }
      counted.value = lists
    }
    var byKey: [DependencyKey: [String]] = [:]
    for (path, analysis) in zip(paths, analyses) {
      for factory in analysis.factories { byKey[factory.key, default: []].append(path) }
    }
    keyFiles = byKey
    touched.formUnion(byKey.keys)
    group.wait()
    dependents = counted.value!
  }

  private func countDependencies(of factory: Factory, adding: Bool) {
    Self.countDependencies(of: factory, adding: adding, in: &dependents)
  }

  private static func countDependencies(
    of factory: Factory, adding: Bool, in lists: inout [DependencyKey: [DependencyKey]]
  ) {
    if case .configurationMethod(let configuration, _, _) = factory.kind {
      update(&lists, configuration, factory.key, adding: adding)
    }
    for parameter in factory.parameters where !parameter.isOptional {
      update(&lists, parameter.dependency, factory.key, adding: adding)
    }
  }

  /// Adds `value` to the list of `key`, or takes one entry of it out.
  private static func update<Value: Equatable>(
    _ lists: inout [DependencyKey: [Value]], _ key: DependencyKey, _ value: Value, adding: Bool
  ) {
    if adding {
      lists[key, default: []].append(value)
    } else if let index = lists[key]?.firstIndex(of: value) {
      lists[key]!.remove(at: index)
      if lists[key]!.isEmpty { lists[key] = nil }
    }
  }

  func isProvided(_ key: DependencyKey) -> Bool {
    keyFiles[key] != nil || libraryByKey[key] != nil
  }

  /// The factories of `key` in stable order: files in path order, then libraries.
  func factories(for key: DependencyKey) -> [Factory] {
    let paths = keyFiles[key] ?? []
    if paths.count == 1, libraryByKey[key] == nil { return files[paths[0]]!.factories(of: key) }
    var result: [Factory] = []
    for path in Set(paths).sorted() {
      result += files[path]!.factories(of: key)
    }
    return result + (libraryByKey[key] ?? [])
  }

  private func collectDiagnostics() -> [Diagnostic] {
    var all: [Diagnostic] = []
    for path in paths { all += files[path]!.diagnostics }
    all += ambiguities.values
    all += missingErrors.values
    all += cycles.diagnostics
    return all.sorted(by: Diagnostic.reportingOrder)
  }
}
