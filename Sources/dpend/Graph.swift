import ArgumentParser
import DpendGenerate
import DpendWorkspace
import Foundation

/// `dpend graph`: the dependency graph as one web page (or its SVG or DOT), whole or around
/// one key.
struct Graph: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Write the dependency graph as a web page: a drawing with missing keys and cycles marked, and a search.",
    discussion:
      "The page is one self-contained HTML file: the SVG Graphviz's 'dot' (found on the PATH) draws, a search box "
      + "(also '#search=Name' in the address), a legend. With --key, only that key, what it needs and what needs "
      + "it are drawn. --format svg writes the drawing alone, --format dot the DOT it is drawn from (no Graphviz "
      + "needed).")

  enum Format: String, ExpressibleByArgument, CaseIterable {
    case html, svg, dot
  }

  @OptionGroup var options: WorkspaceOptions

  @Option(help: "Output format: html (a web page), svg (the drawing) or dot (Graphviz's input).")
  var format: Format = .html

  @Option(help: "Draw only this key's neighbourhood: the key as written ('ImageCache'), what it needs, what needs it.")
  var key: String?

  @Option(help: "With --key, how many steps to follow each way. Default: all of them.")
  var depth: Int?

  @Option(help: "The file to write. Default: standard output.")
  var output: String?

  func validate() throws {
    if depth != nil && key == nil { throw ValidationError("--depth needs --key") }
    if let depth, depth < 0 { throw ValidationError("--depth must be 0 or more") }
  }

  func run() throws {
    let settings = try options.settings(outputFile: nil)
    let graph = try options.analyze(settings)
    var drawing = DotRenderer.drawing(of: graph)
    var focus: GraphPage.Focus?
    if let key {
      guard let neighbourhood = drawing.neighbourhood(ofKey: key, depth: depth) else {
        Output.error(Self.unknownKeyMessage(key, in: drawing))
        throw ExitCode(1)
      }
      drawing = neighbourhood
      focus = GraphPage.Focus(key: key, depth: depth)
    }
    let dot = DotWriter.write(drawing, marks: true)
    let text: String
    switch format {
    case .dot:
      text = dot
    case .svg, .html:
      let svg: String
      do { svg = try GraphvizDot.svg(dot) } catch {
        Output.error(error.message)
        throw ExitCode(1)
      }
      text =
        format == .svg
        ? svg : GraphPage(workspace: Self.name(ofRoot: settings.root), drawing: drawing, focus: focus).html(svg: svg)
    }
    guard let output else { return Output.print(text) }
    do {
      _ = try AtomicFile.write(text, to: output)
      Output.error("wrote \(output)")
    } catch {
      Output.error("error: cannot write '\(output)': \(error.localizedDescription)")
      throw ExitCode(1)
    }
  }

  /// The error for a `--key` no node is, naming up to five keys that contain it.
  static func unknownKeyMessage(_ key: String, in drawing: GraphDrawing) -> String {
    var similar: [String] = []
    for node in drawing.nodes where node.key.localizedCaseInsensitiveContains(key) && !similar.contains(node.key) {
      similar.append(node.key)
    }
    let message = "error: no key '\(key)' in the graph"
    guard !similar.isEmpty else { return message }
    return message + "; keys containing it: " + similar.prefix(5).map { "'\($0)'" }.joined(separator: ", ")
  }

  /// The workspace's folder name, as the page's title says it.
  static func name(ofRoot root: String) -> String {
    URL(fileURLWithPath: root).standardizedFileURL.lastPathComponent
  }
}
