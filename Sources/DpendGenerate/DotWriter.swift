/// Writes a ``GraphDrawing`` in Graphviz's DOT language, one statement a line: the nodes and
/// edges outside every cluster, then each cluster with its own.
///
/// A missing key is a red dashed box with red text, an edge on a cycle red and bold, an edge
/// to a missing key red, a dashed edge dashed. With `marks`, what `dpend graph` writes, each
/// node and edge also gets its element id (``GraphElementID``) and classes the SVG keeps:
/// `missing` and `focus` on nodes, `cycle`, `to-missing` and `dashed` on edges.
public enum DotWriter {
  /// The DOT text of `drawing`.
  public static func write(_ drawing: GraphDrawing, marks: Bool = false) -> String {
    var output = "digraph dependencies {\n  rankdir=LR;\n  node [shape=box, fontname=\"Helvetica\"];\n"
    func statements(in cluster: Int?, indent: String) -> String {
      var text = ""
      for node in drawing.nodes where node.cluster == cluster {
        text += indent + self.node(node, marks: marks)
      }
      for (index, edge) in drawing.edges.enumerated() where edge.cluster == cluster {
        text += indent + self.edge(edge, index: index, marks: marks)
      }
      return text
    }
    output += statements(in: nil, indent: "  ")
    for (index, cluster) in drawing.clusters.enumerated() {
      output += "  subgraph \(quoted("cluster_\(cluster.name)")) {\n"
      output += "    label=\(quoted(cluster.label));\n"
      output += "    fontname=\"Helvetica\";\n"
      output += statements(in: index, indent: "    ") + "  }\n"
    }
    return output + "}\n"
  }

  private static func node(_ node: GraphDrawing.Node, marks: Bool) -> String {
    let label = ([node.key] + node.details).map(escaped).joined(separator: "\\n")
    var attributes = ["label=\"\(label)\""]
    if node.isMissing { attributes += ["color=red", "fontcolor=red", "style=dashed"] }
    if marks {
      attributes.append("id=\(quoted(GraphElementID.node(node.name)))")
      let classes = (node.isMissing ? ["missing"] : []) + (node.isFocus ? ["focus"] : [])
      if !classes.isEmpty { attributes.append("class=\(quoted(classes.joined(separator: " ")))") }
    }
    return "\(quoted(node.name)) [\(attributes.joined(separator: ", "))];\n"
  }

  private static func edge(_ edge: GraphDrawing.Edge, index: Int, marks: Bool) -> String {
    var attributes: [String] = []
    var classes: [String] = []
    switch edge.kind {
    case .plain: break
    case .cycle:
      attributes += ["color=red", "penwidth=2"]
      classes.append("cycle")
    case .toMissing:
      attributes.append("color=red")
      classes.append("to-missing")
    }
    if edge.isDashed {
      attributes.append("style=dashed")
      classes.append("dashed")
    }
    if marks {
      attributes.append("id=\(quoted(GraphElementID.edge(index)))")
      if !classes.isEmpty { attributes.append("class=\(quoted(classes.joined(separator: " ")))") }
    }
    let suffix = attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]"
    return "\(quoted(edge.from)) -> \(quoted(edge.to))\(suffix);\n"
  }

  /// `text` as a DOT string in double quotes.
  static func quoted(_ text: String) -> String { "\"\(escaped(text))\"" }

  /// `text` as the inside of a DOT string: a double quote escaped, and a backslash doubled,
  /// since DOT reads `\C` in `\Container.x` (a Factory key) as an escape and drops it.
  private static func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      if character == "\"" || character == "\\" { result += "\\" }
      result.append(character)
    }
    return result
  }
}
