import DpendAnalysis
import DpendGenerate
import DpendHost
import DpendModel
import DpendTestSupport
import Testing

/// Registrations go into the container instance they are made on (SPEC 8.6): a container
/// made elsewhere answers nothing, unless it is a parent of the one resolved from, or
/// collaborates with it; what dpend cannot follow may be any container.
@Suite struct ContainerInstanceTests {
  static let services = """
    protocol Clock {}
    final class SystemClock: Clock {}
    protocol Feed {}
    final class RemoteFeed: Feed {
      init(clock: Clock) {}
    }

    """

  static func messages(_ graph: DependencyGraph) -> [String] {
    graph.diagnostics.map { diagnostic in
      ([diagnostic.message] + diagnostic.notes.map { "\($0.range.file):\($0.range.start.line): \($0.message)" })
        .joined(separator: " | ")
    }
  }

  @Test func aPreviewsContainerDoesNotAnswerTheApps() throws {
    let app = """
      import Swinject

      let container = Container()
      let clock = container.resolve(Clock.self)!
      """
    let preview = """
      import Swinject

      func makePreview() {
        let previewContainer = Container()
        previewContainer.register(Clock.self) { _ in SystemClock() }
        _ = previewContainer.resolve(Clock.self)!
      }
      """
    let graph = try analyze(["Services.swift": Self.services, "App.swift": app, "Preview.swift": preview])
    #expect(
      Self.messages(graph) == [
        "missing dependency: nothing registers 'Clock' | App.swift:4: resolved here | Preview.swift:5: registered here, but into 'previewContainer', which is not 'container' or a parent of it"
      ])
  }

  @Test func aChildSeesItsParentButNotTheOtherWay() throws {
    let setup = """
      import Swinject

      final class AppContainer {
        static let shared = Container()
      }
      let child = Container(parent: AppContainer.shared)

      func setUp() {
        AppContainer.shared.register(Clock.self) { _ in SystemClock() }
        child.register(Feed.self) { r in RemoteFeed(clock: r.resolve(Clock.self)!) }
        let feed = child.resolve(Feed.self)!
        let clock = child.resolve(Clock.self)!
        let parentFeed = AppContainer.shared.resolve(Feed.self)!
      }
      """
    let graph = try analyze(["Services.swift": Self.services, "Setup.swift": setup])
    #expect(
      Self.messages(graph) == [
        "missing dependency: nothing registers 'Feed' | Setup.swift:13: resolved here | Setup.swift:10: registered here, but into 'child', which is not 'shared' or a parent of it"
      ])
  }

  @Test func whatDpendCannotFollowMayBeAnyContainer() throws {
    let setup = """
      import Swinject

      let container = Container()
      let other = Container()

      // A parameter: whatever the caller passes.
      func registerCore(in registry: Container) {
        registry.register(Clock.self) { _ in SystemClock() }
      }

      class BaseScreen {
        let container = Container()
      }

      final class FeedScreen: BaseScreen {
        func load() {
          registerCore(in: other)
          // The inherited property, perhaps: not told apart from the global.
          _ = container.resolve(Feed.self)!
          // A call's result.
          _ = makeContainer().resolve(Clock.self)!
        }
      }

      func makeContainer() -> Container { other }

      // A property holding what the initializer is given hides the global of its name.
      final class Router {
        private let container: Resolver
        init(container: Resolver) { self.container = container }
        func open() { _ = container.resolve(Feed.self)! }
      }

      func start() {
        other.register(Feed.self) { r in RemoteFeed(clock: r.resolve(Clock.self)!) }
        _ = container.resolve(Clock.self)!
      }
      """
    let graph = try analyze(["Services.swift": Self.services, "Setup.swift": setup])
    #expect(Self.messages(graph) == [])
  }

  @Test func anAssemblersResolverIsItsContainer() throws {
    let app = """
      import Swinject

      final class FeedAssembly: Assembly {
        func assemble(container: Container) {
          container.register(Feed.self) { r in RemoteFeed(clock: r.resolve(Clock.self)!) }
        }
      }
      let assembler = Assembler([FeedAssembly()])
      let feed = assembler.resolver.resolve(Feed.self)!

      func preview() {
        let previewContainer = Container()
        previewContainer.register(Clock.self) { _ in SystemClock() }
      }
      """
    let graph = try analyze(["Services.swift": Self.services, "App.swift": app])
    // The assembly registers into whatever container applies it: it answers. The factory's
    // resolver is that container too, which the preview's is not.
    #expect(Self.messages(graph) == [])
    let direct = app.replacingOccurrences(
      of: "let feed = assembler.resolver.resolve(Feed.self)!",
      with: "let feed = assembler.resolver.resolve(Feed.self)!\nlet clock = assembler.resolver.resolve(Clock.self)!")
    #expect(
      Self.messages(try analyze(["Services.swift": Self.services, "App.swift": direct])) == [
        "missing dependency: nothing registers 'Clock' | App.swift:10: resolved here | App.swift:14: registered here, but into 'previewContainer', which is not 'assembler' or a parent of it"
      ])
  }

  @Test func collaboratingDipContainersAnswerEachOther() throws {
    let app = """
      import Dip

      let core = DependencyContainer()
      let screens = DependencyContainer()
      let lonely = DependencyContainer()

      func setUp() {
        core.register { SystemClock() as Clock }
        screens.collaborate(with: core)
        let clock: Clock = try! screens.resolve()
        let lost: Clock = try! lonely.resolve()
      }
      """
    let graph = try analyze(["Services.swift": Self.services, "App.swift": app])
    #expect(
      Self.messages(graph) == [
        "missing dependency: nothing registers 'Clock' | App.swift:11: resolved here | App.swift:8: registered here, but into 'core', which is not 'lonely' or a parent of it"
      ])
  }

  @Test func theTreeAndTheGraphNameEachRegistrationsContainer() throws {
    let app = """
      import Swinject

      let container = Container()
      func setUp() {
        container.register(Clock.self) { _ in SystemClock() }
        let previewContainer = Container()
        previewContainer.register(Clock.self) { _ in SystemClock() }
      }
      """
    let graph = try analyze(["Services.swift": Self.services, "App.swift": app])
    #expect(
      TreeRenderer.render(graph) == """
        Clock ← SystemClock [Swinject, container 'container'] — App.swift:5
        Clock ← SystemClock [Swinject, container 'previewContainer'] — App.swift:7

        """)
    #expect(
      DotRenderer.render(graph).contains(
        #"label="Clock\nSystemClock into 'container'\nSystemClock into 'previewContainer'""#))
  }

  /// The editor's builder keeps a container check for an edit its rules read as changing no
  /// key: not when the edit changes which container a variable holds.
  @Test func anEditOfWhatAVariableHoldsChecksAgain() throws {
    let app = """
      import Swinject

      protocol Clock {}
      final class SystemClock: Clock {}
      let container = Container()
      let previewContainer = Container()
      func setUp() {
        previewContainer.register(Clock.self) { _ in SystemClock() }
      }
      let clock = container.resolve(Clock.self)!

      """
    let host = AnalysisHost(settings: AnalysisSettings(implicitFilter: try ImplicitFilter(patterns: [])))
    host.containerViews = .editor
    host.update([("App.swift", app)])
    #expect(host.graph().diagnostics.map(\.message) == ["missing dependency: nothing registers 'Clock'"])
    let same = app.replacing("let previewContainer = Container()", with: "let previewContainer: Container = container")
    host.update([("App.swift", same)])
    #expect(host.graph().diagnostics == [])
    host.update([("App.swift", app)])
    #expect(host.graph().diagnostics.map(\.message) == ["missing dependency: nothing registers 'Clock'"])
  }
}
