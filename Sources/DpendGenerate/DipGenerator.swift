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
/// becomes a Dip tag named after the tag type. Dip makes `.eagerSingleton` instances only
/// in `bootstrap()`, so when there is one the block ends with `try! container.bootstrap()`:
/// they are made with the container (a failure stops the app there, as for the static
/// container), and Dip then takes no more registrations. Without one, the block is left as is.
public struct DipGenerator: ContainerGenerator {
  public init() {}

  public func generate(_ registrations: Registrations) -> String {
    var output = GeneratedFileHeader.opening(for: registrations, containerModule: "Dip")
    output += "\nlet dependencyContainer = DependencyContainer { container in\n"
    output.reserveCapacity(output.utf8.count + registrations.factories.count * 96)
    for factory in registrations.factories {
      output += "  container.register(."
      output += factory.scope.rawValue
      if let tag = factory.key.tag {
        output += ", tag: "
        output += SwiftLiteral.string(tag)
      }
      output += ") { "
      FactoryCall.append(factory, to: &output, isProvided: registrations.provides) { key, text in
        text += "container.resolve("
        if let tag = key.tag {
          text += "tag: "
          text += SwiftLiteral.string(tag)
        }
        text += ") as "
        text += key.name
      }
      output += " as "
      output += factory.key.name
      output += " }\n"
    }
    if registrations.factories.contains(where: { $0.scope == .eagerSingleton }) {
      output += "  // Eager singletons are made here; Dip takes no registration after `bootstrap()`.\n"
      output += "  try! container.bootstrap()\n"
    }
    output += "}\n"
    return output
  }
}
