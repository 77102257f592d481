import DpendModel

/// What the container check read of the keys registered and resolved, as ``StableHash``es
/// with how many registrations or sites had each: what a kept answer needs to tell that a
/// change only added or removed registrations nothing resolves, or resolves something
/// registered answers, without the check (``UnchangedGraph``).
///
/// Hashes are of the keys as text, so two keys with one hash can make a key look resolved
/// or registered when it is not; at 64 bits that is as likely as a content digest's
/// collision (see ``KeyFacts``).
public struct ContainerKeyFacts: Hashable, Sendable {
  /// Each key some resolve site asks for, its type (as the check types it) and name, over
  /// every site (factories' needs, property needs and auto-wired needs included) in every
  /// configuration.
  public private(set) var resolved: HashCounts
  /// Each read registration under no `#if` condition, by each of its types, its name, its
  /// dialect and its runtime argument count, and by the same without the count
  /// (``registeredHash(type:name:dialect:argumentCount:)``).
  public private(set) var registered: HashCounts
  /// Each read registration's container and key: two of one are a
  /// `duplicate-registration` in a configuration holding both.
  public private(set) var identities: HashCounts
  /// The name (or its absence) of each protocol nothing registers that the check reported
  /// (`missing-dependency`, `registered-as-concrete-type` or `unregistered-optional-resolve`),
  /// counted per configuration: the check looks among the registrations of that name for
  /// a type conforming to it, so one added there may change the error.
  public private(set) var scannedNames: HashCounts

  /// No container code.
  public static let empty = ContainerKeyFacts(
    resolved: HashCounts(), registered: HashCounts(), identities: HashCounts(), scannedNames: HashCounts())

  /// Facts as read back from a file.
  public init(resolved: HashCounts, registered: HashCounts, identities: HashCounts, scannedNames: HashCounts) {
    self.resolved = resolved
    self.registered = registered
    self.identities = identities
    self.scannedNames = scannedNames
  }

  /// The facts of the container files `summaries`, whose sites the check typed as `typed`
  /// (type and name), with the names of the protocols it found nothing registers, `scanned`.
  init(summaries: [FileSummary], typed: [(type: String, name: String?)], scanned: [String?]) {
    resolved = HashCounts(counting: typed.map { Self.resolvedHash(type: $0.type, name: $0.name) })
    var registered: [UInt64] = []
    var identities: [UInt64] = []
    for summary in summaries {
      for registration in summary.registrations where registration.unread == nil && registration.conditions.isEmpty {
        registered += Self.registeredHashes(registration)
      }
      identities += Self.identities(of: summary).joined()
    }
    self.registered = HashCounts(counting: registered)
    self.identities = HashCounts(counting: identities)
    scannedNames = HashCounts(counting: scanned.map(Self.nameHash))
  }

  /// The hash a name (or its absence) is known by in ``scannedNames``.
  static func nameHash(_ name: String?) -> UInt64 {
    StableHash.of(name.map { "=" + $0 } ?? "")
  }

  /// `true` when the check looked among the registrations named `name` for a protocol's
  /// conforming type.
  func isScanned(_ name: String?) -> Bool { scannedNames.count(of: Self.nameHash(name)) > 0 }

  /// The hash a resolved key is known by.
  static func resolvedHash(type: String, name: String?) -> UInt64 {
    StableHash.of("\(type)\u{0}\(name.map { "=" + $0 } ?? "")"[...])
  }

  /// The hash a registered key is known by; `argumentCount` `nil` for any count.
  static func registeredHash(type: String, name: String?, dialect: Dialect, argumentCount: Int?) -> UInt64 {
    StableHash.of(
      "\(type)\u{0}\(name.map { "=" + $0 } ?? "")\u{0}\(dialect.rawValue)\u{0}\(argumentCount.map(String.init) ?? "*")"[
        ...])
  }

  /// The hashes `registration` (read, under no condition) is counted by in ``registered``.
  static func registeredHashes(_ registration: ContainerRegistration) -> [UInt64] {
    registration.types.flatMap { type in
      [nil, registration.argumentCount].map {
        registeredHash(type: type, name: registration.name, dialect: registration.dialect, argumentCount: $0)
      }
    }
  }

  /// The identities of each of `summary`'s registrations, in order, none for one unread
  /// (``identities``): a container named after its place in the file is known by the path
  /// and the order the file first names it, so that moving it keeps its identity.
  static func identities(of summary: FileSummary) -> [[UInt64]] {
    zip(summary.registrations, summary.registrationsNamingContainersInOrder).map { registration, named in
      guard registration.unread == nil else { return [] }
      let container = named.scopeName == registration.scopeName ? named.scopeName : summary.path + named.scopeName
      return identities(of: registration, container: container)
    }
  }

  /// The identities of `registration` on `container`, as ``ContainerCheck``'s duplicates
  /// tell them: one per key (a Stitcher registration's own key only).
  static func identities(of registration: ContainerRegistration, container: String) -> [UInt64] {
    let keys = registration.dialect == .stitcher ? Array(registration.keys.prefix(1)) : registration.keys
    return keys.map { StableHash.of("\(container)\u{0}\($0)"[...]) }
  }

  /// `true` when some site resolves `type` under `name`.
  func isResolved(type: String, name: String?) -> Bool {
    resolved.count(of: Self.resolvedHash(type: type, name: name)) > 0
  }

  /// `true` when a read registration under no condition, of a dialect answering `site`'s,
  /// answers it (and, for Swinject, takes its number of runtime arguments).
  func isRegistered(_ site: ResolveSite, type: String) -> Bool {
    Dialect.allCases.contains { dialect in
      dialect.answers(site.dialect)
        && registered.count(
          of: Self.registeredHash(
            type: type, name: site.name, dialect: dialect,
            argumentCount: site.dialect == .swinject ? site.argumentCount : nil)) > 0
    }
  }

  /// How many read registrations have `identity`.
  func count(identity: UInt64) -> UInt32 { identities.count(of: identity) }

  /// Adds (`by` 1) or removes (`by` -1) the resolve of `type` under `name`; `false`, leaving
  /// the facts unusable, when one to remove was not counted.
  mutating func add(resolvedType type: String, name: String?, by delta: Int) -> Bool {
    resolved.add(Self.resolvedHash(type: type, name: name), by: delta)
  }

  /// Adds or removes `registration` (read, under no condition) with its `identities`.
  mutating func add(_ registration: ContainerRegistration, identities: [UInt64], by delta: Int) -> Bool {
    for hash in Self.registeredHashes(registration) {
      guard registered.add(hash, by: delta) else { return false }
    }
    for identity in identities {
      guard self.identities.add(identity, by: delta) else { return false }
    }
    return true
  }
}
