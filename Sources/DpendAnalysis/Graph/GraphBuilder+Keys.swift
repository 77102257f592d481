import Dispatch
import DpendModel

/// Stages 3 to 5 of ``GraphBuilder``: per key, the provider selection, the
/// missing-dependency errors and the cycle check, redone for the keys a change reached.
extension GraphBuilder {
  /// What the file stages changed, for the key stages.
  enum KeyChanges {
    /// Every file was analysed: their analyses in path order.
    case all(paths: [String], analyses: [FileAnalysis])
    /// The files whose factories changed (`removed` for a forgotten file).
    case some([(path: String, factories: [Factory], removed: Bool)])
  }

  /// Brings the key indexes, the selections, the missing-dependency errors and the cycle
  /// check up to date with the file stages' changes.
  func applyKeyChanges(_ changes: KeyChanges) {
    switch changes {
    case .all(let paths, let analyses):
      indexEveryFile(paths, analyses)
      markStage("key indexes")
      selectEveryProvider()
    case .some(let changed):
      var touched = Set<Int32>()
      for file in changed { reindex(file.path, file.factories, removed: file.removed, touching: &touched) }
      markStage("key indexes")
      updateSelections(touched)
    }
  }

  /// Selects the providers of the keys numbered `touched` and of the keys depending on one
  /// that gained its first or lost its last provider.
  func updateSelections(_ touched: Set<Int32>) {
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
    markStage("provider selection")
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

  /// Selects the providers of every key of a build from scratch, then fills the tables
  /// derived from the selections, independent ones on both cores, and checks the whole
  /// graph for cycles, first on the numbered keys (no hashing) and, only when that finds
  /// one, again by key to report it.
  func selectEveryProvider() {
    selections = selectProviders(for: Array(0..<Int32(numbers.count)))
    markStage("provider selection")
    let selected = selections
    let numbering = numbers
    let group = DispatchGroup()
    let made = ResultBox<[DependencyKey: [Factory]]>()
    DispatchQueue.global().async(group: group) {
      made.value = numbering.table { selected[$0]?.severalCandidates }
    }
    if buildsOneGraph {
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
    markStage("selection tables")
    sortedDiagnostics = nil
    updateMissingErrors(Set(missingFrom.keys))
    if resolvedGraph().hasCycle { cycles = CycleCheck(resolved: resolvedLater?.table ?? resolved, hasCycle: true) }
    markStage("missing dependencies and cycles")
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

  private func updateMissingErrors(_ keys: Set<DependencyKey>) {
    guard settings.mode == .application else { return }
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
}
