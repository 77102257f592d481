import DpendModel

/// `unregistered-optional-resolve`: a key nothing registers, only resolved optionally
/// (`r.resolve(P.self)` kept optional): no crash, but the resolve always yields `nil`.
struct OptionalResolveCheck: UnansweredKeyCheck {
  static let code = DiagnosticCode.unregisteredOptionalResolve

  static func message(_ key: ContainerKey) -> String {
    "nothing registers '\(key)': the optional resolve always yields nil"
  }

  func finding(for key: UnansweredKey, _ check: ContainerCheck) -> Diagnostic? {
    guard !key.required else { return nil }
    return Diagnostic(
      code: Self.code, message: Self.message(key.key), range: key.sites[0].site.range, notes: key.notes)
  }
}
