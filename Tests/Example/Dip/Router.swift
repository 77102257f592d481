import Dip

final class Router {
  func start() throws {
    // Renamed to "welcome" at the registration, not here.
    let first = try container.resolve(tag: "onboarding") as Screen
    // Optional on purpose: nothing is shown when there is no screen.
    let next = try? container.resolve(tag: "welcome") as Screen
    _ = (first, next)
  }
}
