import DpendProtocol

/// Pull diagnostics (`textDocument/diagnostic`, `workspace/diagnostic`) for clients that
/// ask and can be asked again. A document the client pulls is answered here and no longer
/// pushed, so no client shows a diagnostic twice; closing it hands it back to
/// `publishDiagnostics`.
extension LanguageServer {
  /// `true` when pull diagnostics are offered: the client pulls (`textDocument.diagnostic`)
  /// and pulls again when asked (`workspace.diagnostics.refreshSupport`). A client that pulls
  /// but cannot be asked would never hear of an error another file's edit caused in an open
  /// document (Neovim 0.11), so it is offered none and every document is pushed to it.
  var pullsDiagnostics: Bool {
    capabilities.textDocument?.diagnostic != nil && capabilities.workspace?.diagnostics?.refreshSupport == true
  }

  func documentDiagnostics(_ request: DocumentDiagnosticRequest) -> DocumentDiagnosticReport {
    let uri = request.textDocument.uri
    let diagnostics = latestDiagnostics[uri] ?? []
    // A client offered no pull is answered, and its documents are still pushed: it cannot be
    // asked to pull again.
    if pullsDiagnostics {
      // What was pushed for it is cleared: from now on the client pulls it.
      if published.removeValue(forKey: uri) != nil {
        notify(PublishDiagnosticsNotification(uri: uri, version: nil, diagnostics: []))
      }
      pulled[uri] = diagnostics
    }
    let id = Self.resultID(diagnostics)
    if request.previousResultId == id {
      return DocumentDiagnosticReport(kind: DocumentDiagnosticReport.unchanged, resultId: id, items: nil)
    }
    return DocumentDiagnosticReport(kind: DocumentDiagnosticReport.full, resultId: id, items: diagnostics)
  }

  /// Every file with diagnostics, and every file the client had a report for (now clean).
  func workspaceDiagnostics(_ request: WorkspaceDiagnosticRequest) -> WorkspaceDiagnosticReport {
    let previous = Dictionary(request.previousResultIds.map { ($0.uri, $0.value) }, uniquingKeysWith: { $1 })
    let uris = Set(latestDiagnostics.keys).union(previous.keys).sorted()
    return WorkspaceDiagnosticReport(
      items: uris.map { uri in
        let diagnostics = latestDiagnostics[uri] ?? []
        let id = Self.resultID(diagnostics)
        let version = FileURI.path(uri).flatMap { path in workspace(for: path)?.documents[path]?.version }
        let unchanged = previous[uri] == id
        return WorkspaceDocumentDiagnosticReport(
          kind: unchanged ? DocumentDiagnosticReport.unchanged : DocumentDiagnosticReport.full, resultId: id,
          uri: uri, version: version, items: unchanged ? nil : diagnostics)
      })
  }

  /// A closed document is pushed again: the client no longer pulls it.
  func stopPulling(_ uri: String) {
    guard pulled.removeValue(forKey: uri) != nil else { return }
    publish(latestDiagnostics)
  }

  /// The same for the same diagnostics within one server process.
  static func resultID(_ diagnostics: [DpendProtocol.Diagnostic]) -> String {
    var hasher = Hasher()
    hasher.combine(diagnostics)
    return String(UInt(bitPattern: hasher.finalize()), radix: 36)
  }
}
