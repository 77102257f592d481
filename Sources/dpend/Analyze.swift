import ArgumentParser
import DpendGenerate
import DpendModel
import DpendWorkspace

/// `dpend analyze`: prints every problem and fails when there is an error.
struct Analyze: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "analyze",
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
    let start = try options.warmStart(outputFile: outputFile)
    let analysis = try options.exiting { () throws(WorkspaceError) in
      try start.run(useKept: { _ in true }, verbose: verbose)
    }
    if verbose, let targets = analysis.targets, !targets.isOnlyTheApp { Output.error(targets.summaryLine) }

    let answer = analysis.answer
    analysis.keep(answer)
    switch format {
    case .text:
      Output.print(CompilerStyleReporter.render(answer.diagnostics))
      if verbose { Output.print(CompilerStyleReporter.render(answer.unread, severity: "note")) }
      Output.error(CompilerStyleReporter.summary(answer.diagnostics))
      let report = answer.containerReport
      if !report.isEmpty { Output.error(CompilerStyleReporter.containerSummary(report)) }
      if verbose, !answer.unread.isEmpty {
        Output.errorText(CompilerStyleReporter.unreadReasons(answer.unread))
      }
    case .json:
      Output.print(JSONReporter.render(answer.diagnostics, requirements: answer.unprovidedKeys))
    case .sarif:
      Output.print(SARIFReporter.render(answer.diagnostics, toolVersion: DpendVersion.current))
    }
    if answer.hasErrors { throw ExitCode(1) }
  }
}
