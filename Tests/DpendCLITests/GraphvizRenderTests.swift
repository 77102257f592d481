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

  /// The drawing in the README is the example's current graph.
  @Test func theReadmeShowsTheExamplesCurrentGraph() throws {
    let tree = try DpendProcess.run(["tree", "--workspace", "Tests/Example", "--format", "dot"], in: repositoryRoot)
    #expect(tree.status == 0)
    let committed = try String(
      contentsOf: repositoryRoot.appendingPathComponent("docs/example-graph.dot"), encoding: .utf8)
    #expect(
      tree.stdout == committed,
      "run: swift run dpend tree --workspace Tests/Example --format dot > docs/example-graph.dot")
    let svg = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/example-graph.svg"), encoding: .utf8)
    #expect(svg.contains("<title>Analytics</title>"))
    let readme = try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(readme.contains("](docs/example-graph.svg)"))
  }

  /// `dot -T<format>` of `source`; fails on a non-zero exit or anything on standard error.
  static func render(_ source: String, format: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(dot, "Graphviz's dot is not installed"))
    process.arguments = ["-T\(format)"]
    let input = Pipe()
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("dpend-dot-\(UUID().uuidString)")
    let errors = output.appendingPathExtension("err")
    try Data().write(to: output)
    try Data().write(to: errors)
    defer {
      try? FileManager.default.removeItem(at: output)
      try? FileManager.default.removeItem(at: errors)
    }
    let outputHandle = try FileHandle(forWritingTo: output)
    let errorHandle = try FileHandle(forWritingTo: errors)
    process.standardInput = input
    process.standardOutput = outputHandle
    process.standardError = errorHandle
    try process.run()
    input.fileHandleForWriting.write(Data(source.utf8))
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    try outputHandle.close()
    try errorHandle.close()
    #expect(process.terminationStatus == 0)
    #expect(try String(contentsOf: errors, encoding: .utf8) == "")
    return try String(contentsOf: output, encoding: .utf8)
  }
}

/// What an SVG drawn by Graphviz says about each node and edge: the outline of its first
/// shape (`polygon` for a box, `path` for an edge) and the fill of its text, by title
/// (`Feed`, `Feed->Store`).
struct SVGDrawing {
  struct Shape: Equatable {
    var stroke: String?
    var strokeWidth: String?
    var dashed: Bool
  }

  var shapes: [String: Shape] = [:]
  var textFill: [String: String] = [:]

  init(_ svg: String) throws {
    let reader = Reader()
    let parser = XMLParser(data: Data(svg.utf8))
    parser.delegate = reader
    guard parser.parse() else { throw reader.error ?? CompilerError(message: "unreadable SVG") }
    shapes = reader.shapes
    textFill = reader.textFill
  }

  private final class Reader: NSObject, XMLParserDelegate {
    var shapes: [String: Shape] = [:]
    var textFill: [String: String] = [:]
    var error: Error?
    private var groupClass: String?
    private var title: String?
    private var readingTitle = false

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
        guard let title, groupClass == "node", textFill[title] == nil else { return }
        textFill[title] = attributes["fill"] ?? "black"
      default:
        break
      }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
      if readingTitle { title? += string }
    }

    func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
      if element == "title" { readingTitle = false }
      if element == "g" && groupClass != nil {
        groupClass = nil
        title = nil
      }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) { error = parseError }
  }
}
