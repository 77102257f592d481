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
