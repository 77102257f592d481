import DpendModel

/// Reports every dependency cycle: one error per strongly connected component of the
/// graph of resolved factories, with one concrete path such as `A -> B -> C -> D -> B`.
///
/// The path starts at a root that reaches the cycle (a key nothing depends on, first in
/// key order), so it shows how the cycle is entered; every step is located at the
/// parameter that creates the edge.
struct CycleCheck: AnalysisPass {
  func run(_ state: inout AnalysisState) {
    // Most graphs have no cycle: find that out without sorting every key first.
    let quick = KeyGraph(resolved: state.resolved, sorted: false)
    let hasCycle = quick.stronglyConnectedComponents().contains { component in
      component.count > 1 || quick.edges(from: component[0]).contains { $0.target == component[0] }
    }
    guard hasCycle else { return }
    let graph = KeyGraph(resolved: state.resolved)
    let tree = graph.breadthFirstForest()
    for (number, component) in graph.stronglyConnectedComponents().enumerated() {
      let members = Set(component)
      let isCycle = component.count > 1 || graph.edges(from: component[0]).contains { $0.target == component[0] }
      guard isCycle else { continue }
      for member in component { state.cycleComponents[graph.keys[member]] = number }
      // Enter the cycle where the search first reached it.
      let entry = component.min { (tree.depth[$0]!, graph.keys[$0]) < (tree.depth[$1]!, graph.keys[$1]) }!
      var prefix: [KeyGraph.Edge] = []
      var node = entry
      while let edge = tree.parentEdge[node] {
        prefix.insert(edge, at: 0)
        node = edge.source
      }
      let loop = graph.shortestLoop(through: entry, within: members)
      let steps = prefix + loop
      let path = ([steps[0].source] + steps.map(\.target)).map { "\(graph.keys[$0])" }.joined(separator: " -> ")
      state.diagnostics.append(
        Diagnostic(
          code: .dependencyCycle, message: "dependency cycle: \(path)", range: loop[0].range,
          notes: steps.map { edge in
            DiagnosticNote(
              message: "'\(graph.keys[edge.source])' needs '\(graph.keys[edge.target])' (in '\(edge.factory)')",
              range: edge.range)
          }))
    }
  }
}
