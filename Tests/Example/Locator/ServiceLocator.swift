/// The app's own locator: a dictionary of factories keyed by metatype.
final class ServiceLocator {
  nonisolated(unsafe) private static var factories: [ObjectIdentifier: () -> Any] = [:]

  static func register<Service>(_ type: Service.Type, factory: @escaping () -> Service) {
    factories[ObjectIdentifier(type)] = factory
  }

  static func resolve<Service>(_ type: Service.Type) -> Service {
    guard let factory = factories[ObjectIdentifier(type)] else { fatalError("nothing registers \(type)") }
    return factory() as! Service
  }
}

func inject<Service>() -> Service { ServiceLocator.resolve(Service.self) }

@propertyWrapper struct Inject<Service> {
  let wrappedValue: Service = inject()
}
