import DpendModel

/// The edges of a graph between keys, as ``StableHash``es: from each provided key to every
/// key one of its factories depends on, with how many factories do. What a kept answer
/// needs to tell that a factory given another dependency closes no cycle
/// (``UnchangedGraph/ProviderChange``), without the graph.
///
/// Every factory of a key counts, not only the one the graph chose: the edges reach at
/// least what the graph's do, so "no path" is true of the graph too. Two keys with one hash
/// are one node here, which also only adds paths.
public struct KeyEdges: Hashable, Sendable {
  /// The edges' sources, sorted with their targets, each edge once.
  public private(set) var sources: [UInt64] = []
  /// The edges' targets, in the order of ``sources``.
  public private(set) var targets: [UInt64] = []
  /// How many factories have the edge at the same index; never 0.
  public private(set) var counts: [UInt32] = []

  /// No edge.
  public init() {}

  /// The edges `sources` to `targets` with their `counts`; `nil` unless they are as many,
  /// sorted and distinct and the counts positive (bytes read back from a file).
  public init?(sources: [UInt64], targets: [UInt64], counts: [UInt32]) {
    guard sources.count == targets.count, sources.count == counts.count, !counts.contains(0),
      zip(zip(sources, targets), zip(sources.dropFirst(), targets.dropFirst())).allSatisfy({ $0 < $1 })
    else { return nil }
    self.sources = sources
    self.targets = targets
    self.counts = counts
  }

  /// Every edge of `all`, counted (in any order, repeats counted).
  init(counting all: [(source: UInt64, target: UInt64)]) {
    for edge in all.sorted(by: { ($0.source, $0.target) < ($1.source, $1.target) }) {
      if sources.last == edge.source && targets.last == edge.target {
        counts[counts.count - 1] += 1
      } else {
        sources.append(edge.source)
        targets.append(edge.target)
        counts.append(1)
      }
    }
  }

  /// The keys `source` has an edge to, each once, sorted.
  func targets(of source: UInt64) -> ArraySlice<UInt64> {
    let start = sources.sortedIndex(of: source)
    var end = start
    while end < sources.count && sources[end] == source { end += 1 }
    return targets[start..<end]
  }

  /// `true` when a path of one edge or more leads from `source` to `target`.
  func reaches(from source: UInt64, to target: UInt64) -> Bool {
    var seen: Set<UInt64> = [source]
    var pending = [source]
    while let node = pending.popLast() {
      for next in targets(of: node) {
        if next == target { return true }
        if seen.insert(next).inserted { pending.append(next) }
      }
    }
    return false
  }

  /// Adds the edge `source` to `target` `delta` times (removes it when negative); `false`,
  /// leaving the edges unusable, when more are removed than were added.
  mutating func add(from source: UInt64, to target: UInt64, by delta: Int) -> Bool {
    var index = sources.sortedIndex(of: source)
    while index < sources.count && sources[index] == source && targets[index] < target { index += 1 }
    if index < sources.count && sources[index] == source && targets[index] == target {
      let count = Int(counts[index]) + delta
      guard count >= 0 else { return false }
      if count == 0 {
        sources.remove(at: index)
        targets.remove(at: index)
        counts.remove(at: index)
      } else {
        counts[index] = UInt32(count)
      }
      return true
    }
    guard delta >= 0 else { return false }
    if delta > 0 {
      sources.insert(source, at: index)
      targets.insert(target, at: index)
      counts.insert(UInt32(delta), at: index)
    }
    return true
  }
}
