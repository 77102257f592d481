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
  private var libraryByKey: [DependencyKey: [Factory]] = [:]
  /// For each key, the file of each of its factories.
  private var keyFiles: [DependencyKey: [String]] = [:]
  /// For each key, the key of each factory requiring it.
  private var dependents: [DependencyKey: [DependencyKey]] = [:]
  private var selections: [DependencyKey: ProviderSelection] = [:]
  private var resolved: [DependencyKey: Factory] = [:]
  private var candidates: [DependencyKey: [Factory]] = [:]
  private var ambiguities: [DependencyKey: Diagnostic] = [:]
  /// For each key nothing provides, the keys whose selection found consumers of it.
  private var missingFrom: [DependencyKey: Set<DependencyKey>] = [:]
  private var missingErrors: [DependencyKey: Diagnostic] = [:]
  private var cycles = CycleCheck.none
  /// The files whose factories the last graph collected, in the order collected; tests
  /// use it to prove that an edit is not followed by the whole workspace's collection.
  private(set) var lastCollectedPaths: [String] = []
  /// Every diagnostic but the extra ones, sorted; `nil` when one changed.
  private var sortedDiagnostics: [Diagnostic]?

  /// How many pieces parallel work is cut into: a few per core, so cores finishing early
  /// take another piece.
  private static let chunks = 8

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

  private func markStage(_ stage: String) {
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
    let newInterfaces = Self.inParallel(changes.count, minimum: 256) { changes[$0].value.map(FileInterface.init) }
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
    let isWatcher = Self.inParallel(analyses.count, minimum: 256) { index in
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
    return Self.inParallel(paths.count, minimum: 32) { index in
      inputs[index].map { FileAnalysis($0, symbols: table, settings: frozenSettings) } ?? .empty
    }
  }

  /// `make(0..<count)`, cut into ``chunks`` pieces run in parallel when `count` reaches
  /// `minimum`.
  private static func inParallel<T: Sendable>(_ count: Int, minimum: Int, _ make: @Sendable (Int) -> T) -> [T] {
    guard count >= minimum, count > 1 else { return (0..<count).map(make) }
    let pieces = Locked([[T]](repeating: [], count: chunks))
    DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
      let made = stride(from: chunk, to: count, by: chunks).map(make)
      pieces.withLock { $0[chunk] = made }
    }
    return pieces.withLock { pieces in
      // Piece `c` holds items c, c + chunks, c + 2 * chunks, …: interleave them back.
      (0..<count).map { pieces[$0 % chunks][$0 / chunks] }
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

  private func isProvided(_ key: DependencyKey) -> Bool {
    keyFiles[key] != nil || libraryByKey[key] != nil
  }

  /// The factories of `key` in stable order: files in path order, then libraries.
  private func factories(for key: DependencyKey) -> [Factory] {
    let paths = keyFiles[key] ?? []
    if paths.count == 1, libraryByKey[key] == nil { return files[paths[0]]!.factories(of: key) }
    var result: [Factory] = []
    for path in Set(paths).sorted() {
      result += files[path]!.factories(of: key)
    }
    return result + (libraryByKey[key] ?? [])
  }

  // MARK: Stages 3 to 5: keys

  private func updateSelections(_ touched: Set<DependencyKey>, fromScratch: Bool) {
    if fromScratch {
      selectEveryProvider(Array(touched))
      return
    }
    var affected = touched
    var newEdges: [(source: DependencyKey, target: DependencyKey)] = []
    for key in touched where isProvided(key) != (selections[key] != nil) {
      // A key that gained its first or lost its last provider changes whether the
      // factories needing it can be built.
      affected.formUnion(dependents[key] ?? [])
      if isProvided(key) { newEdges.append((key, key)) }
    }
    var missingChanged = Set<DependencyKey>()
    var resolvedChanged = false
    let selected = selectProviders(for: Array(affected))
    markStage("provider selection")
    for (key, new) in selected {
      let old = selections[key]
      guard new != old else { continue }
      for missing in old?.missing.keys ?? [:].keys {
        missingFrom[missing]?.remove(key)
        if missingFrom[missing]?.isEmpty == true { missingFrom[missing] = nil }
        missingChanged.insert(missing)
      }
      for missing in new?.missing.keys ?? [:].keys {
        missingFrom[missing, default: []].insert(key)
        missingChanged.insert(missing)
      }
      selections[key] = new
      candidates[key] = new?.candidates
      if new?.ambiguity != old?.ambiguity {
        ambiguities[key] = new?.ambiguity
        sortedDiagnostics = nil
      }
      if new?.resolved != old?.resolved {
        resolved[key] = new?.resolved
        resolvedChanged = true
        if let factory = new?.resolved {
          let before = Set(old.map { KeyGraph.targets(of: $0.resolved) } ?? [])
          for target in KeyGraph.targets(of: factory) where !before.contains(target) { newEdges.append((key, target)) }
        }
      }
    }
    markStage("selection tables")
    updateMissingErrors(missingChanged)
    if resolvedChanged { updateCycles(newEdges) }
    markStage("missing dependencies and cycles")
  }

  /// Selects the providers of every key of a build from scratch: each table is filled
  /// once, the derived ones without hashing again (`mapValues` keeps the hash table), and
  /// independent tables on both cores.
  private func selectEveryProvider(_ keys: [DependencyKey]) {
    var table: [DependencyKey: ProviderSelection] = [:]
    table.reserveCapacity(keys.count)
    for (key, selection) in selectProviders(for: keys) {
      if let selection { table[key] = selection }
    }
    selections = table
    markStage("provider selection")
    let selected = table
    let group = DispatchGroup()
    let derived = ResultBox<([DependencyKey: [Factory]], [DependencyKey: Factory])>()
    DispatchQueue.global().async(group: group) {
      derived.value = (selected.mapValues(\.candidates), selected.mapValues(\.resolved))
    }
    for (key, selection) in table {
      if let ambiguity = selection.ambiguity { ambiguities[key] = ambiguity }
      for missing in selection.missing.keys { missingFrom[missing, default: []].insert(key) }
    }
    group.wait()
    (candidates, resolved) = derived.value!
    markStage("selection tables")
    sortedDiagnostics = nil
    // The whole graph is checked for cycles on another core meanwhile.
    let cycleCheck = ResultBox<CycleCheck>()
    let graph = resolved
    DispatchQueue.global().async(group: group) { cycleCheck.value = CycleCheck(resolved: graph) }
    updateMissingErrors(Set(missingFrom.keys))
    group.wait()
    cycles = cycleCheck.value!
    markStage("missing dependencies and cycles")
  }

  /// The new selection of each key (`nil`: nothing provides it), in parallel when there
  /// are many: making a selection only reads the indexes.
  private func selectProviders(for keys: [DependencyKey]) -> [(DependencyKey, ProviderSelection?)] {
    let reader = SendableReader(builder: self)
    return Array(zip(keys, Self.inParallel(keys.count, minimum: 256) { reader.builder.selection(of: keys[$0]) }))
  }

  private func selection(of key: DependencyKey) -> ProviderSelection? {
    isProvided(key) ? ProviderSelection(key: key, factories: factories(for: key), isProvided: isProvided) : nil
  }

  private func updateMissingErrors(_ keys: Set<DependencyKey>) {
    guard settings.mode == .application else { return }
    for key in keys {
      var error: Diagnostic?
      if let from = missingFrom[key] {
        var seen = Set<MissingDependencyCheck.Consumer>()
        var consumers: [MissingDependencyCheck.Consumer] = []
        for source in from {
          for consumer in selections[source]!.missing[key]! where seen.insert(consumer).inserted {
            consumers.append(consumer)
          }
        }
        error = MissingDependencyCheck.diagnostic(key, consumers: consumers)
      }
      if missingErrors[key] != error {
        missingErrors[key] = error
        sortedDiagnostics = nil
      }
    }
  }

  /// Re-checks cycles after resolved factories changed; `newEdges` are the edges that did
  /// not exist before (a newly provided key appears as an edge to itself).
  private func updateCycles(_ newEdges: [(source: DependencyKey, target: DependencyKey)]) {
    // Without a cycle before, a new one must use a new edge `source -> target`, so
    // `target` reaches `source`. A few reachability searches cost less than the whole check.
    let mayHaveCycle =
      !cycles.components.isEmpty || newEdges.count > 64
      || newEdges.contains { CycleCheck.reaches($0.target, $0.source, in: resolved) }
    guard mayHaveCycle else { return }
    let checked = CycleCheck(resolved: resolved)
    if checked != cycles {
      cycles = checked
      sortedDiagnostics = nil
    }
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

/// A value made on another thread and read after waiting for it.
final class ResultBox<Value: Sendable>: Sendable {
  private let storage = Locked<Value?>(nil)
  var value: Value? {
    get { storage.withLock { $0 } }
    set { storage.withLock { $0 = newValue } }
  }
}

/// The builder handed to worker threads while they only read its indexes.
private struct SendableReader: @unchecked Sendable {
  let builder: GraphBuilder
}
