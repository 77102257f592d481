import ArgumentParser
import DpendAnalysis
import DpendWorkspace
import Foundation

/// Options every subcommand shares: what to analyse and how.
struct WorkspaceOptions: ParsableArguments {
  @Argument(
    help: ArgumentHelp(
      "Swift files and directories to analyse; directories are searched recursively.",
      discussion: "Default: the configuration's inputs, or the whole workspace."))
  var inputs: [String] = []

  @Option(
    name: .customLong("implicit-filter"),
    help: ArgumentHelp(
      "A regular expression selecting implicit dependencies by qualified type name (repeatable).",
      discussion: "The whole name must match, e.g. '.*Impl' or 'Feature\\..*'."))
  var implicitFilters: [String] = []

  @Option(name: .customLong("library"), help: "A .dpendmodule file whose factories are extra providers (repeatable).")
  var libraries: [String] = []

  @Option(help: "The directory holding .dpend.json. Default: the current directory.")
  var workspace: String = "."

  @Option(name: .customLong("module-name"), help: "The analysed module's name, required by library factories.")
  var moduleName: String?

  /// The settings, or a usage error naming the problem.
  func settings(outputFile: String?, container: String? = nil) throws -> WorkspaceSettings {
    var overrides = SettingOverrides()
    overrides.inputs = inputs
    overrides.implicitFilters = implicitFilters
    overrides.libraries = libraries
    overrides.outputFile = outputFile
    overrides.container = container
    overrides.moduleName = moduleName
    return try run { () throws(WorkspaceError) in try WorkspaceSettings.load(root: workspace, overrides: overrides) }
  }

  /// The graph of the workspace.
  func analyze(_ settings: WorkspaceSettings) throws -> DependencyGraph {
    try run { () throws(WorkspaceError) in try Workspace(settings: settings).analyze() }
  }

  private func run<T>(_ body: () throws(WorkspaceError) -> T) throws -> T {
    do {
      return try body()
    } catch {
      Output.error("error: \(error.description)")
      throw ExitCode(2)
    }
  }
}

/// Where the command line writes.
enum Output {
  /// Writes to standard output as is.
  static func print(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }

  /// Writes one line to standard error.
  static func error(_ line: String) {
    errorText(line + "\n")
  }

  /// Writes to standard error as is.
  static func errorText(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }
}
