extension GraphDrawing {
  /// The part of the drawing around the keys written `key` (dpend's own and each
  /// container's): those nodes, marked as the focus, what they need and what that needs,
  /// and what needs them and what needs that, `depth` steps each way (every step when
  /// `nil`, none when 0), with the edges between the nodes kept and the clusters that still
  /// hold something. `nil` when no node is the key.
  public func neighbourhood(ofKey key: String, depth: Int? = nil) -> GraphDrawing? {
    let focus = Set(nodes.filter { $0.key == key }.map(\.name))
    guard !focus.isEmpty else { return nil }
    var needs: [String: [String]] = [:]
    var neededBy: [String: [String]] = [:]
    for edge in edges {
      needs[edge.from, default: []].append(edge.to)
      neededBy[edge.to, default: []].append(edge.from)
    }
    let kept = focus.union(Self.reach(from: focus, along: needs, depth: depth))
      .union(Self.reach(from: focus, along: neededBy, depth: depth))
    var result = GraphDrawing()
    var clusterIndex: [Int: Int] = [:]
    func place(_ cluster: Int?) -> Int? {
      guard let cluster else { return nil }
      if let index = clusterIndex[cluster] { return index }
      clusterIndex[cluster] = result.clusters.count
      result.clusters.append(clusters[cluster])
      return result.clusters.count - 1
    }
    for node in nodes where kept.contains(node.name) {
      var node = node
      node.isFocus = focus.contains(node.name)
      node.cluster = place(node.cluster)
      result.nodes.append(node)
    }
    for edge in edges where kept.contains(edge.from) && kept.contains(edge.to) {
      var edge = edge
      edge.cluster = place(edge.cluster)
      result.edges.append(edge)
    }
    return result
  }

  /// The names `depth` steps or fewer from `start` along `next` (every step when `nil`),
  /// breadth first.
  private static func reach(from start: Set<String>, along next: [String: [String]], depth: Int?) -> Set<String> {
    var reached = start
    var frontier = Array(start)
    var steps = 0
    while !frontier.isEmpty, depth.map({ steps < $0 }) ?? true {
      var following: [String] = []
      for name in frontier {
        for successor in next[name] ?? [] where reached.insert(successor).inserted {
          following.append(successor)
        }
      }
      frontier = following
      steps += 1
    }
    return reached
  }
}
