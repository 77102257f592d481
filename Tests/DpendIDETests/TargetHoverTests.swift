import DpendAnalysis
import DpendHost
import DpendIDE
import DpendModel
import DpendTestSupport
import Testing

/// Hover and navigation answer as the check does across build targets and assemblies (SPEC
/// 8.6): a resolve names the target it is answered in, and one nothing there answers says
/// where its key is registered and why that does not count.
@Suite struct TargetHoverTests {
  /// 1️⃣ the app's `Analytics`; 2️⃣ the unapplied assembly's `HUDPresenting`.
  static let app = MarkedText(
    """
    import Swinject

    protocol Analytics {}
    protocol HUDPresenting {}
    final class Console: Analytics {}
    final class HUD: HUDPresenting {}
    final class AppAssembly: Assembly {
      func assemble(container: Container) {
        container.1️⃣register(Analytics.self) { _ in Console() }
      }
    }
    final class PresentationAssembly: Assembly {
      func assemble(container: Container) {
        container.2️⃣register(HUDPresenting.self) { _ in HUD() }
      }
    }
    let assembler = Assembler([AppAssembly()])
    let analytics = assembler.resolver.3️⃣resolve(Analytics.self)!
    let hud = assembler.resolver.4️⃣resolve(HUDPresenting.self)!

    """)
  /// 1️⃣ the extension's own container resolving what only the app registers.
  static let share = MarkedText(
    """
    import Swinject

    let container = Container()
    let shared = container.1️⃣resolve(Analytics.self)!

    """)

  static func ide() throws -> IDE {
    var settings = AnalysisSettings(implicitFilter: try ImplicitFilter(patterns: []))
    settings.targets = TargetMap(
      targets: [
        TargetMap.Target(name: "App", kind: .application, dependencies: ["Share"]),
        TargetMap.Target(name: "Share", kind: .appExtension),
      ],
      targetsOfFile: ["App.swift": ["App"], "Share.swift": ["Share"]])
    let host = AnalysisHost(settings: settings)
    host.containerViews = .editor
    host.update([("App.swift", app.text), ("Share.swift", share.text)])
    return IDE(graph: host.graph())
  }

  @Test func aResolveSaysWhichTargetAnswersItAndWhyNothingElseDoes() throws {
    let ide = try Self.ide()
    #expect(
      ide.hover(at: Self.app.offset("3️⃣"), in: "App.swift")?.markdown == """
        Resolves `Analytics`

        In target 'App', from container 'assembler': answered by:
        - `Analytics`, default scope, at `App.swift:9`
        """)
    #expect(
      ide.hover(at: Self.app.offset("4️⃣"), in: "App.swift")?.markdown == """
        Resolves `HUDPresenting`

        In target 'App': nothing registers `HUDPresenting` (missing dependency)

        Registered elsewhere:
        - at `App.swift:14`, but in 'PresentationAssembly.assemble(container:)', which nothing applies: no 'PresentationAssembly' is made
        """)
    #expect(
      ide.hover(at: Self.share.offset("1️⃣"), in: "Share.swift")?.markdown == """
        Resolves `Analytics`

        In target 'Share': nothing registers `Analytics` (missing dependency)

        Registered elsewhere:
        - at `App.swift:9`, but in target 'App', which 'Share' does not link
        """)
    // Go to provider finds only what answers: nothing for the extension's resolve.
    #expect(ide.providers(at: Self.share.offset("1️⃣"), in: "Share.swift") == [])
    #expect(
      ide.providers(at: Self.app.offset("3️⃣"), in: "App.swift") == [
        Self.app.range("1️⃣", covering: "register", in: "App.swift")
      ])
  }
}
