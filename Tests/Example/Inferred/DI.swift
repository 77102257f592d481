@_exported import Swinject
@_exported import SwinjectAutoregistration

/// The app's one assembler, reached through a shared object.
final class AppDI {
  static let shared = AppDI()
  let assembler = Assembler([AppAssembly(), DemoAssembly()])
}

/// Resolves the type the caller's context expects, or crashes.
extension Resolver {
  func resolve<Service>() -> Service { resolve(Service.self)! }
}

/// A container made by a function, for previews.
final class Previews {
  func makeContainer() -> Container {
    let container = Container()
    container.register(Store.self) { _ in MemoryStore() }
    return container
  }
}
