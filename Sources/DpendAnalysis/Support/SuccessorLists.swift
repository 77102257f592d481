/// A directed graph on nodes `0..<count`, each node's successors after the previous
/// node's in one array: what every cycle search of the house walks, without a hash table.
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

  /// The strongly connected components: the one search of the house (Tarjan's, iterative so
  /// deep graphs cannot overflow the stack). Searches start at nodes in number order and
  /// follow successors in list order, so the components come in a fixed order; each lists
  /// its nodes in the order they left the stack.
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

  /// The components that are cycles: of several nodes, or of one node that is its own
  /// successor; in the order of ``stronglyConnectedComponents()``.
  func cycles() -> [[Int]] {
    stronglyConnectedComponents().filter { component in
      component.count > 1 || successors(of: component[0]).contains(Int32(component[0]))
    }
  }

  /// The cycles of `edges` (``cycles()``), each as its nodes: the nodes are numbered in
  /// sorted order, so the result does not depend on the dictionary's order.
  static func cycles<Node: Hashable & Comparable>(of edges: [Node: [Node]]) -> [[Node]] {
    var nodes = Set(edges.keys)
    for targets in edges.values { nodes.formUnion(targets) }
    let sorted = nodes.sorted()
    let numbers = Dictionary(uniqueKeysWithValues: sorted.enumerated().map { ($1, Int32($0)) })
    var lists = SuccessorLists()
    for node in sorted {
      for target in edges[node] ?? [] { lists.targets.append(numbers[target]!) }
      lists.endNode()
    }
    return lists.cycles().map { $0.map { sorted[$0] } }
  }
}
