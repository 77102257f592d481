import DpendModel

/// `duplicate-registration`: a key registered twice on one container in one configuration,
/// where only the last registration counts.
struct DuplicateCheck: Sendable {
  static let code = DiagnosticCode.duplicateRegistration

  static func message(_ key: ContainerKey) -> String {
    "'\(key)' is registered twice in one configuration: only the last registration counts"
  }

  /// The registrations of `type` among `registrations` (read ones, in order) that another
  /// one of them overrides: the same key on the same container.
  func findings(of type: String, _ registrations: [ContainerRegistration]) -> [Diagnostic] {
    var seen: [String: SourceRange] = [:]
    var diagnostics: [Diagnostic] = []
    for registration in registrations where registration.unread == nil {
      for key in registration.exclusiveKeys where key.type == type {
        let identity = "\(registration.scopeName)|\(key)"
        if let first = seen[identity] {
          diagnostics.append(
            Diagnostic(
              code: Self.code, message: Self.message(key),
              range: registration.range, notes: [DiagnosticNote(message: "first registered here", range: first)]))
        } else {
          seen[identity] = registration.range
        }
      }
    }
    return diagnostics
  }
}

extension ContainerRegistration {
  /// The keys no other registration on the same container (``scopeName``) may register in
  /// one configuration: the last one counts (`duplicate-registration`). Stitcher injects
  /// every provider of a supertype (as an array): only a registration's own key is kept once.
  public var exclusiveKeys: [ContainerKey] { dialect.traits.injectsEveryProvider ? Array(keys.prefix(1)) : keys }
}
