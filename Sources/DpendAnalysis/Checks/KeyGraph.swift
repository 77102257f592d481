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

  /// The strongly connected components (``SuccessorLists/stronglyConnectedComponents()``).
  func stronglyConnectedComponents() -> [[Int]] {
    var lists = SuccessorLists()
    for edges in adjacency {
      for edge in edges { lists.targets.append(Int32(edge.target)) }
      lists.endNode()
    }
    return lists.stronglyConnectedComponents()
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

/// A directed graph on nodes `0..<count`, each node's successors after the previous
/// node's in one array: what the cycle check walks, without a hash table.
struct SuccessorLists {
  /// Every node's successors, node by node.
  var targets: [Int32] = []
  /// Node `n`'s successors are `targets[ends[n - 1]..<ends[n]]` (from 0 for node 0).
  private(set) var ends: [Int32] = []

  var count: Int { ends.count }

  /// Ends the current node: the successors appended since the previous call are its own.
  mutating func endNode() { ends.append(Int32(targets.count)) }

  func successors(of node: Int) -> ArraySlice<Int32> {
    targets[(node == 0 ? 0 : Int(ends[node - 1]))..<Int(ends[node])]
  }

  /// `true` when some node reaches itself: a depth-first search meets a node still on
  /// its path. Allocates no component, unlike ``stronglyConnectedComponents()``.
  var hasCycle: Bool {
    // 0: not visited, 1: on the current path, 2: done.
    var state = [UInt8](repeating: 0, count: count)
    var path: [(node: Int, nextEdge: Int)] = []
    for start in 0..<count where state[start] == 0 {
      state[start] = 1
      path.append((start, 0))
      while let (node, nextEdge) = path.last {
        let next = successors(of: node)
        guard nextEdge < next.count else {
          state[node] = 2
          path.removeLast()
          continue
        }
        path[path.count - 1].nextEdge += 1
        let target = Int(next[next.startIndex + nextEdge])
        if state[target] == 1 { return true }
        if state[target] == 0 {
          state[target] = 1
          path.append((target, 0))
        }
      }
    }
    return false
  }

  /// Tarjan's algorithm, iterative so deep graphs cannot overflow the stack. Each
  /// component lists its nodes in no particular order.
  func stronglyConnectedComponents() -> [[Int]] {
    var index = [Int](repeating: -1, count: count)
    var lowLink = [Int](repeating: 0, count: count)
    var onStack = [Bool](repeating: false, count: count)
    var stack: [Int] = []
    var components: [[Int]] = []
    var counter = 0
    for start in 0..<count where index[start] == -1 {
      var work: [(node: Int, nextEdge: Int)] = [(start, 0)]
      index[start] = counter
      lowLink[start] = counter
      counter += 1
      stack.append(start)
      onStack[start] = true
      while let (node, nextEdge) = work.last {
        let next = successors(of: node)
        if nextEdge < next.count {
          work[work.count - 1].nextEdge += 1
          let target = Int(next[next.startIndex + nextEdge])
          if index[target] == -1 {
            index[target] = counter
            lowLink[target] = counter
            counter += 1
            stack.append(target)
            onStack[target] = true
            work.append((target, 0))
          } else if onStack[target] {
            lowLink[node] = min(lowLink[node], index[target])
          }
          continue
        }
        work.removeLast()
        if let parent = work.last?.node { lowLink[parent] = min(lowLink[parent], lowLink[node]) }
        if lowLink[node] == index[node] {
          var component: [Int] = []
          while true {
            let member = stack.removeLast()
            onStack[member] = false
            component.append(member)
            if member == node { break }
          }
          components.append(component)
        }
      }
    }
    return components
  }
}
