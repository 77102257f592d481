import DpendAnalysis
import DpendModel

/// The container part of the graph's drawing: one cluster per dialect (`Dip container`), a
/// box per registered key labelled with each registration answering it, an arrow per need. As
/// for dpend's own factories, a key nothing registers is a red dashed box and the arrow to it
/// red, arrows on a cycle are red and bold; property injection is dashed. A need that is
/// optional and unregistered, or whose type or registration is unread, or a Factory definition
/// not in the analysed sources, is not drawn. Node names start with the dialect
/// (`dip:Store`), so they never meet the factories' keys.
enum ContainerDotRenderer {
  /// Appends a cluster for each dialect with registrations in `graph` to `drawing`.
  static func draw(_ graph: ContainerGraph, into drawing: inout GraphDrawing) {
    for dialect in Dialect.allCases {
      var keys: [ContainerKey: [Int]] = [:]
      for (index, node) in graph.nodes.enumerated() where node.registration.dialect == dialect {
        for key in node.registration.keys { keys[key, default: []].append(index) }
      }
      guard !keys.isEmpty else { continue }
      let cluster = drawing.clusters.count
      drawing.clusters.append(
        GraphDrawing.Cluster(name: dialect.rawValue, label: "\(ContainerText.name(of: dialect)) container"))
      let cycles = graph.cycleComponents(of: dialect)
      func name(_ key: ContainerKey) -> String { "\(dialect.rawValue):\(key.description)" }
      var missing: Set<ContainerKey> = []
      var drawn: Set<GraphDrawing.Edge> = []
      for key in keys.keys.sorted() {
        let lines = keys[key]!.map { graph.nodes[$0] }.map { node in
          ([node.registration.constructedType].compactMap { $0 } + ContainerText.details(node.registration)
            + (node.container.map { ["into '\($0)'"] } ?? []) + node.targets.map { "in '\($0)'" })
            .joined(separator: " ")
        }.filter { !$0.isEmpty }
        drawing.nodes.append(GraphDrawing.Node(name: name(key), key: key.description, details: lines, cluster: cluster))
        for index in keys[key]! {
          for need in graph.nodes[index].needs {
            guard let type = need.type, let needed = need.key else { continue }
            let answering = graph.registrations(answering: need)
            var targets = answering.map { ContainerText.key(of: graph.nodes[$0].registration, as: type) }
            let isMissing =
              answering.isEmpty && need.site.isRequired && need.site.dialect.checksPresence
              && !graph.mayBeAnsweredByUnread(need)
            if isMissing {
              missing.insert(needed)
              targets = [needed]
            }
            for target in targets {
              var kind = GraphDrawing.EdgeKind.plain
              if !need.isPropertyInjection, graph.nodes[index].registration.unread == nil, let cycle = cycles[key],
                cycles[target] == cycle
              {
                kind = .cycle
              } else if isMissing {
                kind = .toMissing
              }
              let edge = GraphDrawing.Edge(
                from: name(key), to: name(target), kind: kind, isDashed: need.isPropertyInjection, cluster: cluster)
              if drawn.insert(edge).inserted { drawing.edges.append(edge) }
            }
          }
        }
      }
      for key in missing.sorted() {
        drawing.nodes.append(
          GraphDrawing.Node(
            name: name(key), key: key.description, details: ["(missing)"], isMissing: true, cluster: cluster))
      }
    }
  }
}
