import DpendAnalysis
import DpendHost
import DpendIDE
import DpendModel
import DpendTestSupport
import Testing

/// Hover, go to definition and references on what the app's own helpers read (SPEC 8.1, 8.2):
/// a helper's call, an inject wrapper's property and a resolve through a global container are
/// sites like the library's own.
@Suite struct InferredHelperNavigationTests {
  /// 1️⃣ the helper extension's registration of `VideoPlayer`; 2️⃣ `Settings` registered
  /// through `registerShared`.
  static let assembly = MarkedText(
    """
    import Swinject

    extension Container {
      @discardableResult
      func registerShared<S>(_ t: S.Type, factory: @escaping (Resolver) -> S) -> ServiceEntry<S> {
        register(t, factory: factory).inObjectScope(.container)
      }
    }
    let container = Container()
    enum DI {
      static func resolve<S>(_ t: S.Type) -> S { container.resolve(t)! }
    }
    @propertyWrapper struct Inject<Value> {
      let wrappedValue: Value
      init() { wrappedValue = DI.resolve(Value.self) }
    }
    protocol Settings {}
    final class AppSettings: Settings {}
    final class VideoPlayer { init(settings: Settings) {} }
    func assemble() {
      container.2️⃣registerShared(Settings.self) { _ in AppSettings() }
      container.1️⃣register(VideoPlayer.self) { r in VideoPlayer(settings: r.resolve(Settings.self)!) }
    }

    """)
  /// 1️⃣ a wrapped property; 2️⃣ the static helper; 3️⃣ the global container, in a file that
  /// does not import Swinject.
  static let screen = MarkedText(
    """
    final class Home {
      @Inject var player: 1️⃣VideoPlayer
      func open() {
        _ = DI.2️⃣resolve(Settings.self)
        _ = container.3️⃣resolve(VideoPlayer.self)!
      }
    }

    """)

  static func ide() throws -> IDE {
    let host = AnalysisHost(settings: AnalysisSettings(implicitFilter: try ImplicitFilter(patterns: [])))
    host.containerViews = .editor
    host.update([("Assembly.swift", assembly.text), ("Home.swift", screen.text)])
    return IDE(graph: host.graph())
  }

  @Test func hoverOnAWrapperAndAHelperCallNamesTheRegistration() throws {
    let ide = try Self.ide()
    #expect(
      ide.hover(at: Self.screen.offset("1️⃣"), in: "Home.swift")
        == HoverResult(
          markdown: """
            Resolves `VideoPlayer`

            Answered by:
            - `VideoPlayer`, default scope, at `Assembly.swift:22`
            """,
          range: Self.screen.range("1️⃣", covering: "VideoPlayer", in: "Home.swift")))
    #expect(
      ide.hover(at: Self.screen.offset("2️⃣"), in: "Home.swift")?.markdown == """
        Resolves `Settings`

        Answered by:
        - `Settings`, scope `container`, at `Assembly.swift:21`
        """)
  }

  @Test func definitionAndReferencesConnectHelperCallsAndGlobals() throws {
    let ide = try Self.ide()
    let player = Self.assembly.range("1️⃣", covering: "register", in: "Assembly.swift")
    let settings = Self.assembly.range("2️⃣", covering: "registerShared", in: "Assembly.swift")
    #expect(ide.providers(at: Self.screen.offset("1️⃣"), in: "Home.swift") == [player])
    #expect(ide.providers(at: Self.screen.offset("2️⃣"), in: "Home.swift") == [settings])
    #expect(ide.providers(at: Self.screen.offset("3️⃣"), in: "Home.swift") == [player])
    #expect(
      ide.consumers(at: Self.assembly.offset("1️⃣"), in: "Assembly.swift", includeDeclaration: false) == [
        Self.screen.range("1️⃣", covering: "VideoPlayer", in: "Home.swift"),
        Self.screen.range("3️⃣", covering: "resolve", in: "Home.swift"),
      ])
  }
}
