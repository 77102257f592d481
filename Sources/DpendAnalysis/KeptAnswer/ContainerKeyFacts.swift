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
  /// Each key (its type and name, as ``resolvedHash(type:name:)``) that edges of the cycle
  /// check leave, with how many, over every configuration: from each key of a read
  /// registration, one per typed resolve its factory makes (property injection apart) and
  /// one per typed property-wrapper resolve of the type it constructs (``owners``). A key
  /// with none is on no cycle, and a new edge into it closes none.
  public private(set) var edgeSources: HashCounts
  /// The type declaring each typed property-wrapper resolve (``DpendModel/ResolveSite/owner``,
  /// as ``StableHash``), with how many it declares: each is an edge from every registration
  /// constructing that type.
  public private(set) var owners: HashCounts
  /// `true` when the check found a `dependency-cycle` among registrations in a configuration.
  public let hasCycle: Bool

  /// No container code.
  public static let empty = ContainerKeyFacts(
    resolved: HashCounts(), registered: HashCounts(), identities: HashCounts(), scannedNames: HashCounts(),
    edgeSources: HashCounts(), owners: HashCounts(), hasCycle: false)

  /// Facts as read back from a file.
  public init(
    resolved: HashCounts, registered: HashCounts, identities: HashCounts, scannedNames: HashCounts,
    edgeSources: HashCounts, owners: HashCounts, hasCycle: Bool
  ) {
    self.resolved = resolved
    self.registered = registered
    self.identities = identities
    self.scannedNames = scannedNames
    self.edgeSources = edgeSources
    self.owners = owners
    self.hasCycle = hasCycle
  }

  /// The facts of the container files `summaries`, whose sites the check typed as `typed`
  /// (type and name), with the names of the protocols it found nothing registers, `scanned`,
  /// the keys each edge between registrations leaves (``edgeSources``), the types declaring
  /// property-wrapper resolves (``owners``), and whether it found a cycle.
  init(
    summaries: [FileSummary], typed: [(type: String, name: String?)], scanned: [String?], edgeSources: [UInt64],
    owners: [String], hasCycle: Bool
  ) {
    var bytes: [UInt8] = []
    resolved = HashCounts(counting: typed.map { Self.resolvedHash(type: $0.type, name: $0.name, using: &bytes) })
    self.edgeSources = HashCounts(counting: edgeSources)
    self.owners = HashCounts(counting: owners.map { StableHash.of($0[...]) })
    self.hasCycle = hasCycle
    // Each file's on all cores.
    let perFile = Parallel.map(summaries.count, minimum: 64) { index in
      var bytes: [UInt8] = []
      var registered: [UInt64] = []
      for registration in summaries[index].registrations
      where registration.unread == nil && registration.conditions.isEmpty {
        Self.appendRegisteredHashes(registration, to: &registered, using: &bytes)
      }
      return (registered: registered, identities: Array(Self.identities(of: summaries[index]).joined()))
    }
    self.registered = HashCounts(counting: perFile.flatMap(\.registered))
    self.identities = HashCounts(counting: perFile.flatMap(\.identities))
    scannedNames = HashCounts(counting: scanned.map(Self.nameHash))
  }

  /// The hash a name (or its absence) is known by in ``scannedNames``.
  static func nameHash(_ name: String?) -> UInt64 {
    var bytes: [UInt8] = []
    append(name, to: &bytes)
    return StableHash.of(bytes[...])
  }

  /// `true` when the check looked among the registrations named `name` for a protocol's
  /// conforming type.
  func isScanned(_ name: String?) -> Bool { scannedNames.count(of: Self.nameHash(name)) > 0 }

  /// The hash a resolved key is known by.
  static func resolvedHash(type: String, name: String?) -> UInt64 {
    var bytes: [UInt8] = []
    return resolvedHash(type: type, name: name, using: &bytes)
  }

  /// ``resolvedHash(type:name:)``, its bytes made in `bytes` (a buffer kept between calls).
  static func resolvedHash(type: String, name: String?, using bytes: inout [UInt8]) -> UInt64 {
    bytes.removeAll(keepingCapacity: true)
    bytes += type.utf8
    bytes.append(0)
    append(name, to: &bytes)
    return StableHash.of(bytes[...])
  }

  /// The hash a registered key is known by; `argumentCount` `nil` for any count.
  static func registeredHash(type: String, name: String?, dialect: Dialect, argumentCount: Int?) -> UInt64 {
    var bytes: [UInt8] = []
    return registeredHash(type: type, name: name, dialect: dialect, argumentCount: argumentCount, using: &bytes)
  }

  /// ``registeredHash(type:name:dialect:argumentCount:)``, its bytes made in `bytes`.
  static func registeredHash(
    type: String, name: String?, dialect: Dialect, argumentCount: Int?, using bytes: inout [UInt8]
  ) -> UInt64 {
    bytes.removeAll(keepingCapacity: true)
    bytes += type.utf8
    bytes.append(0)
    append(name, to: &bytes)
    bytes.append(0)
    bytes += dialect.rawValue.utf8
    bytes.append(0)
    // A count never written as a negative number: -1 stands for any.
    LittleEndianBytes.append(UInt64(bitPattern: Int64(argumentCount ?? -1)), to: &bytes)
    return StableHash.of(bytes[...])
  }

  /// A name or its absence, as the hashes above write it: `=` and the name, or nothing.
  private static func append(_ name: String?, to bytes: inout [UInt8]) {
    guard let name else { return }
    bytes.append(UInt8(ascii: "="))
    bytes += name.utf8
  }

  /// The hashes `registration` (read, under no condition) is counted by in ``registered``.
  static func registeredHashes(_ registration: ContainerRegistration) -> [UInt64] {
    var bytes: [UInt8] = []
    var hashes: [UInt64] = []
    appendRegisteredHashes(registration, to: &hashes, using: &bytes)
    return hashes
  }

  /// ``registeredHashes(_:)`` appended to `hashes`, their bytes made in `bytes`.
  static func appendRegisteredHashes(
    _ registration: ContainerRegistration, to hashes: inout [UInt64], using bytes: inout [UInt8]
  ) {
    for type in registration.types {
      for count in [nil, registration.argumentCount] {
        hashes.append(
          registeredHash(
            type: type, name: registration.name, dialect: registration.dialect, argumentCount: count, using: &bytes))
      }
    }
  }

  /// The identities of each of `summary`'s registrations, in order, none for one unread
  /// (``identities``): a container named after its place in the file is known by the path
  /// and the order the file first names it, so that moving it keeps its identity.
  static func identities(of summary: FileSummary) -> [[UInt64]] {
    var bytes: [UInt8] = []
    return zip(summary.registrations, summary.containersNamedInOrder).map { registration, named in
      guard registration.unread == nil else { return [] }
      // ``ContainerCheck``'s duplicates tell one per key (a Stitcher registration's own key only).
      let types = registration.dialect == .stitcher ? Array(registration.types.prefix(1)) : registration.types
      return types.map { type in
        bytes.removeAll(keepingCapacity: true)
        if named != registration.scopeName { bytes += summary.path.utf8 }
        bytes += named.utf8
        bytes.append(0)
        bytes += type.utf8
        bytes.append(0)
        append(registration.name, to: &bytes)
        bytes.append(0)
        LittleEndianBytes.append(UInt64(bitPattern: Int64(registration.argumentCount)), to: &bytes)
        return StableHash.of(bytes[...])
      }
    }
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

  /// How many edges of the cycle check leave the key of `type` under `name`.
  func edges(from type: String, name: String?) -> UInt32 {
    edgeSources.count(of: Self.resolvedHash(type: type, name: name))
  }

  /// How many edges leave each key of a read `registration` (not auto-wired) whose needs are
  /// all typed: one per need (``DpendModel/ContainerRegistration/needs``; its property needs
  /// make none) and one per property-wrapper resolve of the type it constructs.
  func edgeCount(of registration: ContainerRegistration) -> Int {
    registration.needs.count
      + Int(registration.constructedType.map { owners.count(of: StableHash.of($0[...])) } ?? 0)
  }

  /// Adds (`by` positive) or removes (negative) that many edges from each key of
  /// `registration`; `false`, leaving the facts unusable, when fewer were counted.
  mutating func addEdges(from registration: ContainerRegistration, by delta: Int) -> Bool {
    guard delta != 0 else { return true }
    for type in registration.types {
      guard edgeSources.add(Self.resolvedHash(type: type, name: registration.name), by: delta) else { return false }
    }
    return true
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

/// Little-endian bytes of an integer, appended.
private enum LittleEndianBytes {
  static func append(_ value: UInt64, to bytes: inout [UInt8]) {
    for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
  }
}
