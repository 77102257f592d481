/// The app's entry: it never imports Swinject, and reaches the container through the global
/// and the helpers.
final class App {
  let router = container.resolve(LinkRouter.self)!

  func openHome() -> HomeScreen { DI.resolve(HomeScreen.self) }

  func openSettings() {
    let screen = DI.resolve(SettingsScreen.self)
    _ = screen
  }
}
