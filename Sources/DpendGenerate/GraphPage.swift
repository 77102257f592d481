/// The web page `dpend graph --format html` writes: one self-contained HTML file holding the
/// SVG Graphviz drew from ``DotWriter``'s marked DOT, a search box, a legend of the marks,
/// and the script that counts the marks and highlights the keys a search matches.
///
/// Pure: it is given the SVG and reads nothing. Every name it writes (the workspace's, the
/// keys') is escaped for where it goes (``HTMLText``).
public struct GraphPage: Sendable {
  /// The neighbourhood a page draws instead of the whole graph.
  public struct Focus: Equatable, Sendable {
    /// The key, as written (``GraphDrawing/Node/key``).
    public var key: String
    /// The steps followed each way; `nil` for all of them.
    public var depth: Int?

    /// A neighbourhood of `key`, `depth` steps each way.
    public init(key: String, depth: Int? = nil) {
      self.key = key
      self.depth = depth
    }
  }

  /// The workspace's name, in the title and the heading.
  public var workspace: String
  /// The drawing the SVG was drawn from: the keys the search reads, and the ends of each edge.
  public var drawing: GraphDrawing
  /// The neighbourhood drawn; `nil` for the whole graph.
  public var focus: Focus?

  /// A page for `drawing` of the workspace named `workspace`.
  public init(workspace: String, drawing: GraphDrawing, focus: Focus? = nil) {
    self.workspace = workspace
    self.drawing = drawing
    self.focus = focus
  }

  /// The page around `svg`, Graphviz's drawing of ``drawing``; what comes before its `<svg`
  /// element (the XML declaration, the doctype, comments) is left out.
  public func html(svg: String) -> String {
    let drawingStart = svg.firstRange(of: "<svg").map { svg[$0.lowerBound...] } ?? svg[...]
    let name = HTMLText.escaped(workspace)
    var page = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(HTMLText.escaped(title))</title>
      <style>
      \(GraphPageAssets.style)</style>
      </head>
      <body>
      <header>
      <h1>Dependency graph of <span class="workspace">\(name)</span></h1>
      <p class="scope">\(scopeText)</p>
      <form role="search" onsubmit="return false">
      <label for="search">Search keys</label>
      <input type="search" id="search" placeholder="Part of a key's name" autocomplete="off">
      <output id="search-status" for="search"></output>
      </form>
      \(GraphPageAssets.legend)<p id="counts"></p>
      </header>
      <main id="graph">

      """
    page += drawingStart.trimmingSuffix { $0.isWhitespace }
    page += """

      </main>
      <script type="application/json" id="graph-data">\(dataJSON)</script>
      <script>
      \(GraphPageAssets.script)</script>
      </body>
      </html>

      """
    return page
  }

  /// The page's title: the workspace, and the key of a neighbourhood.
  var title: String {
    guard let focus else { return "dpend graph: \(workspace)" }
    return "dpend graph: \(workspace), around \(focus.key)"
  }

  /// What part of the graph the page draws, as HTML.
  var scopeText: String {
    guard let focus else { return "The whole graph: every key, what provides it and what it needs." }
    let steps =
      switch focus.depth {
      case nil: "all the way"
      case 1: "1 step each way"
      case let depth?: "\(depth) steps each way"
      }
    return
      "The neighbourhood of <code>\(HTMLText.escaped(focus.key))</code>: what it needs and what needs it, \(steps)."
  }

  /// The keys and edges the script reads: `{"nodes":[{"id":…,"key":…},…],"edges":[[from id, to id],…]}`,
  /// an edge's index being the number in its element id.
  var dataJSON: String {
    let nodes = drawing.nodes.map { node in
      "{\"id\":\(HTMLText.scriptString(GraphElementID.node(node.name))),\"key\":\(HTMLText.scriptString(node.key))}"
    }
    let edges = drawing.edges.map { edge in
      "[\(HTMLText.scriptString(GraphElementID.node(edge.from))),\(HTMLText.scriptString(GraphElementID.node(edge.to)))]"
    }
    return "{\"nodes\":[\(nodes.joined(separator: ","))],\"edges\":[\(edges.joined(separator: ","))]}"
  }
}

extension Substring {
  /// The text without the characters at its end that `drop` selects.
  fileprivate func trimmingSuffix(while drop: (Character) -> Bool) -> Substring {
    var end = endIndex
    while end > startIndex, drop(self[index(before: end)]) { end = index(before: end) }
    return self[startIndex..<end]
  }
}
