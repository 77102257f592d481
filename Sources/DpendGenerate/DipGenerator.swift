import DpendAnalysis
import DpendModel

/// Writes application-mode registration code for the Dip container, in the thesis's shape:
/// ```swift
/// import Dip
///
/// let dependencyContainer = DependencyContainer { container in
///   container.register(.unique) { B(a: try container.resolve() as A) as B }
/// }
/// ```
/// One registration per provided key, in key order; scopes keep Dip's names and a tag
/// becomes a Dip tag named after the tag type.
public struct DipGenerator: ContainerGenerator {
  public init() {}

  public func generate(_ graph: DependencyGraph) -> String {
    let keys = graph.resolved.keys.sorted()
    let factories = keys.map { graph.resolved[$0]! }
    var output = GeneratedFileHeader.text
    for module in GeneratedFileHeader.imports(for: factories, container: "Dip") {
      output += "import \(module)\n"
    }
    output += "\nlet dependencyContainer = DependencyContainer { container in\n"
    for factory in factories {
      let tag = factory.key.tag.map { ", tag: \(SwiftLiteral.string($0))" } ?? ""
      let make = FactoryCall.expression(for: factory, provided: graph.resolved) { key in
        let tagArgument = key.tag.map { "tag: \(SwiftLiteral.string($0))" } ?? ""
        return "container.resolve(\(tagArgument)) as \(key.name)"
      }
      output += "  container.register(.\(factory.scope.rawValue)\(tag)) { \(make) as \(factory.key.name) }\n"
    }
    output += "}\n"
    return output
  }
}
