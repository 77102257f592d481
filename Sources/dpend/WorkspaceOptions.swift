import ArgumentParser
import DpendAnalysis
import DpendModel
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
    name: .customLong("inputs-file"),
    help: ArgumentHelp(
      "A file listing more inputs, one path a line (what the build plugin passes).",
      discussion: "Thousands of paths as arguments take the argument parser seconds; a list takes none."))
  var inputsFile: String?

  @Option(
    name: .customLong("implicit-filter"),
    help: ArgumentHelp(
      "A regular expression selecting implicit dependencies by qualified type name (repeatable).",
      discussion: "The whole name must match, e.g. '.*Impl' or 'Feature\\..*'."))
  var implicitFilters: [String] = []

  @Option(name: .customLong("library"), help: "A .dpendmodule file whose factories are extra providers (repeatable).")
  var libraries: [String] = []

  @Option(
    help: ArgumentHelp(
      "The directory holding .dpend.json. Default: the current directory.",
      discussion:
        "Given inputs outside the current directory, the root of the folder holding them: the outermost folder "
        + "above them with a project file, no higher than their repository, else that folder itself."))
  var workspace: String?

  @Option(name: .customLong("module-name"), help: "The analysed module's name, required by library factories.")
  var moduleName: String?

  @Flag(name: .customLong("no-cache"), help: "Parse every file; neither read nor write the summary cache.")
  var noCache = false

  @Option(
    name: .customLong("cache-directory"),
    help: ArgumentHelp(
      "Where the summary cache is kept.", discussion: Self.defaultCacheDirectory))
  var cacheDirectory: String?

  /// Where the caches go without `--cache-directory` (``CacheLocation``), as the help says it.
  static let defaultCacheDirectory =
    "Default: .build/dpend in a Swift package (or a folder with .build); for an Xcode project, the user's cache "
    + "folder ($XDG_CACHE_HOME/dpend/…, else ~/.cache/dpend/… or ~/Library/Caches/dpend/…)."

  /// The warm start of the workspace the options name (``DpendWorkspace/WarmStart``), or a
  /// usage error naming the problem.
  func warmStart(outputFile: String?, container: String? = nil) throws -> WarmStart {
    var overrides = SettingOverrides()
    overrides.inputs = inputs + (try listedInputs())
    overrides.implicitFilters = implicitFilters
    overrides.libraries = libraries
    overrides.outputFile = outputFile
    overrides.container = container
    overrides.moduleName = moduleName
    // `dpend analyze ../Other` reads the other folder's projects and settings, not these.
    let root = workspace ?? WorkspaceRoot.of(inputs: overrides.inputs, current: ".")
    let caches: WarmStart.Caches = noCache ? .none : cacheDirectory.map { .at(URL(fileURLWithPath: $0)) } ?? .standard
    return try exiting { () throws(WorkspaceError) in
      try WarmStart(root: root, overrides: overrides, caches: caches, say: Output.error, retain: KeptUntilExit.keep)
    }
  }

  /// The paths `--inputs-file` lists (empty lines skipped); a usage error when it cannot be read.
  private func listedInputs() throws -> [String] {
    guard let inputsFile else { return [] }
    guard let text = WorkspaceLoader.readText(inputsFile) else {
      Output.error("error: cannot read the inputs file '\(inputsFile)'")
      throw ExitCode(2)
    }
    return text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
  }

  /// `body`'s value; its error printed and the process's exit status 2 when it throws one.
  func exiting<T>(_ body: () throws(WorkspaceError) -> T) throws -> T {
    do {
      return try body()
    } catch {
      Output.error("error: \(error.description)")
      throw ExitCode(2)
    }
  }
}
