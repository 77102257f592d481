import DpendAnalysis
import DpendModel
import DpendTestSupport
import Testing

@Suite struct SwinjectDialectTests {
  static let services = """
    protocol Store {}
    protocol Feed {}
    protocol Clock {}
    final class StoreImpl: Store {}
    final class FeedImpl: Feed { init(store: Store) {} }

    """

  @Test func everyClosureFormAndScopeIsRead() throws {
    let assembly = MarkedText(
      """
      import Swinject

      final class AppAssembly: Assembly {
        func assemble(container: Container) {
          container.1️⃣register(Store.self) { _ in StoreImpl() }.inObjectScope(.container)
          container.2️⃣register(Feed.self, name: "main") { r in FeedImpl(store: r.resolve(Store.self)!) }
          container.3️⃣register(Clock.self) { @MainActor (r, zone: String) in fatalError(zone) }
        }
      }
      """)
    let graph = try analyze(["Services.swift": Self.services, "Assembly.swift": assembly.text])
    #expect(graph.diagnostics == [])
    #expect(graph.container.registrationsRead == 3)
    #expect(graph.container.resolvesChecked == 1)
    let summary = try #require(graph.summary(of: "Assembly.swift"))
    #expect(
      summary.registrations.map { "\($0.keys) \($0.scope ?? "-") \($0.range.start)" } == [
        "[Store] container \(assembly.position("1️⃣"))", "[Feed (name \"main\")] - \(assembly.position("2️⃣"))",
        "[Clock (1 argument)] - \(assembly.position("3️⃣"))",
      ])
  }

  @Test func aRequiredResolveOfAnUnregisteredKeyIsAMissingDependencyAtEverySite() throws {
    let router = MarkedText(
      """
      import Swinject

      final class Router {
        let container = Container()
        func start() {
          container.register(Feed.self) { r in FeedImpl(store: r.1️⃣resolve(Store.self)!) }
          let feed = container.resolve(Feed.self)!
          let store = container.2️⃣resolve(Store.self)!
        }
      }
      """)
    let graph = try analyze(["Services.swift": Self.services, "Router.swift": router.text])
    #expect(
      graph.diagnostics == [
        Diagnostic(
          code: .missingDependency, message: "missing dependency: nothing registers 'Store', needed by 'Feed'",
          range: router.range("1️⃣", covering: "resolve", in: "Router.swift"),
          notes: [
            // Where an editor shows it, each resolve names its own consumer.
            DiagnosticNote(
              message: "resolved for 'Feed' here", range: router.range("1️⃣", covering: "resolve", in: "Router.swift"),
              siteMessage: "missing dependency: nothing registers 'Store', needed by 'Feed'"),
            DiagnosticNote(
              message: "resolved here", range: router.range("2️⃣", covering: "resolve", in: "Router.swift"),
              siteMessage: "missing dependency: nothing registers 'Store'"),
          ])
      ])
  }

  @Test func aProtocolRegisteredUnderItsConcreteTypeIsNamed() throws {
    let setup = MarkedText(
      """
      import Swinject

      func setUp(_ container: Container) {
        container.1️⃣register(StoreImpl.self) { _ in StoreImpl() }
        _ = container.2️⃣resolve(Store.self)!
      }
      """)
    let graph = try analyze(["Services.swift": Self.services, "Setup.swift": setup.text])
    #expect(graph.diagnostics.map(\.code) == [.registeredAsConcreteType])
    #expect(
      graph.diagnostics.first?.message == "'StoreImpl' is registered as 'StoreImpl', not as 'Store', which is resolved")
    #expect(graph.diagnostics.first?.range == setup.range("1️⃣", covering: "register", in: "Setup.swift"))
  }

  @Test func optionalResolvesArgumentCountsAndDuplicatesAreReported() throws {
    let setup = MarkedText(
      """
      import Swinject

      func setUp(_ container: Container) {
        container.register(Clock.self) { (r, zone: String) in fatalError() }
        container.1️⃣register(Store.self) { _ in StoreImpl() }
        container.2️⃣register(Store.self) { _ in StoreImpl() }
        let clock = container.3️⃣resolve(Clock.self)!
        if let feed = container.4️⃣resolve(Feed.self) { print(feed) }
      }
      """)
    let graph = try analyze(["Services.swift": Self.services, "Setup.swift": setup.text])
    #expect(
      graph.diagnostics.map { "\($0.code.rawValue) \($0.range.start.offset): \($0.message)" } == [
        "duplicate-registration \(setup.offset("2️⃣")): 'Store' is registered twice in one configuration: only the last registration counts",
        "argument-count-mismatch \(setup.offset("3️⃣")): 'Clock' is resolved with 0 runtime arguments but registered with 1",
        "unregistered-optional-resolve \(setup.offset("4️⃣")): nothing registers 'Feed': the optional resolve always yields nil",
      ])
  }

  @Test func hardNegativesStaySilent() throws {
    let setup = """
      import Swinject

      struct Injected<Service> {
        let service: Service = Container.shared.resolve(Service.self)!
      }
      func make(_ container: Container, kind: String) {
        container.register(Store.self, name: kind) { _ in StoreImpl() }
        let store = container.resolve(Store.self, name: "remote") ?? StoreImpl()
        container.register(Feed.self) { r in FeedImpl(store: r.resolve(Store.self, name: kind)!) }
          .initCompleted { r, feed in _ = r.resolve(Feed.self) }
        // Not a container's: no factory, other labels.
        tableView.register(FeedCell.self, forCellReuseIdentifier: "feed")
        tableView.register(FeedCell.self, forCellReuseIdentifier: "feed")
        broadcaster.register(FeedObserver.self, observer: self)
        promise.resolve(value)
      }
      """
    let graph = try analyze(["Services.swift": Self.services, "Setup.swift": setup])
    #expect(graph.diagnostics == [])
    #expect(graph.container.registrationsUnread == 1)
    #expect(graph.container.resolvesUnread == 2)
    #expect(
      graph.container.unread.map(\.message) == [
        "unread registration: the name 'kind' is computed; it silences 1 resolve nothing read answers",
        "unread resolve: 'Service' is a generic parameter: the key depends on the caller",
        "unread resolve: the name 'kind' is computed",
        "counted as reached: 'make(_:kind:)' may be called where dpend cannot see it (nothing it reads calls any registration function)",
      ])
  }

  /// Two test methods each making a container and registering one key: two containers, no
  /// duplicate. One function registering a key twice on one container: a duplicate.
  @Test func duplicatesAreOnOneContainerInOneFunction() throws {
    let tests = MarkedText(
      """
      import Swinject

      final class ContainerTests {
        func testFirst() {
          let container = Container()
          container.register(Store.self) { _ in StoreImpl() }
        }
        func testSecond() {
          let container = Container()
          container.register(Store.self) { _ in StoreImpl() }
          container.1️⃣register(Store.self) { _ in StoreImpl() }
        }
      }
      """)
    let graph = try analyze(["Services.swift": Self.services, "Tests.swift": tests.text])
    #expect(
      graph.diagnostics.map { "\($0.code.rawValue) \($0.range.start)" } == [
        "duplicate-registration \(tests.position("1️⃣"))"
      ])
  }
}

@Suite struct SwinjectAutoregistrationTests {
  @Test func autoregisterNeedsTheInitializersParametersAndArrowsAreRequiredResolves() throws {
    let services = """
      protocol Store {}
      protocol Clock {}
      protocol Feed {}
      final class FeedImpl: Feed { init(store: Store, clock: Clock, retries: Int = 3) {} }
      final class StoreImpl: Store {}

      """
    let assembly = MarkedText(
      """
      import Swinject
      import SwinjectAutoregistration

      func assemble(_ container: Container) {
        container.1️⃣autoregister(Feed.self, initializer: FeedImpl.init)
        container.register(Store.self) { _ in StoreImpl() }
        let feed = container 2️⃣~> Feed.self
        let clock = container 3️⃣~> Clock.self
      }
      """)
    let graph = try analyze(["Services.swift": services, "Assembly.swift": assembly.text])
    #expect(graph.container.registrationsRead == 2)
    // Feed's initializer needs Store and Clock (not the defaulted Int); two arrows.
    #expect(graph.container.resolvesChecked == 4)
    #expect(
      graph.diagnostics.map { "\($0.code.rawValue) \($0.range.start.offset): \($0.message)" } == [
        "missing-dependency \(assembly.offset("1️⃣")): missing dependency: nothing registers 'Clock', needed by 'Feed'"
      ])
    #expect(
      graph.diagnostics.first?.notes.map(\.range.start.offset) == [assembly.offset("1️⃣"), assembly.offset("3️⃣")])
  }
}
