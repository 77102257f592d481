import DpendRuntime

protocol Clock {
  var hour: Int { get }
}

protocol Greeting {
  func text(for name: String) -> String
}

final class MorningClock: Clock {
  let hour = 9
}

final class GreetingImpl: Greeting {
  private let clock: Clock
  private let punctuation: String

  init(clock: Clock, punctuation: Tagged<String, Emphasis>) {
    self.clock = clock
    self.punctuation = punctuation.dependency
  }

  func text(for name: String) -> String {
    (clock.hour < 12 ? "Good morning, " : "Hello, ") + name + punctuation
  }
}

enum Emphasis: DependencyTag {}

final class GreeterConfiguration: DependencyConfiguration {
  init() {}

  func punctuation() -> DependencyRegistration<String> {
    DependencyRegistration(tag: Emphasis.self, scope: .singleton) { "!" }
  }
}

/// `Vendor/Clock.dpendmodule` provides `Clock` with `MorningClock` (a library's description
/// of its factories; its types live in this target to keep the fixture one package).
/// `PluginFixtureTests` switches it to this one.
final class EveningClock: Clock {
  let hour = 18
}
