import DpendAnalysis
import DpendModel

/// What a container's code is generated from: the factory of each provided key
/// (``DpendAnalysis/DependencyGraph/resolved``), in key order, the order every generator
/// registers them in.
public struct Registrations: Sendable {
  /// One factory per key, sorted by key.
  public let factories: [Factory]
  /// Each factory's key, in the same order.
  public let keys: [DependencyKey]

  /// The registrations of `graph`.
  public init(graph: DependencyGraph) {
    (keys, factories) = graph.resolvedInKeyOrder
  }

  /// The factory registered for `key`, found by bisection; `nil` when none is.
  public func factory(for key: DependencyKey) -> Factory? {
    let index = keys.partitionIndex { $0 < key }
    return index < keys.count && keys[index] == key ? factories[index] : nil
  }

  /// `true` when `key` is registered.
  public func provides(_ key: DependencyKey) -> Bool { factory(for: key) != nil }
}
