import DpendAnalysis
import DpendModel

/// Writes a container in plain Swift, with no framework: one class whose `resolve()`
/// overloads (`resolve(tag:)` for tagged keys) make every provided key as its scope says.
///
/// ```swift
/// final class DependencyContainer: @unchecked Sendable {
///   func resolve() -> Store { resolving { make_Store() } }
///   private func make_Store() -> Store { StoreImpl(clock: make_Clock()) }
/// }
/// let dependencyContainer = DependencyContainer()
/// ```
/// Every dependency is a direct call, so the compiler itself checks the graph: a missing
/// provider or a wrong type cannot compile. Scopes: `.unique` makes an instance per call,
/// `.singleton` keeps the first one, `.eagerSingleton` is made by `init()`,
/// `.weakSingleton` is held weakly (a value type is therefore made each time), `.shared` is
/// kept until the outermost `resolve` returns. One recursive lock guards the state.
public struct StaticGenerator: ContainerGenerator {
  public init() {}

  public func generate(_ registrations: Registrations) -> String {
    let keys = registrations.keys
    var output = GeneratedFileHeader.opening(for: registrations, containerModule: "Foundation")
    let names = Self.identifiers(for: keys)
    let throwing = Self.throwingKeys(registrations)
    let eager = registrations.factories.filter { $0.scope == .eagerSingleton }.map(\.key)
    let initThrows = eager.contains { throwing.contains($0) }
    output += """

      /// The app's dependencies, made as their registrations say. Safe to use from several
      /// threads: one recursive lock guards every instance it keeps.
      final class DependencyContainer: @unchecked Sendable {
        private let lock = NSRecursiveLock()
        /// How many `resolve` calls are in progress: `.shared` instances live until the
        /// outermost one returns.
        private var depth = 0
        private var shared: [Int: Any] = [:]

      """
    for factory in registrations.factories {
      let key = factory.key
      switch factory.scope {
      case .singleton, .eagerSingleton: output += "  private var singleton_\(names[key]!): \(key.name)?\n"
      case .weakSingleton: output += "  private weak var weak_\(names[key]!): AnyObject?\n"
      case .unique, .shared: continue
      }
    }
    output += "\n  /// Makes the container\(eager.isEmpty ? "" : " and its eager singletons").\n"
    output += "  init()\(initThrows ? " throws" : "") {\n"
    for key in eager {
      let mark = throwing.contains(key) ? "try " : ""
      output += "    _ = \(mark)resolving { \(mark)make_\(names[key]!)() }\n"
    }
    output += "  }\n"
    for factory in registrations.factories {
      let key = factory.key
      let mark = throwing.contains(key) ? "try " : ""
      let effects = throwing.contains(key) ? " throws" : ""
      let tag = key.tag.map { "tag _: \($0).Type" } ?? ""
      output += "\n  /// `\(key)`: `\(factory.displayName)`, \(factory.scope.rawValue).\n"
      output +=
        "  func resolve(\(tag))\(effects) -> \(key.name) { \(mark)resolving { \(mark)make_\(names[key]!)() } }\n"
    }
    output += """

        private func resolving<T>(_ make: () throws -> T) rethrows -> T {
          lock.lock()
          depth += 1
          defer {
            depth -= 1
            if depth == 0 { shared.removeAll() }
            lock.unlock()
          }
          return try make()
        }

      """
    for (index, key) in keys.enumerated() {
      output += makeFunction(index: index, key: key, registrations: registrations, names: names, throwing: throwing)
    }
    output += "}\n\n"
    if initThrows {
      output += "/// The container; an eager singleton that fails to be made stops the app here.\n"
      output += "let dependencyContainer = try! DependencyContainer()\n"
    } else {
      output += "/// The container.\nlet dependencyContainer = DependencyContainer()\n"
    }
    return output
  }

  /// `make_<name>()`, which applies the key's scope around its factory call.
  private func makeFunction(
    index: Int, key: DependencyKey, registrations: Registrations, names: [DependencyKey: String],
    throwing: Set<DependencyKey>
  ) -> String {
    let factory = registrations.factories[index]
    let name = names[key]!
    let call = FactoryCall.expression(
      for: factory, isProvided: registrations.provides, isThrowing: { throwing.contains($0) },
      resolve: { "make_\(names[$0]!)()" })
    var text = "\n  private func make_\(name)()\(throwing.contains(key) ? " throws" : "") -> \(key.name) {\n"
    switch factory.scope {
    case .unique:
      return text + "    \(call)\n  }\n"
    case .singleton, .eagerSingleton:
      text += "    if let instance = singleton_\(name) { return instance }\n"
      text += "    let instance = \(call)\n    singleton_\(name) = instance\n"
    case .weakSingleton:
      text += "    if let instance = weak_\(name) as? \(key.name) { return instance }\n"
      text += "    let instance = \(call)\n    weak_\(name) = instance as AnyObject\n"
    case .shared:
      text += "    if let instance = shared[\(index)] as? \(key.name) { return instance }\n"
      text += "    let instance = \(call)\n    shared[\(index)] = instance\n"
    }
    return text + "    return instance\n  }\n"
  }

  /// A Swift identifier per key, from its name and tag (`Outer.Inner` with tag `Remote`:
  /// `Outer_Inner_Remote`), numbered when two keys would share one.
  static func identifiers(for keys: [DependencyKey]) -> [DependencyKey: String] {
    var used = Set<String>()
    var result: [DependencyKey: String] = [:]
    for key in keys {
      let text = key.name + (key.tag.map { "_" + $0 } ?? "")
      var base = String(
        text.unicodeScalars.map { $0.properties.isAlphabetic || ("0"..."9").contains($0) ? Character($0) : "_" })
      while base.hasSuffix("_") { base.removeLast() }
      var name = base
      var number = 2
      while !used.insert(name).inserted {
        name = "\(base)_\(number)"
        number += 1
      }
      result[key] = name
    }
    return result
  }

  /// The keys whose making can throw: a throwing initializer, a registration method
  /// (`makeInstance()` throws), or a dependency that can.
  static func throwingKeys(_ registrations: Registrations) -> Set<DependencyKey> {
    var decided: [DependencyKey: Bool] = [:]
    func throwsWhenMade(_ key: DependencyKey) -> Bool {
      if let known = decided[key] { return known }
      guard let factory = registrations.factory(for: key) else { return false }
      // Provisionally false: a cycle (never generated) cannot recurse forever.
      decided[key] = false
      var result = factory.isThrowing
      if case .configurationMethod = factory.kind { result = true }
      for dependency in factory.dependencies where throwsWhenMade(dependency) { result = true }
      decided[key] = result
      return result
    }
    return Set(registrations.keys.filter(throwsWhenMade))
  }
}
