// A STAND-IN FOR RESOLVER, NOT RESOLVER. Resolver (https://github.com/hmlongco/Resolver) is not
// available on the build machines, so `QuickFixCompileTests` compiles the registrations dpend's
// quick fixes write for Resolver against this module instead, named `Resolver`. It is written
// for dpend's tests, shares no code with Resolver, and declares only the part of Resolver 1.5's
// API that the quick fixes and the tests' workspaces use, with Resolver's signatures, so that
// what compiles here compiles with Resolver:
//
// - `Resolver.main`, `Resolver.root`, `Resolver.defaultScope` and `init(parent:)`;
// - `register(_:name:factory:)`, static and instance, for a factory without arguments and for
//   one taking the resolver (a closure without parameters matches only the first);
// - `resolve(_:name:args:)` and `optional(_:name:args:)`, static and instance;
// - `ResolverRegistering` and its `registerAllServices()`, called once before the first resolve;
// - `ResolverOptions.scope(_:)`, `ResolverScope` and its statics `.application`, `.cached`,
//   `.graph`, `.shared`, `.unique`;
// - `Resolver.Name` (a string literal is one) and `@Injected`.
//
// Its behaviour follows Resolver's documentation closely enough to run the tests' programs:
// `.application` and `.cached` keep an instance (`ResolverScopeCache.reset()` drops the cached
// ones), `.graph` (the default) reuses an instance within the outermost resolve, `.shared` keeps
// one while something else holds it, `.unique` makes one per resolve; a resolve that finds no
// registration stops the program, `optional` returns `nil`; a child registry asks its parent.
// One recursive lock guards the state. Not here: runtime arguments (`Resolver.Args`, the
// `register` overload taking them, `resolve(arg0:…)`; `args` is accepted and ignored),
// `implements`, `resolveProperties`, `@LazyInjected`, `@OptionalInjected`,
// `@WeakLazyInjected`, `@InjectedObject`, `Resolving` and `reset()`.

import Foundation

/// Registers factories and resolves instances by type and name (stand-in: see the top of the file).
public final class Resolver {
  /// A registration's name. Resolver's name for it.
  public struct Name: ExpressibleByStringLiteral, Hashable, Equatable {
    /// The name's text.
    public let rawValue: String

    /// The name `rawValue`.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// The name `value`.
    public init(stringLiteral value: String) { self.rawValue = value }
  }

  /// The registry the static registration functions use.
  nonisolated(unsafe) public static var main: Resolver = Resolver()
  /// The registry the static resolution functions and `@Injected` use.
  nonisolated(unsafe) public static var root: Resolver = main
  /// The scope a registration has unless `scope(_:)` says otherwise.
  nonisolated(unsafe) public static var defaultScope: ResolverScope = .graph

  private let parent: Resolver?
  private var registrations: [RegistrationKey: AnyRegistration] = [:]

  /// A registry; what it does not have, it resolves from `parent`.
  public init(parent: Resolver? = nil) {
    self.parent = parent
  }

  // MARK: Registration

  /// Registers `factory` on `main` for `type` (by default the factory's result type), under `name`.
  @discardableResult public static func register<Service>(
    _ type: Service.Type = Service.self, name: Resolver.Name? = nil, factory: @escaping ResolverFactory<Service>
  ) -> ResolverOptions<Service> {
    main.register(type, name: name, factory: factory)
  }

  /// Registers `factory`, which is handed the resolver, on `main`.
  @discardableResult public static func register<Service>(
    _ type: Service.Type = Service.self, name: Resolver.Name? = nil,
    factory: @escaping ResolverFactoryResolver<Service>
  ) -> ResolverOptions<Service> {
    main.register(type, name: name, factory: factory)
  }

  /// Registers `factory` for `type` (by default the factory's result type), under `name`.
  @discardableResult public func register<Service>(
    _ type: Service.Type = Service.self, name: Resolver.Name? = nil, factory: @escaping ResolverFactory<Service>
  ) -> ResolverOptions<Service> {
    store(name: name) { _ in factory() }
  }

  /// Registers `factory`, which is handed the resolver.
  @discardableResult public func register<Service>(
    _ type: Service.Type = Service.self, name: Resolver.Name? = nil,
    factory: @escaping ResolverFactoryResolver<Service>
  ) -> ResolverOptions<Service> {
    store(name: name, make: factory)
  }

  // MARK: Resolution

  /// The instance of `type` registered under `name` on `root`; the program stops when there is none.
  public static func resolve<Service>(
    _ type: Service.Type = Service.self, name: Resolver.Name? = nil, args: Any? = nil
  ) -> Service {
    registerServicesOnce()
    return root.resolve(type, name: name, args: args)
  }

  /// The instance of `type` registered under `name`; the program stops when there is none.
  public func resolve<Service>(
    _ type: Service.Type = Service.self, name: Resolver.Name? = nil, args: Any? = nil
  ) -> Service {
    guard let service = optional(type, name: name, args: args) else {
      fatalError("Resolver stand-in: '\(Service.self):\(name?.rawValue ?? "")' not resolved")
    }
    return service
  }

  /// The instance of `type` registered under `name` on `root`, or `nil`.
  public static func optional<Service>(
    _ type: Service.Type = Service.self, name: Resolver.Name? = nil, args: Any? = nil
  ) -> Service? {
    registerServicesOnce()
    return root.optional(type, name: name, args: args)
  }

  /// The instance of `type` registered under `name`, or `nil`.
  public func optional<Service>(
    _ type: Service.Type = Service.self, name: Resolver.Name? = nil, args: Any? = nil
  ) -> Service? {
    Resolver.registerServicesOnce()
    return Resolver.locked {
      guard let (registration, owner) = lookup(RegistrationKey(type: Service.self, name: name)) else { return nil }
      return registration.options.scope.instance(for: registration.cacheKey) {
        registration.make(owner)
      } as? Service
    }
  }

  // MARK: Internals

  private func store<Service>(
    name: Resolver.Name?, make: @escaping (Resolver) -> Service?
  ) -> ResolverOptions<Service> {
    let options = ResolverOptions<Service>()
    Resolver.locked {
      let key = RegistrationKey(type: Service.self, name: name)
      let cacheKey = "\(ObjectIdentifier(self).hashValue):\(key.type.hashValue):\(name?.rawValue ?? "*")"
      registrations[key] = AnyRegistration(options: options, cacheKey: cacheKey) { make($0) }
    }
    return options
  }

  private func lookup(_ key: RegistrationKey) -> (AnyRegistration, Resolver)? {
    if let registration = registrations[key] { return (registration, self) }
    return parent?.lookup(key)
  }

  private static let lock = NSRecursiveLock()
  nonisolated(unsafe) private static var registered = false

  /// Calls `registerAllServices()` once, before the first resolution, when `Resolver` is `ResolverRegistering`.
  private static func registerServicesOnce() {
    locked {
      guard !registered else { return }
      registered = true
      if let registering = (Resolver.root as Any) as? ResolverRegistering {
        type(of: registering).registerAllServices()
      }
    }
  }

  fileprivate static func locked<R>(_ body: () throws -> R) rethrows -> R {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }
}

/// Registers every service before the first resolution: `extension Resolver: ResolverRegistering`.
public protocol ResolverRegistering {
  /// Registers the application's services.
  static func registerAllServices()
}

/// A factory without arguments; `nil` resolves to nothing.
public typealias ResolverFactory<Service> = () -> Service?
/// A factory handed the resolver it is resolved from.
public typealias ResolverFactoryResolver<Service> = (_ resolver: Resolver) -> Service?

/// What `register` returns, to set the registration's scope.
public class ResolverOptions<Service> {
  /// How the registration's instances are kept.
  public var scope: ResolverScope

  init() {
    self.scope = Resolver.defaultScope
  }

  /// Keeps the registration's instances as `scope` says.
  @discardableResult public final func scope(_ scope: ResolverScope) -> ResolverOptions<Service> {
    self.scope = scope
    return self
  }
}

/// How a registration's instances are kept.
open class ResolverScope {
  /// One instance for the application's lifetime.
  public static let application = ResolverScopeCache()
  /// One instance until the cache is reset.
  public static let cached = ResolverScopeCache()
  /// One instance within the outermost resolution (the default).
  public static let graph = ResolverScopeGraph()
  /// One instance while something else holds it.
  public static let shared = ResolverScopeShare()
  /// A new instance for every resolution.
  public static let unique = ResolverScopeUnique()

  public init() {}

  /// The instance kept under `key`, else the one `make` returns (kept as the scope says).
  func instance(for key: String, _ make: () -> Any?) -> Any? { make() }
}

/// Keeps instances until `reset()`.
public final class ResolverScopeCache: ResolverScope {
  private var cached: [String: Any] = [:]

  override public init() {}

  /// Drops the kept instances.
  public func reset() {
    Resolver.locked { cached.removeAll() }
  }

  override func instance(for key: String, _ make: () -> Any?) -> Any? {
    if let kept = cached[key] { return kept }
    let made = make()
    if let made { cached[key] = made }
    return made
  }
}

/// Reuses an instance within the outermost resolution.
public final class ResolverScopeGraph: ResolverScope {
  private var graph: [String: Any] = [:]
  private var depth = 0

  override public init() {}

  override func instance(for key: String, _ make: () -> Any?) -> Any? {
    if let kept = graph[key] { return kept }
    depth += 1
    let made = make()
    depth -= 1
    if depth == 0 {
      graph.removeAll()
    } else if let made, type(of: made as Any) is AnyClass {
      graph[key] = made
    }
    return made
  }
}

/// Keeps an instance while something else holds it (instances of classes only).
public final class ResolverScopeShare: ResolverScope {
  private var shared: [String: WeakReference] = [:]

  override public init() {}

  override func instance(for key: String, _ make: () -> Any?) -> Any? {
    if let kept = shared[key]?.object { return kept }
    let made = make()
    if let made, type(of: made as Any) is AnyClass { shared[key] = WeakReference(made as AnyObject) }
    return made
  }
}

/// Makes a new instance for every resolution.
public final class ResolverScopeUnique: ResolverScope {
  override public init() {}
}

/// Resolves the wrapped service from `Resolver.root` (or `container`) when the owner is made.
@propertyWrapper public struct Injected<Service> {
  private var service: Service

  /// Resolves the service from `Resolver.root`.
  public init() {
    self.service = Resolver.resolve(Service.self)
  }

  /// Resolves the service named `name` from `container`, else from `Resolver.root`.
  public init(name: Resolver.Name? = nil, container: Resolver? = nil) {
    self.service = container?.resolve(Service.self, name: name) ?? Resolver.resolve(Service.self, name: name)
  }

  /// The resolved service.
  public var wrappedValue: Service {
    get { service }
    mutating set { service = newValue }
  }

  /// The wrapper itself.
  public var projectedValue: Injected<Service> {
    get { self }
    mutating set { self = newValue }
  }
}

/// A registration: its options, where its scope keeps it and how to make an instance.
private struct AnyRegistration {
  var options: AnyOptions
  var cacheKey: String
  var make: (Resolver) -> Any?

  init<Service>(options: ResolverOptions<Service>, cacheKey: String, make: @escaping (Resolver) -> Any?) {
    self.options = AnyOptions { options.scope }
    self.cacheKey = cacheKey
    self.make = make
  }
}

/// A registration's options without its service type.
private struct AnyOptions {
  var currentScope: () -> ResolverScope
  var scope: ResolverScope { currentScope() }
}

/// What a registration is registered under: the service type and the name.
private struct RegistrationKey: Hashable {
  var type: ObjectIdentifier
  var name: String?

  init(type: Any.Type, name: Resolver.Name?) {
    self.type = ObjectIdentifier(type)
    self.name = name?.rawValue
  }
}

private final class WeakReference {
  weak var object: AnyObject?
  init(_ object: AnyObject) { self.object = object }
}
