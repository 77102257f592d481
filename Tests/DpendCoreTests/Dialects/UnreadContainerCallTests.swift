import DpendAnalysis
import DpendModel
import DpendTestSupport
import Testing

/// Nothing skipped silently, silence narrow (SPEC 8.5): a `register` or `resolve` made on a
/// container in a form no dialect reads is unread with its reason, and an unread registration
/// silences only the resolves it could answer, each named at it.
@Suite struct UnreadContainerCallTests {
  static let services = """
    protocol Store {}
    final class StoreImpl: Store {}
    protocol Feed {}
    final class FeedImpl: Feed { init(store: Store) {} }
    final class Router {}
    final class Box { func resolve(_ key: Any.Type) {} }
    final class Promise { func resolve(_ value: Int) {} }
    final class TableView { func register(_ type: Any.Type, forCellReuseIdentifier: String) {} }

    """

  @Test func callsOnAContainerNoDialectReadsAreUnreadWithTheirReason() throws {
    let assembly = MarkedText(
      """
      import Swinject

      func assemble(container: Container, key: Any.Type) {
        container.register(Store.self) { _ in StoreImpl() }
        container.1️⃣register(key) { _ in StoreImpl() }
        container.register(Feed.self) { r in
          _ = r.2️⃣resolve(key)
          return FeedImpl(store: r.resolve(Store.self)!)
        }
      }

      final class Screen {
        private let resolver: Resolver
        init(resolver: Resolver) { self.resolver = resolver }
        func load(_ key: Any.Type) { _ = resolver.3️⃣resolve(key) }
      }
      """)
    // Hard negatives: the same names on values that are no container.
    let others = """
      import Swinject

      func other(container: Box, promise: Promise, table: TableView, key: Any.Type) {
        container.resolve(key)
        promise.resolve(3)
        table.register(Store.self, forCellReuseIdentifier: "cell")
      }
      """
    let graph = try analyze([
      "Services.swift": Self.services, "Assembly.swift": assembly.text, "Others.swift": others,
    ])
    #expect(graph.diagnostics.isEmpty)
    #expect(
      graph.container.unread.map { "\($0.range.start) \($0.message)" } == [
        "\(assembly.position("1️⃣")) unread registration: 'register(_:)' on container 'container' is no form of Swinject's register dpend reads",
        "\(assembly.position("2️⃣")) unread resolve: 'resolve(_:)' on container 'r' is no form of Swinject's resolve dpend reads",
        "\(assembly.position("3️⃣")) unread resolve: 'resolve(_:)' on container 'resolver' is no form of Swinject's resolve dpend reads",
      ])
    #expect(graph.container.registrationsUnread == 1)
    #expect(graph.container.resolvesUnread == 2)
  }

  @Test func aGlobalContainerUsedWithoutTheImportIsUnreadWhereItsFormIsNotRead() throws {
    let container = "import Dip\n\nlet container = DependencyContainer { c in c.register { Router() } }"
    let app = MarkedText(
      """
      final class App {
        let router: Router = try! container.resolve()
        func load(_ key: Any.Type) { _ = container.1️⃣resolve(key, from: self) }
      }
      """)
    let graph = try analyze(["Services.swift": Self.services, "Container.swift": container, "App.swift": app.text])
    #expect(graph.diagnostics.isEmpty)
    #expect(
      graph.container.unread.map { "\($0.range.start) \($0.message)" } == [
        "\(app.position("1️⃣")) unread resolve: 'resolve(_:from:)' on container 'container' is no form of Dip's resolve dpend reads"
      ])
  }

  @Test func anUnreadRegistrationSilencesOnlyWhatItCouldAnswerAndSaysWhich() throws {
    let assembly = MarkedText(
      """
      import Swinject

      func assemble(container: Container) {
        container.1️⃣register(Router.self, forKey: "main") { _ in Router() }
      }

      final class Screen {
        init(resolver: Resolver) {
          _ = resolver.2️⃣resolve(Router.self)!
          _ = resolver.3️⃣resolve(Feed.self)!
          _ = resolver.4️⃣resolve(Router.self, name: "side")
        }
      }
      """)
    let graph = try analyze(["Services.swift": Self.services, "Assembly.swift": assembly.text])
    // `Router` may be what the unread registration registers, under any name; `Feed` cannot.
    #expect(
      graph.diagnostics.map { "\($0.code.rawValue) \($0.range.start) \($0.message)" } == [
        "missing-dependency \(assembly.position("3️⃣")) missing dependency: nothing registers 'Feed'"
      ])
    let note = try #require(graph.container.unread.first)
    #expect(note.range.start == assembly.position("1️⃣"))
    #expect(
      note.message
        == "unread registration: 'register(_:forKey:)' on container 'container' is no form of Swinject's register dpend reads; it silences 2 resolves nothing read answers"
    )
    #expect(
      note.notes.map { "\($0.range.start) \($0.message)" } == [
        "\(assembly.position("2️⃣")) 'Router' resolved here, silenced",
        "\(assembly.position("4️⃣")) 'Router' resolved here, silenced",
      ])
  }
}

/// An unreadable factory still registers the keys written beside it, and is silent on those
/// alone (SPEC 10): `register { Logger.shared }.implements(ErrorReporting.self)` keeps quiet
/// only the resolves of `ErrorReporting`.
@Suite struct UnreadFactorySilenceTests {
  @Test func anImplementedKeyIsAllAnUnreadFactorySilences() throws {
    let code = MarkedText(
      """
      import Resolver

      protocol ErrorReporting {}
      protocol Feed {}
      final class Logger: ErrorReporting { static let shared = makeLogger() }

      extension Resolver: ResolverRegistering {
        public static func registerAllServices() {
          1️⃣register { Logger.shared }.implements(ErrorReporting.self)
        }
      }

      final class Screen {
        @Injected var reporter: ErrorReporting
        @Injected var feed: 2️⃣Feed
      }
      """)
    let graph = try analyze(["Screen.swift": code.text])
    #expect(
      graph.diagnostics.map { "\($0.range.start) \($0.message)" } == [
        "\(code.position("2️⃣")) missing dependency: nothing registers 'Feed'"
      ])
    #expect(
      graph.container.unread.map { "\($0.range.start) \($0.message)" } == [
        "\(code.position("1️⃣")) unread registration: the analysed sources declare no static member 'shared' of "
          + "'Logger' with one written type; it silences 1 resolve nothing read answers"
      ])
  }

  @Test func aDipFactoryOfUnknownTypeAnswersTheKeysItImplements() throws {
    let code = MarkedText(
      """
      import Dip

      protocol ErrorReporting {}
      protocol Feed {}
      final class Logger: ErrorReporting { static let shared = Logger() }

      func configure(_ container: DependencyContainer) {
        container.register { Logger.shared }.implements(ErrorReporting.self)
        let reporter: ErrorReporting = try! container.resolve()
        let feed: Feed = try! container.1️⃣resolve()
        _ = (reporter, feed)
      }
      """)
    let graph = try analyze(["Configure.swift": code.text])
    #expect(
      graph.diagnostics.map { "\($0.range.start) \($0.message)" } == [
        "\(code.position("1️⃣")) missing dependency: nothing registers 'Feed'"
      ])
  }

  @Test func aLibrarysStaticMemberNeverAnswersATypeOfTheSources() throws {
    let code = MarkedText(
      """
      import Resolver

      final class TagListViewModel {}

      extension Resolver: ResolverRegistering {
        public static func registerAllServices() {
          register { Mixpanel.mainInstance() }.scope(.application)
        }
      }

      final class TagListView {
        @Injected var analytics: MixpanelInstance
        @Injected var model: 1️⃣TagListViewModel
      }
      """)
    let graph = try analyze(["View.swift": code.text])
    #expect(
      graph.diagnostics.map { "\($0.range.start) \($0.message)" } == [
        "\(code.position("1️⃣")) missing dependency: nothing registers 'TagListViewModel'"
      ])
    #expect(
      graph.container.unread.map(\.message) == [
        "unread registration: the registered type is inferred from the factory's body; it silences 1 resolve nothing read answers"
      ])
  }
}
