/// Imports nothing: `@_exported import Swinject` in DI.swift makes Swinject visible here.
final class AppAssembly: Assembly {
  func assemble(container: Container) {
    container.register(Store.self) { _ in DiskStore() }
    container.register(Clock.self) { _ in SystemClock() }
    container.register(Settings.self) { r in Settings(store: r.resolve(Store.self)!) }
    // Swinject's operator.
    container.register(Feed.self) { r in Feed(clock: r ~> Clock.self, store: r ~> Store.self) }
    // A composition is one key, in any order.
    container.register((Store & Clock).self) { _ in SyncedStore() }
    // The library's module name is no part of a key: `AppNavigator` needs `Swinject.Resolver`.
    container.register(Resolver.self) { r in r }
    container.autoregister(Navigator.self, initializer: AppNavigator.init)
  }
}
