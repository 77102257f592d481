import DpendModel

/// For each provided key, the factory that makes it (``DependencyGraph/resolved``): either
/// a table kept up to date by the graph builder, or one made when first asked from the
/// numbered selections of a one-graph build. A command-line run that only reports never
/// asks, and at 100,000 synthetic files the table is about 42 MB.
final class ResolvedTable: Sendable {
  private enum State {
    case made([DependencyKey: Factory])
    /// Each key number's key, and its resolved factory (`nil`: nothing provides it).
    case numbered(keys: [DependencyKey], factories: [Factory?])
  }

  private let state: Locked<State>

  /// A table already made.
  init(_ table: [DependencyKey: Factory]) {
    state = Locked(.made(table))
  }

  /// The table of `factories` by key number, made when first asked.
  init(keys: [DependencyKey], factories: [Factory?]) {
    state = Locked(.numbered(keys: keys, factories: factories))
  }

  /// Each provided key and its factory, in key order; the table is not made for it.
  var inKeyOrder: (keys: [DependencyKey], factories: [Factory]) {
    state.withLock { state in
      switch state {
      case .made(let table):
        let keys = table.keys.sorted()
        return (keys, keys.map { table[$0]! })
      case .numbered(let keys, let factories):
        // Numbers are sorted, not pairs: a factory is large to move.
        let provided = factories.indices.filter { factories[$0] != nil }.sorted { keys[$0] < keys[$1] }
        return (provided.map { keys[$0] }, provided.map { factories[$0]! })
      }
    }
  }

  /// The table, made now if it was not.
  var table: [DependencyKey: Factory] {
    state.withLock { state in
      switch state {
      case .made(let table):
        return table
      case .numbered(let keys, let factories):
        var table: [DependencyKey: Factory] = Dictionary(
          minimumCapacity: factories.reduce(0) { $0 + ($1 == nil ? 0 : 1) })
        for (key, factory) in zip(keys, factories) {
          if let factory { table[key] = factory }
        }
        state = .made(table)
        return table
      }
    }
  }

  /// Writes the table as the dictionary it stands for is written (its count, then each key
  /// and its factory), without making it.
  func write(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    let (keys, factories): ([DependencyKey], [Factory?])
    switch state.withLock({ $0 }) {
    case .made(var table):
      try coder.code(&table)
      return
    case .numbered(let numberedKeys, let numbered): (keys, factories) = (numberedKeys, numbered)
    }
    coder.writer.writeCount(factories.reduce(0) { $0 + ($1 == nil ? 0 : 1) })
    for (key, factory) in zip(keys, factories) {
      guard var factory else { continue }
      var key = key
      try key.code(&coder)
      try factory.code(&coder)
    }
  }
}
