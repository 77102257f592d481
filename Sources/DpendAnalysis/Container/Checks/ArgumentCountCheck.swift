import DpendModel

/// `argument-count-mismatch`: where a dialect counts runtime arguments (Swinject), a resolve
/// passing a number no registration of its key takes finds nothing.
struct ArgumentCountCheck: AnsweredSiteCheck {
  static let code = DiagnosticCode.argumentCountMismatch

  static func message(type: String, passed: Int, registered: [Int]) -> String {
    let counts = Set(registered).sorted().map(String.init).joined(separator: " or ")
    return
      "'\(type)' is resolved with \(passed) runtime argument\(passed == 1 ? "" : "s") but registered with \(counts)"
  }

  func finding(
    at site: ResolveSite, type: String, answeredBy candidates: [ContainerRegistration], _ check: ContainerCheck
  ) -> Diagnostic? {
    // Dip auto-wires a factory's own parameters; only some dialects count runtime arguments.
    guard site.dialect.traits.countsRuntimeArguments,
      !candidates.contains(where: { $0.argumentCount == site.argumentCount })
    else { return nil }
    return Diagnostic(
      code: Self.code,
      message: Self.message(type: type, passed: site.argumentCount, registered: candidates.map(\.argumentCount)),
      range: site.range,
      notes: candidates.map { DiagnosticNote(message: "registered here", range: $0.range) })
  }
}
