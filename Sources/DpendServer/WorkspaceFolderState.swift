import DpendAnalysis
import DpendHost
import DpendModel
import DpendWorkspace

/// One workspace folder: its settings, its host (summaries of its files) and its graph.
final class WorkspaceFolderState {
  let root: String
  var settings: WorkspaceSettings
  /// Why `.dpend.json` cannot be used, shown on the file; the previous settings stay in force.
  var configurationProblem: Diagnostic?
  let host = AnalysisHost()
  /// Problems with individual files found while loading (unreadable files, bad libraries).
  var loadProblems: [Diagnostic] = []
  var graph: DependencyGraph?
  /// `true` when a change has not been analysed yet.
  var isStale = true

  init(root: String) {
    self.root = root
    settings = (try? WorkspaceSettings.load(root: root)) ?? Self.fallbackSettings(root)
  }

  /// The path of the folder's `.dpend.json`.
  var configurationPath: String { root + "/" + WorkspaceSettings.configurationFileName }

  /// `true` when `path` is inside this folder.
  func contains(_ path: String) -> Bool { path == root || path.hasPrefix(root.hasSuffix("/") ? root : root + "/") }

  /// Re-reads `.dpend.json` and every file on disk (open documents keep the editor's text).
  func reload() {
    do throws(WorkspaceError) {
      settings = try WorkspaceSettings.load(root: root)
      configurationProblem = nil
    } catch {
      configurationProblem = problem(error)  // the previous settings stay in force
    }
    do throws(WorkspaceError) {
      loadProblems = try WorkspaceLoader.load(settings, into: host)
    } catch {
      configurationProblem = problem(error)  // an implicit filter that does not compile
      loadProblems = []
    }
    isStale = true
  }

  /// An unusable `.dpend.json`, shown at the start of the file.
  private func problem(_ error: WorkspaceError) -> Diagnostic {
    Diagnostic(code: .invalidConfiguration, message: error.message, range: .startOfFile(configurationPath))
  }

  /// Builds the graph if anything changed since the last analysis.
  func analyzeIfStale() {
    guard isStale else { return }
    graph = host.graph(extraDiagnostics: loadProblems + (configurationProblem.map { [$0] } ?? []))
    isStale = false
  }

  /// `true` for a Swift file this folder analyses (inside it, not excluded, not the output).
  func analyses(_ path: String) -> Bool {
    guard contains(path), path.hasSuffix(".swift") else { return false }
    if let output = settings.outputFile, PathIdentity.same(output, path) { return false }
    return settings.inputs.contains { PathIdentity.within(path, $0) }
      && !settings.excludes.contains { PathIdentity.within(path, $0) }
  }

  private static func fallbackSettings(_ root: String) -> WorkspaceSettings {
    // Only reached when .dpend.json is invalid; `reload()` records why.
    try! WorkspaceSettings.resolve(ProjectConfiguration(), file: nil, root: root, overrides: SettingOverrides())
  }
}
