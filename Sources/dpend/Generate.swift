import ArgumentParser
import DpendGenerate
import DpendModel
import DpendWorkspace

/// `dpend generate`: writes the registrations when the graph is valid.
struct Generate: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "generate",
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

  @Flag(help: "Also say how many files the summary cache answered, and when the kept answer was reported.")
  var verbose = false

  func run() throws {
    let start = try options.warmStart(outputFile: outputFile, container: container)
    let settings = start.settings
    guard let output = settings.outputFile else {
      Output.error("error: no output file: pass --output-file or set 'outputFile' in .dpend.json")
      throw ExitCode(2)
    }
    let kind = settings.mode == .library ? "library" : settings.container.rawValue
    let current = WorkspaceLoader.readText(output).map(TextFingerprint.init)
    // A kept answer will do when it has errors (nothing is written), or when the output file
    // still holds what was generated from it.
    let analysis = try options.exiting { () throws(WorkspaceError) in
      try start.run(
        useKept: { lookup in
          guard let answer = lookup.answer else { return false }
          return answer.hasErrors || (current != nil && answer.outputs[kind] == current)
        }, verbose: verbose)
    }
    var answer = analysis.answer
    // Diagnostics accompany the written file, so they go to standard error.
    Output.errorText(CompilerStyleReporter.render(answer.diagnostics))
    guard !answer.hasErrors else {
      analysis.keep(answer)
      Output.error("error: not writing '\(output)': analysis found errors")
      throw ExitCode(1)
    }
    let text: String
    if let graph = analysis.graph {
      text = GeneratedOutput.text(for: graph, container: settings.container)
    } else {
      analysis.keep(answer)
      Output.error("\(output) is up to date")
      return
    }
    let fingerprint = TextFingerprint(text)
    do {
      switch try AtomicFile.write(text, to: output, differs: current.map { $0 != fingerprint } ?? false) {
      case .written: Output.error("wrote \(output)")
      case .unchanged: Output.error("\(output) is up to date")
      }
    } catch {
      analysis.keep(answer)
      Output.error("error: cannot write '\(output)': \(error.localizedDescription)")
      throw ExitCode(2)
    }
    answer.outputs[kind] = fingerprint
    analysis.keep(answer)
  }
}
