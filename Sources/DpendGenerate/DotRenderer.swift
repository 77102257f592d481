import DpendAnalysis
import DpendModel

/// Renders the graph in Graphviz's DOT language: one box per key labelled with its
/// factory, one arrow per dependency. Keys nothing provides are red dashed boxes; edges
/// on a cycle are red and bold; optional dependencies are dashed. The registrations of
/// containers the app already has (Dip, Swinject) follow in a cluster per dialect, as
/// ``ContainerDotRenderer`` draws them.
public enum DotRenderer {
  public static func render(_ graph: DependencyGraph) -> String {
    var output = "digraph dependencies {\n  rankdir=LR;\n  node [shape=box, fontname=\"Helvetica\"];\n"
    let keys = graph.resolved.keys.sorted()
    for key in keys {
      let factory = graph.resolved[key]!
      let scope = factory.scope == .unique ? "" : "\\n(\(factory.scope.rawValue))"
      output += "  \(id(key)) [label=\(quoted("\(key)\\n\(factory.displayName)\(scope)"))];\n"
    }
    for key in graph.unprovidedKeys {
      output += "  \(id(key)) [label=\(quoted("\(key)\\n(missing)")), color=red, fontcolor=red, style=dashed];\n"
    }
    for key in keys {
      let factory = graph.resolved[key]!
      for dependency in factory.dependencies {
        let isOptional = factory.parameters.contains { $0.dependency == dependency && $0.isOptional }
        let isProvided = graph.resolved[dependency] != nil
        // An optional dependency nothing provides is simply passed nil: nothing to draw.
        if !isProvided && isOptional { continue }
        var attributes: [String] = []
        if graph.isCyclicEdge(from: key, to: dependency) {
          attributes += ["color=red", "penwidth=2"]
        } else if !isProvided {
          attributes.append("color=red")
        }
        if isOptional { attributes.append("style=dashed") }
        let suffix = attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]"
        output += "  \(id(key)) -> \(id(dependency))\(suffix);\n"
      }
    }
    return output + ContainerDotRenderer.render(graph.container.graph) + "}\n"
  }

  private static func id(_ key: DependencyKey) -> String { quoted(key.description) }

  /// `text` in double quotes, its own double quotes escaped.
  static func quoted(_ text: String) -> String {
    var result = "\""
    for character in text {
      if character == "\"" { result += "\\" }
      result.append(character)
    }
    return result + "\""
  }
}
