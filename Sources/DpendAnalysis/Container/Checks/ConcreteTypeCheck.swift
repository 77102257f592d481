import DpendModel

/// `registered-as-concrete-type`: a protocol nothing registers, resolved where a registration
/// of a type conforming to it, under the same name, answers the site: it is registered as
/// that type (`register(StoreImpl.self)`), not as the protocol the app asks for.
struct ConcreteTypeCheck: UnansweredKeyCheck {
  static let code = DiagnosticCode.registeredAsConcreteType

  static func message(registered: String, resolved: String) -> String {
    "'\(registered)' is registered as '\(registered)', not as '\(resolved)', which is resolved"
  }

  func finding(for key: UnansweredKey, _ check: ContainerCheck) -> Diagnostic? {
    guard check.lookup.isProtocol(key.key.type),
      let concrete = key.conformers.first(where: { registration in
        registration.name == key.key.name && key.sites.contains { check.answers($0.site, registration) }
      }), let registered = concrete.types.first(where: { check.lookup.conformances($0).contains(key.key.type) })
    else { return nil }
    return Diagnostic(
      code: Self.code, message: Self.message(registered: registered, resolved: key.key.type), range: concrete.range,
      notes: key.notes)
  }
}
