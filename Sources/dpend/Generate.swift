import ArgumentParser
import DpendGenerate
import DpendWorkspace

/// `dpend generate`: writes the registrations when the graph is valid.
struct Generate: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Generate the container's registrations (the default subcommand).",
    discussion: """
      A .dpendmodule output file selects library mode: the public factories as JSON. Any other \
      file receives Swift code that builds the container. Nothing is written when analysis \
      finds an error; an unchanged file is not rewritten.
      """)

  @OptionGroup var options: WorkspaceOptions

  @Option(name: .customLong("output-file"), help: "Where to write. Default: the configuration's outputFile.")
  var outputFile: String?

  @Option(help: "The container to generate for: \(ContainerKind.allCases.map(\.rawValue).joined(separator: ", ")).")
  var container: String?

  func run() throws {
    let settings = try options.settings(outputFile: outputFile, container: container)
    guard let output = settings.outputFile else {
      Output.error("error: no output file: pass --output-file or set 'outputFile' in .dpend.json")
      throw ExitCode(2)
    }
    let graph = try options.analyze(settings)
    // Diagnostics accompany the written file, so they go to standard error.
    Output.errorText(CompilerStyleReporter.render(graph.diagnostics))
    guard !graph.hasErrors else {
      Output.error("error: not writing '\(output)': analysis found errors")
      throw ExitCode(1)
    }
    let text = GeneratedOutput.text(for: graph, container: settings.container)
    do {
      switch try AtomicFile.write(text, to: output) {
      case .written: Output.error("wrote \(output)")
      case .unchanged: Output.error("\(output) is up to date")
      }
    } catch {
      Output.error("error: cannot write '\(output)': \(error.localizedDescription)")
      throw ExitCode(2)
    }
  }
}
