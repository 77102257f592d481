import Swinject

extension Container {
  /// What the app and its share extension both register.
  func registerCore() {
    register(Clock.self) { _ in SystemClock() }
  }
}
