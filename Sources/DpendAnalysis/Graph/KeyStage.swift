import Dispatch
import DpendModel

/// The key stage of ``GraphBuilder``: each file's factories numbered by key, and per key its
/// providers, its selection (``ProviderSelection``), its missing-dependency error and the
/// cycle check, with the state it keeps between graphs. Its input is the factories of the
/// files the file stages changed (``Changes``); it re-selects the keys those reach and the
/// keys depending on one that gained its first or lost its last provider, re-checks cycles
/// only where a new edge may close one, and says whether its diagnostics came out different.
/// Reads nothing of the builder.
struct KeyStage {
  /// How the stage builds.
  struct Options {
    /// Missing keys are errors only in application mode (in library mode they are requirements).
    var mode: GenerationMode
    /// `true` when the graph is the builder's only one: the resolved table is made when asked.
    var buildsOneGraph: Bool
    /// `true` when the tables only updates read (the slot of each path, the dependents) are made.
    var keepsUpdateTables: Bool
  }

  // Keys are numbered (``KeyNumbers``); the per-key tables are arrays indexed by number.
  var numbers = KeyNumbers()
  /// Each file's factories with their keys' numbers; slot 0 holds the libraries'.
  var slots: [NumberedFactories] = [.empty]
  /// The path of each slot's file; `nil` for the libraries' slot and free slots.
  var slotPaths: [String?] = [nil]
  var slotOfPath: [String: Int32] = [:]
  var freeSlots: [Int32] = []
  /// For each key number, its factories in stable order (files in path order, then libraries).
  var providers: [[FactoryReference]] = []
  /// For each key number, the key number of each factory requiring it; empty in a one-graph
  /// builder, which never updates (as is `slotOfPath`).
  var dependents: [[Int32]] = []
  /// For each key number, its selection; `nil` when nothing provides it.
  var selections: [ProviderSelection?] = []
  var resolved: [DependencyKey: Factory] = [:]
  /// A one-graph build's ``resolved``, made only if the graph is asked for it (``resolved``
  /// stays empty there).
  var resolvedLater: ResolvedTable?
  /// The keys with several factories, with all of them (``DependencyGraph/candidates(of:)``).
  var candidates: [DependencyKey: [Factory]] = [:]
  var ambiguities: [DependencyKey: Diagnostic] = [:]
  /// For each key nothing provides, the keys whose selection found consumers of it.
  var missingFrom: [DependencyKey: Set<DependencyKey>] = [:]
  var missingErrors: [DependencyKey: Diagnostic] = [:]
  var cycles = CycleCheck.none
  /// `true` once the ``apply(_:options:marking:)`` under way changed ``diagnostics``; `false`
  /// between applies, so two stages with the same tables are equal.
  private var diagnosticsChanged = false

  init() {}

  /// A stage with no file, the libraries' factories numbered in slot 0.
  init(libraryFactories: [Factory]) {
    slots = [NumberedFactories(libraryFactories, numbering: &numbers)]
  }

  /// The stage's own diagnostics, in no order: ambiguities, missing dependencies, cycles.
  var diagnostics: [Diagnostic] { Array(ambiguities.values) + missingErrors.values + cycles.diagnostics }

  /// For each provided key, its factory, as the graph holds it.
  var resolvedTable: ResolvedTable { resolvedLater ?? ResolvedTable(resolved) }

  /// The keys needed and provided by nothing, in key order.
  var unprovidedKeys: [DependencyKey] { missingFrom.keys.sorted() }

  /// What the file stages changed, for the key stage.
  enum Changes {
    /// Every file was analysed: their analyses in path order.
    case all(paths: [String], analyses: [FileAnalysis])
    /// The files whose factories changed (`removed` for a forgotten file).
    case some([(path: String, factories: [Factory], removed: Bool)])
  }

  /// Brings the key indexes, the selections, the missing-dependency errors and the cycle
  /// check up to date with the file stages' changes; `mark` is told each step's end (the
  /// builder times them). Returns `true` when ``diagnostics`` changed.
  mutating func apply(_ changes: Changes, options: Options, marking mark: (String) -> Void) -> Bool {
    defer { diagnosticsChanged = false }
    switch changes {
    case .all(let paths, let analyses):
      indexEveryFile(paths, analyses, options)
      mark("key indexes")
      selectEveryProvider(options, mark)
    case .some(let changed):
      var touched = Set<Int32>()
      for file in changed {
        reindex(file.path, file.factories, removed: file.removed, options, touching: &touched)
      }
      mark("key indexes")
      updateSelections(touched, options, mark)
    }
    return diagnosticsChanged
  }

  /// Selects the providers of the keys numbered `touched` and of the keys depending on one
  /// that gained its first or lost its last provider.
  mutating func updateSelections(_ touched: Set<Int32>, _ options: Options, _ mark: (String) -> Void) {
    var affected = touched
    var newEdges: [(source: DependencyKey, target: DependencyKey)] = []
    for number in touched where !providers[Int(number)].isEmpty != (selections[Int(number)] != nil) {
      // A key that gained its first or lost its last provider changes whether the
      // factories needing it can be built.
      affected.formUnion(dependents[Int(number)])
      if !providers[Int(number)].isEmpty { newEdges.append((numbers.keys[Int(number)], numbers.keys[Int(number)])) }
    }
    var missingChanged = Set<DependencyKey>()
    var resolvedChanged = false
    let affectedNumbers = Array(affected)
    let selected = selectProviders(for: affectedNumbers)
    mark("provider selection")
    for (number, new) in zip(affectedNumbers, selected) {
      let old = selections[Int(number)]
      guard new != old else { continue }
      let key = numbers.keys[Int(number)]
      for missing in old?.missing.keys ?? [:].keys {
        missingFrom[missing]?.remove(key)
        if missingFrom[missing]?.isEmpty == true { missingFrom[missing] = nil }
        missingChanged.insert(missing)
      }
      for missing in new?.missing.keys ?? [:].keys {
        missingFrom[missing, default: []].insert(key)
        missingChanged.insert(missing)
      }
      selections[Int(number)] = new
      candidates[key] = new?.severalCandidates
      if new?.ambiguity != old?.ambiguity {
        ambiguities[key] = new?.ambiguity
        diagnosticsChanged = true
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
    mark("selection tables")
    updateMissingErrors(missingChanged, options)
    if resolvedChanged { updateCycles(newEdges) }
    mark("missing dependencies and cycles")
  }

  /// Selects the providers of every key of a build from scratch, then fills the tables
  /// derived from the selections, independent ones on both cores, and checks the whole
  /// graph for cycles, first on the numbered keys (no hashing) and, only when that finds
  /// one, again by key to report it.
  mutating func selectEveryProvider(_ options: Options, _ mark: (String) -> Void) {
    selections = selectProviders(for: Array(0..<Int32(numbers.count)))
    mark("provider selection")
    let selected = selections
    let numbering = numbers
    let group = DispatchGroup()
    let made = ResultBox<[DependencyKey: [Factory]]>()
    DispatchQueue.global().async(group: group) {
      made.value = numbering.table { selected[$0]?.severalCandidates }
    }
    if options.buildsOneGraph {
      // Never updated, and a run that only reports never reads it: made when asked (a state
      // streamed codes it as the table it stands for).
      resolvedLater = ResolvedTable(keys: numbers.keys, factories: selected.map { $0?.resolved })
    } else {
      resolved = numbers.table { selected[$0]?.resolved }
    }
    for number in selected.indices {
      guard selected[number]?.ambiguity != nil || selected[number]?.missing.isEmpty == false else { continue }
      let key = numbers.keys[number]
      ambiguities[key] = selected[number]!.ambiguity
      for missing in selected[number]!.missing.keys { missingFrom[missing, default: []].insert(key) }
    }
    group.wait()
    candidates = made.value!
    mark("selection tables")
    diagnosticsChanged = true
    updateMissingErrors(Set(missingFrom.keys), options)
    if resolvedGraph().hasCycle { cycles = CycleCheck(resolved: resolvedLater?.table ?? resolved, hasCycle: true) }
    mark("missing dependencies and cycles")
  }

  /// The graph of numbered keys: an edge from each provided key to each provided key its
  /// resolved factory needs. Reads selections and slots in place: copying them would
  /// retain every array they hold.
  private func resolvedGraph() -> SuccessorLists {
    let references = selections.map { $0?.resolvedReference }
    let provided = references.map { $0 != nil }
    var graph = SuccessorLists()
    graph.targets.reserveCapacity(references.count * 2)
    slots.withUnsafeBufferPointer { slots in
      for reference in references {
        if let reference {
          slots[Int(reference.slot)].forEachTarget(of: Int(reference.position)) { target in
            if provided[Int(target)] { graph.targets.append(target) }
          }
        }
        graph.endNode()
      }
    }
    return graph
  }

  /// The new selection of each key number (`nil`: nothing provides it), in parallel when
  /// there are many: making a selection only reads the indexes, handed over as one value.
  private func selectProviders(for keyNumbers: [Int32]) -> [ProviderSelection?] {
    let index = ProviderIndex(providers: providers, slots: slots)
    let keys = numbers.keys
    return Parallel.map(keyNumbers.count, minimum: 256) { position in
      let number = Int(keyNumbers[position])
      let references = index.providers[number]
      return references.isEmpty ? nil : ProviderSelection(key: keys[number], references: references, in: index)
    }
  }

  private mutating func updateMissingErrors(_ keys: Set<DependencyKey>, _ options: Options) {
    guard options.mode == .application else { return }
    for key in keys {
      var error: Diagnostic?
      if let from = missingFrom[key] {
        var seen = Set<MissingDependencyCheck.Consumer>()
        var consumers: [MissingDependencyCheck.Consumer] = []
        for source in from {
          let selection = selections[Int(numbers.existing(source)!)]!
          for consumer in selection.missing[key]! where seen.insert(consumer).inserted {
            consumers.append(consumer)
          }
        }
        error = MissingDependencyCheck.diagnostic(key, consumers: consumers)
      }
      if missingErrors[key] != error {
        missingErrors[key] = error
        diagnosticsChanged = true
      }
    }
  }

  /// Re-checks cycles after resolved factories changed; `newEdges` are the edges that did
  /// not exist before (a newly provided key appears as an edge to itself).
  private mutating func updateCycles(_ newEdges: [(source: DependencyKey, target: DependencyKey)]) {
    // Without a cycle before, a new one must use a new edge `source -> target`, so
    // `target` reaches `source`. A few reachability searches cost less than the whole check.
    let mayHaveCycle =
      !cycles.components.isEmpty || newEdges.count > 64
      || newEdges.contains { CycleCheck.reaches($0.target, $0.source, in: resolved) }
    guard mayHaveCycle else { return }
    let checked = CycleCheck(resolved: resolved)
    if checked != cycles {
      cycles = checked
      diagnosticsChanged = true
    }
  }
}

extension KeyStage: BinaryCoded {
  mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&numbers)
    try coder.code(&slots)
    try coder.code(&slotPaths)
    try coder.code(&slotOfPath)
    try coder.code(&freeSlots)
    try coder.code(&providers)
    try coder.code(&dependents)
    try coder.code(&selections)
    if let resolvedLater, !coder.isReading {
      // A one-graph builder's, whose state is streamed: coded as the table it stands for.
      try resolvedLater.write(&coder)
    } else {
      try coder.code(&resolved)
    }
    try coder.code(&candidates)
    try coder.code(&ambiguities)
    try coder.code(&missingFrom)
    try coder.code(&missingErrors)
    try coder.code(&cycles)
  }
}
