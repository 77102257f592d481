import DpendModel

extension IDE {
  /// Go to provider: on a dependency, the factory the graph chose for its key, then every
  /// other candidate, each range once; on a container resolve, the registrations answering
  /// it. `nil` when neither is at the offset.
  public func providers(at offset: Int, in path: String) -> [SourceRange]? {
    guard let found = symbol(at: offset, in: path) else { return containerProviders(at: offset, in: path) }
    guard case .dependency(let parameter, _) = found.symbol else { return nil }
    let chosen = graph.resolved[parameter.dependency].map { [$0] } ?? []
    var ranges: [SourceRange] = []
    for factory in chosen + graph.candidates(of: parameter.dependency) where !ranges.contains(factory.range) {
      ranges.append(factory.range)
    }
    return ranges
  }

  /// References: on a provider, the parameters that need what it provides (and, with
  /// `includeDeclaration`, the provider itself first); on a dependency, every parameter
  /// needing the same key; on a container registration, the resolve sites it answers. `nil`
  /// when nothing of the graph is at the offset.
  public func consumers(at offset: Int, in path: String, includeDeclaration: Bool) -> [SourceRange]? {
    guard let symbol = symbol(at: offset, in: path)?.symbol else {
      return containerConsumers(at: offset, in: path, includeDeclaration: includeDeclaration)
    }
    let factories: [Factory]
    let keys: [DependencyKey]
    switch symbol {
    case .provider(let declared), .providerType(_, let declared):
      factories = declared
      keys = declared.map(\.key)
    case .dependency(let parameter, _):
      factories = []
      keys = [parameter.dependency]
    }
    var ranges: [SourceRange] = []
    if includeDeclaration {
      for factory in factories where !ranges.contains(factory.range) { ranges.append(factory.range) }
    }
    for key in keys {
      for consumer in graph.consumers(of: key) where !ranges.contains(consumer.parameter.range) {
        ranges.append(consumer.parameter.range)
      }
    }
    return ranges
  }
}
