import DpendModel

/// The container check across build targets (SPEC 8.6): a resolve is answered only by what is
/// registered in the process it runs in (``TargetVisibility``).
extension ContainerCheck {
  /// `true` when `registration` may answer `site` by the targets compiling their files.
  func answers(_ site: ResolveSite, _ registration: ContainerRegistration) -> Bool {
    guard let visibility else { return true }
    return visibility.answers(
      site: visibility.place(of: site.range.file), registration: visibility.place(of: registration.range.file))
  }

  /// A note at each registration of `key` that some target has but none of `sites` sees:
  /// "registered here, but in target 'AppTests', which 'App' does not link".
  func unseenRegistrationNotes(
    _ key: ContainerKey, sites: [ResolveSite], _ registrations: [ContainerRegistration]
  ) -> [DiagnosticNote] {
    guard let visibility, let site = sites.first else { return [] }
    let siteTargets = visibility.targets(of: visibility.place(of: site.range.file))
    guard !siteTargets.isEmpty else { return [] }
    return registrations.filter { registration in
      registration.unread == nil && registration.name == key.name && registration.types.contains(key.type)
        && registration.dialect.answers(site.dialect) && !sites.contains { answers($0, registration) }
    }.map { registration in
      let targets = visibility.targets(of: visibility.place(of: registration.range.file))
      return DiagnosticNote(
        message:
          "registered here, but in target\(targets.count == 1 ? "" : "s") \(Wording.list(targets.map { "'\($0)'" })), which \(Wording.list(siteTargets.map { "'\($0)'" })) \(siteTargets.count == 1 ? "does" : "do") not link",
        range: registration.range)
    }
  }
}
