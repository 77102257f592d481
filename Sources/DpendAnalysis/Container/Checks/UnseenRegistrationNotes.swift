import DpendModel

/// "registered here, but in target 'AppTests', which 'App' does not link": the registration's
/// file is in targets none of the sites' targets link (``TargetVisibility``).
struct TargetNote: UnseenRegistrationNote {
  func note(at registration: ContainerRegistration, from sites: [ResolveSite], _ answers: ContainerAnswers)
    -> DiagnosticNote?
  {
    guard let visibility = answers.visibility, let site = sites.first else { return nil }
    let registrationPlace = visibility.place(of: registration.range.file)
    guard
      !sites.contains(where: {
        visibility.answers(site: visibility.place(of: $0.range.file), registration: registrationPlace)
      })
    else { return nil }
    let siteTargets = visibility.targets(of: visibility.place(of: site.range.file))
    let targets = visibility.targets(of: registrationPlace)
    return DiagnosticNote(
      message:
        "registered here, but in target\(targets.count == 1 ? "" : "s") \(Wording.list(targets.map { "'\($0)'" })), which \(Wording.list(siteTargets.map { "'\($0)'" })) \(siteTargets.count == 1 ? "does" : "do") not link",
      range: registration.range)
  }
}

/// "registered here, but into 'previewContainer', which is not 'container' or a parent of it":
/// the registration is on a container instance the sites do not resolve from
/// (``InstanceGraph``).
struct InstanceNote: UnseenRegistrationNote {
  func note(at registration: ContainerRegistration, from sites: [ResolveSite], _ answers: ContainerAnswers)
    -> DiagnosticNote?
  {
    guard let instances = answers.instances, let site = sites.first,
      !sites.contains(where: { instances.answers(site: $0.instance, registration: registration.instance) })
    else { return nil }
    let into = instances.name(of: registration.instance).map { "'\($0)'" } ?? "another container"
    let from = instances.name(of: site.instance).map { "'\($0)'" } ?? "the container resolved from"
    return DiagnosticNote(
      message: "registered here, but into \(into), which is not \(from) or a parent of it", range: registration.range)
  }
}

/// "registered here, but in 'PresentationAssembly.assemble(container:)', which nothing
/// applies: no 'PresentationAssembly' is made": the registration is written where the app
/// does not run it (``GateReach``). The last of the list: it says why whatever the reason.
struct ReachNote: UnseenRegistrationNote {
  func note(at registration: ContainerRegistration, from sites: [ResolveSite], _ answers: ContainerAnswers)
    -> DiagnosticNote?
  {
    let why = registration.gate.map(GateReach.why) ?? "where it does not run"
    return DiagnosticNote(message: "registered here, but \(why)", range: registration.range)
  }
}
