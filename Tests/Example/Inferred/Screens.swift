/// The screens import no container: they reach it through `AppDI`, and Swift infers each
/// resolved type from where the value goes.
final class SettingsScreen {
  /// A getter's declared type.
  var settings: Settings { AppDI.shared.assembler.resolver.resolve() }
  let clock: Clock

  /// A default argument's parameter type.
  init(clock: Clock = AppDI.shared.assembler.resolver.resolve()) {
    self.clock = clock
  }

  /// A function's declared result.
  func makeRouter() -> Router { AppDI.shared.assembler.resolver.resolve() }
}

final class FeedConfigurator {
  /// A resolver held in a local.
  func configure() {
    let r = AppDI.shared.assembler.resolver
    _ = r.resolve(Store.self)!
    _ = r.resolve(Analytics.self)!
  }
}

/// A container a function returns, held in a global.
private let preview = Previews().makeContainer()

func previewStore() -> Store { preview.resolve(Store.self)! }

func previewRouter() -> Router { preview.resolve(Router.self)! }

/// A composition written in another order than registered, and a key auto-wired elsewhere.
final class SyncScreen {
  var synced: Clock & Store { AppDI.shared.assembler.resolver.resolve() }
  var navigator: Navigator { AppDI.shared.assembler.resolver.resolve() }
}
