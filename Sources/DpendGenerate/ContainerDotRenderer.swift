import DpendAnalysis
import DpendModel

/// The container part of `dpend tree --format dot`: one cluster per dialect (`Dip
/// container`), a box per registered key labelled with each registration answering it, an
/// arrow per need. As for dpend's own factories, a key nothing registers is a red dashed box
/// and the arrow to it red, arrows on a cycle are red and bold; property injection is dashed.
/// A need that is optional and unregistered, or whose type or registration is unread, or a
/// Factory definition not in the analysed sources, is not drawn. Node names start with the dialect (`dip:Store`), so they never meet the
/// factories' keys.
enum ContainerDotRenderer {
  static func render(_ graph: ContainerGraph) -> String {
    var output = ""
    for dialect in Dialect.allCases {
      var keys: [ContainerKey: [Int]] = [:]
      for (index, node) in graph.nodes.enumerated() where node.registration.dialect == dialect {
        for key in node.registration.keys { keys[key, default: []].append(index) }
      }
      guard !keys.isEmpty else { continue }
      let cycles = graph.cycleComponents(of: dialect)
      func id(_ key: ContainerKey) -> String { DotRenderer.quoted("\(dialect.rawValue):\(text(key))") }
      var nodes = ""
      var missing: Set<ContainerKey> = []
      var edges: [String] = []
      var drawn: Set<String> = []
      for key in keys.keys.sorted() {
        let lines = keys[key]!.map { graph.nodes[$0] }.map { node in
          ([node.registration.constructedType].compactMap { $0 } + ContainerText.details(node.registration)
            + (node.container.map { ["into '\($0)'"] } ?? []) + node.targets.map { "in '\($0)'" })
            .joined(separator: " ")
        }.filter { !$0.isEmpty }
        nodes += "    \(id(key)) [label=\(DotRenderer.quoted(([text(key)] + lines).joined(separator: "\\n")))];\n"
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
              var attributes: [String] = []
              if !need.isPropertyInjection, graph.nodes[index].registration.unread == nil, let cycle = cycles[key],
                cycles[target] == cycle
              {
                attributes += ["color=red", "penwidth=2"]
              } else if isMissing {
                attributes.append("color=red")
              }
              if need.isPropertyInjection { attributes.append("style=dashed") }
              let suffix = attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]"
              let edge = "    \(id(key)) -> \(id(target))\(suffix);\n"
              if drawn.insert(edge).inserted { edges.append(edge) }
            }
          }
        }
      }
      for key in missing.sorted() {
        nodes +=
          "    \(id(key)) [label=\(DotRenderer.quoted("\(text(key))\\n(missing)")), color=red, fontcolor=red, style=dashed];\n"
      }
      output += "  subgraph \(DotRenderer.quoted("cluster_\(dialect.rawValue)")) {\n"
      output += "    label=\(DotRenderer.quoted("\(ContainerText.name(of: dialect)) container"));\n"
      output += "    fontname=\"Helvetica\";\n"
      output += nodes + edges.joined() + "  }\n"
    }
    return output
  }

  /// A key as DOT text: a backslash doubled, since DOT reads `\C` in `\Container.x` (a
  /// Factory key) as an escape and drops it.
  private static func text(_ key: ContainerKey) -> String {
    key.description.reduce(into: "") { text, character in
      if character == "\\" { text.append("\\") }
      text.append(character)
    }
  }
}
