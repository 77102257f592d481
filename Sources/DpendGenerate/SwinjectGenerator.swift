import DpendAnalysis
import DpendModel

/// Writes registrations for a Swinject `Container`, used through its synchronized view
/// (`synchronize()`, a `Resolver`), since a Swinject `Container` must not be resolved from
/// several threads at once:
/// ```swift
/// let dependencyContainer: Resolver = {
///   let container = Container()
///   container.register(Store.self) { resolver in StoreImpl(clock: resolver.resolve(Clock.self)!) }
///     .inObjectScope(.transient)
///   return container.synchronize()
/// }()
/// ```
/// One registration per provided key, in key order; a tag becomes the registration's name
/// (the tag type's name, as for Dip). Scopes: `.unique` is `.transient`, `.shared` is
/// `.graph`, `.singleton` is `.container`, `.weakSingleton` is `.weak`, and an
/// `.eagerSingleton` is a `.container` registration resolved once the container is made.
/// Swinject factories cannot throw: a throwing factory that fails stops the app with the
/// key and the error.
public struct SwinjectGenerator: ContainerGenerator {
  public init() {}

  public func generate(_ registrations: Registrations) -> String {
    var output = GeneratedFileHeader.opening(for: registrations, containerModule: "Swinject")
    output += "\n/// The app's dependencies: a synchronized view of the container, safe to use from several threads.\n"
    output += "nonisolated(unsafe) let dependencyContainer: Resolver = {\n"
    output += "  let container = Container()\n"
    for factory in registrations.factories {
      let key = factory.key
      let name = key.tag.map { ", name: \(SwiftLiteral.string($0))" } ?? ""
      let call = FactoryCall.expression(
        for: factory, isProvided: registrations.provides, isThrowing: { _ in false },
        resolve: { Self.resolution(of: $0) })
      let scope = ".inObjectScope(.\(Self.objectScope(factory.scope)))"
      if Self.mayThrow(factory) {
        output += "  container.register(\(key.name).self\(name)) { resolver in\n"
        output += "    do {\n      return \(call)\n    } catch {\n"
        let message = SwiftLiteral.string("dpend: making '\(key)' failed: ").dropLast() + "\\(error)\""
        output += "      fatalError(\(message))\n"
        output += "    }\n  }\(scope)\n"
      } else {
        output += "  container.register(\(key.name).self\(name)) { resolver in \(call) }\(scope)\n"
      }
    }
    let eager = registrations.factories.filter { $0.scope == .eagerSingleton }.map(\.key)
    if !eager.isEmpty {
      output += "  // Eager singletons: made with the container.\n"
      for key in eager { output += "  _ = \(resolution(of: key, in: "container"))\n" }
    }
    output += "  return container.synchronize()\n}()\n"
    return output
  }

  /// `resolver.resolve(A.self)!` or, tagged, `resolver.resolve(A.self, name: "Tag")!`.
  private static func resolution(of key: DependencyKey, in resolver: String = "resolver") -> String {
    let name = key.tag.map { ", name: \(SwiftLiteral.string($0))" } ?? ""
    return "\(resolver).resolve(\(key.name).self\(name))!"
  }

  private func resolution(of key: DependencyKey, in resolver: String) -> String {
    Self.resolution(of: key, in: resolver)
  }

  /// A throwing initializer, or a registration method (`makeInstance()` throws).
  private static func mayThrow(_ factory: Factory) -> Bool {
    if case .configurationMethod = factory.kind { return true }
    return factory.isThrowing
  }

  private static func objectScope(_ scope: Scope) -> String {
    switch scope {
    case .unique: return "transient"
    case .shared: return "graph"
    case .singleton, .eagerSingleton: return "container"
    case .weakSingleton: return "weak"
    }
  }
}
