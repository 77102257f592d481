import Dispatch
import DpendModel

/// The key indexes of the ``KeyStage``: each file's factories in a slot, numbered by key, and
/// for each key its providers in stable order and the keys depending on it; filled in one
/// pass for a build from scratch, updated file by file after a change.
extension KeyStage {
  /// Replaces a file's factories in the key indexes with `factories` (or frees its slot
  /// when the file is `removed`), collecting the numbers of the keys whose providers changed.
  mutating func reindex(
    _ path: String, _ factories: [Factory], removed: Bool, _ options: Options, touching touched: inout Set<Int32>
  ) {
    if let slot = slotOfPath[path] {
      let old = slots[Int(slot)]
      for (position, key) in old.keys.enumerated() {
        touched.insert(key)
        providers[Int(key)].removeAll { $0.slot == slot }
        for required in old.required(position) {
          if let index = dependents[Int(required)].firstIndex(of: key) { dependents[Int(required)].remove(at: index) }
        }
      }
      if removed {
        slots[Int(slot)] = .empty
        slotPaths[Int(slot)] = nil
        slotOfPath[path] = nil
        freeSlots.append(slot)
        return
      }
    }
    guard !removed else { return }
    let slot = slotOfPath[path] ?? takeSlot(for: path)
    let new = NumberedFactories(factories, numbering: &numbers)
    slots[Int(slot)] = new
    growKeyTables(options)
    for (position, key) in new.keys.enumerated() {
      touched.insert(key)
      let reference = FactoryReference(slot: slot, position: Int32(position))
      let index = providers[Int(key)].firstIndex { precedes(reference, $0) } ?? providers[Int(key)].count
      providers[Int(key)].insert(reference, at: index)
      for required in new.required(position) { dependents[Int(required)].append(key) }
    }
  }

  private mutating func takeSlot(for path: String) -> Int32 {
    let slot: Int32
    if let free = freeSlots.popLast() {
      slot = free
      slotPaths[Int(slot)] = path
    } else {
      slot = Int32(slots.count)
      slots.append(.empty)
      slotPaths.append(path)
    }
    slotOfPath[path] = slot
    return slot
  }

  /// Stable order: files in path order, each file's factories by position, then libraries.
  private func precedes(_ lhs: FactoryReference, _ rhs: FactoryReference) -> Bool {
    if lhs.slot == rhs.slot { return lhs.position < rhs.position }
    guard let left = slotPaths[Int(lhs.slot)] else { return false }
    guard let right = slotPaths[Int(rhs.slot)] else { return true }
    return left < right
  }

  /// Makes the per-key tables as long as there are key numbers.
  private mutating func growKeyTables(_ options: Options) {
    let missing = numbers.count - providers.count
    guard missing > 0 else { return }
    providers += repeatElement([], count: missing)
    // Only updates read the dependents: a one-graph builder makes them for its state alone.
    if options.keepsUpdateTables { dependents += repeatElement([], count: missing) }
    selections += repeatElement(nil, count: missing)
  }

  /// Fills the key indexes of a build from scratch: slots in path order, so every key's
  /// providers come out in stable order, then the libraries. The slot table and the
  /// dependents, which only updates read, are filled on another core, and not at all for a
  /// one-graph builder.
  mutating func indexEveryFile(_ paths: [String], _ analyses: [FileAnalysis], _ options: Options) {
    let group = DispatchGroup()
    let table = ResultBox<[String: Int32]>()
    let updatable = options.keepsUpdateTables
    if updatable {
      DispatchQueue.global().async(group: group) {
        var slotOfPath: [String: Int32] = [:]
        slotOfPath.reserveCapacity(paths.count)
        for (offset, path) in paths.enumerated() { slotOfPath[path] = Int32(offset + 1) }
        table.value = slotOfPath
      }
    }
    slots.reserveCapacity(paths.count + 1)
    for (path, analysis) in zip(paths, analyses) {
      slots.append(NumberedFactories(analysis.factories, numbering: &numbers))
      slotPaths.append(path)
    }
    growKeyTables(options)
    // Slots in path order, then the libraries' slot.
    let order = slots.indices.dropFirst() + [0]
    let numbered = slots
    let counted = ResultBox<[[Int32]]>()
    let emptyDependents = dependents
    if updatable {
      DispatchQueue.global().async(group: group) {
        var lists = emptyDependents
        for slot in order {
          for (position, key) in numbered[slot].keys.enumerated() {
            for required in numbered[slot].required(position) { lists[Int(required)].append(key) }
          }
        }
        counted.value = lists
      }
    }
    for slot in order {
      for position in numbered[slot].keys.indices {
        providers[Int(numbered[slot].keys[position])].append(
          FactoryReference(slot: Int32(slot), position: Int32(position)))
      }
    }
    group.wait()
    slotOfPath = table.value ?? [:]
    dependents = counted.value ?? []
  }
}
