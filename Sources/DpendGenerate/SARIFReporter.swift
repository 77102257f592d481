import DpendModel

/// Renders diagnostics as SARIF 2.1.0, the format code-scanning services read.
///
/// Regions give 1-based lines and the UTF-8 `byteOffset`/`byteLength` of the range, which
/// are exact whatever the characters; columns are left out because SARIF counts them in
/// UTF-16 units by default and dpend's columns are UTF-8 bytes.
public enum SARIFReporter {
  /// What each rule checks, shown by code-scanning tools.
  static let ruleDescriptions: [DiagnosticCode: String] = [
    .missingDependency: "A required dependency has no provider.",
    .dependencyCycle: "Factories depend on each other in a loop.",
    .ambiguousProvider: "Several types provide the same dependency.",
    .invalidDeclaration: "A declaration dpend cannot read, such as a non-literal tag or scope.",
    .invalidLibrary: "A .dpendmodule file cannot be read or decoded.",
    .unreadableFile: "An input file does not exist or cannot be read.",
    .invalidConfiguration: "The .dpend.json configuration cannot be used.",
    .registeredAsConcreteType: "A protocol is resolved, but a conforming type is registered under its own type.",
    .unregisteredOptionalResolve: "An optional resolve of a key nothing registers always yields nil.",
    .argumentCountMismatch: "A resolve passes a different number of runtime arguments than the registration takes.",
    .argumentTypeMismatch: "A resolve passes runtime arguments of other types than the registration takes.",
    .duplicateRegistration: "A key is registered twice on one container: only the last registration counts.",
    .impossibleCast: "A conditional cast of a resolved instance that no registration's type can satisfy.",
  ]

  /// The SARIF log, pretty-printed, ending in a newline.
  public static func render(_ diagnostics: [Diagnostic], toolVersion: String) -> String {
    let rules = DiagnosticCode.all.map { code in
      JSONValue.object([
        "id": .string(code.rawValue),
        "shortDescription": .object(["text": .string(ruleDescriptions[code] ?? code.rawValue)]),
        "defaultConfiguration": .object(["level": .string(code.defaultSeverity.rawValue)]),
      ])
    }
    let results = diagnostics.map { diagnostic in
      JSONValue.object([
        "ruleId": .string(diagnostic.code.rawValue),
        "level": .string(diagnostic.severity.rawValue),
        "message": .object(["text": .string(diagnostic.message)]),
        "locations": .array([.object(["physicalLocation": location(diagnostic.range)])]),
        "relatedLocations": .array(
          diagnostic.notes.enumerated().map { index, note in
            .object([
              "id": .int(index),
              "message": .object(["text": .string(note.message)]),
              "physicalLocation": location(note.range),
            ])
          }),
      ])
    }
    let log = JSONValue.object([
      "$schema": .string("https://json.schemastore.org/sarif-2.1.0.json"),
      "version": .string("2.1.0"),
      "runs": .array([
        .object([
          "tool": .object([
            "driver": .object([
              "name": .string("dpend"), "version": .string(toolVersion), "rules": .array(rules),
            ])
          ]),
          "results": .array(results),
        ])
      ]),
    ])
    return log.prettyPrinted() + "\n"
  }

  private static func location(_ range: SourceRange) -> JSONValue {
    .object([
      "artifactLocation": .object(["uri": .string(range.file)]),
      "region": .object([
        "startLine": .int(range.start.line),
        "endLine": .int(range.end.line),
        "byteOffset": .int(range.start.offset),
        "byteLength": .int(range.end.offset - range.start.offset),
      ]),
    ])
  }
}
