import DpendAnalysis
import DpendModel
import DpendTestSupport
import Testing

@Suite struct DipDialectTests {
  static let services = """
    protocol Store {}
    protocol Feed {}
    protocol Clock {}
    protocol Logger {}
    final class StoreImpl: Store {}
    final class FeedImpl: Feed { init(store: Store, clock: Clock) {} }
    struct SystemClock: Clock { let zone: String = "UTC" }
    final class ConsoleLogger: Logger, Clock {}

    """

  @Test func everyKeyFormIsRead() throws {
    let container = MarkedText(
      """
      import Dip

      let container = DependencyContainer { c in
        c.1️⃣register(.singleton, type: Store.self, tag: 1) { StoreImpl() }
        c.2️⃣register { () -> Clock in SystemClock() }
        c.3️⃣register(.eagerSingleton) { ConsoleLogger() as Logger }
        c.4️⃣register(tag: "main") {
          FeedImpl(
            store: try c.resolve(), clock: try c.resolve())
            as Feed
        }
        c.5️⃣register(factory: StoreImpl.init).implements(Store.self)
        c.6️⃣register(.weakSingleton, tag: Zone.local) { () in
          let logger = ConsoleLogger()
          return logger as Clock
        }
      }
      """)
    let graph = try analyze(["Services.swift": Self.services, "Container.swift": container.text])
    let summary = try #require(graph.summary(of: "Container.swift"))
    #expect(
      summary.registrations.map { "\($0.keys.map(\.description)) \($0.scope ?? "-") \($0.range.start.offset)" } == [
        "[\"Store (name 1)\"] singleton \(container.offset("1️⃣"))", "[\"Clock\"] - \(container.offset("2️⃣"))",
        "[\"Logger\"] eagerSingleton \(container.offset("3️⃣"))",
        "[\"Feed (name \\\"main\\\")\"] - \(container.offset("4️⃣"))",
        "[\"StoreImpl\", \"Store\"] - \(container.offset("5️⃣"))",
        "[\"Clock (name .local)\"] weakSingleton \(container.offset("6️⃣"))",
      ])
    // The two resolves passed to `FeedImpl(store:clock:)` are typed by its parameters.
    #expect(graph.container.resolvesChecked == 2)
    #expect(graph.diagnostics == [])
  }

  @Test func needsAreTypedByCastAnnotationParameterAndAutoWiring() throws {
    let container = MarkedText(
      """
      import Dip

      struct Screen { let feed: Feed; let logger: Logger }

      func configure(_ c: DependencyContainer) {
        c.register { Screen(feed: try c.1️⃣resolve(), logger: $0) }
        c.register { (store: Store) in FeedImpl(store: store, clock: try c.2️⃣resolve() as Clock) }
        c.register { () -> Logger in
          let clock: Clock = try c.3️⃣resolve()
          return ConsoleLogger()
        }
        _ = try c.resolve() as FeedImpl
      }
      """)
    let graph = try analyze(["Services.swift": Self.services, "Container.swift": container.text])
    // Nothing registers Store (a typed closure parameter, auto-wired as `FeedImpl` is resolved
    // with no arguments) nor Clock, and the `FeedImpl` registration provides `FeedImpl`, not
    // the `Feed` that `Screen` needs. Nothing resolves `Screen`: its `$0` is no need.
    #expect(
      graph.diagnostics.map { "\($0.code.rawValue): \($0.message)" } == [
        "registered-as-concrete-type: 'FeedImpl' is registered as 'FeedImpl', not as 'Feed', which is resolved",
        "missing-dependency: missing dependency: nothing registers 'Store', needed by 'FeedImpl'",
        "missing-dependency: missing dependency: nothing registers 'Clock', needed by 'FeedImpl' and 'Logger'",
      ])
    #expect(graph.container.resolvesChecked == 5)
    #expect(graph.container.resolvesUnread == 0)
  }

  @Test func resolveSitesAnywhereAreCheckedWithTheirTag() throws {
    let container = MarkedText(
      """
      import Dip

      final class Router {
        let container = DependencyContainer()
        var logger: Logger!
        func start() throws {
          container.register(tag: "main") { StoreImpl() as Store }
          let store = try container.resolve(tag: "main") as Store
          logger = try! container.1️⃣resolve()
          let other: Store = try container.2️⃣resolve(tag: "backup")
          let clock = try? container.3️⃣resolve() as Clock
        }
      }
      """)
    let graph = try analyze(["Services.swift": Self.services, "Router.swift": container.text])
    #expect(
      graph.diagnostics.map { "\($0.code.rawValue) \($0.range.start.offset): \($0.message)" } == [
        "missing-dependency \(container.offset("1️⃣")): missing dependency: nothing registers 'Logger'",
        "missing-dependency \(container.offset("2️⃣")): missing dependency: nothing registers 'Store (name \"backup\")'",
        "unregistered-optional-resolve \(container.offset("3️⃣")): nothing registers 'Clock': the optional resolve always yields nil",
      ])
  }

  @Test func aRegistrationMissingInOneConfigurationSaysWhich() throws {
    let container = MarkedText(
      """
      import Dip

      func configure(_ c: DependencyContainer) {
        #if targetEnvironment(simulator)
        c.register { StoreImpl() as Store }
        #else
        c.register(.singleton) { StoreImpl() as Store }
        #endif
        #if DEBUG
        c.register { ConsoleLogger() as Logger }
        #endif
        c.register(.eagerSingleton) { FeedImpl(store: try c.resolve(), clock: try c.1️⃣resolve()) as Feed }
        c.register { try c.resolve() as Logger as Clock }
      }
      """)
    let graph = try analyze(["Services.swift": Self.services, "Container.swift": container.text])
    #expect(graph.container.configurations == [[], ["DEBUG"], ["targetEnvironment(simulator)"]])
    #expect(
      graph.diagnostics.map(\.message) == [
        "in configurations with no condition set and 'targetEnvironment(simulator)': missing dependency: nothing registers 'Logger', needed by 'Clock'"
      ])
  }

  @Test func hardNegativesStaySilent() throws {
    let container = """
      import Dip

      extension DependencyContainer {
        func forceResolve<T>() -> T { try! resolve() as T }
        func optionalStore() -> Store? { try? resolve() as Store }
      }
      func configure(_ c: DependencyContainer) {
        c.register { makeApplication() }
        c.register { Mixpanel.mainInstance() }
        let fallback = (try? c.resolve() as Clock) ?? SystemClock()
      }
      """
    let graph = try analyze(["Services.swift": Self.services, "Container.swift": container])
    #expect(graph.diagnostics == [])
    #expect(graph.container.registrationsUnread == 2)
    // `forceResolve` is one of the app's helpers (SPEC 8.1): its body forwards the key,
    // read at its callers, not unread.
    #expect(graph.container.resolvesUnread == 0)
    #expect(
      graph.container.helpers.map(\.message) == [
        "inferred resolve helper 'forceResolve()' of 'DependencyContainer': its calls are read as required Dip resolves"
      ])
  }
}
