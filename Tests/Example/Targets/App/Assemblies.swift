import Swinject

final class StorageAssembly: Assembly {
  func assemble(container: Container) {
    container.registerCore()
    container.register(Storage.self) { _ in DiskStorage() }
    container.register(Analytics.self) { _ in ConsoleAnalytics() }
    #if arch(x86_64)
      container.register(Haptics.self) { _ in SimulatedHaptics() }
    #endif
  }
}

final class PresentationAssembly: Assembly {
  func assemble(container: Container) {
    container.register(HUDPresenting.self) { _ in HUD() }
  }
}

final class ScreensAssembly: Assembly {
  func assemble(container: Container) {
    container.register(FeedbackScreen.self) { r in
      guard let hud = r.resolve(HUDPresenting.self) else { fatalError("no HUD") }
      return FeedbackScreen(hud: hud, haptics: r.resolve(Haptics.self)!)
    }
  }
}
