import ArgumentParser
import DpendGenerate
import DpendWorkspace
import Foundation

/// `dpend graph`: the dependency graph as one web page (or its SVG or DOT), whole or around
/// one key.
struct Graph: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "graph",
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
    let start = try options.warmStart(outputFile: nil)
    let settings = start.settings
    let graph = try options.exiting { () throws(WorkspaceError) in try start.graph() }
    let text: String
    do throws(GraphPageMaker.Failure) {
      switch format {
      case .dot:
        text = DotWriter.write(try GraphPageMaker.drawing(of: graph, key: key, depth: depth).drawing, marks: true)
      case .svg:
        let drawing = try GraphPageMaker.drawing(of: graph, key: key, depth: depth).drawing
        do { text = try GraphvizDot.svg(DotWriter.write(drawing, marks: true)) } catch {
          throw .drawing(error.message)
        }
      case .html:
        text = try GraphPageMaker.page(of: graph, root: settings.root, key: key, depth: depth)
      }
    } catch {
      Output.error(error.message)
      throw ExitCode(1)
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
}
