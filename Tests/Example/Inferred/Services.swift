protocol Store {}
final class DiskStore: Store {}
final class MemoryStore: Store {}
protocol Clock {}
final class SystemClock: Clock {}
protocol Analytics {}
protocol Router {}

final class Settings {
  init(store: Store) {}
}

final class Feed {
  init(clock: Clock, store: Store) {}
}

final class SyncedStore: Store, Clock {}
protocol Navigator {}

final class AppNavigator: Navigator {
  init(resolver: Swinject.Resolver) {}
}
