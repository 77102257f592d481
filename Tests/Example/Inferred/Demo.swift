/// Compiled into the app target only (`Inferred.xcodeproj`), which never sets `WIDGET`: only the
/// widget's build configurations set it, so the demo is registered wherever it is resolved.
#if !WIDGET
  final class DemoAssembly: Assembly {
    func assemble(container: Container) {
      container.register(DemoManager.self) { _ in DemoManager() }
    }
  }
#endif

final class DemoManager {}

final class DemoScreen {
  var demo: DemoManager { AppDI.shared.assembler.resolver.resolve() }
}
