import DpendAnalysis
import DpendModel

/// The Markdown a hover shows.
enum HoverText {
  static func markdown(for symbol: GraphSymbol, in graph: DependencyGraph) -> String {
    switch symbol {
    case .provider(let factories):
      return providerText(factories, in: graph)
    case .providerType(let name, let factories):
      let byFactory = Dictionary(grouping: factories, by: \.range).sorted { $0.key < $1.key }.map(\.value)
      return "`\(name)` is a provider\n\n" + byFactory.map { providerText($0, in: graph) }.joined(separator: "\n\n")
    case .dependency(let parameter, _):
      return dependencyText(parameter, in: graph)
    }
  }

  /// `` `CDImpl.init(a:)` provides `C`, `D` `` with its scope and what it needs.
  private static func providerText(_ factories: [Factory], in graph: DependencyGraph) -> String {
    let factory = factories[0]
    var lines = ["`\(factory.displayName)` provides " + factories.map { "`\($0.key)`" }.joined(separator: ", ")]
    lines.append("- scope: `\(factory.scope.rawValue)`")
    let needs = factory.parameters.map { "`\($0.dependency)\($0.isOptional ? "?" : "")`" }
    let configuration: [String]
    if case .configurationMethod(let key, _, _) = factory.kind {
      configuration = ["`\(key)`"]
    } else {
      configuration = []
    }
    lines.append(
      "- needs: " + ((configuration + needs).isEmpty ? "nothing" : (configuration + needs).joined(separator: ", ")))
    for factory in factories {
      guard let used = graph.resolved[factory.key], used != factory else { continue }
      lines.append("- not used for `\(factory.key)`: `\(used.displayName)` is")
    }
    return lines.joined(separator: "\n")
  }

  /// Which factory makes the parameter's key, or that none does.
  private static func dependencyText(_ parameter: FactoryParameter, in graph: DependencyGraph) -> String {
    let key = parameter.dependency
    guard let factory = graph.resolved[key] else {
      return parameter.isOptional
        ? "Nothing provides `\(key)`: `nil` is passed" : "Nothing provides `\(key)` (missing dependency)"
    }
    var text = "`\(key)` is provided by `\(factory.displayName)` (scope: `\(factory.scope.rawValue)`)"
    let others = graph.candidates(of: key).filter { $0.provider != factory.provider }
    if !others.isEmpty {
      let names = Array(Set(others.map(\.provider))).sorted().map { "`\($0)`" }.joined(separator: ", ")
      text += "\n\nAlso provided by \(names) (ambiguous)"
    }
    return text
  }
}
