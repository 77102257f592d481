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
  /// The registrations with what they need, for `dpend tree`.
  public var graph = ContainerGraph()

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
  /// The types of the analysed sources: initializers and conformances.
  let types: (String) -> TypeDeclaration?
  let conformances: (String) -> [String]
  let isProtocol: (String) -> Bool

  /// A registration or resolve site and where it was read.
  private struct Site {
    var site: ResolveSite
    /// The registration whose factory needs it; `nil` for a resolve site elsewhere.
    var consumer: ContainerRegistration?
    /// `true` for a resolve after the instance exists (`initCompleted`,
    /// `resolvingProperties`): how containers break cycles, so never an edge of one.
    var isPropertyInjection = false
  }

  func run(_ summaries: [FileSummary]) -> (diagnostics: [Diagnostic], report: ContainerReport) {
    var report = ContainerReport()
    let registrations = summaries.flatMap(\.registrations)
    var sites = summaries.flatMap(\.resolveSites).map { Site(site: $0, consumer: nil) }
    for registration in registrations {
      sites += registration.needs.map { Site(site: $0, consumer: registration) }
      sites += registration.propertyNeeds.map { Site(site: $0, consumer: registration, isPropertyInjection: true) }
      if let autowired = registration.autowired {
        sites += autowiredNeeds(of: autowired, registration).map { Site(site: $0, consumer: registration) }
      }
    }
    for registration in registrations {
      if registration.unread == nil {
        report.registrationsRead += 1
      } else {
        report.registrationsUnread += 1
        report.unread.append(unreadNote("registration", registration.unread!, registration.range))
      }
    }
    var typed: [(Site, String)] = []
    for site in sites {
      if let type = resolve(site.site.type) {
        report.resolvesChecked += 1
        typed.append((site, type))
      } else {
        report.resolvesUnread += 1
        report.unread.append(
          unreadNote("resolve", site.site.unread ?? "the parameter it is passed to was not found", site.site.range))
      }
    }
    report.configurations = Self.configurations(registrations.map(\.conditions) + sites.map(\.site.conditions))
    report.graph = graph(of: registrations)
    var perConfiguration: [Diagnostic: [[String]]] = [:]
    var order: [Diagnostic] = []
    for configuration in report.configurations {
      let active = registrations.filter { Self.holds($0.conditions, in: configuration) }
      for diagnostic in check(typed.filter { Self.holds($0.0.site.conditions, in: configuration) }, active) {
        if perConfiguration[diagnostic] == nil { order.append(diagnostic) }
        perConfiguration[diagnostic, default: []].append(configuration)
      }
    }
    let diagnostics = order.map { diagnostic -> Diagnostic in
      let found = perConfiguration[diagnostic]!
      guard found.count < report.configurations.count else { return diagnostic }
      var scoped = diagnostic
      let names = found.map { $0.isEmpty ? "without conditions" : $0.joined(separator: ", ") }
      scoped.message = "in configuration \(names.map { "'\($0)'" }.joined(separator: ", ")): " + diagnostic.message
      return scoped
    }
    return (diagnostics, report)
  }

  // MARK: One configuration

  private func check(_ sites: [(Site, String)], _ registrations: [ContainerRegistration]) -> [Diagnostic] {
    var byType: [String: [ContainerRegistration]] = [:]
    for registration in registrations where registration.unread == nil {
      for type in registration.types { byType[type, default: []].append(registration) }
    }
    let unread = registrations.filter { $0.unread != nil }
    var diagnostics: [Diagnostic] = []
    var missing: [ContainerKey: (required: Bool, sites: [Site])] = [:]
    for (site, type) in sites {
      let candidates = (byType[type] ?? []).filter { $0.name == site.site.name && $0.dialect == site.site.dialect }
      if candidates.isEmpty {
        // An unread registration might be the one (part of its key is unknown): stay silent.
        if unread.contains(where: { registration in
          (registration.types.isEmpty || registration.types.contains(type))
            && (registration.nameIsComputed || registration.name == site.site.name)
        }) {
          continue
        }
        let key = ContainerKey(type: type, name: site.site.name, argumentCount: site.site.argumentCount)
        let entry = missing[key] ?? (false, [])
        missing[key] = (entry.required || site.site.isRequired, entry.sites + [site])
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
    }
    for (key, entry) in missing.sorted(by: { $0.key < $1.key }) {
      diagnostics.append(missingDiagnostic(key, required: entry.required, sites: entry.sites, registrations))
    }
    diagnostics += duplicates(registrations)
    diagnostics += cycles(sites)
    return diagnostics
  }

  private func missingDiagnostic(
    _ key: ContainerKey, required: Bool, sites: [Site], _ registrations: [ContainerRegistration]
  ) -> Diagnostic {
    let sites = sites.sorted { $0.site.range < $1.site.range }
    let notes = sites.map { site in
      DiagnosticNote(
        message: site.consumer.map { "resolved for '\($0.types.first ?? "?")' here" } ?? "resolved here",
        range: site.site.range)
    }
    let range = sites[0].site.range
    if isProtocol(key.type),
      let concrete = registrations.first(where: { registration in
        registration.unread == nil && registration.name == key.name
          && registration.types.contains { conformances($0).contains(key.type) }
      }), let registered = concrete.types.first(where: { conformances($0).contains(key.type) })
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
    let consumers = sites.compactMap { $0.consumer?.types.first }
    let neededBy =
      consumers.isEmpty ? "" : ", needed by " + Wording.list(Array(Set(consumers)).sorted().map { "'\($0)'" })
    return Diagnostic(
      code: .missingDependency, message: "missing dependency: nothing registers '\(key)'" + neededBy, range: range,
      notes: notes)
  }

  private func duplicates(_ registrations: [ContainerRegistration]) -> [Diagnostic] {
    var seen: [String: ContainerRegistration] = [:]
    var diagnostics: [Diagnostic] = []
    for registration in registrations where registration.unread == nil {
      for key in registration.keys {
        let identity = "\(registration.range.file)|\(registration.scopeName)|\(key)"
        if let first = seen[identity] {
          diagnostics.append(
            Diagnostic(
              code: .duplicateRegistration,
              message: "'\(key)' is registered twice in one configuration: only the last registration counts",
              range: registration.range, notes: [DiagnosticNote(message: "first registered here", range: first.range)]))
        } else {
          seen[identity] = registration
        }
      }
    }
    return diagnostics
  }

  /// One `dependency-cycle` per strongly connected group of registered types, through the
  /// resolves their factories make (property injection excluded), with one path.
  private func cycles(_ sites: [(Site, String)]) -> [Diagnostic] {
    var edges: [String: [(to: String, site: ResolveSite)]] = [:]
    for (site, type) in sites where !site.isPropertyInjection {
      guard let consumer = site.consumer, consumer.unread == nil else { continue }
      for key in consumer.types { edges[key, default: []].append((type, site.site)) }
    }
    var diagnostics: [Diagnostic] = []
    for component in StronglyConnected.components(of: edges.mapValues { $0.map(\.to) }) {
      let members = Set(component)
      guard let start = component.min(),
        members.count > 1 || edges[start]?.contains(where: { $0.to == start }) == true
      else { continue }
      // Follow the first edge that stays in the group until a type repeats.
      var path = [start]
      var steps: [ResolveSite] = []
      var current = start
      while let edge = edges[current]?.first(where: { members.contains($0.to) }) {
        steps.append(edge.site)
        path.append(edge.to)
        if path.dropLast().contains(edge.to) { break }
        current = edge.to
      }
      let notes = zip(path, path.dropFirst()).enumerated().map { index, pair in
        DiagnosticNote(message: "'\(pair.0)' resolves '\(pair.1)'", range: steps[index].range)
      }
      diagnostics.append(
        Diagnostic(
          code: .dependencyCycle, message: "dependency cycle: " + path.joined(separator: " -> "),
          range: steps[0].range, notes: notes))
    }
    return diagnostics
  }

  // MARK: Reading types

  /// The type a site asks for, `nil` when it cannot be known.
  private func resolve(_ type: ResolvedType?) -> String? {
    switch type {
    case .named(let name)?: return name
    case .parameter(let owner, let labels, let position)?:
      guard let declaration = types(owner) else { return nil }
      let written = labels.map { $0 ?? "_" }
      let matching = declaration.initializers.filter { initializer in
        let required = initializer.parameters.filter { !$0.hasDefault }
        return initializer.parameters.count >= labels.count && required.count <= labels.count
          && zip(initializer.parameters, written).allSatisfy { $0.label == $1 }
      }
      guard matching.count == 1, position < matching[0].parameters.count else { return nil }
      return matching[0].parameters[position].type.name
    case nil: return nil
    }
  }

  /// The needs of `Impl.init` as a factory: each parameter of `Impl`'s only initializer.
  private func autowiredNeeds(of type: String, _ registration: ContainerRegistration) -> [ResolveSite] {
    guard let declaration = types(type), declaration.initializers.count == 1 else {
      return [
        ResolveSite(
          dialect: registration.dialect, type: nil, isRequired: true, range: registration.range,
          unread: "'\(type).init' is not one initializer of the analysed sources", conditions: registration.conditions)
      ]
    }
    return declaration.initializers[0].parameters.filter { !$0.hasDefault }.map { parameter in
      let optional = parameter.type.name.hasSuffix("?")
      return ResolveSite(
        dialect: registration.dialect,
        type: .named(optional ? String(parameter.type.name.dropLast()) : parameter.type.name),
        argumentCount: 0, isRequired: !optional, range: registration.range, conditions: registration.conditions)
    }
  }

  private func unreadNote(_ what: String, _ why: String, _ range: SourceRange) -> Diagnostic {
    Diagnostic(code: .unreadContainerCode, message: "unread \(what): \(why)", range: range)
  }

  // MARK: Configurations

  /// No condition true, then each condition atom that appears made true alone.
  static func configurations(_ conditionLists: [BuildConditions]) -> [[String]] {
    var atoms: Set<String> = []
    for conditions in conditionLists {
      for condition in conditions {
        for part in parts(condition) { atoms.insert(atom(part).name) }
      }
    }
    return [[]] + atoms.sorted().map { [$0] }
  }

  static func holds(_ conditions: BuildConditions, in configuration: [String]) -> Bool {
    conditions.allSatisfy { condition in
      parts(condition).allSatisfy { part in
        let (name, negated) = atom(part)
        return configuration.contains(name) != negated
      }
    }
  }

  /// `A && !(B)` → `A`, `!(B)`.
  private static func parts(_ condition: String) -> [String] {
    var result: [String] = []
    var rest = Substring(condition)
    while let range = rest.firstRange(of: " && ") {
      result.append(String(rest[..<range.lowerBound]))
      rest = rest[range.upperBound...]
    }
    result.append(String(rest))
    return result
  }

  private static func atom(_ part: String) -> (name: String, negated: Bool) {
    if part.hasPrefix("!(") && part.hasSuffix(")") { return (String(part.dropFirst(2).dropLast()), true) }
    if part.hasPrefix("!") { return (String(part.dropFirst()), true) }
    return (part, false)
  }
}

// MARK: The graph

extension ContainerCheck {
  /// Every registration with what its factory needs, each need typed as the checks type it.
  func graph(of registrations: [ContainerRegistration]) -> ContainerGraph {
    ContainerGraph(
      nodes: registrations.map { registration in
        var sites = registration.needs
        if let autowired = registration.autowired { sites += autowiredNeeds(of: autowired, registration) }
        let needs = (inOrder(sites).map { ($0, false) } + inOrder(registration.propertyNeeds).map { ($0, true) })
          .map { site, isPropertyInjection in
            ContainerGraph.Need(
              site: site, type: resolve(site.type), unread: "the parameter it is passed to was not found",
              isPropertyInjection: isPropertyInjection)
          }
        return ContainerGraph.Node(registration: registration, needs: needs)
      })
  }

  /// By position; sites at one position (an `Impl.init` factory's parameters) as read.
  private func inOrder(_ sites: [ResolveSite]) -> [ResolveSite] {
    sites.enumerated().sorted { ($0.element.range, $0.offset) < ($1.element.range, $1.offset) }.map(\.element)
  }
}
