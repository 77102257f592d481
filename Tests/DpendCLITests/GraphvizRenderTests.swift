import DpendTestSupport
import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `dpend tree --format dot` drawn by the real Graphviz (`dot`, Debian's `graphviz`):
/// the SVG must show a missing key as a red dashed box and a cycle's edges in bold red.
/// Without `dot` the tests are skipped, except in CI, where `.ci/run` installs it.
struct GraphvizRenderTests {
  static let dot: String? = ["/usr/bin/dot", "/usr/local/bin/dot"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }
  static let enabled = dot != nil || ProcessInfo.processInfo.environment["CI"] == "true"

  @Test(.enabled(if: enabled, "Graphviz's dot is not installed"))
  func missingKeysAndCycleEdgesAreMarkedInTheDrawing() throws {
    let workspace = try TemporaryWorkspace([
      "Sources/App.swift": """
      protocol Feed {}
      protocol Store {}
      protocol Cache {}
      protocol Clock {}
      final class FeedImpl: Feed { init(store: Store, clock: Clock) {} }
      final class StoreImpl: Store { init(cache: Cache) {} }
      final class CacheImpl: Cache { init(store: Store) {} }

      """
    ])
    let tree = try workspace.run("tree", "--format", "dot", "--implicit-filter", ".*Impl")
    #expect(tree.status == 0)
    let svg = try Self.render(tree.stdout, format: "svg")
    let drawing = try SVGDrawing(svg)
    // The missing key: a red, dashed box with red text.
    let clock = try #require(drawing.shapes["Clock"])
    #expect(clock.stroke == "red")
    #expect(clock.dashed)
    #expect(drawing.textFill["Clock"] == "red")
    // The cycle Store -> Cache -> Store: bold red edges.
    for edge in ["Store->Cache", "Cache->Store"] {
      let line = try #require(drawing.shapes[edge], "no edge \(edge) in \(drawing.shapes.keys.sorted())")
      #expect(line.stroke == "red", "\(edge)")
      #expect(line.strokeWidth == "2", "\(edge)")
    }
    // The edge to the missing key: red, not bold; an ordinary edge: black.
    #expect(drawing.shapes["Feed->Clock"]?.stroke == "red")
    #expect(drawing.shapes["Feed->Clock"]?.strokeWidth == nil)
    #expect(drawing.shapes["Feed->Store"]?.stroke == "black")
    #expect(drawing.shapes["Feed"]?.stroke == "black")
    #expect(drawing.shapes["Feed"]?.dashed == false)
    // Every key is drawn once.
    let plain = try Self.render(tree.stdout, format: "plain")
    let nodes = plain.split(separator: "\n").filter { $0.hasPrefix("node ") }.map { $0.split(separator: " ")[1] }
    #expect(nodes.sorted() == ["Cache", "Clock", "Feed", "Store"])
  }

  @Test(.enabled(if: enabled, "Graphviz's dot is not installed"))
  func containerGraphsAreDrawnInAClusterWithTheirMarks() throws {
    let workspace = try TemporaryWorkspace([
      "Sources/Assembly.swift": """
      import Swinject

      func assemble(_ container: Container) {
        container.register(Parent.self) { r in ParentImpl(child: r.resolve(Child.self)!) }
        container.register(Child.self) { r in ChildImpl(parent: r.resolve(Parent.self)!) }
          .initCompleted { r, child in (child as! ChildImpl).clock = r.resolve(Clock.self)! }
        container.register(Clock.self) { r in SystemClock(zone: r.resolve(Zone.self)!) }
      }

      """,
      "Sources/Feed.swift": "protocol Feed {}\nfinal class FeedImpl: Feed {}\n",
    ])
    let tree = try workspace.run("tree", "--format", "dot", "--implicit-filter", ".*Impl")
    #expect(tree.status == 0)
    let drawing = try SVGDrawing(try Self.render(tree.stdout, format: "svg"))
    // The missing key: a red, dashed box with red text, reached by a red edge.
    #expect(drawing.shapes["swinject:Zone"]?.stroke == "red")
    #expect(drawing.shapes["swinject:Zone"]?.dashed == true)
    #expect(drawing.textFill["swinject:Zone"] == "red")
    #expect(drawing.shapes["swinject:Clock->swinject:Zone"]?.stroke == "red")
    // The cycle through constructor resolves: bold red edges.
    for edge in ["swinject:Parent->swinject:Child", "swinject:Child->swinject:Parent"] {
      #expect(drawing.shapes[edge]?.stroke == "red", "\(edge)")
      #expect(drawing.shapes[edge]?.strokeWidth == "2", "\(edge)")
    }
    // Property injection: dashed, black.
    #expect(drawing.shapes["swinject:Child->swinject:Clock"] == SVGDrawing.Shape(stroke: "black", dashed: true))
    // The boxes are labelled with the key and what makes it.
    #expect(drawing.texts["swinject:Clock"] == ["Clock", "SystemClock"])
    // The factories' graph and the container's share no node.
    let plain = try Self.render(tree.stdout, format: "plain")
    let nodes = plain.split(separator: "\n").filter { $0.hasPrefix("node ") }.map {
      String($0.split(separator: " ")[1]).replacing("\"", with: "")
    }
    #expect(nodes.sorted() == ["Feed", "swinject:Child", "swinject:Clock", "swinject:Parent", "swinject:Zone"])
  }

  /// The drawing in the README is the rendering of the example's current graph: every box
  /// of the current DOT with its label lines, outline and text colour, every edge with its
  /// line, and nothing else. (Reads the committed SVG; Graphviz is not needed.)
  @Test func theReadmeShowsTheExamplesCurrentGraph() throws {
    let tree = try runDpend(["tree", "--workspace", "Tests/Example", "--format", "dot"])
    #expect(tree.status == 0)
    let committed = try String(
      contentsOf: Repository.url("docs/example-graph.dot"), encoding: .utf8)
    #expect(
      tree.stdout == committed,
      "run: swift run dpend tree --workspace Tests/Example --format dot > docs/example-graph.dot")
    let svg = try String(contentsOf: Repository.url("docs/example-graph.svg"), encoding: .utf8)
    let drawing = try SVGDrawing(svg)
    let graph = DotStatements(tree.stdout)
    let redraw = "run: dot -Tsvg docs/example-graph.dot -o docs/example-graph.svg"
    #expect(drawing.titles.sorted() == (graph.nodes + graph.edges).map(\.title).sorted(), "\(redraw)")
    for element in graph.nodes + graph.edges {
      #expect(drawing.shapes[element.title] == element.shape, "\(element.title): \(redraw)")
    }
    for node in graph.nodes {
      #expect(drawing.texts[node.title] == node.label, "\(node.title): \(redraw)")
      #expect(drawing.textFill[node.title] == node.textFill, "\(node.title): \(redraw)")
    }
    let readme = try String(contentsOf: Repository.url("README.md"), encoding: .utf8)
    #expect(readme.contains("](docs/example-graph.svg)"))
  }

  /// Reading DOT as `DotRenderer` writes it.
  @Test func dotStatementsAreReadAsDotRendererWritesThem() {
    let graph = DotStatements(
      """
      digraph dependencies {
        rankdir=LR;
        node [shape=box, fontname="Helvetica"];
        "Tagged<Store, Remote>" [label="Tagged<Store, Remote>\\nConfig.remote()\\n(singleton)"];
        "Clock" [label="Clock\\n(missing)", color=red, fontcolor=red, style=dashed];
        "Feed" -> "Tagged<Store, Remote>";
        "Feed" -> "Clock" [color=red];
        "Store" -> "Cache" [color=red, penwidth=2];
        "Feed" -> "Log" [style=dashed];
      }

      """)
    typealias Shape = SVGDrawing.Shape
    #expect(graph.nodes.map(\.title) == ["Tagged<Store, Remote>", "Clock"])
    #expect(
      graph.nodes.map(\.label) == [
        ["Tagged<Store, Remote>", "Config.remote()", "(singleton)"], ["Clock", "(missing)"],
      ])
    #expect(
      graph.nodes.map(\.shape) == [
        Shape(stroke: "black", strokeWidth: nil, dashed: false), Shape(stroke: "red", strokeWidth: nil, dashed: true),
      ])
    #expect(graph.nodes.map(\.textFill) == ["black", "red"])
    #expect(graph.edges.map(\.title) == ["Feed->Tagged<Store, Remote>", "Feed->Clock", "Store->Cache", "Feed->Log"])
    #expect(
      graph.edges.map(\.shape) == [
        Shape(stroke: "black", strokeWidth: nil, dashed: false), Shape(stroke: "red", strokeWidth: nil, dashed: false),
        Shape(stroke: "red", strokeWidth: "2", dashed: false), Shape(stroke: "black", strokeWidth: nil, dashed: true),
      ])
  }

  /// `dot -T<format>` of `source`; fails on a non-zero exit or anything on standard error.
  static func render(_ source: String, format: String) throws -> String {
    let dot = URL(fileURLWithPath: try #require(dot, "Graphviz's dot is not installed"))
    let result = try ProcessRunner.run(dot, ["-T\(format)"], input: source)
    #expect(result.status == 0)
    #expect(result.stderr == "")
    return result.stdout
  }
}

/// What an SVG drawn by Graphviz says about each node and edge: its title (`Feed`,
/// `Feed->Store`), the outline of its first shape (`polygon` for a box, `path` for an edge)
/// and, for a node, its lines of text and their fill, by title.
struct SVGDrawing {
  struct Shape: Equatable {
    var stroke: String?
    var strokeWidth: String?
    var dashed: Bool
  }

  var shapes: [String: Shape] = [:]
  var textFill: [String: String] = [:]
  /// Every node's and edge's title, in the order drawn.
  var titles: [String] = []
  var texts: [String: [String]] = [:]

  init(_ svg: String) throws {
    let reader = Reader()
    let parser = XMLParser(data: Data(svg.utf8))
    parser.delegate = reader
    guard parser.parse() else { throw reader.error ?? CompilerError(message: "unreadable SVG") }
    shapes = reader.shapes
    textFill = reader.textFill
    titles = reader.titles
    texts = reader.texts
  }

  private final class Reader: NSObject, XMLParserDelegate {
    var shapes: [String: Shape] = [:]
    var textFill: [String: String] = [:]
    var titles: [String] = []
    var texts: [String: [String]] = [:]
    var error: Error?
    private var groupClass: String?
    private var title: String?
    private var readingTitle = false
    private var text: String?

    func parser(
      _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      switch element {
      case "g" where attributes["class"] == "node" || attributes["class"] == "edge":
        groupClass = attributes["class"]
        title = ""
      case "title" where groupClass != nil:
        readingTitle = true
      case "polygon", "path", "ellipse":
        guard let title, groupClass != nil, shapes[title] == nil else { return }
        shapes[title] = Shape(
          stroke: attributes["stroke"], strokeWidth: attributes["stroke-width"],
          dashed: attributes["stroke-dasharray"] != nil)
      case "text":
        guard let title, groupClass == "node" else { return }
        text = ""
        if textFill[title] == nil { textFill[title] = attributes["fill"] ?? "black" }
      default:
        break
      }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
      if readingTitle { title? += string }
      text? += string
    }

    func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
      if element == "title" && readingTitle, let title {
        readingTitle = false
        titles.append(title)
      }
      if element == "text", let line = text, let title {
        texts[title, default: []].append(line)
        text = nil
      }
      if element == "g" && groupClass != nil {
        groupClass = nil
        title = nil
      }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) { error = parseError }
  }
}

/// The nodes and edges of a graph as `DotRenderer` writes it (one statement a line), with
/// what Graphviz should draw for each: title, outline, label lines and text colour.
struct DotStatements {
  struct Element {
    var title: String
    var shape: SVGDrawing.Shape
    var label: [String] = []
    var textFill = "black"
  }

  var nodes: [Element] = []
  var edges: [Element] = []

  init(_ dot: String) {
    for line in dot.split(separator: "\n") {
      var rest = line.drop { $0 == " " }
      guard let first = Self.quoted(&rest) else { continue }
      if rest.hasPrefix(" -> ") {
        rest = rest.dropFirst(4)
        guard let second = Self.quoted(&rest) else { continue }
        let attributes = Self.attributes(rest)
        edges.append(Element(title: "\(first)->\(second)", shape: Self.shape(attributes)))
      } else {
        guard rest.hasPrefix(" [label=") else { continue }
        rest = rest.dropFirst(8)
        let label = Self.quoted(&rest) ?? ""
        let attributes = Self.attributes(rest)
        nodes.append(
          Element(
            title: first, shape: Self.shape(attributes), label: label.components(separatedBy: "\\n"),
            textFill: attributes["fontcolor"] ?? "black"))
      }
    }
  }

  /// Graphviz's outline for these attributes: black, 1 wide and solid unless they say otherwise.
  private static func shape(_ attributes: [String: String]) -> SVGDrawing.Shape {
    SVGDrawing.Shape(
      stroke: attributes["color"] ?? "black", strokeWidth: attributes["penwidth"],
      dashed: attributes["style"] == "dashed")
  }

  /// `"text"` at the start of `rest`, with `\"` unescaped (other escapes are kept); `rest`
  /// then starts after the closing quote.
  private static func quoted(_ rest: inout Substring) -> String? {
    guard rest.first == "\"" else { return nil }
    var text = ""
    var index = rest.index(after: rest.startIndex)
    while index < rest.endIndex && rest[index] != "\"" {
      if rest[index] == "\\", rest.index(after: index) < rest.endIndex, rest[rest.index(after: index)] == "\"" {
        index = rest.index(after: index)
      }
      text.append(rest[index])
      index = rest.index(after: index)
    }
    guard index < rest.endIndex else { return nil }
    rest = rest[rest.index(after: index)...]
    return text
  }

  /// `name=value` pairs of what follows a statement's quoted parts: `, a=b, c=d];` or ` [a=b];`.
  private static func attributes(_ rest: Substring) -> [String: String] {
    var pairs: [String: String] = [:]
    for item in rest.split(whereSeparator: { ", [];".contains($0) }) {
      let parts = item.split(separator: "=", maxSplits: 1)
      if parts.count == 2 { pairs[String(parts[0])] = String(parts[1]) }
    }
    return pairs
  }
}
