import ArgumentParser
import DpendGenerate
import DpendModel
import DpendWorkspace

/// `dpend tree`: prints the dependency graph.
struct Tree: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tree",
    abstract: "Print the dependency graph: each key, the factory that makes it and what it needs.",
    discussion:
      "Container registrations follow ("
      + Dialect.allCases.filter { !$0.traits.modules.isEmpty }.map(\.traits.displayName).joined(separator: ", ")
      + ", an app's locator), "
      + "each registered key with what it resolves. "
      + "Use '--format dot | dot -Tsvg > graph.svg' to draw it with Graphviz, or 'dpend graph' for a web page.")

  enum Format: String, ExpressibleByArgument, CaseIterable {
    case text, dot
  }

  @OptionGroup var options: WorkspaceOptions

  @Option(help: "Output format: text (an indented tree) or dot (Graphviz).")
  var format: Format = .text

  @Option(name: .customLong("output-file"), help: "A .dpendmodule file selects library mode.")
  var outputFile: String?

  func run() throws {
    let start = try options.warmStart(outputFile: outputFile)
    let graph = try options.exiting { () throws(WorkspaceError) in try start.graph() }
    switch format {
    case .text: Output.print(TreeRenderer.render(graph))
    case .dot: Output.print(DotRenderer.render(graph))
    }
  }
}
