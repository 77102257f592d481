import DpendModel

/// Reports every dependency cycle: one error per strongly connected component of the
/// graph of resolved factories, with one concrete path such as `A -> B -> C -> D -> B`.
///
/// The path starts at a root that reaches the cycle (a key nothing depends on, first in
/// key order), so it shows how the cycle is entered; every step is located at the
/// parameter that creates the edge.
struct CycleCheck: Equatable, Sendable {
  /// One error per cycle.
  var diagnostics: [Diagnostic] = []
  /// For each key on a cycle, the number of its strongly connected component.
  var components: [DependencyKey: Int] = [:]

  /// No cycle.
  static let none = CycleCheck()

  init() {}

  /// Checks the whole graph; `hasCycle` when the caller already found it has a cycle.
  init(resolved: [DependencyKey: Factory], hasCycle known: Bool = false) {
    if !known {
      // Most graphs have no cycle: find that out without sorting every key first.
      guard !KeyGraph(resolved: resolved, sorted: false).cycles().isEmpty else { return }
    }
    let graph = KeyGraph(resolved: resolved)
    let tree = graph.breadthFirstForest()
    for (number, component) in graph.cycles().enumerated() {
      let members = Set(component)
      for member in component { components[graph.keys[member]] = number }
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
      diagnostics.append(
        Diagnostic(
          code: .dependencyCycle, message: "dependency cycle: \(path)", range: loop[0].range,
          notes: steps.map { edge in
            DiagnosticNote(
              message:
                "'\(graph.keys[edge.source])' needs '\(graph.keys[edge.target])' (in '\(resolved[graph.keys[edge.source]]!.displayName)')",
              range: edge.range)
          }))
    }
  }

  /// `true` when `target` is reachable from `source` along resolved factories. Visits only
  /// what `source` reaches, so a cycle-free graph can be re-checked after an edit without
  /// walking all of it.
  static func reaches(_ source: DependencyKey, _ target: DependencyKey, in resolved: [DependencyKey: Factory]) -> Bool {
    var visited: Set<DependencyKey> = [source]
    var stack = [source]
    while let key = stack.popLast() {
      guard let factory = resolved[key] else { continue }
      for next in KeyGraph.targets(of: factory) where resolved[next] != nil {
        if next == target { return true }
        if visited.insert(next).inserted { stack.append(next) }
      }
    }
    return false
  }
}

extension CycleCheck: BinaryCoded {
  mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&diagnostics)
    try coder.code(&components)
  }
}
