import DpendAnalysis
import DpendModel

/// What sits at a position of a file, as far as the dependency graph is concerned.
public enum GraphSymbol: Sendable {
  /// An initializer or registration method: the factories declared there (one per key).
  case provider([Factory])
  /// A provider type's name: every factory of that type.
  case providerType(name: String, factories: [Factory])
  /// A parameter's type: the key it needs, as declared by `consumer`.
  case dependency(FactoryParameter, consumer: Factory)
}

/// Finds graph symbols by position in the files a graph was built from.
struct GraphLookup {
  let graph: DependencyGraph

  /// The symbol whose range contains UTF-8 `offset` of `path`, with that range.
  func symbol(at offset: Int, in path: String) -> (GraphSymbol, SourceRange)? {
    let summary = graph.summary(of: path)
    let factories = graph.localFactories(in: path)
    for factory in factories {
      for parameter in factory.parameters where Self.contains(parameter.range, offset) {
        return (.dependency(parameter, consumer: factory), parameter.range)
      }
    }
    // A type's name before its initializers: an implicit `init()` is located at the name.
    for type in summary?.types ?? [] where Self.contains(type.range, offset) {
      let provided = graph.localFactories.filter { factory in
        switch factory.kind {
        case .initializer(let name, _): return name == type.name
        case .configurationMethod(let configuration, _, _): return configuration.name == type.name
        }
      }
      if !provided.isEmpty { return (.providerType(name: type.name, factories: provided), type.range) }
    }
    if let factory = factories.first(where: { Self.contains($0.range, offset) }) {
      return (.provider(factories.filter { $0.range == factory.range }), factory.range)
    }
    return nil
  }

  private static func contains(_ range: SourceRange, _ offset: Int) -> Bool {
    range.start.offset <= offset && offset <= range.end.offset
  }
}
