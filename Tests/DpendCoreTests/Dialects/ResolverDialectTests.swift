import DpendAnalysis
import DpendModel
import DpendTestSupport
import Testing

/// Resolver (SPEC 7.8): `register { … }` in its forms wherever it is written, needs from
/// `resolve()`, and the property wrappers as resolve sites.
@Suite struct ResolverDialectTests {
  /// Dip's fixture services, and a screen made from a feed.
  static let services = DipDialectTests.services + "final class Screen { init(feed: Feed) {} }\n"

  @Test func everyRegistrationFormIsReadInTheHelpersRegisterAllServicesCalls() throws {
    let injection = MarkedText(
      """
      import Resolver

      extension Resolver: ResolverRegistering {
        public static func registerAllServices() {
          1️⃣register { StoreImpl() as Store }.scope(.application)
          2️⃣register { () -> Clock in SystemClock() }
          3️⃣register { ConsoleLogger() }.implements(Logger.self).scope(.cached)
          registerFeeds()
        }

        static func registerFeeds() {
          Resolver.4️⃣register(Feed.self, name: "main") { r in FeedImpl(store: r.resolve(), clock: resolve()) }
          main.5️⃣register(factory: { Screen(feed: resolve(name: "main")) })
            .resolveProperties { _, screen in _ = optional() as Logger? }
        }
      }
      """)
    let graph = try analyze(["Services.swift": Self.services, "Injection.swift": injection.text])
    let summary = try #require(graph.summary(of: "Injection.swift"))
    #expect(
      summary.registrations.map { "\($0.keys.map(\.description)) \($0.scope ?? "-") \($0.range.start.offset)" } == [
        "[\"Store\"] application \(injection.offset("1️⃣"))", "[\"Clock\"] - \(injection.offset("2️⃣"))",
        "[\"ConsoleLogger\", \"Logger\"] cached \(injection.offset("3️⃣"))",
        "[\"Feed (name \\\"main\\\")\"] - \(injection.offset("4️⃣"))", "[\"Screen\"] - \(injection.offset("5️⃣"))",
      ])
    #expect(summary.registrations.map(\.dialect) == Array(repeating: .resolver, count: 5))
    // `FeedImpl(store:clock:)`'s two, `Screen(feed:)`'s named one, and the property's.
    #expect(graph.container.resolvesChecked == 4)
    #expect(graph.container.registrationsUnread == 0)
    #expect(graph.diagnostics == [])
  }

  @Test func theWrappersAndResolvesAnywhereAreCheckedRequiredOrOptional() throws {
    let injection = """
      import Resolver

      extension Resolver: ResolverRegistering {
        public static func registerAllServices() {
          register { StoreImpl() as Store }
          register { FeedImpl(store: resolve(), clock: resolve()) as Feed }
        }
      }
      """
    let screen = MarkedText(
      """
      import Resolver

      final class FeedScreen {
        @Injected var feed: Feed
        @LazyInjected var store: Store
        @Injected var logger: 1️⃣Logger
        @OptionalInjected var backup: 2️⃣Logger?
        @InjectedObject var model: 3️⃣FeedModel
        func load() {
          let clock: Clock = Resolver.4️⃣resolve()
          let maybe = Resolver.5️⃣optional(Clock.self)
        }
      }
      """)
    let graph = try analyze(
      ["Services.swift": Self.services, "Injection.swift": injection, "FeedScreen.swift": screen.text])
    // Each site's own message names the key (and its consumer, for a factory's resolve).
    func site(_ marker: String, _ text: String, key: String) -> DiagnosticNote {
      DiagnosticNote(
        message: "resolved here", range: screen.range(marker, covering: text, in: "FeedScreen.swift"),
        siteMessage: "missing dependency: nothing registers '\(key)'")
    }
    let needClock = DiagnosticNote(
      message: "resolved for 'Feed' here",
      range: MarkedText(injection.replacingOccurrences(of: "clock: resolve", with: "clock: 1️⃣resolve"))
        .range("1️⃣", covering: "resolve", in: "Injection.swift"),
      siteMessage: "missing dependency: nothing registers 'Clock', needed by 'Feed'")
    // Sorted by where they are reported: the first site of each, in path order.
    #expect(
      graph.diagnostics == [
        Diagnostic(
          code: .missingDependency, message: "missing dependency: nothing registers 'Logger'",
          range: site("1️⃣", "Logger", key: "Logger").range,
          notes: [site("1️⃣", "Logger", key: "Logger"), site("2️⃣", "Logger?", key: "Logger")]),
        Diagnostic(
          code: .missingDependency, message: "missing dependency: nothing registers 'FeedModel'",
          range: site("3️⃣", "FeedModel", key: "FeedModel").range, notes: [site("3️⃣", "FeedModel", key: "FeedModel")]),
        Diagnostic(
          code: .missingDependency, message: "missing dependency: nothing registers 'Clock', needed by 'Feed'",
          range: site("4️⃣", "resolve", key: "Clock").range,
          notes: [site("4️⃣", "resolve", key: "Clock"), site("5️⃣", "optional", key: "Clock"), needClock]),
      ])
  }

  /// Forms found in a real app (iOS_Bootstrap), where the first reading was unread or wrong.
  @Test func aGenericConstructionAndACastInParenthesesAreTheKeys() throws {
    let injection = """
      import Resolver

      extension Resolver {
        static func registerCaches() {
          register { NSCache<NSString, StoreImpl>() }.scope(application)
          register { (FeedImpl(store: resolve(), clock: SystemClock()) as Feed) }
          register { StoreImpl() as Store }
        }
      }

      final class Loader: Resolving {
        func load() {
          let cache: NSCache<NSString, StoreImpl> = resolver.resolve()
          let feed = Resolver.resolve(Feed.self)
        }
      }
      """
    let graph = try analyze(["Services.swift": Self.services, "Injection.swift": injection])
    let summary = try #require(graph.summary(of: "Injection.swift"))
    #expect(
      summary.registrations.map { "\($0.keys.map(\.description)) \($0.scope ?? "-")" } == [
        "[\"NSCache<NSString,StoreImpl>\"] application", "[\"Feed\"] -", "[\"Store\"] -",
      ])
    #expect(graph.container.resolvesChecked == 3)
    #expect(graph.diagnostics == [])
  }

  @Test func aProtocolRegisteredAsItsImplementationIsNamedAndDuplicatesAreWarned() throws {
    let injection = MarkedText(
      """
      import Resolver

      extension Resolver {
        static func registerStores() {
          1️⃣register { StoreImpl() }
          register { Screen(feed: FeedImpl(store: resolve(), clock: SystemClock())) }
          2️⃣register { SystemClock() as Clock }
          3️⃣register { SystemClock() as Clock }
        }
      }
      """)
    let graph = try analyze(["Services.swift": Self.services, "Injection.swift": injection.text])
    #expect(
      graph.diagnostics.map { "\($0.code.rawValue) \($0.range.start.offset): \($0.message)" } == [
        "registered-as-concrete-type \(injection.offset("1️⃣")): 'StoreImpl' is registered as 'StoreImpl', not as 'Store', which is resolved",
        "duplicate-registration \(injection.offset("3️⃣")): 'Clock' is registered twice in one configuration: only the last registration counts",
      ])
    #expect(graph.diagnostics.last?.notes.map(\.range.start.offset) == [injection.offset("2️⃣")])
  }

  @Test func aCycleThroughFactoriesIsReportedAndPropertyInjectionBreaksIt() throws {
    let injection = MarkedText(
      """
      import Resolver

      final class Session { init(feed: Feed) {} }
      final class LiveFeed: Feed { init(session: Session) {} }
      final class Cache { var feed: Feed?; init() {} }

      extension Resolver {
        static func registerCycle() {
          register { Session(feed: 1️⃣resolve()) }
          register { LiveFeed(session: 2️⃣resolve()) as Feed }
          register { Cache() }.resolveProperties { _, cache in cache.feed = optional() }
        }
      }
      """)
    let graph = try analyze(["Services.swift": Self.services, "Injection.swift": injection.text])
    let first = injection.range("1️⃣", covering: "resolve", in: "Injection.swift")
    let second = injection.range("2️⃣", covering: "resolve", in: "Injection.swift")
    #expect(
      graph.diagnostics == [
        Diagnostic(
          code: .dependencyCycle, message: "dependency cycle: Feed -> Session -> Feed", range: second,
          notes: [
            DiagnosticNote(message: "'Feed' resolves 'Session'", range: second),
            DiagnosticNote(message: "'Session' resolves 'Feed'", range: first),
          ])
      ])
  }

  /// `@Injected` resolves when its instance is made: a registration constructing the type
  /// needs what its wrapped properties resolve. `@LazyInjected` waits until first read.
  @Test func injectedPropertiesOfAConstructedTypeCloseACycle() throws {
    let injection = MarkedText(
      """
      import Resolver

      final class Session { @Injected var feed: 1️⃣Feed }
      final class LiveFeed: Feed {
        @Injected var session: 2️⃣Session
        @LazyInjected var store: Store
      }
      final class Cache { @LazyInjected var feed: Feed }
      final class StoreCache: Store { @Injected var cache: Cache }

      extension Resolver {
        static func registerSessions() {
          register { Session() }
          register { LiveFeed() as Feed }
          register { Cache() }
          register { StoreCache() as Store }
        }
      }
      """)
    let graph = try analyze(["Services.swift": Self.services, "Injection.swift": injection.text])
    let feed = injection.range("1️⃣", covering: "Feed", in: "Injection.swift")
    let session = injection.range("2️⃣", covering: "Session", in: "Injection.swift")
    #expect(
      graph.diagnostics == [
        Diagnostic(
          code: .dependencyCycle, message: "dependency cycle: Feed -> Session -> Feed", range: session,
          notes: [
            DiagnosticNote(message: "'Feed' resolves 'Session'", range: session),
            DiagnosticNote(message: "'Session' resolves 'Feed'", range: feed),
          ])
      ])
  }

  /// A file importing Resolver and Factory: `@Injected(\.feed)` is Factory's (keyed by the
  /// definition, which the compiler checks), `@Injected var` Resolver's. An unread Swinject
  /// registration elsewhere answers no Resolver resolve, so it silences none.
  @Test func factoryKeyPathsAndOtherContainersUnreadCodeAreNotResolvers() throws {
    let screen = MarkedText(
      """
      import Factory
      import Resolver

      final class FeedScreen {
        @Injected(\\.feed) var feed: Feed
        @Injected var store: 1️⃣Store
      }
      """)
    let assembly = """
      import Swinject

      func assemble(_ container: Container, kind: String) {
        container.register(Store.self, name: kind) { _ in StoreImpl() }
      }
      """
    let graph = try analyze(
      ["Services.swift": Self.services, "FeedScreen.swift": screen.text, "Assembly.swift": assembly])
    #expect(
      graph.diagnostics.map { "\($0.code.rawValue) \($0.range.start.offset): \($0.message)" } == [
        "missing-dependency \(screen.offset("1️⃣")): missing dependency: nothing registers 'Store'"
      ])
    #expect(graph.summary(of: "FeedScreen.swift")?.resolveSites.map(\.dialect) == [.factory, .resolver])
  }

  @Test func hardNegativesStaySilent() throws {
    let injection = """
      import Resolver

      extension Resolver.Name { static let fancy = Self("fancy") }

      extension Resolver {
        static func registerOthers(kind: String) {
          register(name: .fancy) { StoreImpl() as Store }
          register { makeLogger() }
          register(name: Name(kind)) { SystemClock() as Clock }
        }
      }

      struct Injected<Service> {
        let service: Service = Resolver.resolve(Service.self)
      }

      final class Screen2 {
        @Injected(name: .fancy) var store: Store
        let clock: Clock = Resolver.resolve(name: "utc")
        func start() {
          tableView.register(FeedCell.self, forCellReuseIdentifier: "feed")
          promise.resolve(value)
          let anything = Resolver.resolve()
          let logger = Resolver.optional(Logger.self) ?? ConsoleLogger()
        }
      }
      """
    // A file that does not import Resolver: its `register { }` and `@Injected` are not Resolver's.
    let other = """
      final class Elsewhere {
        @Injected var feed: Feed
        func start() { register { Feed() } }
      }
      """
    let graph = try analyze(["Services.swift": Self.services, "Injection.swift": injection, "Other.swift": other])
    #expect(graph.diagnostics == [])
    #expect(
      graph.container.unread.map(\.message) == [
        "unread registration: the name '.fancy' is not a string literal",
        "unread registration: the registered type is inferred from the factory's body; it silences 1 resolve nothing read answers",
        "unread registration: the name 'Name(kind)' is not a string literal; it silences 1 resolve nothing read answers",
        "unread resolve: 'Service' is a generic parameter: the key depends on the caller",
        "unread resolve: the name '.fancy' is not a string literal",
        "unread resolve: the resolved type is inferred from the context",
        "counted as reached: 'Resolver.registerOthers(kind:)' may be called where dpend cannot see it (nothing it reads calls any registration function)",
      ])
    #expect(graph.container.resolvesChecked == 2)
  }
}
