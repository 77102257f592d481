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
  /// One edge; edges sort by source, then target.
  struct Edge: Comparable, Hashable, Sendable {
    var source: UInt64
    var target: UInt64

    static func < (lhs: Edge, rhs: Edge) -> Bool { (lhs.source, lhs.target) < (rhs.source, rhs.target) }
  }

  private var edges = SortedCounts<Edge>()

  /// No edge.
  public init() {}

  /// The edges `sources` to `targets` with their `counts`; `nil` unless they are as many,
  /// sorted and distinct and the counts positive (bytes read back from a file).
  public init?(sources: [UInt64], targets: [UInt64], counts: [UInt32]) {
    guard sources.count == targets.count,
      let edges = SortedCounts(elements: zip(sources, targets).map(Edge.init), counts: counts)
    else { return nil }
    self.edges = edges
  }

  /// Every edge of `all`, counted (in any order, repeats counted).
  init(counting all: [(source: UInt64, target: UInt64)]) {
    edges = SortedCounts(counting: all.map { Edge(source: $0.source, target: $0.target) })
  }

  /// The edges' sources, sorted with their targets, each edge once.
  public var sources: [UInt64] { edges.elements.map(\.source) }
  /// The edges' targets, in the order of ``sources``.
  public var targets: [UInt64] { edges.elements.map(\.target) }
  /// How many factories have the edge at the same index; never 0.
  public var counts: [UInt32] { edges.counts }

  /// The keys `source` has an edge to, each once, sorted.
  func targets(of source: UInt64) -> some Sequence<UInt64> {
    let all = edges.elements
    let start = all.partitionIndex { $0.source < source }
    return all[start...].lazy.prefix { $0.source == source }.map(\.target)
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

  /// `true` when a path of one edge or more leads from some key back to itself. When it is
  /// `false`, the graph has no cycle either.
  var hasCycle: Bool {
    let all = edges.elements
    // Only a key with an edge leaving it can be on a cycle: those are the nodes, in order.
    var numbers: [UInt64: Int32] = [:]
    for edge in all where numbers[edge.source] == nil { numbers[edge.source] = Int32(numbers.count) }
    var lists = SuccessorLists()
    for (index, edge) in all.enumerated() {
      if edge.source == edge.target { return true }
      if let target = numbers[edge.target] { lists.targets.append(target) }
      if index == all.count - 1 || all[index + 1].source != edge.source { lists.endNode() }
    }
    return lists.stronglyConnectedComponents().contains { $0.count > 1 }
  }

  /// Adds the edge `source` to `target` `delta` times (removes it when negative); `false`,
  /// leaving the edges unusable, when more are removed than were added.
  mutating func add(from source: UInt64, to target: UInt64, by delta: Int) -> Bool {
    edges.add(Edge(source: source, target: target), by: delta)
  }
}
