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
  /// The keys registered and resolved, for a kept answer (``ContainerKeyFacts``).
  public var keyFacts = ContainerKeyFacts.empty
  /// The registration gates read, for a kept answer.
  public var gates = RegistrationGates()

  public init() {}

  /// `true` when the workspace has container code at all.
  public var isEmpty: Bool { registrationsRead + registrationsUnread + resolvesChecked + resolvesUnread == 0 }
}

/// Checks the registrations and resolve sites of every file (Dip, Swinject) against each
/// other, in every build configuration: missing registrations, protocols registered under a
/// concrete type, optional resolves that always yield `nil`, runtime-argument counts and
/// duplicates. What cannot be read is counted and never causes an error: a resolve with no
/// match is only reported when no unread registration could answer it.
struct ContainerCheck {
  /// The types of the analysed sources: declarations (initializers), conformances,
  /// protocols and their inheritance; the editor's ``ContainerIndex`` reads them the same way.
  var lookup: ContainerTypeLookup
  /// The configurations `.dpend.json` names; `nil` derives them from the conditions found.
  var configurations: [[String]]? = nil
  /// Makes a lookup like ``lookup`` that records into the given watch: with it, the
  /// configurations are checked on all cores, each through a lookup of its own, and the names
  /// they looked up are added to `watch` in configuration order (what checking them one
  /// after the other records). `nil`: one after the other, through ``lookup``.
  var parallelLookups: (lookup: (NameWatch) -> ContainerTypeLookup, watch: NameWatch)? = nil
  /// `false` leaves the report's ``ContainerReport/graph`` empty (only `dpend tree` draws it).
  var drawsGraph = true
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

  func run(_ summaries: [FileSummary]) -> (diagnostics: [Diagnostic], report: ContainerReport) {
    var report = ContainerReport()
    // Keys as Swift names them (SPEC 8.4): typealiases followed, nested names from their scope.
    let summaries = summaries.map(lookup.canonicalized)
    let registrations = summaries.flatMap(\.registrations)
    var sites = summaries.flatMap(\.resolveSites).map { Site(site: $0, consumer: nil) }
    for registration in registrations {
      sites += registration.needs.map { Site(site: $0, consumer: registration) }
      sites += registration.propertyNeeds.map { Site(site: $0, consumer: registration, isPropertyInjection: true) }
      if let autowired = registration.autowired {
        sites += autowiredNeeds(of: autowired, registration).map { Site(site: $0, consumer: registration) }
      }
    }
    // A forwarded registration (inside the app's register function) is counted at its callers.
    for registration in registrations where !registration.isForwarded {
      if registration.unread == nil {
        report.registrationsRead += 1
      } else {
        report.registrationsUnread += 1
        report.unread.append(unreadNote("registration", registration.unread!, registration.range))
      }
    }
    var typed: [(Site, String)] = []
    // A generic registered without its arguments (`register(FinderModel.self)`, Swift infers
    // them) answers a resolve of any specialization (`FinderModel<RunLoop>`).
    let registeredTypes = Set(registrations.lazy.filter { $0.unread == nil }.flatMap(\.types))
    for site in sites {
      if var type = resolve(site.site.type) {
        if let open = type.firstIndex(of: "<"), !registeredTypes.contains(type),
          registeredTypes.contains(String(type[..<open]))
        {
          type = String(type[..<open])
        }
        report.resolvesChecked += 1
        typed.append((site, type))
      } else {
        report.resolvesUnread += 1
        report.unread.append(
          unreadNote("resolve", site.site.unread ?? "the parameter it is passed to was not found", site.site.range))
      }
    }
    report.configurations =
      configurations
      ?? Self.configurations(
        registrations.map(\.conditions) + sites.map(\.site.conditions), platforms: visibility?.platforms ?? [])
    if drawsGraph { report.graph = graph(of: registrations.filter { !$0.isForwarded }) }
    // Before the configurations' lists are made: after them, it raised the process's peak by
    // 9 MB at 10,000 container files.
    let (edgeSources, owners) = Self.edgeSources(typed, registrations)
    let inputs = report.configurations.map { configuration in
      (
        sites: typed.filter {
          Self.holds($0.0.site.conditions, in: configuration) && compiles($0.0.site.range.file, in: configuration)
        },
        registrations: registrations.filter {
          Self.holds($0.conditions, in: configuration) && compiles($0.range.file, in: configuration)
        }
      )
    }
    let found: [(diagnostics: [Diagnostic], scanned: [String?], silenced: [Silenced])]
    if let (makeLookup, watch) = parallelLookups, inputs.count > 1 {
      let watches = inputs.map { _ in NameWatch() }
      // Each check reads only its own lookup (its own watch) and the immutable inputs; the
      // symbol table and the summary shelf are read by the file analyses on all cores too.
      nonisolated(unsafe) let checks = watches.map { watch in
        var check = self
        check.lookup = makeLookup(watch)
        return check
      }
      found = Parallel.map(inputs.count, minimum: 2) { index in
        checks[index].check(inputs[index].sites, inputs[index].registrations)
      }
      for each in watches { watch.names += each.names }
    } else {
      found = inputs.map { check($0.sites, $0.registrations) }
    }
    var diagnostics = BuildConfigurations.merge(found.map(\.diagnostics), configurations: report.configurations)
    if let visibility {
      diagnostics = diagnostics.map { diagnostic in
        var scoped = diagnostic
        scoped.message = visibility.scope(of: diagnostic.range.file) + diagnostic.message
        return scoped
      }
    }
    report.unread = Self.sayingWhatTheySilence(report.unread, found.flatMap(\.silenced))
    report.unread += reach?.assumedNotes(registrations) ?? []

    report.keyFacts = ContainerKeyFacts(
      summaries: summaries, typed: typed.map { ($0.1, $0.0.site.name) }, scanned: found.flatMap(\.scanned),
      edgeSources: edgeSources, owners: owners,
      hasCycle: found.contains { $0.diagnostics.contains { $0.code == .dependencyCycle } })
    return (diagnostics, report)
  }

  /// The keys the edges of ``cycles(_:_:)`` leave, one for each edge, over every
  /// configuration (``ContainerKeyFacts/edgeSources``), and the types declaring the typed
  /// property-wrapper resolves (``ContainerKeyFacts/owners``): `typed` are the typed sites.
  private static func edgeSources(_ typed: [(Site, String)], _ registrations: [ContainerRegistration]) -> (
    [UInt64], [String]
  ) {
    // The registrations constructing a type that declares a property-wrapper resolve (few
    // types do), by places in `registrations`.
    let ownerTypes = Set(
      typed.lazy.filter { !$0.0.isPropertyInjection && $0.0.consumer == nil }.compactMap(\.0.site.owner))
    var constructing: [String: [Int]] = [:]
    if !ownerTypes.isEmpty {
      for (index, registration) in registrations.enumerated() where registration.unread == nil {
        if let made = registration.constructedType, ownerTypes.contains(made) {
          constructing[made, default: []].append(index)
        }
      }
    }
    var sources: [UInt64] = []
    sources.reserveCapacity(typed.count)
    var owners: [String] = []
    var bytes: [UInt8] = []
    for (site, _) in typed where !site.isPropertyInjection {
      func addEdges(from consumer: ContainerRegistration) {
        for type in consumer.types {
          sources.append(ContainerKeyFacts.resolvedHash(type: type, name: consumer.name, using: &bytes))
        }
      }
      if let consumer = site.consumer {
        if consumer.unread == nil { addEdges(from: consumer) }
      } else if let owner = site.site.owner {
        owners.append(owner)
        for index in constructing[owner] ?? [] { addEdges(from: registrations[index]) }
      }
    }
    return (sources, owners)
  }

  // MARK: One configuration

  /// The diagnostics of one configuration, with the names of the keys nothing registers
  /// that are protocols: for each, the registrations of its name were scanned for a type
  /// conforming to it (``missingDiagnostic(_:required:sites:_:scanned:)``).
  private func check(_ sites: [(Site, String)], _ registrations: [ContainerRegistration]) -> (
    diagnostics: [Diagnostic], scanned: [String?], silenced: [Silenced]
  ) {
    // Each type's registrations by their place in `registrations`, in order.
    var byType: [String: [Int]] = [:]
    for (index, registration) in registrations.enumerated() where registration.unread == nil {
      for type in registration.types { byType[type, default: []].append(index) }
    }
    let unread = registrations.filter { $0.unread != nil && !$0.isForwarded }
    var silenced: [Silenced] = []
    var diagnostics: [Diagnostic] = []
    // By key and, across build targets, by the place of the site's file: each target's
    // resolves are one finding.
    var missing: [MissingKey: (required: Bool, sites: [Site])] = [:]
    // A factory whose registration never runs where it is written resolves nothing there.
    let sites =
      reach.map { reach in
        sites.filter { site, _ in site.consumer.map { reach.reaches($0, for: site.site) } ?? true }
      } ?? sites
    for (site, type) in sites {
      let candidates = (byType[type] ?? []).filter {
        registrations[$0].name == site.site.name && registrations[$0].dialect.answers(site.site.dialect)
          && answers(site.site, registrations[$0])
      }.map { registrations[$0] }
      if candidates.isEmpty {
        // Factory: the compiler checks presence, and the definition may be in another module.
        guard site.site.dialect.checksPresence else { continue }
        // An unread registration might be the one (part of its key is unknown): stay silent.
        let answering = unread.filter { registration in
          (registration.types.isEmpty || registration.types.contains(type))
            && (registration.nameIsComputed || registration.name == site.site.name)
            && registration.dialect.answers(site.site.dialect) && answers(site.site, registration)
        }
        if !answering.isEmpty {
          silenced += answering.map { Silenced(registration: $0.range, site: site.site.range, type: type) }
          continue
        }
        let key = ContainerKey(type: type, name: site.site.name, argumentCount: site.site.argumentCount)
        let place = MissingKey(key: key, place: visibility?.place(of: site.site.range.file) ?? 0)
        let entry = missing[place] ?? (false, [])
        missing[place] = (entry.required || site.site.isRequired, entry.sites + [site])
        continue
      }
      // Dip auto-wires a factory's own parameters; only Swinject counts runtime arguments.
      if site.site.dialect == .swinject, !candidates.contains(where: { $0.argumentCount == site.site.argumentCount }) {
        let counts = Set(candidates.map(\.argumentCount)).sorted().map(String.init).joined(separator: " or ")
        diagnostics.append(
          Diagnostic(
            code: .argumentCountMismatch,
            message:
              "'\(type)' is resolved with \(site.site.argumentCount) runtime argument\(site.site.argumentCount == 1 ? "" : "s") but registered with \(counts)",
            range: site.site.range,
            notes: candidates.map { DiagnosticNote(message: "registered here", range: $0.range) }))
      }
      if let mismatch = argumentTypeMismatch(site.site, type: type, candidates) {
        diagnostics.append(mismatch)
      }
      if let cast = site.site.conditionalCast, cast != type, let made = impossibleCast(to: cast, candidates) {
        diagnostics.append(
          Diagnostic(
            code: .impossibleCast,
            message:
              "'\(type)' is registered as \(Wording.list(made.map { "'\($0)'" })), which does not conform to '\(cast)': the cast always fails",
            range: site.site.range,
            notes: candidates.map { DiagnosticNote(message: "registered here", range: $0.range) }))
      }
    }
    var scanned: [String?] = []
    for (missingKey, entry) in missing.sorted(by: { ($0.key.key, $0.key.place) < ($1.key.key, $1.key.place) }) {
      diagnostics.append(
        missingDiagnostic(
          missingKey.key, required: entry.required, sites: entry.sites, registrations, scanned: &scanned))
    }
    diagnostics += duplicates(registrations)
    diagnostics += cycles(sites, registrations)
    return (diagnostics, scanned, silenced)
  }

  /// A key nothing registers, with the place of the files resolving it (``TargetVisibility``).
  private struct MissingKey: Hashable {
    var key: ContainerKey
    var place: Int
  }

  /// The error of `key`, which nothing registers; when it is a protocol, its name joins
  /// `scanned`.
  private func missingDiagnostic(
    _ key: ContainerKey, required: Bool, sites: [Site], _ registrations: [ContainerRegistration],
    scanned: inout [String?]
  ) -> Diagnostic {
    let sites = sites.sorted { $0.site.range < $1.site.range }
    var notes = sites.map { site in
      DiagnosticNote(
        message: site.consumer.map { "resolved for '\($0.types.first ?? "?")' here" }
          ?? (site.site.requiredBy == nil ? "resolved here" : "required here"),
        range: site.site.range)
    }
    notes += unseenRegistrationNotes(key, sites: sites.map(\.site), registrations)
    let range = sites[0].site.range
    let isProtocol = lookup.isProtocol(key.type)
    if isProtocol { scanned.append(key.name) }
    if isProtocol,
      let concrete = registrations.first(where: { registration in
        registration.unread == nil && registration.name == key.name
          && registration.types.contains { lookup.conformances($0).contains(key.type) }
          && sites.contains { answers($0.site, registration) }
      }), let registered = concrete.types.first(where: { lookup.conformances($0).contains(key.type) })
    {
      return Diagnostic(
        code: .registeredAsConcreteType,
        message: "'\(registered)' is registered as '\(registered)', not as '\(key.type)', which is resolved",
        range: concrete.range, notes: notes)
    }
    guard required else {
      return Diagnostic(
        code: .unregisteredOptionalResolve,
        message: "nothing registers '\(key)': the optional resolve always yields nil", range: range, notes: notes)
    }
    // Where an editor shows it, each resolve names its own consumer.
    for (index, site) in sites.enumerated() {
      notes[index].siteMessage = "missing dependency: nothing registers '\(key)'" + Self.neededBy([site])
    }
    return Diagnostic(
      code: .missingDependency, message: "missing dependency: nothing registers '\(key)'" + Self.neededBy(sites),
      range: range, notes: notes)
  }

  /// `, needed by 'A' and 'B', required by 'C'`: the consumers whose factories resolve at
  /// `sites`, and what requires them; empty when neither.
  private static func neededBy(_ sites: [Site]) -> String {
    // Dip makes eager singletons in `bootstrap()`, at launch: say so, it is where the app dies.
    let consumers = sites.compactMap { site in
      site.consumer.flatMap { consumer in
        consumer.types.first.map { consumer.scope == "eagerSingleton" ? "the eager singleton '\($0)'" : "'\($0)'" }
      }
    }
    var neededBy = consumers.isEmpty ? "" : ", needed by " + Wording.list(Array(Set(consumers)).sorted())
    let requirers = Set(sites.compactMap(\.site.requiredBy)).sorted()
    if !requirers.isEmpty { neededBy += ", required by " + Wording.list(requirers) }
    return neededBy
  }

  // MARK: Unread code

  func unreadNote(_ what: String, _ why: String, _ range: SourceRange) -> Diagnostic {
    Diagnostic(code: .unreadContainerCode, message: "unread \(what): \(why)", range: range)
  }
}
