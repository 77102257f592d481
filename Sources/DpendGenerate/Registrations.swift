import DpendAnalysis
import DpendModel

/// What a container's code is generated from: the factory of each provided key
/// (``DpendAnalysis/DependencyGraph/resolved``), in key order, the order every generator
/// registers them in.
///
/// A graph gives them (``init(graph:)``); so does a table kept from the last graph with the
/// providers a change added and removed applied to it (``replacing(removed:added:)``), which
/// lets `dpend generate` write after such a change without building the graph.
public struct Registrations: Sendable {
  /// One factory per key, sorted by key.
  public let factories: [Factory]
  /// Each factory's key, in the same order.
  public let keys: [DependencyKey]

  /// The registrations of `graph`.
  public init(graph: DependencyGraph) {
    (keys, factories) = graph.resolvedInKeyOrder
  }

  /// The registrations of `factories`; `nil` unless their keys are strictly increasing
  /// (sorted, one factory per key).
  public init?(sorted factories: [Factory]) {
    let keys = factories.map(\.key)
    for (previous, next) in zip(keys, keys.dropFirst()) where !(previous < next) { return nil }
    self.factories = factories
    self.keys = keys
  }

  /// The factory registered for `key`, found by bisection; `nil` when none is.
  public func factory(for key: DependencyKey) -> Factory? {
    let index = keys.partitionIndex { $0 < key }
    return index < keys.count && keys[index] == key ? factories[index] : nil
  }

  /// `true` when `key` is registered.
  public func provides(_ key: DependencyKey) -> Bool { factory(for: key) != nil }

  /// These registrations without the keys `removed` and with the factories `added`, one
  /// per key (a key both removed and added is replaced); `nil` when a removed key is not
  /// registered, an added key already is and is not removed, or two added factories share a
  /// key.
  public func replacing(removed: Set<DependencyKey>, added: [Factory]) -> Registrations? {
    guard removed.allSatisfy(provides), !added.contains(where: { provides($0.key) && !removed.contains($0.key) })
    else { return nil }
    let inserted = added.sorted { $0.key < $1.key }
    var merged: [Factory] = []
    merged.reserveCapacity(factories.count - removed.count + inserted.count)
    var next = inserted.makeIterator()
    var pending = next.next()
    for factory in factories where !removed.contains(factory.key) {
      while let insert = pending, insert.key < factory.key {
        merged.append(insert)
        pending = next.next()
      }
      merged.append(factory)
    }
    while let insert = pending {
      merged.append(insert)
      pending = next.next()
    }
    // Two added factories of one key make the keys not strictly increasing.
    return Registrations(sorted: merged)
  }
}
