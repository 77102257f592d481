import DpendModel
import Testing

/// Diagnostics are data with stable codes, default severities and one reporting order.
struct DiagnosticTests {
  static func range(_ file: String, _ offset: Int) -> SourceRange {
    let position = SourcePosition(line: 1, column: offset + 1, offset: offset)
    return SourceRange(file: file, start: position, end: position)
  }

  @Test func codesAreStableAndOnlyWhatMayBeIntendedIsAWarning() {
    #expect(
      DiagnosticCode.all.map { "\($0.rawValue): \($0.defaultSeverity)" } == [
        "missing-dependency: error", "dependency-cycle: error", "ambiguous-provider: warning",
        "invalid-declaration: error", "invalid-library: error", "unreadable-file: error",
        "invalid-configuration: error", "registered-as-concrete-type: error", "unregistered-optional-resolve: warning",
        "argument-count-mismatch: error", "argument-type-mismatch: error", "duplicate-registration: warning",
        "impossible-cast: warning",
      ])
  }

  @Test func reportingOrderIsFileThenPositionThenCodeThenMessage() {
    let diagnostics = [
      Diagnostic(code: .missingDependency, message: "b", range: Self.range("b.swift", 0)),
      Diagnostic(code: .missingDependency, message: "z", range: Self.range("a.swift", 10)),
      Diagnostic(code: .dependencyCycle, message: "y", range: Self.range("a.swift", 10)),
      Diagnostic(code: .missingDependency, message: "a", range: Self.range("a.swift", 10)),
      Diagnostic(code: .ambiguousProvider, message: "w", range: Self.range("a.swift", 2)),
    ]

    #expect(
      diagnostics.sorted(by: Diagnostic.reportingOrder).map { "\($0.range.compilerLocation) \($0.message)" } == [
        "a.swift:1:3 w", "a.swift:1:11 y", "a.swift:1:11 a", "a.swift:1:11 z", "b.swift:1:1 b",
      ])
  }

  @Test func keysOrderByNameThenTagAndReadAsSwift() {
    let keys = [
      DependencyKey(name: "Store", tag: "Remote"), DependencyKey(name: "Clock"), DependencyKey(name: "Store"),
      DependencyKey(name: "Store", tag: "Local"),
    ]

    #expect(keys.sorted().map(\.description) == ["Clock", "Store", "Tagged<Store, Local>", "Tagged<Store, Remote>"])
  }
}
