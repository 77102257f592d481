import Dispatch
import DpendModel
import Synchronization

/// Builds the dependency graph and keeps it up to date as files change, doing work in
/// proportion to the change rather than to the workspace.
///
/// The build runs in stages, each kept between builds:
/// 1. every file's ``FileInterface`` feeds the ``SymbolTable``; the table is rebuilt only
///    when some interface changes (a type renamed, a conformance added);
/// 2. every file's ``FileAnalysis`` (its factories); re-collected for the changed files, or
///    for every file, in parallel, when the table was rebuilt;
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
  private var symbols = SymbolTable(files: [], libraryFactories: [])
  private var files: [String: FileAnalysis] = [:]
  private var libraryByKey: [DependencyKey: [Factory]] = [:]
  /// For each key, the files with factories for it, with how many.
  private var keyFiles: [DependencyKey: [String: Int]] = [:]
  /// For each key, the keys with factories requiring it, with how many such factories.
  private var dependents: [DependencyKey: [DependencyKey: Int]] = [:]
  private var selections: [DependencyKey: ProviderSelection] = [:]
  private var resolved: [DependencyKey: Factory] = [:]
  private var candidates: [DependencyKey: [Factory]] = [:]
  private var ambiguities: [DependencyKey: Diagnostic] = [:]
  /// For each key nothing provides, the keys whose selection found consumers of it.
  private var missingFrom: [DependencyKey: Set<DependencyKey>] = [:]
  private var missingErrors: [DependencyKey: Diagnostic] = [:]
  private var cycles = CycleCheck.none
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
    applyPendingChanges()
    if sortedDiagnostics == nil { sortedDiagnostics = collectDiagnostics() }
    var diagnostics = sortedDiagnostics!
    if !extraDiagnostics.isEmpty {
      diagnostics = (diagnostics + extraDiagnostics).sorted(by: Diagnostic.reportingOrder)
    }
    return DependencyGraph(
      mode: settings.mode, libraryFactories: settings.libraryFactories, resolved: resolved, candidates: candidates,
      unprovidedKeys: missingFrom.keys.sorted(), diagnostics: diagnostics, cycleComponents: cycles.components,
      files: FileResults(byPath: files, paths: paths))
  }

  // MARK: Stage 1 and 2: files

  private func applyPendingChanges() {
    guard !pending.isEmpty || needsFullBuild else { return }
    var touched = Set<DependencyKey>()
    let isFullBuild = needsFullBuild
    var interfaceChanged = isFullBuild
    if isFullBuild { touched = resetDerivedState() }
    var dirty = Set(pending.keys)
    for (path, summary) in pending {
      let old = interfaces[path]
      if let summary {
        if summaries.updateValue(summary, forKey: path) == nil { insertPath(path) }
        let interface = FileInterface(summary)
        if interface != old {
          interfaceChanged = interfaceChanged || !(old ?? interface).isEmpty || !interface.isEmpty
          interfaces[path] = interface
        }
      } else if summaries.removeValue(forKey: path) != nil {
        removePath(path)
        interfaces[path] = nil
        interfaceChanged = interfaceChanged || !(old?.isEmpty ?? true)
      }
    }
    pending = [:]
    if interfaceChanged {
      symbols = SymbolTable(files: paths.map { ($0, interfaces[$0]!) }, libraryFactories: settings.libraryFactories)
      dirty.formUnion(paths)
    }
    let fresh = analyses(of: dirty.filter { summaries[$0] != nil })
    for path in dirty {
      let old = files[path] ?? .empty
      let new = fresh[path] ?? .empty
      files[path] = summaries[path] == nil ? nil : new
      guard old != new else { continue }
      if old.diagnostics != new.diagnostics { sortedDiagnostics = nil }
      index(old.factories, of: path, by: -1, touching: &touched)
      index(new.factories, of: path, by: 1, touching: &touched)
    }
    updateSelections(touched, checkingEveryCycle: isFullBuild)
  }

  /// Forgets everything derived from the summaries and indexes the libraries' factories;
  /// returns their keys.
  private func resetDerivedState() -> Set<DependencyKey> {
    needsFullBuild = false
    files = [:]
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
    for factory in settings.libraryFactories { countDependencies(of: factory, by: 1) }
    for path in paths { pending[path] = pending[path] ?? .some(summaries[path]) }
    return Set(libraryByKey.keys)
  }

  /// Each file's analysis, in parallel when there are many.
  private func analyses(of paths: Set<String>) -> [String: FileAnalysis] {
    let list = Array(paths)
    if list.count < 32 {
      return Dictionary(
        uniqueKeysWithValues: list.map { ($0, FileAnalysis(summaries[$0]!, symbols: symbols, settings: settings)) })
    }
    let chunks = Self.chunks
    let results = Mutex([FileAnalysis?](repeating: nil, count: list.count))
    let inputs = list.map { summaries[$0]! }
    let frozenSettings = settings
    let shared = SendableSymbols(table: symbols)
    DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
      // Each chunk resolves names with a cache of its own.
      let table = shared.table.withOwnCache()
      let range = stride(from: chunk, to: inputs.count, by: chunks)
      let made = range.map { FileAnalysis(inputs[$0], symbols: table, settings: frozenSettings) }
      results.withLock { results in
        for (index, analysis) in zip(range, made) { results[index] = analysis }
      }
    }
    return results.withLock { results in
      Dictionary(uniqueKeysWithValues: zip(list, results.map { $0! }))
    }
  }

  private func insertPath(_ path: String) {
    paths.insert(path, at: insertionIndex(of: path))
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

  /// Adds (`by: 1`) or removes (`by: -1`) a file's factories from the key indexes.
  private func index(_ factories: [Factory], of path: String, by delta: Int, touching touched: inout Set<DependencyKey>)
  {
    for factory in factories {
      touched.insert(factory.key)
      let count = (keyFiles[factory.key]?[path] ?? 0) + delta
      keyFiles[factory.key, default: [:]][path] = count == 0 ? nil : count
      if keyFiles[factory.key]!.isEmpty { keyFiles[factory.key] = nil }
      countDependencies(of: factory, by: delta)
    }
  }

  private func countDependencies(of factory: Factory, by delta: Int) {
    for (dependency, _) in factory.requiredDependencies {
      let count = (dependents[dependency]?[factory.key] ?? 0) + delta
      dependents[dependency, default: [:]][factory.key] = count == 0 ? nil : count
      if dependents[dependency]!.isEmpty { dependents[dependency] = nil }
    }
  }

  private func isProvided(_ key: DependencyKey) -> Bool {
    keyFiles[key] != nil || libraryByKey[key] != nil
  }

  /// The factories of `key` in stable order: files in path order, then libraries.
  private func factories(for key: DependencyKey) -> [Factory] {
    var result: [Factory] = []
    for path in (keyFiles[key]?.keys).map(Array.init)?.sorted() ?? [] {
      result += files[path]!.factories.filter { $0.key == key }
    }
    return result + (libraryByKey[key] ?? [])
  }

  // MARK: Stages 3 to 5: keys

  private func updateSelections(_ touched: Set<DependencyKey>, checkingEveryCycle: Bool) {
    var affected = touched
    var newEdges: [(source: DependencyKey, target: DependencyKey)] = []
    for key in touched where isProvided(key) != (selections[key] != nil) {
      // A key that gained its first or lost its last provider changes whether the
      // factories needing it can be built.
      affected.formUnion(dependents[key]?.keys ?? [:].keys)
      if isProvided(key) { newEdges.append((key, key)) }
    }
    var missingChanged = Set<DependencyKey>()
    var resolvedChanged = false
    for (key, new) in selectProviders(for: Array(affected)) {
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
        if !checkingEveryCycle, let factory = new?.resolved {
          let before = Set(old.map { KeyGraph.targets(of: $0.resolved) } ?? [])
          for target in KeyGraph.targets(of: factory) where !before.contains(target) { newEdges.append((key, target)) }
        }
      }
    }
    updateMissingErrors(missingChanged)
    if checkingEveryCycle {
      cycles = CycleCheck(resolved: resolved)
    } else if resolvedChanged {
      updateCycles(newEdges)
    }
  }

  /// The new selection of each key (`nil`: nothing provides it), in parallel when there
  /// are many: making a selection only reads the indexes.
  private func selectProviders(for keys: [DependencyKey]) -> [(DependencyKey, ProviderSelection?)] {
    guard keys.count >= 256 else { return keys.map { ($0, selection(of: $0)) } }
    let chunks = Self.chunks
    let results = Mutex([[(DependencyKey, ProviderSelection?)]](repeating: [], count: chunks))
    let reader = SendableReader(builder: self)
    DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
      let made = stride(from: chunk, to: keys.count, by: chunks).map {
        (keys[$0], reader.builder.selection(of: keys[$0]))
      }
      results.withLock { $0[chunk] = made }
    }
    return results.withLock { $0.flatMap { $0 } }
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

/// The builder handed to worker threads while they only read its indexes.
private struct SendableReader: @unchecked Sendable {
  let builder: GraphBuilder
}

/// The symbol table handed to worker threads, each of which takes a copy with its own
/// resolution cache (``SymbolTable/withOwnCache()``) before resolving anything.
private struct SendableSymbols: @unchecked Sendable {
  let table: SymbolTable
}
