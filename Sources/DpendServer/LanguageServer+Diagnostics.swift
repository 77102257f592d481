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
    for folder in folders { folder.analyzeIfStale() }
    publishDiagnostics()
    runPendingRequests()
  }

  /// Publishes every file's diagnostics that changed, and clears files that became clean.
  func publishDiagnostics() {
    var current: [String: [DpendProtocol.Diagnostic]] = [:]
    var converted: [DpendModel.Diagnostic: ConvertedDiagnostic] = [:]
    for folder in folders {
      for diagnostic in folder.graph?.diagnostics ?? [] {
        // A keystroke changes one file: the other files' diagnostics convert as before.
        let conversion =
          convertedDiagnostics[diagnostic].flatMap { isCurrent($0) ? $0 : nil }
          ?? ConvertedDiagnostic(
            generations: Set([diagnostic.range.file] + diagnostic.notes.map(\.range.file)).map {
              ($0, textGenerations[$0, default: 0])
            },
            locations: lspDiagnostics(for: diagnostic))
        converted[diagnostic] = conversion
        for (path, lsp) in conversion.locations { current[FileURI.uri(path), default: []].append(lsp) }
      }
    }
    convertedDiagnostics = converted
    for uri in Set(published.keys).union(current.keys).sorted() {
      let diagnostics = current[uri] ?? []
      guard published[uri] != diagnostics else { continue }
      let version = FileURI.path(uri).flatMap { documents[$0]?.version }
      notify(PublishDiagnosticsNotification(uri: uri, version: version, diagnostics: diagnostics))
    }
    published = current
  }

  /// A core diagnostic as the editor shows it. A missing dependency appears at every
  /// consumer's parameter; everything else at its primary range, with the notes as related
  /// information (a cycle's other steps, the other candidates).
  func lspDiagnostics(for diagnostic: DpendModel.Diagnostic) -> [(path: String, diagnostic: DpendProtocol.Diagnostic)] {
    let locations = diagnostic.code == .missingDependency ? diagnostic.notes.map(\.range) : [diagnostic.range]
    return locations.map { location in
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
          range: lspRange(location), severity: diagnostic.severity == .error ? 1 : 2,
          code: diagnostic.code.rawValue, source: "dpend", message: diagnostic.message,
          relatedInformation: related.isEmpty ? nil : related)
      )
    }
  }

  /// Records that `path`'s text changed: its line table and conversions are stale.
  func textChanged(_ path: String) {
    textGenerations[path, default: 0] += 1
    diskLineTables[path] = nil
  }

  private func isCurrent(_ conversion: ConvertedDiagnostic) -> Bool {
    conversion.generations.allSatisfy { textGenerations[$0.path, default: 0] == $0.generation }
  }

  // MARK: Positions

  /// The line table of a file: the open document's, or the disk's text.
  func lineTable(for path: String) -> LineTable {
    if let document = documents[path] { return document.lines }
    if let cached = diskLineTables[path] { return cached }
    let table = LineTable(WorkspaceLoader.readText(path) ?? "")
    diskLineTables[path] = table
    return table
  }

  func lspRange(_ range: SourceRange) -> DpendProtocol.Range {
    let lines = lineTable(for: range.file)
    return DpendProtocol.Range(
      start: lines.position(range.start, encoding: encoding), end: lines.position(range.end, encoding: encoding))
  }

  func lspLocation(_ range: SourceRange) -> Location {
    Location(uri: FileURI.uri(range.file), range: lspRange(range))
  }
}

/// A core diagnostic as LSP diagnostics, with the text generations of the files it was
/// converted against.
struct ConvertedDiagnostic {
  var generations: [(path: String, generation: Int)]
  var locations: [(path: String, diagnostic: DpendProtocol.Diagnostic)]
}
