/// Tarjan's strongly connected components of a small graph given by adjacency lists.
enum StronglyConnected {
  /// Every component, each as its nodes; nodes are visited in sorted order, so the result is
  /// deterministic.
  static func components(of edges: [String: [String]]) -> [[String]] {
    var index = 0
    var indexes: [String: Int] = [:]
    var lowLinks: [String: Int] = [:]
    var stack: [String] = []
    var onStack: Set<String> = []
    var result: [[String]] = []

    func connect(_ node: String) {
      indexes[node] = index
      lowLinks[node] = index
      index += 1
      stack.append(node)
      onStack.insert(node)
      for next in edges[node] ?? [] {
        if indexes[next] == nil {
          connect(next)
          lowLinks[node] = min(lowLinks[node]!, lowLinks[next]!)
        } else if onStack.contains(next) {
          lowLinks[node] = min(lowLinks[node]!, indexes[next]!)
        }
      }
      guard lowLinks[node] == indexes[node] else { return }
      var component: [String] = []
      while let top = stack.popLast() {
        onStack.remove(top)
        component.append(top)
        if top == node { break }
      }
      result.append(component)
    }

    for node in edges.keys.sorted() where indexes[node] == nil { connect(node) }
    return result
  }
}
