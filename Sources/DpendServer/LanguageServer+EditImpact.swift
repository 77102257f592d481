import DpendProtocol

/// An edit that breaks other files shows in the edited buffer too: a hint at the edited line,
/// `3 resolves in 2 other files now fail`, listing them. Each edited document keeps the errors
/// other files had before its first edit; what is new since is what the edit broke.
extension LanguageServer {
  /// The code of the hint.
  static let breaksOtherFilesCode = "breaks-other-files"

  /// What an edited document is compared against.
  struct EditBaseline {
    /// The errors of other files before the document's first edit.
    var errors: Set<ErrorPlace>
    /// The line of the latest edit (0-based).
    var line: Int
  }

  /// An error diagnostic and the document it is in.
  struct ErrorPlace: Hashable {
    var uri: String
    var diagnostic: DpendProtocol.Diagnostic
  }

  /// Records an edit of `uri`: its first keeps the other files' current errors; each moves
  /// the hint to the edited line.
  func noteEdit(of uri: String, _ changes: [TextDocumentContentChangeEvent]) {
    let line = changes.last?.range?.start.line
    if var baseline = editBaselines[uri] {
      if let line { baseline.line = line }
      editBaselines[uri] = baseline
    } else {
      editBaselines[uri] = EditBaseline(errors: Self.errors(in: latestDiagnostics, besides: uri), line: line ?? 0)
    }
  }

  /// `current` with, in each edited document, a hint naming the errors its edits added in
  /// other files.
  func addingEditImpact(to current: [String: [DpendProtocol.Diagnostic]]) -> [String: [DpendProtocol.Diagnostic]] {
    var result = current
    for (uri, baseline) in editBaselines.sorted(by: { $0.key < $1.key }) {
      let added = Self.errors(in: current, besides: uri).subtracting(baseline.errors).sorted {
        ($0.uri, $0.diagnostic.range.start.line, $0.diagnostic.range.start.character)
          < ($1.uri, $1.diagnostic.range.start.line, $1.diagnostic.range.start.character)
      }
      guard !added.isEmpty else { continue }
      let files = Set(added.map(\.uri)).count
      let resolves = added.allSatisfy { $0.diagnostic.code == "missing-dependency" }
      let what = resolves ? "resolve" : "error"
      let message =
        "\(added.count) \(what)\(added.count == 1 ? "" : "s") in \(files) other file\(files == 1 ? "" : "s") "
        + (added.count == 1 ? (resolves ? "now fails" : "is new") : (resolves ? "now fail" : "are new"))
      let related = added.prefix(Self.maximumRelatedInformation).map {
        DiagnosticRelatedInformation(
          location: Location(uri: $0.uri, range: $0.diagnostic.range), message: $0.diagnostic.message)
      }
      let at = Position(line: baseline.line, character: 0)
      result[uri, default: []].append(
        DpendProtocol.Diagnostic(
          range: DpendProtocol.Range(start: at, end: at), severity: 4, code: Self.breaksOtherFilesCode, source: "dpend",
          message: message, relatedInformation: Array(related)))
    }
    return result
  }

  private static func errors(in diagnostics: [String: [DpendProtocol.Diagnostic]], besides uri: String) -> Set<
    ErrorPlace
  > {
    var places: Set<ErrorPlace> = []
    for (other, list) in diagnostics where other != uri {
      for diagnostic in list where diagnostic.severity == 1 {
        places.insert(ErrorPlace(uri: other, diagnostic: diagnostic))
      }
    }
    return places
  }
}
