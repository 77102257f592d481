import DpendModel

/// Renders diagnostics as one JSON document for tools:
/// `{"diagnostics":[{"code","severity","message","range","notes"}],"errors":N,"warnings":N}`.
/// Lines and columns are 1-based (columns in UTF-8 bytes); offsets are 0-based.
public enum JSONReporter {
  /// The pretty-printed document, ending in a newline.
  public static func render(_ diagnostics: [Diagnostic], requirements: [DependencyKey] = []) -> String {
    let errors = diagnostics.filter { $0.severity == .error }.count
    var members: [String: JSONValue] = [
      "diagnostics": .array(diagnostics.map(json(for:))),
      "errors": .int(errors),
      "warnings": .int(diagnostics.count - errors),
    ]
    if !requirements.isEmpty { members["requirements"] = .array(requirements.map(json(for:))) }
    return JSONValue.object(members).prettyPrinted() + "\n"
  }

  static func json(for diagnostic: Diagnostic) -> JSONValue {
    .object([
      "code": .string(diagnostic.code.rawValue),
      "severity": .string(diagnostic.severity.rawValue),
      "message": .string(diagnostic.message),
      "range": json(for: diagnostic.range),
      "notes": .array(
        diagnostic.notes.map { .object(["message": .string($0.message), "range": json(for: $0.range)]) }),
    ])
  }

  static func json(for range: SourceRange) -> JSONValue {
    func position(_ position: SourcePosition) -> JSONValue {
      .object([
        "line": .int(position.line), "column": .int(position.column),
        "offset": .int(position.offset),
      ])
    }
    return .object(["file": .string(range.file), "start": position(range.start), "end": position(range.end)])
  }

  static func json(for key: DependencyKey) -> JSONValue {
    var members: [String: JSONValue] = ["name": .string(key.name)]
    if let tag = key.tag { members["tag"] = .string(tag) }
    return .object(members)
  }
}
