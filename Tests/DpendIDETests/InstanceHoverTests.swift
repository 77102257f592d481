import DpendAnalysis
import DpendHost
import DpendIDE
import DpendModel
import DpendTestSupport
import Testing

/// Hover and go to provider answer as the check does across container instances (SPEC 8.6):
/// a resolve names the container it is made on, and one that container does not answer says
/// which container the key is registered into.
@Suite struct InstanceHoverTests {
  static let app = MarkedText(
    """
    import Swinject

    protocol Clock {}
    protocol Feed {}
    final class SystemClock: Clock {}
    final class RemoteFeed: Feed {}
    let container = Container()
    func setUp() {
      container.1️⃣register(Clock.self) { _ in SystemClock() }
    }
    let clock = container.2️⃣resolve(Clock.self)!
    let feed = container.3️⃣resolve(Feed.self)!

    """)
  static let preview = MarkedText(
    """
    import Swinject

    func preview() {
      let previewContainer = Container()
      previewContainer.4️⃣register(Feed.self) { _ in RemoteFeed() }
      previewContainer.register(Clock.self) { _ in SystemClock() }
    }

    """)

  @Test func aResolveNamesItsContainerAndWhatOthersRegister() throws {
    let host = AnalysisHost(settings: AnalysisSettings(implicitFilter: try ImplicitFilter(patterns: [])))
    host.containerViews = .editor
    host.update([("App.swift", Self.app.text), ("Preview.swift", Self.preview.text)])
    let ide = IDE(graph: host.graph())
    #expect(
      ide.hover(at: Self.app.offset("2️⃣"), in: "App.swift")?.markdown == """
        Resolves `Clock`

        From container 'container': answered by:
        - `Clock`, default scope, at `App.swift:9`, into 'container'
        """)
    #expect(
      ide.hover(at: Self.app.offset("3️⃣"), in: "App.swift")?.markdown == """
        Resolves `Feed`

        Nothing registers `Feed` (missing dependency)

        Registered elsewhere:
        - at `Preview.swift:5`, but into 'previewContainer', which is not 'container' or a parent of it
        """)
    // Go to provider: only the registration into the container resolved from.
    #expect(
      ide.providers(at: Self.app.offset("2️⃣"), in: "App.swift") == [
        Self.app.range("1️⃣", covering: "register", in: "App.swift")
      ])
    #expect(ide.providers(at: Self.app.offset("3️⃣"), in: "App.swift") == [])
  }
}
