import ArgumentParser
import DpendGenerate
import DpendModel

/// `dpend analyze`: prints every problem and fails when there is an error.
struct Analyze: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Report missing dependencies, dependency cycles and other problems.",
    discussion: """
      Prints diagnostics as 'path:line:column: error: message' with 'note:' lines, the format \
      Xcode, SwiftPM and editors parse. Exits with 0 when there is no error, 1 when there is, \
      2 when the settings are unusable.
      """)

  enum Format: String, ExpressibleByArgument, CaseIterable {
    case text, json, sarif
  }

  @OptionGroup var options: WorkspaceOptions

  @Option(help: "Output format: text (compiler style), json, or sarif (for code scanning).")
  var format: Format = .text

  @Flag(
    help:
      "Also list every container registration or resolve site dpend could not read, and why, and how many files the summary cache answered."
  )
  var verbose = false

  @Option(
    name: .customLong("output-file"),
    help: "The file generate would write; a .dpendmodule file selects library mode.")
  var outputFile: String?

  func run() throws {
    let settings = try options.settings(outputFile: outputFile)
    let graph = try options.analyze(settings) { parsed, reused, cache in
      guard verbose else { return }
      var line =
        cache == nil ? "summary cache: off, \(parsed) parsed" : "summary cache: \(reused) reused, \(parsed) parsed"
      if let problem = cache?.loadProblem { line += " (the cache file was refused: \(problem))" }
      Output.error(line)
    }
    switch format {
    case .text:
      Output.print(CompilerStyleReporter.render(graph.diagnostics))
      if verbose { Output.print(CompilerStyleReporter.render(graph.container.unread, severity: "note")) }
      Output.error(CompilerStyleReporter.summary(graph.diagnostics))
      if !graph.container.isEmpty { Output.error(CompilerStyleReporter.containerSummary(graph.container)) }
    case .json:
      Output.print(
        JSONReporter.render(graph.diagnostics, requirements: graph.mode == .library ? graph.unprovidedKeys : []))
    case .sarif:
      Output.print(SARIFReporter.render(graph.diagnostics, toolVersion: DpendVersion.current))
    }
    if graph.hasErrors { throw ExitCode(1) }
  }
}
