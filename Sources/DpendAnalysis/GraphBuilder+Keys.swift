import Dispatch
import DpendModel

/// Stages 3 to 5 of ``GraphBuilder``: per key, the provider selection, the
/// missing-dependency errors and the cycle check, redone for the keys a change reached.
extension GraphBuilder {
  func updateSelections(_ touched: Set<DependencyKey>, fromScratch: Bool) {
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
    return Array(zip(keys, Parallel.map(keys.count, minimum: 256) { reader.builder.selection(of: keys[$0]) }))
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
}

/// The builder handed to worker threads while they only read its indexes.
private struct SendableReader: @unchecked Sendable {
  let builder: GraphBuilder
}
