import DpendModel

/// Which keys a graph's factories provide and which they need, as ``StableHash``es with how
/// many factories do, and the edges between them: what a kept answer needs to tell that a
/// change only added or removed providers of keys nothing needs, or gave a provider other
/// dependencies that close no cycle (``UnchangedGraph``), without the graph.
///
/// A key's hash is that of its ``DependencyKey/description``. Two keys with one hash can
/// make a provided key look needed (the check then answers "maybe") or an unprovided one
/// look provided; at 64 bits, with some hundred thousand keys, the second happens with a
/// chance of about one in 10⁹ per change, as a content digest's collision does.
public struct KeyFacts: Hashable, Sendable {
  /// Each provided key with its number of factories (libraries' included).
  public private(set) var provided: HashCounts
  /// Each key some factory depends on (``DpendModel/Factory/dependencies``, optional ones
  /// included) with the number of factories depending on it.
  public private(set) var needed: HashCounts
  /// Each key some factory of a key with several factories depends on, with the number of
  /// such factories: the keys whose first provider may change a selection (a key's
  /// factories are chosen among by whether what they require is provided,
  /// ``ProviderSelection``), where a key needed only by keys' only factories changes none.
  public private(set) var neededAmongSeveral: HashCounts
  /// `true` when the graph had a `dependency-cycle` error, between factories or between
  /// container registrations (``ContainerKeyFacts/hasCycle`` tells the second). A cycle's
  /// path is told from a factory nothing needs that reaches it, so one such factory added
  /// or removed may change it.
  public internal(set) var hasCycle: Bool
  /// From each provided key to every key one of its factories depends on.
  public private(set) var edges: KeyEdges
  /// The keys the container code registers and resolves; `nil` when not known.
  public var container: ContainerKeyFacts?

  /// The facts of `provided` and `needed` keys (`neededAmongSeveral` among them) and their
  /// `edges`, as read back from a file.
  public init(
    provided: HashCounts, needed: HashCounts, neededAmongSeveral: HashCounts, hasCycle: Bool, edges: KeyEdges,
    container: ContainerKeyFacts? = nil
  ) {
    self.container = container
    self.provided = provided
    self.needed = needed
    self.neededAmongSeveral = neededAmongSeveral
    self.hasCycle = hasCycle
    self.edges = edges
  }

  /// The facts of `factories`, in a graph with a cycle or not.
  init(_ factories: [Factory], hasCycle: Bool) {
    self.hasCycle = hasCycle
    var provided: [UInt64] = []
    var needed: [UInt64] = []
    var edges: [(source: UInt64, target: UInt64)] = []
    for factory in factories {
      let source = Self.hash(factory.key)
      provided.append(source)
      for key in factory.dependencies {
        let target = Self.hash(key)
        needed.append(target)
        edges.append((source, target))
      }
    }
    self.provided = HashCounts(counting: provided)
    self.needed = HashCounts(counting: needed)
    self.edges = KeyEdges(counting: edges)
    var amongSeveral: [UInt64] = []
    for factory in factories where self.provided.count(of: Self.hash(factory.key)) > 1 {
      amongSeveral += factory.dependencies.map(Self.hash)
    }
    neededAmongSeveral = HashCounts(counting: amongSeveral)
  }

  /// The hash a key is known by.
  static func hash(_ key: DependencyKey) -> UInt64 {
    key.tag == nil ? StableHash.of(key.name[...]) : StableHash.of(key.description[...])
  }

  /// How many factories provide `key`.
  func providers(of key: DependencyKey) -> UInt32 { provided.count(of: Self.hash(key)) }

  /// `true` when some factory depends on `key`.
  func isNeeded(_ key: DependencyKey) -> Bool { needed.count(of: Self.hash(key)) > 0 }

  /// `true` when some factory of a key with several factories depends on `key`.
  func isNeededAmongSeveral(_ key: DependencyKey) -> Bool { neededAmongSeveral.count(of: Self.hash(key)) > 0 }

  /// `true` when a path of one edge or more leads from `source` to `target`.
  func reaches(from source: DependencyKey, to target: DependencyKey) -> Bool {
    edges.reaches(from: Self.hash(source), to: Self.hash(target))
  }

  /// Adds (`by` 1) or removes (`by` -1) `factories`, which are every factory of their keys
  /// (keys added or removed whole, or a key's only factory replaced): the keys with several
  /// of them count among ``neededAmongSeveral``. `false`, leaving the facts unusable, when
  /// one to remove was not counted.
  mutating func add(_ factories: [Factory], by delta: Int) -> Bool {
    let several = Set(Dictionary(grouping: factories, by: \.key).filter { $0.value.count > 1 }.keys)
    for factory in factories {
      let source = Self.hash(factory.key)
      guard provided.add(source, by: delta) else { return false }
      for key in factory.dependencies {
        let target = Self.hash(key)
        guard needed.add(target, by: delta), edges.add(from: source, to: target, by: delta) else { return false }
        if several.contains(factory.key) { guard neededAmongSeveral.add(target, by: delta) else { return false } }
      }
    }
    return true
  }
}

extension DependencyGraph {
  /// The keys the graph's factories (the sources' and the libraries') provide and need
  /// (made when asked).
  public var keyFacts: KeyFacts {
    var facts = KeyFacts(
      localFactories + libraryFactories, hasCycle: diagnostics.contains { $0.code == .dependencyCycle })
    facts.container = container.keyFacts
    return facts
  }
}
