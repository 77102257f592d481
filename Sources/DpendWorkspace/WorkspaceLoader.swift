import DpendAnalysis
import DpendHost
import DpendModel
import Foundation

/// Reads a workspace from disk into an ``AnalysisHost``: libraries, then every source file.
///
/// Problems with individual files (unreadable, a broken `.dpendmodule`) become diagnostics;
/// only unusable settings throw.
public enum WorkspaceLoader {
  /// Loads everything `settings` names and returns the graph.
  /// - Throws: ``WorkspaceError`` when an implicit filter is not a valid regular expression.
  public static func analyze(_ settings: WorkspaceSettings, host: AnalysisHost = AnalysisHost()) throws(WorkspaceError)
    -> DependencyGraph
  {
    let loaded = try load(settings, into: host)
    return host.graph(extraDiagnostics: loaded.problems)
  }

  /// What loading a workspace found besides the sources.
  public struct Loaded: Sendable {
    /// The problems with individual files.
    public var problems: [Diagnostic]
    /// The build targets compiling the sources (SPEC 8.6), which the analysis reads.
    public var targets: BuildTargets
    /// The files left out because `.dpend.json` leaves out every target compiling them.
    public var excludedFiles: Set<String> = []
  }

  /// Configures `host` from `settings` and gives it the text of every source file; files
  /// that are gone are forgotten. The build targets are read from the project files found
  /// (described through `projects`, which keeps the descriptions). The files are searched
  /// for under the settings' inputs unless `found` gives what a search just found. Returns the
  /// problems with individual files.
  /// - Throws: ``WorkspaceError`` when an implicit filter is not a valid regular expression.
  public static func load(
    _ settings: WorkspaceSettings, into host: AnalysisHost, knownTexts: [String: TextFingerprint] = [:],
    found: SourceDiscovery.Found? = nil, targets: BuildTargets? = nil,
    projects: ProjectDescriptions = ProjectDescriptions(directory: nil)
  ) throws(WorkspaceError) -> Loaded {
    var analysis = try analysisSettings(settings)
    var problems = analysis.problems
    let found =
      found ?? SourceDiscovery(excludes: settings.excludes, outputFile: settings.outputFile).files(in: settings.inputs)
    problems += found.problems
    let targets = targets ?? discoverTargets(settings, found: found, projects: projects)
    problems += targets.problems
    // Every file the convention's app's, and no target chosen: nothing to tell apart, nothing to hold.
    let choosing = !settings.targets.isEmpty || !settings.excludeTargets.isEmpty
    let map = targets.isOnlyTheApp && !choosing ? nil : targets.map(paths: found.files, root: settings.root)
    let chosen = map.map { chosenTargets(settings, $0) } ?? (excluded: [], problems: [])
    problems += chosen.problems
    let files = chosen.excluded.isEmpty ? found.files : found.files.filter { !chosen.excluded.contains($0) }
    analysis.settings.targets = targets.isOnlyTheApp ? nil : map
    host.settings = analysis.settings
    host.collection = settings.collection
    // Files are read on the threads that parse them. Invalid UTF-8 is repaired, not
    // rejected: analysis stays best-effort.
    let unreadable = host.update(paths: files, knownTexts: knownTexts, reading: readText)
    for path in unreadable {
      problems.append(Diagnostic(code: .unreadableFile, message: "cannot read '\(path)'", range: .startOfFile(path)))
    }
    let current = Set(files).subtracting(unreadable)
    host.remove(host.unorderedPaths.filter { !current.contains($0) })
    return Loaded(problems: problems, targets: targets, excludedFiles: chosen.excluded)
  }

  /// The build targets compiling the files `found` (SPEC 8.6), read from the project files it
  /// met, described through `projects`, which then keeps the descriptions.
  public static func discoverTargets(
    _ settings: WorkspaceSettings, found: SourceDiscovery.Found, projects: ProjectDescriptions
  ) -> BuildTargets {
    let targets = BuildTargets.discover(
      root: settings.root, files: found.files, projects: found.projects, read: readText, describe: projects.describe,
      parse: projects.xcodeProject)
    projects.save()
    return targets
  }

  /// The files `.dpend.json`'s `targets` and `excludeTargets` leave out: those no chosen target
  /// compiles; with a warning for each name no build target has.
  static func chosenTargets(_ settings: WorkspaceSettings, _ map: TargetMap) -> (
    excluded: Set<String>, problems: [Diagnostic]
  ) {
    guard !settings.targets.isEmpty || !settings.excludeTargets.isEmpty else { return ([], []) }
    let names = map.targets.map(\.name)
    var problems: [Diagnostic] = []
    let file = settings.configurationFile ?? PathJoin.join(settings.root, WorkspaceSettings.configurationFileName)
    for (field, listed) in [("targets", settings.targets), ("excludeTargets", settings.excludeTargets)] {
      for name in listed where !names.contains(name) {
        let found = names.isEmpty ? "none" : names.map { "'\($0)'" }.joined(separator: ", ")
        problems.append(
          Diagnostic(
            code: .invalidConfiguration, severity: .warning,
            message: "\(file): field '\(field)': no build target is named '\(name)'; targets found: \(found)",
            range: .startOfFile(file)))
      }
    }
    let chosen = settings.targets.isEmpty ? Set(names) : Set(settings.targets)
    let kept = chosen.subtracting(settings.excludeTargets)
    var excluded: Set<String> = []
    for (path, targets) in map.targetsOfFile where !targets.contains(where: kept.contains) { excluded.insert(path) }
    return (excluded, problems)
  }

  /// What the graph is built with under `settings`, the libraries read, with a diagnostic
  /// for each unusable library.
  /// - Throws: ``WorkspaceError`` when an implicit filter is not a valid regular expression.
  public static func analysisSettings(_ settings: WorkspaceSettings) throws(WorkspaceError) -> (
    settings: AnalysisSettings, problems: [Diagnostic]
  ) {
    let filter: ImplicitFilter
    do {
      filter = try ImplicitFilter(patterns: settings.implicitFilters)
    } catch {
      throw WorkspaceError(message: error.description)
    }
    let libraries = readLibraries(settings.libraries)
    var analysis = AnalysisSettings(
      implicitFilter: filter, mode: settings.mode, libraryFactories: libraries.factories,
      moduleName: settings.moduleName)
    analysis.readsThesis = settings.collection.readsThesis
    analysis.configurations = settings.configurations
    return (analysis, libraries.problems)
  }

  /// The text of a file on disk (invalid UTF-8 repaired), or `nil` when it cannot be read.
  public static func readText(_ path: String) -> String? {
    TextFile.text(at: path)
  }

  /// The factories of every `.dpendmodule`, with a diagnostic for each unusable one.
  public static func readLibraries(_ paths: [String]) -> (factories: [Factory], problems: [Diagnostic]) {
    var factories: [Factory] = []
    var problems: [Diagnostic] = []
    for path in paths {
      guard let data = FileManager.default.contents(atPath: path) else {
        problems.append(
          Diagnostic(code: .invalidLibrary, message: "cannot read library '\(path)'", range: .startOfFile(path)))
        continue
      }
      do {
        factories += try LibraryModule.decode(String(decoding: data, as: UTF8.self), file: path)
      } catch {
        problems.append(
          Diagnostic(code: .invalidLibrary, message: "invalid library: \(error.description)", range: .startOfFile(path))
        )
      }
    }
    return (factories, problems)
  }
}
