import DpendModel

/// Renders diagnostics as compilers do, so Xcode, SwiftPM and editors can parse them:
/// ```
/// Sources/App/Feed.swift:4:17: error: missing dependency: … [missing-dependency]
/// Sources/App/Feed.swift:4:17: note: 'Feed.init(store:)' needs 'Store'
/// ```
public enum CompilerStyleReporter {
  /// One line per diagnostic and per note, each ending in a newline.
  public static func render(_ diagnostics: [Diagnostic]) -> String {
    var output = ""
    for diagnostic in diagnostics {
      output +=
        "\(diagnostic.range.compilerLocation): \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.code.rawValue)]\n"
      for note in diagnostic.notes {
        output += "\(note.range.compilerLocation): note: \(note.message)\n"
      }
    }
    return output
  }

  /// `2 errors, 1 warning`.
  public static func summary(_ diagnostics: [Diagnostic]) -> String {
    let errors = diagnostics.filter { $0.severity == .error }.count
    let warnings = diagnostics.count - errors
    return "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
  }
}
