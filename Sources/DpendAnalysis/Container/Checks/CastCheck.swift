import DpendModel

/// `impossible-cast`: a resolve cast (`as? Cast`) to a type none of the registrations
/// answering it can be, because every type they construct is declared in the analysed
/// sources and conforms to no such type.
struct CastCheck: AnsweredSiteCheck {
  static let code = DiagnosticCode.impossibleCast

  static func message(type: String, made: [String], cast: String) -> String {
    "'\(type)' is registered as \(Wording.list(made.map { "'\($0)'" })), which does not conform to '\(cast)': the cast always fails"
  }

  func finding(
    at site: ResolveSite, type: String, answeredBy candidates: [ContainerRegistration], _ check: ContainerCheck
  ) -> Diagnostic? {
    guard let cast = site.conditionalCast, cast != type,
      let made = Self.made(casting: candidates, to: cast, check.lookup)
    else { return nil }
    return Diagnostic(
      code: Self.code, message: Self.message(type: type, made: made, cast: cast), range: site.range,
      notes: candidates.map { DiagnosticNote(message: "registered here", range: $0.range) })
  }

  /// The types `candidates` construct when none of them can be cast to `target`; `nil` when
  /// one can, or when dpend cannot know (a type or protocol outside the analysed sources, a
  /// constructed type it did not see).
  static func made(casting candidates: [ContainerRegistration], to target: String, _ lookup: ContainerTypeLookup)
    -> [String]?
  {
    guard lookup.isProtocol(target) || lookup.declaration(target) != nil else { return nil }
    var made: [String] = []
    for registration in candidates {
      guard let constructed = registration.constructedType ?? registration.autowired, constructed != target,
        let supertypes = knownSupertypes(of: constructed, lookup), !supertypes.contains(target)
      else { return nil }
      if !made.contains(constructed) { made.append(constructed) }
    }
    return made.isEmpty ? nil : made
  }

  /// Every type and protocol `type` inherits or conforms to, transitively; `nil` when one of
  /// them is not declared in the analysed sources (its own conformances are unknown).
  private static func knownSupertypes(of type: String, _ lookup: ContainerTypeLookup) -> Set<String>? {
    var seen: Set<String> = [type]
    var pending = [type]
    while let name = pending.popLast() {
      let next: [String]
      if lookup.declaration(name) != nil {
        next = lookup.conformances(name)
      } else if let inherited = lookup.protocolInheritance(name) {
        next = inherited
      } else {
        return nil
      }
      for supertype in next where seen.insert(supertype).inserted { pending.append(supertype) }
    }
    return seen
  }
}
