import DpendModel

/// A place that asks a container for an instance, as the index knows it: the site, where it
/// was read and the type it asks for.
public struct ContainerSite: Hashable, Sendable {
  /// Its position in ``ContainerIndex/sites``.
  public var id: Int
  public var site: ResolveSite
  /// The registration whose factory resolves it (its position in
  /// ``ContainerIndex/registrations``); `nil` for a resolve site elsewhere.
  public var consumer: Int?
  /// `true` for a resolve after the instance exists (`initCompleted`, `resolvingProperties`).
  public var isPropertyInjection: Bool
  /// The type asked for, `.parameter` types resolved; `nil` when it cannot be known.
  public var type: String?
  /// Why ``type`` cannot be known: the site's own reason, else the lookup's; `nil` when read.
  public var unread: String?

  /// What the site asks for: the type, name and runtime arguments; `nil` when unread.
  public var key: ContainerKey? {
    type.map { ContainerKey(type: $0, name: site.name, argumentCount: site.argumentCount) }
  }
}

/// Which registrations answer which resolve sites, in the workspace's container code (Dip,
/// Swinject), by the rules of ``ContainerCheck``: a registration answers a site of its dialect
/// when one of its types is the site's type and its name or tag is the site's; for Swinject
/// the registrations taking the site's number of runtime arguments, when some do. Facts under
/// `#if` conditions answer each other only when some build configuration holds both.
/// A site nothing answers may be answered by an unread registration (part of its key
/// unknown), or point at a registration of a concrete type conforming to the protocol asked
/// for (`registered-as-concrete-type`).
///
/// Built with each graph from the container files' summaries, in time linear in the facts.
public struct ContainerIndex: Sendable {
  /// Every registration, in path order, then position.
  public let registrations: [ContainerRegistration]
  /// Every resolve site: those outside registrations in path order, then, registration by
  /// registration, its factory's needs, its property needs and its auto-wired needs (which
  /// stand at the registration's range).
  public let sites: [ContainerSite]
  /// For each site, the registrations answering it.
  private let answers: [[Int]]
  /// For each site nothing answers, the unread registrations that might.
  private let maybe: [[Int]]
  /// For each site nothing answers that asks for a protocol, the registration of a type
  /// conforming to it and that type.
  private let concrete: [Int: (registration: Int, type: String)]
  /// For each registration, the sites it answers.
  private let answered: [[Int]]
  /// The registrations at each range: one call can make several (Dip's forwarding to
  /// another tag, a helper's registrations).
  private let registrationsByRange: [SourceRange: [Int]]

  /// The index of no container code.
  public static let empty = ContainerIndex(
    summaries: [],
    lookup: ContainerTypeLookup(declaration: { _ in nil }, conformances: { _ in [] }, isProtocol: { _ in false }))

  /// Which registrations the check let answer which resolves beyond their keys (targets,
  /// reached gates).
  public let filter: ContainerAnswers

  /// The index of the facts in `summaries` (in path order), reading types through `lookup`;
  /// the parameters of the factories in `unwired` (by range) are runtime arguments, no needs
  /// (``ResolveSite/isFactoryArgument``).
  public init(
    summaries: [FileSummary], lookup: ContainerTypeLookup, filter: ContainerAnswers = ContainerAnswers(),
    unwired: Set<SourceRange> = []
  ) {
    self.filter = filter
    // Keys as the check reads them: as Swift names them (SPEC 8.4).
    let summaries = summaries.map(lookup.canonicalized)
    let registrations = summaries.flatMap(\.registrations)
    var sites: [ContainerSite] = []
    func add(_ site: ResolveSite, consumer: Int?, isPropertyInjection: Bool = false) {
      if site.isFactoryArgument, let consumer, unwired.contains(registrations[consumer].range) { return }
      let reading = lookup.reading(site.type)
      sites.append(
        ContainerSite(
          id: sites.count, site: site, consumer: consumer, isPropertyInjection: isPropertyInjection,
          type: reading.type, unread: reading.reason.map { site.unread ?? $0 }))
    }
    for summary in summaries {
      for site in summary.resolveSites { add(site, consumer: nil) }
    }
    for (index, registration) in registrations.enumerated() {
      for site in registration.needs { add(site, consumer: index) }
      for site in registration.propertyNeeds { add(site, consumer: index, isPropertyInjection: true) }
      if let autowired = registration.autowired {
        for site in lookup.autowiredNeeds(of: autowired, registration) { add(site, consumer: index) }
      }
    }
    var byType: [String: [Int]] = [:]
    var unread: [Int] = []
    var byRange: [SourceRange: [Int]] = [:]
    for (index, registration) in registrations.enumerated() {
      byRange[registration.range, default: []].append(index)
      guard registration.unread == nil else {
        if !registration.isForwarded { unread.append(index) }
        continue
      }
      for type in registration.types { byType[type, default: []].append(index) }
    }
    let conditions = ConditionMatcher(registrations.map(\.conditions) + sites.map(\.site.conditions))
    var answers: [[Int]] = []
    var maybe: [[Int]] = []
    var concrete: [Int: (Int, String)] = [:]
    var answered = Array(repeating: [Int](), count: registrations.count)
    var conformances: [String: [String]] = [:]
    for site in sites {
      guard let type = site.type else {
        answers.append([])
        maybe.append([])
        continue
      }
      let compatible = { (index: Int) in conditions.compatible(registrations[index].conditions, site.site.conditions) }
      // A generic registered without its arguments answers any specialization, as in the check.
      let registered = ContainerAnswers.registered(type, in: byType).filter(compatible)
      let candidates = filter.answering(site.site, among: registered) { registrations[$0] }
      for index in candidates { answered[index].append(site.id) }
      answers.append(candidates)
      guard candidates.isEmpty else {
        maybe.append([])
        continue
      }
      let unreadCandidates = unread.filter { index in
        let registration = registrations[index]
        return (registration.types.isEmpty || registration.types.contains(type)) && compatible(index)
          && filter.mightAnswer(site.site, unread: registration)
      }
      maybe.append(unreadCandidates)
      guard unreadCandidates.isEmpty, lookup.isProtocol(type) else { continue }
      func conforms(_ registered: String) -> Bool {
        if let known = conformances[registered] { return known.contains(type) }
        let found = lookup.conformances(registered)
        conformances[registered] = found
        return found.contains(type)
      }
      for (index, registration) in registrations.enumerated()
      where registration.unread == nil && registration.name == site.site.name && compatible(index) {
        if let registered = registration.types.first(where: conforms) {
          concrete[site.id] = (index, registered)
          break
        }
      }
    }
    self.registrations = registrations
    self.sites = sites
    self.answers = answers
    self.maybe = maybe
    self.concrete = concrete
    self.answered = answered
    self.registrationsByRange = byRange
  }

  /// The position of `registration` in ``registrations``: the one at its range that equals it.
  public func position(of registration: ContainerRegistration) -> Int? {
    let candidates = registrationsByRange[registration.range] ?? []
    return candidates.count == 1 ? candidates[0] : candidates.first { registrations[$0] == registration }
  }

  /// The registrations that answer `site`, in ``registrations`` order.
  public func registrations(answering site: ContainerSite) -> [ContainerRegistration] {
    answers[site.id].map { registrations[$0] }
  }

  /// Why each registration of `site`'s key does not answer it: in another target, or where
  /// the app does not reach it (``ContainerAnswers``). Empty for a site answered.
  public func unseenRegistrations(for site: ContainerSite) -> [DiagnosticNote] {
    guard let type = site.type, answers[site.id].isEmpty else { return [] }
    let key = ContainerKey(type: type, name: site.site.name, argumentCount: site.site.argumentCount)
    return filter.unseenRegistrationNotes(key, sites: [site.site], registrations)
  }

  /// The unread registrations that might answer `site`, which nothing read answers: part of
  /// their key is unknown (a computed name, an inferred type). Empty for a site answered.
  public func unreadRegistrations(possiblyAnswering site: ContainerSite) -> [ContainerRegistration] {
    maybe[site.id].map { registrations[$0] }
  }

  /// For a site nothing answers that asks for a protocol `P`: the registration of a type
  /// conforming to `P` (registered as that type, not as `P`) and that type.
  public func concreteRegistration(for site: ContainerSite) -> (registration: ContainerRegistration, type: String)? {
    concrete[site.id].map { (registrations[$0.registration], $0.type) }
  }

  /// The resolve sites `registration` answers (factories' needs and auto-wired needs included),
  /// in ``sites`` order.
  public func sites(answeredBy registration: ContainerRegistration) -> [ContainerSite] {
    guard let index = position(of: registration) else { return [] }
    return answered[index].map { sites[$0] }
  }

  /// The protocols `registration` is not registered as though some resolve site asks for
  /// them and it registers a type conforming to them (the `registered-as-concrete-type`
  /// problem), each with the type registered instead; sorted by protocol.
  public func protocolsMissed(by registration: ContainerRegistration) -> [(protocol: String, registered: String)] {
    guard let index = position(of: registration) else { return [] }
    var found: [String: String] = [:]
    for (site, entry) in concrete where entry.registration == index {
      if let type = sites[site].type { found[type] = entry.type }
    }
    return found.sorted { $0.key < $1.key }.map { (protocol: $0.key, registered: $0.value) }
  }
}

/// Whether the `#if` conditions of two facts hold together in some build configuration
/// (``ContainerCheck/configurations(_:)``).
private struct ConditionMatcher {
  let configurations: [[String]]

  init(_ conditionLists: [BuildConditions]) {
    configurations = ContainerCheck.configurations(conditionLists)
  }

  func compatible(_ first: BuildConditions, _ second: BuildConditions) -> Bool {
    if first.isEmpty && second.isEmpty { return true }
    return configurations.contains {
      ContainerCheck.holds(first, in: $0) && ContainerCheck.holds(second, in: $0)
    }
  }
}

/// A graph's ``ContainerIndex``, made the first time it is asked for: a graph no editor
/// navigates (each keystroke's, until a hover, a jump or a quick fix) never makes it, and
/// what it would hold (a copy of every registration and resolve site) stays out of memory.
final class LazyContainerIndex: Sendable {
  private let state: Locked<(index: ContainerIndex?, make: (@Sendable () -> ContainerIndex)?)>

  /// An index `make` makes when first asked.
  init(_ make: @escaping @Sendable () -> ContainerIndex) {
    state = Locked((nil, make))
  }

  /// An index already made.
  init(_ index: ContainerIndex) {
    state = Locked((index, nil))
  }

  /// `true` once the index was made (for tests).
  var isMade: Bool { state.withLock { $0.index != nil } }

  /// The index, made now if it was not (once; what it was made from is then let go).
  var index: ContainerIndex {
    state.withLock { state in
      if let index = state.index { return index }
      let index = state.make?() ?? .empty
      state = (index, nil)
      return index
    }
  }
}

/// What a graph makes of container code besides its diagnostics and counts.
public struct ContainerViews: OptionSet, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }
  /// The registrations with their needs, as `dpend tree` draws them (``ContainerReport/graph``).
  public static let tree = ContainerViews(rawValue: 1)
  /// The editor's index of which registrations answer which resolve sites
  /// (``DependencyGraph/containerIndex``).
  public static let editor = ContainerViews(rawValue: 2)
}
