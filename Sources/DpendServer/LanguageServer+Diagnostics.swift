import DpendIDE
import DpendModel
import DpendProtocol
import DpendWorkspace
import Foundation

extension LanguageServer {
  /// Related locations shown per diagnostic before the rest are only counted.
  static let maximumRelatedInformation = 20

  /// Runs the analysis `debounce` after the latest change; a newer change postpones it, so
  /// an older analysis never replaces a newer one.
  func scheduleAnalysis() {
    changeGeneration += 1
    let generation = changeGeneration
    queue.asyncAfter(deadline: .now() + debounce) { [self] in
      guard generation == changeGeneration, lifecycle == .running else { return }
      analyzeNow()
    }
  }

  /// Analyses stale folders, publishes diagnostics and answers waiting requests.
  func analyzeNow() {
    guard indexed else { return }
    for workspace in workspaces { workspace.analyze() }
    publishDiagnostics()
    runPendingRequests()
  }

  /// Publishes every file's diagnostics that changed, and clears files that became clean.
  /// Positions are converted against the analysed texts, never against the disk.
  func publishDiagnostics() {
    var current: [String: [DpendProtocol.Diagnostic]] = [:]
    var converted: [DpendModel.Diagnostic: ConvertedDiagnostic] = [:]
    for workspace in workspaces {
      guard let graph = workspace.graph else { continue }
      let ide = IDE(graph: graph)
      for diagnostic in graph.diagnostics {
        let files = Set([diagnostic.range.file] + diagnostic.notes.map(\.range.file)).sorted()
        let lines = files.map { ide.lines(of: $0) }
        // A keystroke changes one file: the other files' diagnostics convert as before.
        let conversion =
          convertedDiagnostics[diagnostic].flatMap { $0.files == files && $0.lines == lines ? $0 : nil }
          ?? ConvertedDiagnostic(files: files, lines: lines, locations: lspDiagnostics(for: diagnostic, ide))
        converted[diagnostic] = conversion
        for (path, lsp) in conversion.locations { current[FileURI.uri(path), default: []].append(lsp) }
      }
    }
    convertedDiagnostics = converted
    for uri in Set(published.keys).union(current.keys).sorted() {
      let diagnostics = current[uri] ?? []
      guard published[uri] != diagnostics else { continue }
      let version = FileURI.path(uri).flatMap { path in workspace(for: path)?.documents[path]?.version }
      notify(PublishDiagnosticsNotification(uri: uri, version: version, diagnostics: diagnostics))
    }
    published = current
  }

  /// A core diagnostic as the editor shows it. A missing dependency appears at every
  /// consumer's parameter; everything else at its primary range, with the notes as related
  /// information (a cycle's other steps, the other candidates).
  func lspDiagnostics(for diagnostic: DpendModel.Diagnostic, _ ide: IDE) -> [(
    path: String, diagnostic: DpendProtocol.Diagnostic
  )] {
    let locations = diagnostic.code == .missingDependency ? diagnostic.notes.map(\.range) : [diagnostic.range]
    return locations.map { location in
      // A key with hundreds of consumers would otherwise list every other consumer at each
      // one: quadratic output. The first few are enough to navigate; the rest are counted.
      let others = diagnostic.notes.filter { $0.range != location }
      var related = others.prefix(Self.maximumRelatedInformation).map { note in
        DiagnosticRelatedInformation(location: ide.location(note.range, positions), message: note.message)
      }
      if others.count > Self.maximumRelatedInformation {
        let rest = others.count - Self.maximumRelatedInformation
        related.append(
          DiagnosticRelatedInformation(
            location: ide.location(others[Self.maximumRelatedInformation].range, positions),
            message: "… and \(rest) more (`dpend analyze` lists them all)"))
      }
      return (
        location.file,
        DpendProtocol.Diagnostic(
          range: ide.lspRange(location, positions), severity: diagnostic.severity == .error ? 1 : 2,
          code: diagnostic.code.rawValue, source: "dpend", message: diagnostic.message,
          relatedInformation: related.isEmpty ? nil : related)
      )
    }
  }
}

/// A core diagnostic as LSP diagnostics, with the line tables of the files it was
/// converted against: it stays valid while those files' analysed lines do not change.
struct ConvertedDiagnostic {
  var files: [String]
  var lines: [LineTable?]
  var locations: [(path: String, diagnostic: DpendProtocol.Diagnostic)]
}
