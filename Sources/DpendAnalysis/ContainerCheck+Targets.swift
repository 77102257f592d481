import DpendModel

/// The container check across build targets (SPEC 8.6): a resolve is answered only by what is
/// registered in the process it runs in (``TargetVisibility``).
extension ContainerCheck {
  /// `true` when the file at `file` is compiled in `configuration`: one of its targets
  /// builds for the platform an `os(…)` of it names (``TargetVisibility/compiles(_:in:)``).
  func compiles(_ file: String, in configuration: [String]) -> Bool {
    guard let visibility else { return true }
    return visibility.compiles(visibility.place(of: file), in: configuration)
  }

  /// `true` when `registration` may answer `site`: by the targets compiling their files, and
  /// by the gate it is written in being reached where the site runs.
  func answers(_ site: ResolveSite, _ registration: ContainerRegistration) -> Bool {
    if let reach, !reach.reaches(registration, for: site) { return false }
    guard let visibility else { return true }
    return visibility.answers(
      site: visibility.place(of: site.range.file), registration: visibility.place(of: registration.range.file))
  }

  /// A note at each registration of `key` that none of `sites` sees: in another target
  /// ("registered here, but in target 'AppTests', which 'App' does not link"), or in a gate
  /// nothing reaches ("registered here, but in 'PresentationAssembly.assemble(container:)',
  /// which nothing applies: no 'PresentationAssembly' is made").
  func unseenRegistrationNotes(
    _ key: ContainerKey, sites: [ResolveSite], _ registrations: [ContainerRegistration]
  ) -> [DiagnosticNote] {
    guard visibility != nil || reach != nil, let site = sites.first else { return [] }
    return registrations.filter { registration in
      registration.unread == nil && registration.name == key.name && registration.types.contains(key.type)
        && registration.dialect.answers(site.dialect) && !sites.contains { answers($0, registration) }
    }.map { registration in
      let registrationPlace = visibility?.place(of: registration.range.file) ?? 0
      if let visibility,
        !sites.contains(where: {
          visibility.answers(site: visibility.place(of: $0.range.file), registration: registrationPlace)
        })
      {
        let siteTargets = visibility.targets(of: visibility.place(of: site.range.file))
        let targets = visibility.targets(of: registrationPlace)
        return DiagnosticNote(
          message:
            "registered here, but in target\(targets.count == 1 ? "" : "s") \(Wording.list(targets.map { "'\($0)'" })), which \(Wording.list(siteTargets.map { "'\($0)'" })) \(siteTargets.count == 1 ? "does" : "do") not link",
          range: registration.range)
      }
      let why = registration.gate.map(GateReach.why) ?? "where it does not run"
      return DiagnosticNote(message: "registered here, but \(why)", range: registration.range)
    }
  }
}
