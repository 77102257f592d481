import DpendAnalysis
import DpendModel
import DpendTestSupport
import Testing

/// Factory (hmlongco/Factory 2.x): definitions keyed `\Container.x`, their scopes and needs,
/// the places that use them, cycles, and what is never an error.
@Suite struct FactoryDialectTests {
  static let services = """
    protocol Store {}
    protocol Clock {}
    protocol Feed {}
    protocol Logger {}
    protocol Session {}
    final class StoreImpl: Store {}
    final class SystemClock: Clock {}
    final class FeedImpl: Feed { init(url: String, store: Store, clock: Clock) {} }
    final class ConsoleLogger: Logger {}
    final class SessionImpl: Session { init(store: Store, logger: Logger) {} }

    """

  /// `[keys] scope made-type` for each registration.
  static func lines(_ registrations: [ContainerRegistration]) -> [String] {
    registrations.map { "\($0.types) \($0.scope ?? "-") \($0.constructedType ?? "-")" }
  }

  @Test func everyDefinitionFormIsRead() throws {
    let source = MarkedText(
      """
      import Factory

      extension Container {
        var 1️⃣store: Factory<2️⃣Store> { self { StoreImpl() }.singleton }
        var clock: Factory<Clock> {
          Factory(self) { SystemClock() }.scope(.cached)
        }
        var feed: ParameterFactory<String, 3️⃣Feed> {
          self { FeedImpl(url: $0, store: self.4️⃣store(), clock: Container.shared.5️⃣clock()) }.shared
        }
        var logger: Factory<Logger> { self { ConsoleLogger() }.graph.unique }
        var session: Factory<Session> {
          return self { [self] in SessionImpl(store: self.6️⃣store.resolve(), logger: 7️⃣logger()) }
            .scope(.session)
            .timeToLive(60)
        }
        var 8️⃣token: Factory<String?> { self.promised() }
      }
      """)
    let graph = try analyze(["Services.swift": Self.services, "Container.swift": source.text])
    let summary = try #require(graph.summary(of: "Container.swift"))
    #expect(
      Self.lines(summary.registrations) == [
        #"["\\Container.store"] singleton StoreImpl"#, #"["\\Container.clock"] cached SystemClock"#,
        #"["\\Container.feed"] shared FeedImpl"#, #"["\\Container.logger"] unique ConsoleLogger"#,
        #"["\\Container.session"] session SessionImpl"#, #"["\\Container.token"] - -"#,
      ])
    #expect(summary.registrations.map(\.dialect) == Array(repeating: .factory, count: 6))
    #expect(summary.registrations.allSatisfy { $0.unread == nil })
    // The range is the property's name; the type range the `P` of `Factory<P>`.
    #expect(summary.registrations[0].range == source.range("1️⃣", covering: "store", in: "Container.swift"))
    #expect(summary.registrations[0].typeRange == source.range("2️⃣", covering: "Store", in: "Container.swift"))
    #expect(summary.registrations[2].typeRange == source.range("3️⃣", covering: "Feed", in: "Container.swift"))
    #expect(summary.registrations[5].range == source.range("8️⃣", covering: "token", in: "Container.swift"))
    // Needs: `self.x()`, `Container.shared.x()`, `self.x.resolve()` and `x()` with `self`
    // implicit, each at the definition's name.
    let needs = summary.registrations.map { $0.needs.map { "\($0.type.map(String.init(describing:)) ?? "-")" } }
    #expect(
      needs == [
        [], [], [#"named("\\Container.store")"#, #"named("\\Container.clock")"#], [],
        [#"named("\\Container.store")"#, #"named("\\Container.logger")"#], [],
      ])
    #expect(
      summary.registrations[2].needs.map(\.range) == [
        source.range("4️⃣", covering: "store", in: "Container.swift"),
        source.range("5️⃣", covering: "clock", in: "Container.swift"),
      ])
    #expect(
      summary.registrations[4].needs.map(\.range) == [
        source.range("6️⃣", covering: "store", in: "Container.swift"),
        source.range("7️⃣", covering: "logger", in: "Container.swift"),
      ])
    // Needs are read once: no resolve site outside the definitions.
    #expect(summary.resolveSites == [])
    #expect(graph.diagnostics == [])
    #expect(graph.container.registrationsRead == 6)
    #expect(graph.container.resolvesChecked == 4)
  }

  @Test func customContainersKeyTheirDefinitionsByTheirOwnType() throws {
    let source = MarkedText(
      """
      import FactoryKit

      public final class AppServices: SharedContainer {
        public static let shared = AppServices()
        public let manager = ContainerManager()
        var 1️⃣session: Factory<Session> {
          self { SessionImpl(store: self.2️⃣store(), logger: Container.shared.3️⃣logger()) }
        }
      }
      extension AppServices {
        var 4️⃣store: Factory<Store> { self { StoreImpl() }.cached }
        func helper() -> Store { self.makeStore() }
        var makeStore: () -> Store { { StoreImpl() } }
        func build() -> Store { self.helper() }
      }
      extension Container {
        var logger: Factory<Logger> { self { ConsoleLogger() } }
      }
      final class Screen {
        @Injected(5️⃣\\AppServices.session) var session
        let store = AppServices.shared.6️⃣store()
        let logger = FactoryKit.Container.shared.7️⃣logger()
      }
      """)
    let graph = try analyze(["Services.swift": Self.services, "Services+Factory.swift": source.text])
    let summary = try #require(graph.summary(of: "Services+Factory.swift"))
    #expect(
      Self.lines(summary.registrations) == [
        #"["\\AppServices.session"] - SessionImpl"#, #"["\\AppServices.store"] cached StoreImpl"#,
        #"["\\Container.logger"] - ConsoleLogger"#,
      ])
    #expect(summary.registrations[0].range == source.range("1️⃣", covering: "session", in: "Services+Factory.swift"))
    #expect(summary.registrations[1].range == source.range("4️⃣", covering: "store", in: "Services+Factory.swift"))
    #expect(
      summary.registrations[0].needs.map { "\($0.type!) \($0.range.start.offset)" } == [
        #"named("\\AppServices.store") \#(source.offset("2️⃣"))"#,
        #"named("\\Container.logger") \#(source.offset("3️⃣"))"#,
      ])
    // `self.makeStore()` and `self.helper()` call a closure and a method of the container.
    #expect(
      summary.resolveSites.map { "\($0.type!) \($0.range.start.offset)" } == [
        #"named("\\AppServices.session") \#(source.offset("5️⃣"))"#,
        #"named("\\AppServices.store") \#(source.offset("6️⃣"))"#,
        #"named("\\Container.logger") \#(source.offset("7️⃣"))"#,
      ])
    #expect(
      summary.resolveSites[0].range
        == source.range("5️⃣", covering: #"\AppServices.session"#, in: "Services+Factory.swift"))
    #expect(graph.diagnostics == [])
  }

  @Test func everyUseIsAResolveSiteAtItsKeyPathOrName() throws {
    let source = MarkedText(
      """
      import Factory
      import UIKit

      final class FeedViewModel {
        @Injected(1️⃣\\.store) var store
        @LazyInjected(2️⃣\\.clock) var clock
        @WeakLazyInjected(3️⃣\\Container.logger) var logger
        @Factory.DynamicInjected(4️⃣\\.session) var session
        func load(url: URL) {
          let feed = Container.shared.5️⃣feed(url.absoluteString)
          let store = Container.shared.6️⃣store.resolve()
          let clock: Clock = resolve(7️⃣\\.clock)
          UIApplication.shared.open(url)
          Container.shared.reset()
          Container.shared.store.register { StoreImpl() }
          _ = (feed, store, clock)
        }
      }
      struct FeedView {
        @InjectedObject(8️⃣\\.model) var model
        @InjectedObservable(9️⃣\\.other) var other
      }
      """)
    let graph = try analyze(["Services.swift": Self.services, "FeedViewModel.swift": source.text])
    let summary = try #require(graph.summary(of: "FeedViewModel.swift"))
    let expected: [(String, String, String)] = [
      ("1️⃣", #"\.store"#, #"\Container.store"#), ("2️⃣", #"\.clock"#, #"\Container.clock"#),
      ("3️⃣", #"\Container.logger"#, #"\Container.logger"#), ("4️⃣", #"\.session"#, #"\Container.session"#),
      ("5️⃣", "feed", #"\Container.feed"#), ("6️⃣", "store", #"\Container.store"#),
      ("7️⃣", #"\.clock"#, #"\Container.clock"#), ("8️⃣", #"\.model"#, #"\Container.model"#),
      ("9️⃣", #"\.other"#, #"\Container.other"#),
    ]
    #expect(
      summary.resolveSites
        == expected.map { marker, covered, key in
          var site = ResolveSite(
            dialect: .factory, type: .named(key), isRequired: true,
            range: source.range(marker, covering: covered, in: "FeedViewModel.swift"))
          // The type each is written in (SPEC 8.4).
          site.lookupScope = ["8️⃣", "9️⃣"].contains(marker) ? "FeedView" : "FeedViewModel"
          return site
        })
    #expect(summary.registrations == [])
    // No definition is in the sources, and none is needed: the compiler checks presence.
    #expect(graph.diagnostics == [])
    #expect(graph.container.resolvesChecked == 9)
    #expect(graph.container.resolvesUnread == 0)
  }

  @Test func aCycleThroughDefinitionsIsAnErrorWithItsPathAndNotes() throws {
    let source = MarkedText(
      """
      import Factory

      extension Container {
        var store: Factory<Store> { self { StoreImpl() } }
        var session: Factory<Session> {
          self { SessionImpl(store: self.store(), logger: self.1️⃣logger()) }.singleton
        }
        var logger: Factory<Logger> {
          self { ConsoleLogger(session: self.2️⃣session()) }.cached
        }
      }
      """)
    let graph = try analyze(["Services.swift": Self.services, "Container.swift": source.text])
    #expect(
      graph.diagnostics == [
        Diagnostic(
          code: .dependencyCycle,
          message: #"dependency cycle: \Container.logger -> \Container.session -> \Container.logger"#,
          range: source.range("2️⃣", covering: "session", in: "Container.swift"),
          notes: [
            DiagnosticNote(
              message: #"'\Container.logger' resolves '\Container.session'"#,
              range: source.range("2️⃣", covering: "session", in: "Container.swift")),
            DiagnosticNote(
              message: #"'\Container.session' resolves '\Container.logger'"#,
              range: source.range("1️⃣", covering: "logger", in: "Container.swift")),
          ])
      ])
  }

  /// `.onTest { }` replaces the factory in tests: a call there is a use, not a need, and closes
  /// no cycle. Neither does a call in a closure the factory hands to the instance.
  @Test func contextOverridesAndNestedClosuresAreNoNeeds() throws {
    let source = MarkedText(
      """
      import Factory

      extension Container {
        var session: Factory<Session> {
          self { SessionImpl(store: StoreImpl(), logger: self.logger()) }
            .onTest { SessionImpl(store: StoreImpl(), logger: self.0️⃣logger()) }
        }
        var logger: Factory<Logger> {
          self { ConsoleLogger(makeSession: { self.1️⃣session() }) }
            .singleton
            .onTest { ConsoleLogger(session: self.2️⃣session()) }
            .context(.preview, .debug) { ConsoleLogger(session: self.3️⃣session()) }
            .decorator { _ in _ = self.4️⃣session() }
        }
      }
      """)
    let graph = try analyze(["Services.swift": Self.services, "Container.swift": source.text])
    #expect(graph.diagnostics == [])
    let summary = try #require(graph.summary(of: "Container.swift"))
    #expect(
      Self.lines(summary.registrations) == [
        #"["\\Container.session"] - SessionImpl"#, #"["\\Container.logger"] singleton ConsoleLogger"#,
      ])
    #expect(summary.registrations.map(\.needs.count) == [1, 0])
    // Each call outside the factory's own construction is a use all the same.
    #expect(
      summary.resolveSites.map { "\($0.type!) \($0.range.start.offset)" } == [
        #"named("\\Container.logger") \#(source.offset("0️⃣"))"#,
        #"named("\\Container.session") \#(source.offset("1️⃣"))"#,
        #"named("\\Container.session") \#(source.offset("2️⃣"))"#,
        #"named("\\Container.session") \#(source.offset("3️⃣"))"#,
        #"named("\\Container.session") \#(source.offset("4️⃣"))"#,
      ])
    #expect(graph.container.resolvesChecked == 6)
  }

  @Test func aDefinitionOutsideTheSourcesIsNeverAnError() throws {
    let source = """
      import FactoryKit

      protocol RemoteConfig {}
      final class RemoteConfigImpl: RemoteConfig {}
      final class Settings {
        let config: RemoteConfig = resolve(\\.remoteConfig)
        @Injected(\\.analytics) var analytics
        @WeakLazyInjected(\\FeatureContainer.router) var router
        let store = Container.shared.store()
      }
      extension Container {
        var config: Factory<RemoteConfigImpl> { self { RemoteConfigImpl() } }
        var session: Factory<Session> { self { SessionImpl(store: self.store(), logger: self.logger()) } }
      }
      """
    let graph = try analyze(["Services.swift": Self.services, "Settings.swift": source])
    #expect(graph.diagnostics == [])
    #expect(graph.container.registrationsRead == 2)
    #expect(graph.container.resolvesChecked == 6)
    #expect(graph.container.resolvesUnread == 0)
  }

  /// A `Factory` of another library, in a file that does not import Factory, is not read.
  @Test func anotherLibrarysFactoryIsNotRead() throws {
    let source = """
      import Foundation

      struct Factory<T> { let make: () -> T }
      final class Container {
        static let shared = Container()
        var store: Factory<Store> { Factory { StoreImpl() } }
        func callAsFunction<T>(_ make: @escaping () -> T) -> Factory<T> { Factory(make: make) }
        var clock: Factory<Clock> { self { SystemClock() } }
      }
      final class Screen {
        let store = Container.shared.store.make()
        let clock = Container.shared.clock()
      }
      """
    let graph = try analyze(["Services.swift": Self.services, "Local.swift": source])
    let summary = try #require(graph.summary(of: "Local.swift"))
    #expect(summary.registrations == [])
    #expect(summary.resolveSites == [])
    #expect(graph.container.isEmpty)
    #expect(graph.diagnostics == [])
    // The same file importing Factory: `self { … }` defines, `Container.shared.clock()` uses,
    // and `Factory { … }` (no container) is a definition dpend cannot read.
    let factory = try analyze([
      "Services.swift": Self.services,
      "Local.swift": source.replacingOccurrences(of: "import Foundation", with: "import Factory"),
    ])
    let read = try #require(factory.summary(of: "Local.swift"))
    #expect(read.registrations.map(\.types) == [[#"\Container.store"#], [#"\Container.clock"#]])
    #expect(read.registrations.map(\.unread) == [Self.unreadBody, nil])
    #expect(read.resolveSites.map(\.type) == [.named(#"\Container.clock"#)])
  }

  /// Generic helpers in a container, a stored `Factory`, and a view model's computed alias
  /// of a definition are no definitions; `X.shared.y()` of a type that is not a container is
  /// no use.
  @Test func genericHelpersAndAliasesAreNoDefinitions() throws {
    let source = """
      import Factory
      import UIKit

      extension Container {
        func make<T>(_ keyPath: KeyPath<Container, Factory<T>>) -> T { self[keyPath: keyPath]() }
        func provider<T>(_ make: @escaping () -> T) -> Factory<T> { self { make() } }
      }
      final class ViewModel {
        let stored: Factory<Store> = Container.shared.store
        var alias: Factory<Store> { Container.shared.store }
        func open(_ url: URL) {
          UIApplication.shared.open(url)
          Analytics.shared.track()
        }
      }
      """
    let graph = try analyze(["Services.swift": Self.services, "ViewModel.swift": source])
    let summary = try #require(graph.summary(of: "ViewModel.swift"))
    #expect(summary.registrations == [])
    #expect(summary.resolveSites == [])
    #expect(graph.diagnostics == [])
    // One definition next to the helpers is read, and nothing else.
    let defined = try analyze([
      "Services.swift": Self.services,
      "ViewModel.swift": source.replacingOccurrences(
        of: "extension Container {", with: "extension Container {\n  var store: Factory<Store> { self { StoreImpl() } }"
      ),
    ])
    let read = try #require(defined.summary(of: "ViewModel.swift"))
    #expect(Self.lines(read.registrations) == [#"["\\Container.store"] - StoreImpl"#])
    #expect(read.resolveSites == [])
  }

  /// What dpend cannot read is unread with its reason, listed by `--verbose`; the key of an
  /// unread definition is known, so a use still finds it, and it never causes an error.
  @Test func unreadDefinitionsAndUsesSayWhy() throws {
    let source = MarkedText(
      """
      import Factory

      extension Container {
        var 1️⃣built: Factory<Store> { makeFactory() }
        var 2️⃣passed: Factory<Clock> { self(makeClock) }
        static var 3️⃣legacy: Factory<Logger> { Factory(shared) { ConsoleLogger() } }
        var 4️⃣twoSteps: Factory<Session> {
          let factory = self { SessionImpl(store: StoreImpl(), logger: ConsoleLogger()) }
          return factory.singleton
        }
      }
      final class Screen {
        @Injected(5️⃣keyPath) var store
        @Injected(6️⃣\\.nested.store) var nested
        let built = Container.shared.built()
      }
      """)
    let graph = try analyze(["Services.swift": Self.services, "Container.swift": source.text])
    #expect(graph.diagnostics == [])
    #expect(
      graph.container.unread.map { "\($0.range.start.offset) \($0.message)" } == [
        "\(source.offset("1️⃣")) unread registration: \(Self.unreadBody)",
        "\(source.offset("2️⃣")) unread registration: the factory is not a closure written in the definition: its needs are unknown",
        "\(source.offset("3️⃣")) unread registration: a static definition is not one of Factory 2's: its needs are unknown",
        "\(source.offset("4️⃣")) unread registration: \(Self.unreadBody)",
        "\(source.offset("5️⃣")) unread resolve: the key path 'keyPath' is not written at the wrapper",
        #"\#(source.offset("6️⃣")) unread resolve: the key path '\.nested.store' does not name one definition"#,
      ])
    #expect(graph.container.unread.allSatisfy { $0.code == .unreadContainerCode })
    #expect(graph.container.registrationsRead == 0)
    #expect(graph.container.registrationsUnread == 4)
    #expect(graph.container.resolvesChecked == 1)
    #expect(graph.container.resolvesUnread == 2)
    let summary = try #require(graph.summary(of: "Container.swift"))
    #expect(
      summary.registrations.map(\.types) == [
        [#"\Container.built"#], [#"\Container.passed"#], [#"\Container.legacy"#], [#"\Container.twoSteps"#],
      ])
  }

  static let unreadBody =
    "the definition's body is not 'self { … }', 'Factory(self) { … }' or 'self.promised()': its needs are unknown"
}
