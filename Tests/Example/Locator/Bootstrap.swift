protocol Clock {}
protocol Store {}
protocol Feed {}
protocol Analytics {}

struct SystemClock: Clock {}
final class DiskStore: Store { init(clock: Clock) {} }
final class RemoteFeed: Feed { init(store: Store) {} }

enum Bootstrap {
  static func start() {
    ServiceLocator.register(Clock.self) { SystemClock() }
    ServiceLocator.register(Store.self) { DiskStore(clock: inject()) }
    ServiceLocator.register(RemoteFeed.self) { RemoteFeed(store: inject()) }
  }
}
