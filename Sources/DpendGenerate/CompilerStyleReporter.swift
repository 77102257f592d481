import DpendAnalysis
import DpendModel

/// Renders diagnostics as compilers do, so Xcode, SwiftPM and editors can parse them:
/// ```
/// Sources/App/Feed.swift:4:17: error: missing dependency: … [missing-dependency]
/// Sources/App/Feed.swift:4:17: note: 'Feed.init(store:)' needs 'Store'
/// ```
public enum CompilerStyleReporter {
  /// One line per diagnostic and per note, each ending in a newline.
  /// `severity` replaces each diagnostic's own (`note` for `--verbose` listings).
  public static func render(_ diagnostics: [Diagnostic], severity: String? = nil) -> String {
    var output = ""
    for diagnostic in diagnostics {
      output +=
        "\(diagnostic.range.compilerLocation): \(severity ?? diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.code.rawValue)]\n"
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

  /// `container code: 12 registrations read, 2 unread; 30 resolve sites checked, 3 unread;
  /// 2 configurations analysed`.
  public static func containerSummary(_ report: ContainerReport) -> String {
    func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
    return
      "container code: \(count(report.registrationsRead, "registration")) read, \(report.registrationsUnread) unread; "
      + "\(count(report.resolvesChecked, "resolve site")) checked, \(report.resolvesUnread) unread; "
      + "\(count(report.configurations.count, "configuration")) analysed" + configurationList(report.configurations)
  }

  /// The reasons of `unread` (``render(_:severity:)``'s `--verbose` notes) with how many
  /// registrations and resolve sites each leaves unread, the most frequent first:
  ///
  ///     unread, by reason:
  ///          3  resolve: the resolved type is inferred from the context
  ///          1  registration: the registered type is a generic parameter: …
  ///
  /// Empty when nothing is unread.
  public static func unreadReasons(_ unread: [Diagnostic]) -> String {
    var counts: [String: Int] = [:]
    for note in unread where note.code == .unreadContainerCode {
      var reason = Substring(note.message)
      if reason.hasPrefix("unread ") { reason = reason.dropFirst(7) }
      // What an unread registration silences is its own, not its reason's.
      if let silences = reason.firstRange(of: "; it silences ") { reason = reason[..<silences.lowerBound] }
      counts[String(reason), default: 0] += 1
    }
    let rows = counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
    guard !rows.isEmpty else { return "" }
    let width = String(rows[0].value).count
    return "unread, by reason:\n"
      + rows.map { String(repeating: " ", count: 4 + width - String($0.value).count) + "\($0.value)  \($0.key)\n" }
      .joined()
  }

  /// ` (with no condition set; 'DEBUG')`: the configurations, when there are several.
  private static func configurationList(_ configurations: [[String]]) -> String {
    guard configurations.count > 1 else { return "" }
    let names = configurations.map { $0.isEmpty ? "with no condition set" : "'\($0.joined(separator: ", "))'" }
    return " (\(names.joined(separator: "; ")))"
  }
}
