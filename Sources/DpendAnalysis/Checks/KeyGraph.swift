import DpendModel

/// The graph the cycle check walks: one node per provided key (in key order), one edge per
/// dependency of the key's resolved factory on another provided key.
struct KeyGraph {
  struct Edge {
    var source: Int
    var target: Int
    /// Where the dependency is declared (in the source key's resolved factory).
    var range: SourceRange
  }

  let keys: [DependencyKey]
  private var adjacency: [[Edge]]

  /// - Parameter sorted: number nodes in key order, which makes paths deterministic; an
  ///   unsorted graph is cheaper and enough to learn which keys lie on cycles.
  init(resolved: [DependencyKey: Factory], sorted: Bool = true) {
    keys = sorted ? resolved.keys.sorted() : Array(resolved.keys)
    let index = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
    adjacency = keys.enumerated().map { source, key in
      let factory = resolved[key]!
      var edges: [Edge] = []
      if case .configurationMethod(let configuration, _, _) = factory.kind, let target = index[configuration] {
        edges.append(Edge(source: source, target: target, range: factory.range))
      }
      for parameter in factory.parameters {
        guard let target = index[parameter.dependency] else { continue }
        edges.append(Edge(source: source, target: target, range: parameter.range))
      }
      return edges
    }
  }

  /// The keys `factory` has an edge to when they are provided: its configuration (for a
  /// configuration method), then every parameter's key.
  static func targets(of factory: Factory) -> [DependencyKey] {
    var result: [DependencyKey] = []
    if case .configurationMethod(let configuration, _, _) = factory.kind { result.append(configuration) }
    for parameter in factory.parameters { result.append(parameter.dependency) }
    return result
  }

  func edges(from node: Int) -> [Edge] { adjacency[node] }

  /// The strongly connected components that are cycles (``SuccessorLists/cycles()``).
  func cycles() -> [[Int]] {
    var lists = SuccessorLists()
    for edges in adjacency {
      for edge in edges { lists.targets.append(Int32(edge.target)) }
      lists.endNode()
    }
    return lists.cycles()
  }

  /// A breadth-first forest covering every node: searches start at the roots (nodes no
  /// edge points to) in key order, then at any node still unreached, in key order.
  func breadthFirstForest() -> (depth: [Int: Int], parentEdge: [Int: Edge]) {
    var hasIncoming = [Bool](repeating: false, count: keys.count)
    for edges in adjacency { for edge in edges { hasIncoming[edge.target] = true } }
    let starts = keys.indices.filter { !hasIncoming[$0] } + keys.indices.filter { hasIncoming[$0] }
    var depth: [Int: Int] = [:]
    var parentEdge: [Int: Edge] = [:]
    for start in starts where depth[start] == nil {
      depth[start] = 0
      var queue = [start]
      var head = 0
      while head < queue.count {
        let node = queue[head]
        head += 1
        for edge in adjacency[node] where depth[edge.target] == nil {
          depth[edge.target] = depth[node]! + 1
          parentEdge[edge.target] = edge
          queue.append(edge.target)
        }
      }
    }
    return (depth, parentEdge)
  }

  /// The shortest path from `start` back to itself using only `members`.
  func shortestLoop(through start: Int, within members: Set<Int>) -> [Edge] {
    var parentEdge: [Int: Edge] = [:]
    var queue = [start]
    var head = 0
    while head < queue.count {
      let node = queue[head]
      head += 1
      for edge in adjacency[node] where members.contains(edge.target) {
        if edge.target == start {
          var path = [edge]
          var current = node
          while current != start, let previous = parentEdge[current] {
            path.insert(previous, at: 0)
            current = previous.source
          }
          return path
        }
        if parentEdge[edge.target] == nil {
          parentEdge[edge.target] = edge
          queue.append(edge.target)
        }
      }
    }
    return []
  }
}
