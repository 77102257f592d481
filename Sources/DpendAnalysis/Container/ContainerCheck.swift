import DpendModel

/// How much container code the analysis read: the figures `dpend analyze` ends with.
public struct ContainerReport: Hashable, Sendable {
  public var registrationsRead = 0
  public var registrationsUnread = 0
  public var resolvesChecked = 0
  public var resolvesUnread = 0
  /// The build configurations analysed, each a list of the conditions taken as true.
  public var configurations: [[String]] = [[]]
  /// Every registration or resolve dpend could not read, with why (`--verbose`).
  public var unread: [Diagnostic] = []
  /// The app's own helpers and inject wrappers found reaching a container (`--verbose`).
  public var helpers: [Diagnostic] = []
  /// The registrations with what they need, for `dpend tree`.
  public var graph = ContainerGraph()

  public init() {}

  public static func == (lhs: ContainerReport, rhs: ContainerReport) -> Bool {
    (lhs.registrationsRead, lhs.registrationsUnread, lhs.resolvesChecked, lhs.resolvesUnread)
      == (rhs.registrationsRead, rhs.registrationsUnread, rhs.resolvesChecked, rhs.resolvesUnread)
      && lhs.configurations == rhs.configurations && lhs.unread == rhs.unread && lhs.helpers == rhs.helpers
      && lhs.graph == rhs.graph
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(registrationsRead)
    hasher.combine(registrationsUnread)
    hasher.combine(resolvesChecked)
    hasher.combine(resolvesUnread)
    hasher.combine(configurations)
    hasher.combine(unread)
  }

  /// `true` when the workspace has container code at all.
  public var isEmpty: Bool { registrationsRead + registrationsUnread + resolvesChecked + resolvesUnread == 0 }
}

/// Checks the registrations and resolve sites of one type, in one build configuration, against
/// each other: missing registrations, protocols registered under a concrete type, optional
/// resolves that always yield `nil`, runtime arguments' counts and types, casts that always
/// fail and duplicates. What cannot be read is counted and never causes an error: a resolve
/// with no match is only reported when no unread registration could answer it.
/// ``ContainerStage`` runs it for each type an edit touches, and ``ResolveCycleCheck`` over the
/// whole configuration.
struct ContainerCheck {
  /// The types of the analysed sources: declarations (initializers), conformances,
  /// protocols and their inheritance; the editor's ``ContainerIndex`` reads them the same way.
  var lookup: ContainerTypeLookup
  /// Whose registrations answer whose resolves by build target; `nil`: every registration
  /// answers every resolve (one target, or none known).
  var visibility: TargetVisibility? = nil
  /// Which registration gates are reached; `nil`: every registration runs.
  var reach: GateReach? = nil
  /// Which container instances answer which resolves; `nil`: every container answers every
  /// resolve (fewer than two made where dpend reads them).
  var instances: InstanceGraph? = nil

  /// A registration or resolve site and where it was read. A reference: the check copies
  /// sites into lists per configuration and per key, and a copy of a site holding its
  /// registration by value retains every field of both.
  final class Site: Sendable {
    let site: ResolveSite
    /// The registration whose factory needs it; `nil` for a resolve site elsewhere.
    let consumer: ContainerRegistration?
    /// `true` for a resolve after the instance exists (`initCompleted`,
    /// `resolvingProperties`): how containers break cycles, so never an edge of one.
    let isPropertyInjection: Bool

    init(site: ResolveSite, consumer: ContainerRegistration?, isPropertyInjection: Bool = false) {
      self.site = site
      self.consumer = consumer
      self.isPropertyInjection = isPropertyInjection
    }
  }

  /// What the check of one type found in one configuration.
  struct Findings: Sendable {
    var diagnostics: [Diagnostic] = []
    /// The resolves an unread registration kept quiet.
    var silenced: [Silenced] = []
    /// The names of the keys of this type nothing registers, when the type is a protocol
    /// (the registrations of the name were scanned for a conforming type).
    var scanned: [String?] = []

    static let none = Findings()
  }

  /// The findings of `type` in one configuration: `sites` are those typed `type` (their
  /// consumers' registrations reached), `registered` the read registrations of `type`,
  /// `unread` the unread registrations that could be of `type`, and `conformers` the read
  /// registrations of a type conforming to `type`, each list in the order of the files'
  /// paths and then of the file; the last two are made only when a site needs them.
  func check(
    type: String, sites: [Site], registered: [ContainerRegistration],
    unread unreadRegistrations: () -> [ContainerRegistration], conformers: () -> [ContainerRegistration]
  ) -> Findings {
    var findings = Findings()
    // Made only when a site has no candidate: most types have none.
    var unreadMade: [ContainerRegistration]?
    // By key and, across build targets, by the place of the site's file: each target's
    // resolves are one finding.
    var missing: [MissingKey: (required: Bool, sites: [Site])] = [:]
    for site in sites {
      let candidates = filter.answering(site.site, among: registered)
      if candidates.isEmpty {
        // Factory: the compiler checks presence, and the definition may be in another module.
        guard site.site.dialect.checksPresence else { continue }
        // An unread registration might be the one (part of its key is unknown): stay silent.
        if unreadMade == nil { unreadMade = unreadRegistrations() }
        let answering = unreadMade!.filter { registration in
          filter.mightAnswer(site.site, unread: registration) && !isLibraryValue(registration, answering: type)
        }
        if !answering.isEmpty {
          findings.silenced += answering.map { Silenced(registration: $0.range, site: site.site.range, type: type) }
          continue
        }
        let key = ContainerKey(type: type, name: site.site.name, argumentCount: site.site.argumentCount)
        let place = MissingKey(key: key, place: visibility?.place(of: site.site.range.file) ?? 0)
        let entry = missing[place] ?? (false, [])
        missing[place] = (entry.required || site.site.isRequired, entry.sites + [site])
        continue
      }
      for check in ContainerChecks.answered {
        if let finding = check.finding(at: site.site, type: type, answeredBy: candidates, self) {
          findings.diagnostics.append(finding)
        }
      }
    }
    for (missingKey, entry) in missing.sorted(by: { ($0.key.key, $0.key.place) < ($1.key.key, $1.key.place) }) {
      findings.diagnostics.append(
        missingDiagnostic(
          missingKey.key, required: entry.required, sites: entry.sites, registered: registered,
          conformers: conformers(), scanned: &findings.scanned))
    }
    findings.diagnostics += DuplicateCheck().findings(of: type, registered)
    return findings
  }

  /// A key nothing registers, with the place of the files resolving it (``TargetVisibility``).
  private struct MissingKey: Hashable {
    var key: ContainerKey
    var place: Int
  }

  /// The finding of `key`, which nothing registers: the first of
  /// ``ContainerChecks/unanswered`` that reports it. When it is a protocol, its name joins
  /// `scanned`.
  private func missingDiagnostic(
    _ key: ContainerKey, required: Bool, sites: [Site], registered: [ContainerRegistration],
    conformers: [ContainerRegistration], scanned: inout [String?]
  ) -> Diagnostic {
    let sites = sites.sorted { $0.site.range < $1.site.range }
    let notes =
      sites.map { site in
        DiagnosticNote(
          message: site.consumer.map { "resolved for '\($0.types.first ?? "?")' here" }
            ?? (site.site.requiredBy == nil ? "resolved here" : "required here"),
          range: site.site.range)
      }
      + unseenRegistrationNotes(key, sites: sites.map(\.site), registered)
    if lookup.isProtocol(key.type) { scanned.append(key.name) }
    let unanswered = UnansweredKey(key: key, required: required, sites: sites, notes: notes, conformers: conformers)
    // The last check of the list reports every key.
    return ContainerChecks.unanswered.lazy.compactMap { $0.finding(for: unanswered, self) }.first!
  }

  // MARK: Unread code

  /// `true` when `registration`'s value is a static member of a type the sources do not
  /// declare (a library's `URLSession.shared`, `UIApplication.shared.delegate`) and `type` is
  /// one they declare: such a value is never of an app's own type.
  private func isLibraryValue(_ registration: ContainerRegistration, answering type: String) -> Bool {
    var value = registration.valueType
    while case .property(let base, _)? = value { value = base }
    guard case .staticMember(let base, _)? = value, lookup.declaration(base) == nil, !lookup.isProtocol(base) else {
      return false
    }
    return lookup.declaration(type) != nil || lookup.protocolInheritance(type) != nil
  }

  /// The note of a registration or resolve the check cannot read.
  static func unreadNote(_ what: String, _ why: String, _ range: SourceRange) -> Diagnostic {
    Diagnostic(code: .unreadContainerCode, message: "unread \(what): \(why)", range: range)
  }
}

extension ContainerCheck.Findings: BinaryCoded {
  mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&diagnostics)
    try coder.code(&silenced)
    try coder.code(&scanned)
  }
}
