import Swinject

/// The app's own forms of Swinject's calls: dpend infers them from their bodies.
extension Container {
  @discardableResult
  func register<Service>(
    _ type: Service.Type, name: String? = nil, isolatedFactory: @escaping @MainActor (Resolver) -> Service
  ) -> ServiceEntry<Service> {
    register(type, name: name) { resolver in MainActor.assumeIsolated { isolatedFactory(resolver) } }
  }

  @discardableResult
  func registerShared<Service>(_ type: Service.Type, factory: @escaping (Resolver) -> Service)
    -> ServiceEntry<Service>
  {
    register(type, factory: factory).inObjectScope(.container)
  }
}

/// The app's one container.
let container = Container()

/// Resolves or crashes: a screen nothing registers fails when it opens.
enum DI {
  static func resolve<Service>(_ type: Service.Type) -> Service { container.resolve(type)! }
}

/// `@Inject var player: VideoPlayer` resolves when its owner is made.
@propertyWrapper struct Inject<Value> {
  let wrappedValue: Value
  init() { wrappedValue = DI.resolve(Value.self) }
}
