import DpendAnalysis
import DpendGenerate
import Foundation

/// The web page of a graph, whole or around one key, drawn by Graphviz: what `dpend graph`
/// writes and the server's `dpend.showGraph` opens.
public enum GraphPageMaker {
  /// Why no page was made.
  public enum Failure: Error, Equatable {
    /// No node is the key; the keys containing it, up to five.
    case unknownKey(String, similar: [String])
    /// Graphviz could not draw it.
    case drawing(String)

    /// The line that says so.
    public var message: String {
      switch self {
      case .unknownKey(let key, let similar):
        let message = "error: no key '\(key)' in the graph"
        guard !similar.isEmpty else { return message }
        return message + "; keys containing it: " + similar.map { "'\($0)'" }.joined(separator: ", ")
      case .drawing(let message): return message
      }
    }
  }

  /// The drawing of `graph`, or of `key`'s neighbourhood `depth` steps each way (all with
  /// `nil`), and its focus.
  public static func drawing(of graph: DependencyGraph, key: String?, depth: Int?) throws(Failure) -> (
    drawing: GraphDrawing, focus: GraphPage.Focus?
  ) {
    let drawing = DotRenderer.drawing(of: graph)
    guard let key else { return (drawing, nil) }
    guard let neighbourhood = drawing.neighbourhood(ofKey: key, depth: depth) else {
      var similar: [String] = []
      for node in drawing.nodes where node.key.localizedCaseInsensitiveContains(key) && !similar.contains(node.key) {
        similar.append(node.key)
      }
      throw .unknownKey(key, similar: Array(similar.prefix(5)))
    }
    return (neighbourhood, GraphPage.Focus(key: key, depth: depth))
  }

  /// The page: the drawing's SVG inside ``GraphPage``, titled with `root`'s folder name.
  public static func page(of graph: DependencyGraph, root: String, key: String?, depth: Int?) throws(Failure)
    -> String
  {
    let (drawing, focus) = try drawing(of: graph, key: key, depth: depth)
    let svg: String
    do { svg = try GraphvizDot.svg(DotWriter.write(drawing, marks: true)) } catch { throw .drawing(error.message) }
    return GraphPage(workspace: name(ofRoot: root), drawing: drawing, focus: focus).html(svg: svg)
  }

  /// The workspace's folder name, as the page's title says it.
  public static func name(ofRoot root: String) -> String {
    URL(fileURLWithPath: root).standardizedFileURL.lastPathComponent
  }
}
