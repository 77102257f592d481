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

  /// Analyses stale folders, publishes diagnostics and answers waiting requests. After a
  /// change, a client that can be asked fetches its shown lenses and hints again: an edit in
  /// one file moves what another file's lenses count.
  func analyzeNow() {
    guard indexed else { return }
    let changed = workspaces.contains(where: \.isStale)
    for workspace in workspaces { workspace.analyze() }
    publishDiagnostics()
    runPendingRequests()
    guard changed else { return }
    if capabilities.workspace?.codeLens?.refreshSupport == true { request(CodeLensRefreshRequest()) }
    if capabilities.workspace?.inlayHint?.refreshSupport == true { request(InlayHintRefreshRequest()) }
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
          ?? ConvertedDiagnostic(
            files: files, lines: lines, locations: lspDiagnostics(for: diagnostic, lines: ide.lines(of:)))
        converted[diagnostic] = conversion
        for (path, lsp) in conversion.locations { current[FileURI.uri(path), default: []].append(lsp) }
      }
    }
    convertedDiagnostics = converted
    publish(addingEditImpact(to: current))
  }

  /// Sends the diagnostics of each file whose diagnostics differ from what was published
  /// (`current` by URI; a file missing from it is cleared), and remembers them. A document
  /// the client pulls is not pushed: the client is asked to pull again when its diagnostics
  /// changed.
  func publish(_ current: [String: [DpendProtocol.Diagnostic]]) {
    latestDiagnostics = current
    for uri in Set(published.keys).union(current.keys).sorted() where pulled[uri] == nil {
      let diagnostics = current[uri] ?? []
      guard published[uri] ?? [] != diagnostics else { continue }
      let version = FileURI.path(uri).flatMap { path in workspace(for: path)?.documents[path]?.version }
      notify(PublishDiagnosticsNotification(uri: uri, version: version, diagnostics: diagnostics))
    }
    published = current.filter { pulled[$0.key] == nil && !$0.value.isEmpty }
    // Only a client that can be asked to pull again pulls (``pullsDiagnostics``).
    if pulled.contains(where: { uri, answered in current[uri] ?? [] != answered }) {
      request(DiagnosticRefreshRequest()) { _ in }
    }
  }

  /// Publishes the diagnostics of the answers the previous run over the same inputs kept
  /// (``Workspace/keptAnswer()``), before the first graph is built; positions are converted
  /// against the texts those inputs are (``Workspace/keptLines(of:)``, from their summaries),
  /// not a second read of the disk. The analysis that follows publishes only what differs.
  func publishKept(_ answers: [AnalysisAnswer]) {
    func lines(of path: String) -> LineTable? {
      // As for a graph: only analysed files have a table (not `.dpend.json`, not a library).
      guard let workspace = workspace(for: path), workspace.analyses(path) else { return nil }
      return workspace.keptLines(of: path)
    }
    var current: [String: [DpendProtocol.Diagnostic]] = [:]
    for diagnostic in answers.flatMap(\.diagnostics) {
      for (path, lsp) in lspDiagnostics(for: diagnostic, lines: lines(of:)) {
        current[FileURI.uri(path), default: []].append(lsp)
      }
    }
    publish(current)
  }

  /// A core diagnostic as the editor shows it, its positions converted against the text
  /// `lines` gives for each file. A missing dependency appears at every consumer's
  /// parameter; everything else at its primary range, with the notes as related
  /// information (a cycle's other steps, the other candidates).
  func lspDiagnostics(
    for diagnostic: DpendModel.Diagnostic, lines: (String) -> LineTable?
  ) -> [(path: String, diagnostic: DpendProtocol.Diagnostic)] {
    func lspLocation(_ range: SourceRange) -> Location {
      Location(uri: FileURI.uri(range.file), range: positions.range(range, lines: lines(range.file)))
    }
    // A key nothing registers: at each resolve, naming its own consumer (its note's
    // `siteMessage`); the notes of other places (a registration into another container) are
    // related information only.
    let sited = diagnostic.notes.filter { $0.siteMessage != nil }
    let locations: [(range: SourceRange, message: String)] =
      diagnostic.code != .missingDependency
      ? [(diagnostic.range, diagnostic.message)]
      : sited.isEmpty
        ? diagnostic.notes.map { ($0.range, diagnostic.message) } : sited.map { ($0.range, $0.siteMessage!) }
    return locations.map { location, message in
      // A key with hundreds of consumers would otherwise list every other consumer at each
      // one: quadratic output. The first few are enough to navigate; the rest are counted.
      let others = diagnostic.notes.filter { $0.range != location }
      var related = others.prefix(Self.maximumRelatedInformation).map { note in
        DiagnosticRelatedInformation(location: lspLocation(note.range), message: note.message)
      }
      if others.count > Self.maximumRelatedInformation {
        let rest = others.count - Self.maximumRelatedInformation
        related.append(
          DiagnosticRelatedInformation(
            location: lspLocation(others[Self.maximumRelatedInformation].range),
            message: "… and \(rest) more (`dpend analyze` lists them all)"))
      }
      return (
        location.file,
        DpendProtocol.Diagnostic(
          range: positions.range(location, lines: lines(location.file)),
          severity: diagnostic.severity == .error ? 1 : 2,
          code: diagnostic.code.rawValue, source: "dpend", message: message,
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
