import DpendModel

/// Which registrations answer a resolve besides its key (SPEC 8.6): only those of the process
/// it runs in (``TargetVisibility``), written where the app reaches them (``GateReach``). The
/// check and the editor's ``ContainerIndex`` ask the same.
public struct ContainerAnswers: Sendable {
  var visibility: TargetVisibility?
  var reach: GateReach?
  var instances: InstanceGraph?
  /// The conditions some configuration of the check sets (`os(…)` and `!…` left out), which
  /// the build configurations of a file's targets are compared on (``compiles(_:in:)``).
  var conditionNames: Set<String> = []

  /// Every registration answers every resolve its key matches.
  public init() {}

  init(visibility: TargetVisibility?, reach: GateReach?, instances: InstanceGraph?) {
    self.visibility = visibility
    self.reach = reach
    self.instances = instances
  }

  /// The name of the container instance `reference` names (`previewContainer`), when the
  /// workspace has several dpend tells apart and it knows this one (``InstanceGraph``).
  public func container(_ reference: InstanceReference?) -> String? { instances?.name(of: reference) }

  /// `in target 'ShareExtension': ` for a file of that target, when the workspace has several.
  public func scope(of file: String) -> String { visibility?.scope(of: file) ?? "" }

  /// The targets compiling `file`, when the workspace has several (as ``scope(of:)`` names
  /// them); empty otherwise.
  public func targets(of file: String) -> [String] {
    guard let visibility, !visibility.scope(of: file).isEmpty else { return [] }
    return visibility.targets(of: visibility.place(of: file))
  }

  /// `true` when the file at `file` is compiled in `configuration`: one of its targets
  /// builds for the platform an `os(…)` of it names, and sets its conditions in some build
  /// configuration (``TargetVisibility/compiles(_:in:conditions:)``).
  func compiles(_ file: String, in configuration: [String]) -> Bool {
    guard let visibility else { return true }
    return visibility.compiles(visibility.place(of: file), in: configuration, conditions: conditionNames)
  }

  /// `true` when `registration` may answer `site`: by the targets compiling their files, by
  /// the gate it is written in being reached where the site runs, and by the container
  /// instances they are on.
  public func answers(_ site: ResolveSite, _ registration: ContainerRegistration) -> Bool {
    if let reach, !reach.reaches(registration, for: site) { return false }
    if let instances, !instances.answers(site: site.instance, registration: registration.instance) { return false }
    guard let visibility else { return true }
    return visibility.answers(
      site: visibility.place(of: site.range.file), registration: visibility.place(of: registration.range.file))
  }

  /// `true` when `site` sees `registration`, whatever its key: its dialect answers the site's
  /// (``DpendModel/Dialect/answers(_:)``) and ``answers(_:_:)`` holds (targets, reached gates,
  /// container instances). What the check, the index and the tree start from.
  public func sees(_ site: ResolveSite, _ registration: ContainerRegistration) -> Bool {
    registration.dialect.answers(site.dialect) && answers(site, registration)
  }

  /// Of `registrations` (those of the type `site` asks for, in order), the ones answering it:
  /// the one rule the check, the index (and the editor through it) and the tree ask. A
  /// registration answers when its name or tag is the site's and the site ``sees(_:_:)`` it;
  /// where the dialect counts runtime arguments, only those taking the site's count answer,
  /// when some do (when none does, all are returned and the check reports
  /// `argument-count-mismatch`). What the checks of an answered site read: a cast is checked
  /// against the registrations the resolve can reach, those taking its arguments.
  func answering<Candidates: Collection>(
    _ site: ResolveSite, among registrations: Candidates,
    _ registration: (Candidates.Element) -> ContainerRegistration
  ) -> [Candidates.Element] {
    let candidates = registrations.filter { candidate in
      let registration = registration(candidate)
      return registration.name == site.name && sees(site, registration)
    }
    guard site.dialect.traits.countsRuntimeArguments else { return candidates }
    let counted = candidates.filter { registration($0).argumentCount == site.argumentCount }
    return counted.isEmpty ? candidates : counted
  }

  /// ``answering(_:among:_:)`` over registrations.
  func answering(_ site: ResolveSite, among registrations: [ContainerRegistration]) -> [ContainerRegistration] {
    answering(site, among: registrations) { $0 }
  }

  /// `true` when `registration`, unread and maybe of the type `site` asks for, might answer
  /// it: its name is computed or the site's, its dialect answers the site's and
  /// ``answers(_:_:)`` holds. Such a registration keeps the check quiet about the site.
  func mightAnswer(_ site: ResolveSite, unread registration: ContainerRegistration) -> Bool {
    (registration.nameIsComputed || registration.name == site.name) && sees(site, registration)
  }

  /// The registrations of `type` in `byType`: its own, else, for a specialization
  /// (`Store<Int>`), those of the generic registered without its arguments (`Store`).
  static func registered<Registration>(_ type: String, in byType: [String: [Registration]]) -> [Registration] {
    if let own = byType[type] { return own }
    return type.firstIndex(of: "<").flatMap { byType[String(type[..<$0])] } ?? []
  }

  /// A note at each registration of `key` that none of `sites` sees, saying why
  /// (``ContainerChecks/unseen``: another target, another container instance, a gate
  /// nothing reaches).
  func unseenRegistrationNotes(
    _ key: ContainerKey, sites: [ResolveSite], _ registrations: [ContainerRegistration]
  ) -> [DiagnosticNote] {
    guard visibility != nil || reach != nil || instances != nil, let site = sites.first else { return [] }
    return registrations.filter { registration in
      registration.unread == nil && registration.name == key.name && registration.types.contains(key.type)
        && registration.dialect.answers(site.dialect) && !sites.contains { answers($0, registration) }
    }.compactMap { registration in
      ContainerChecks.unseen.lazy.compactMap { $0.note(at: registration, from: sites, self) }.first
    }
  }
}

extension ContainerCheck {
  /// What the check answers with (``ContainerAnswers``).
  var filter: ContainerAnswers { ContainerAnswers(visibility: visibility, reach: reach, instances: instances) }

  func compiles(_ file: String, in configuration: [String]) -> Bool { filter.compiles(file, in: configuration) }

  func answers(_ site: ResolveSite, _ registration: ContainerRegistration) -> Bool {
    filter.answers(site, registration)
  }

  func unseenRegistrationNotes(
    _ key: ContainerKey, sites: [ResolveSite], _ registrations: [ContainerRegistration]
  ) -> [DiagnosticNote] {
    filter.unseenRegistrationNotes(key, sites: sites, registrations)
  }
}

extension ContainerAnswers: BinaryCoded {
  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&visibility)
    try coder.code(&reach)
    try coder.code(&instances)
    try coder.code(&conditionNames)
  }
}
