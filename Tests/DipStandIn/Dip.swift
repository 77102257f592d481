// A STAND-IN FOR DIP, NOT DIP. Dip (https://github.com/AliSoftware/Dip) is not available on
// the build machines, so `ContainerCompileTests` compiles dpend's generated Dip containers
// against this module instead, named `Dip`. It is written for dpend's tests, shares no code
// with Dip, and declares only the part of Dip 7's API that generated code uses, with Dip's
// signatures, so that what compiles here compiles with Dip:
//
// - `DependencyContainer.init(autoInjectProperties:threadSafe:configBlock:)` and `bootstrap()`;
// - `register(_:type:tag:factory:)` for a factory without runtime arguments, and the
//   one-argument overload a closure could also be matched with;
// - `resolve(tag:)`;
// - `ComponentScope`'s five cases, `DependencyContainer.Tag`, `DependencyTagConvertible` and
//   its conformances (`Tag`, `String`, `Int`, raw-value enums).
//
// Its behaviour follows Dip's documentation closely enough to run the tests' scope app:
// `.unique` makes one per resolve, `.shared` keeps an instance until the outermost `resolve`
// returns, `.singleton` keeps it, `.eagerSingleton` is a singleton made by `bootstrap()`,
// `.weakSingleton` is held strongly until the outermost `resolve` returns and weakly after;
// a tag with no definition falls back to the untagged one; registering after `bootstrap()`
// stops the program; one recursive lock guards the state unless `threadSafe` is false.
// Not here: auto-wiring, auto-injection, runtime arguments, type forwarding, collaborating
// containers, `Resolvable`, Dip's error types and its logging.

import Foundation

/// Registers factories and resolves instances by type and tag (stand-in: see the top of the file).
public final class DependencyContainer {
  /// A tag telling apart several registrations of one type.
  public enum Tag {
    /// A string tag (what a string literal or a `String` raw value becomes). Dip's name.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    case String(StringLiteralType)
    /// An integer tag. Dip's name.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    case Int(IntegerLiteralType)
  }

  private let threadSafe: Bool
  private let lock = NSRecursiveLock()
  private var definitions: [DefinitionKey: AnyDefinition] = [:]
  private var singletons: [DefinitionKey: Any] = [:]
  private var weakSingletons: [DefinitionKey: WeakSingleton] = [:]
  private var sharedInstances: [DefinitionKey: Any] = [:]
  private var depth = 0
  private var bootstrapped = false
  private var eagerSingletons: [() throws -> Void] = []

  /// Makes a container, then calls `configBlock` with it (where registrations usually go).
  /// Auto-injection is not implemented: `autoInjectProperties` is accepted and ignored.
  public init(
    autoInjectProperties: Bool = true, threadSafe: Bool = true, configBlock: (DependencyContainer) -> Void = { _ in }
  ) {
    self.threadSafe = threadSafe
    configBlock(self)
  }

  /// Completes the container: makes every `.eagerSingleton`. Registering afterwards stops the program.
  public func bootstrap() throws {
    try locked {
      bootstrapped = true
      let pending = eagerSingletons
      eagerSingletons = []
      for make in pending { try make() }
    }
  }

  /// Registers `factory` for `type` (by default the factory's result type) in `scope`, under `tag`.
  @discardableResult public func register<T>(
    _ scope: ComponentScope = .shared, type: T.Type = T.self, tag: DependencyTagConvertible? = nil,
    factory: @escaping (()) throws -> T
  ) -> Definition<T, ()> {
    store(scope: scope, type: T.self, arguments: Void.self, tag: tag) { try factory(()) }
    return Definition()
  }

  /// Registers a factory taking one runtime argument. Declared so that overload resolution
  /// sees the same candidates as with Dip; the stand-in has no `resolve(tag:withArguments:)`,
  /// so only an argument of type `Void` can be passed (by `resolve(tag:)`).
  @discardableResult public func register<T, A>(
    _ scope: ComponentScope = .shared, type: T.Type = T.self, tag: DependencyTagConvertible? = nil,
    factory: @escaping ((A)) throws -> T
  ) -> Definition<T, A> {
    store(scope: scope, type: T.self, arguments: A.self, tag: tag) {
      guard let argument = () as? A else {
        throw StandInError(message: "\(T.self) needs a runtime argument of type \(A.self)")
      }
      return try factory(argument)
    }
    return Definition()
  }

  /// The instance of `T` registered under `tag` (or, when nothing is, without a tag), made or
  /// kept as its scope says.
  public func resolve<T>(tag: DependencyTagConvertible? = nil) throws -> T {
    try locked {
      depth += 1
      defer {
        depth -= 1
        if depth == 0 { endOutermostResolve() }
      }
      var key = DefinitionKey(type: T.self, arguments: Void.self, tag: tag)
      if definitions[key] == nil { key = DefinitionKey(type: T.self, arguments: Void.self, tag: nil) }
      guard let definition = definitions[key] else {
        throw StandInError(message: "nothing registered for \(T.self), tag \(String(describing: tag?.dependencyTag))")
      }
      if let kept = kept(key, in: definition.scope) {
        guard let instance = kept as? T else { throw StandInError(message: "\(kept) is not a \(T.self)") }
        return instance
      }
      let made = try definition.make()
      guard let instance = made as? T else { throw StandInError(message: "\(made) is not a \(T.self)") }
      keep(instance, key, in: definition.scope)
      return instance
    }
  }

  private func store<T>(
    scope: ComponentScope, type: T.Type, arguments: Any.Type, tag: DependencyTagConvertible?,
    make: @escaping () throws -> Any
  ) {
    precondition(!bootstrapped, "Dip stand-in: a container takes no registration after bootstrap()")
    locked {
      let key = DefinitionKey(type: type, arguments: arguments, tag: tag)
      definitions[key] = AnyDefinition(scope: scope, make: make)
      singletons[key] = nil
      weakSingletons[key] = nil
      sharedInstances[key] = nil
      if scope == .eagerSingleton && arguments == Void.self {
        eagerSingletons.append { _ = try self.resolve(tag: tag) as T }
      }
    }
  }

  private func kept(_ key: DefinitionKey, in scope: ComponentScope) -> Any? {
    switch scope {
    case .unique: return nil
    case .shared: return sharedInstances[key]
    case .singleton, .eagerSingleton: return singletons[key]
    case .weakSingleton: return weakSingletons[key]?.instance
    }
  }

  private func keep(_ instance: Any, _ key: DefinitionKey, in scope: ComponentScope) {
    switch scope {
    case .unique: break
    case .shared: sharedInstances[key] = instance
    case .singleton, .eagerSingleton: singletons[key] = instance
    case .weakSingleton: weakSingletons[key] = .strong(instance)
    }
  }

  /// `.shared` instances are dropped and weak singletons held weakly from now on.
  private func endOutermostResolve() {
    sharedInstances.removeAll()
    for (key, held) in weakSingletons {
      if case .strong(let instance) = held { weakSingletons[key] = .weak(WeakReference(instance as AnyObject)) }
    }
  }

  private func locked<R>(_ body: () throws -> R) rethrows -> R {
    guard threadSafe else { return try body() }
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }
}

/// How a container keeps what it resolves.
public enum ComponentScope {
  /// A new instance for every resolution.
  case unique
  /// One instance until the outermost `resolve` returns.
  case shared
  /// One instance, kept by the container.
  case singleton
  /// A singleton made by `bootstrap()`.
  case eagerSingleton
  /// One instance while something else holds it.
  case weakSingleton
}

/// A registration as `register` returns it. The stand-in's has no members.
public final class Definition<T, U> {
  init() {}
}

/// A value that can be used as a tag.
public protocol DependencyTagConvertible {
  /// The tag this value stands for.
  var dependencyTag: DependencyContainer.Tag { get }
}

extension DependencyContainer.Tag: DependencyTagConvertible {
  /// The tag itself.
  public var dependencyTag: DependencyContainer.Tag { self }
}

extension String: DependencyTagConvertible {
  /// `.String(self)`.
  public var dependencyTag: DependencyContainer.Tag { .String(self) }
}

extension Int: DependencyTagConvertible {
  /// `.Int(self)`.
  public var dependencyTag: DependencyContainer.Tag { .Int(self) }
}

extension DependencyTagConvertible where Self: RawRepresentable, Self.RawValue == Int {
  /// The raw value as an integer tag.
  public var dependencyTag: DependencyContainer.Tag { .Int(rawValue) }
}

extension DependencyTagConvertible where Self: RawRepresentable, Self.RawValue == String {
  /// The raw value as a string tag.
  public var dependencyTag: DependencyContainer.Tag { .String(rawValue) }
}

extension DependencyContainer.Tag: ExpressibleByStringLiteral {
  /// A string tag.
  public init(stringLiteral value: StringLiteralType) { self = .String(value) }
}

extension DependencyContainer.Tag: ExpressibleByIntegerLiteral {
  /// An integer tag.
  public init(integerLiteral value: IntegerLiteralType) { self = .Int(value) }
}

extension DependencyContainer.Tag: Equatable {}

/// A registration: its scope and how to make an instance.
private struct AnyDefinition {
  var scope: ComponentScope
  var make: () throws -> Any
}

/// What a definition is registered under: the type, the runtime arguments' type and the tag.
private struct DefinitionKey: Hashable {
  var type: ObjectIdentifier
  var arguments: ObjectIdentifier
  var tag: TagValue?

  init(type: Any.Type, arguments: Any.Type, tag: DependencyTagConvertible?) {
    self.type = ObjectIdentifier(type)
    self.arguments = ObjectIdentifier(arguments)
    switch tag?.dependencyTag {
    case .String(let text)?: self.tag = .text(text)
    case .Int(let number)?: self.tag = .number(number)
    case nil: self.tag = nil
    }
  }
}

private enum TagValue: Hashable {
  case text(String)
  case number(Int)
}

/// A weak singleton: strong while the resolve that made it runs, weak afterwards.
private enum WeakSingleton {
  case strong(Any)
  case weak(WeakReference)

  var instance: Any? {
    switch self {
    case .strong(let instance): return instance
    case .weak(let reference): return reference.object
    }
  }
}

private final class WeakReference {
  weak var object: AnyObject?
  init(_ object: AnyObject) { self.object = object }
}

private struct StandInError: Error, CustomStringConvertible {
  var message: String
  var description: String { "Dip stand-in: \(message)" }
}
