import DpendAnalysis
import DpendModel
import DpendTestSupport
import Testing

/// `.dpend.json`'s container settings (SPEC 7.1, 7.4, 7.6): an app's own helpers, dialects
/// named rather than imported, configurations named rather than found; and the checks that
/// need the whole workspace: exclusive platform conditions, impossible casts, assemblers.
@Suite struct ContainerSettingsTests {
  static let services = """
    protocol Store {}
    protocol Clock {}
    protocol Feed {}
    protocol Archive {}
    final class StoreImpl: Store {}
    final class SystemClock: Clock {}

    """

  /// An app's locator: `Locator.register(P.self, instance:)`, `inject()` and `@Inject`.
  static let locator = """
    import Swinject

    enum Locator {
      static let container = Container()
      static func register<T>(_ type: T.Type, instance: T) { container.register(T.self) { _ in instance } }
      static func register<T>(_ type: T.Type, factory: @escaping () -> T) { register(type, instance: factory()) }
    }
    func inject<T>() -> T { Locator.container.resolve(T.self)! }

    @propertyWrapper struct Inject<T> {
      let wrappedValue: T = inject()
    }

    """

  static let helpers = CollectionSettings(
    registerFunctions: ["Locator.register"], resolveFunctions: ["inject"], injectWrappers: ["Inject"])

  @Test func anAppsOwnHelpersAreReadWhenNamed() throws {
    let setup = """
      func setUp() {
        Locator.register(Store.self, instance: StoreImpl())
      }

      """
    let screen = MarkedText(
      """
      final class Screen {
        @Inject var store: Store
        @Inject var clock: 1️⃣Clock
        @Inject var feed: 2️⃣Feed?
        let other: Store = 3️⃣inject()
      }
      """)
    let files = [
      "Services.swift": Self.services, "Locator.swift": Self.locator, "Setup.swift": setup,
      "Screen.swift": screen.text,
    ]
    let graph = try analyze(files, collection: Self.helpers)
    #expect(
      graph.diagnostics.map { "\($0.code.rawValue) \($0.range.start) \($0.message)" } == [
        "missing-dependency \(screen.position("1️⃣")) missing dependency: nothing registers 'Clock'",
        "unregistered-optional-resolve \(screen.position("2️⃣")) nothing registers 'Feed': the optional resolve always yields nil",
      ])
    // The generic registration inside `Locator.register` is forwarded: its callers are read.
    #expect(graph.container.registrationsRead == 1)
    #expect(graph.container.registrationsUnread == 0)
    #expect(graph.container.resolvesChecked == 4)
    let locator = try #require(graph.summary(of: "Locator.swift"))
    #expect(
      locator.registrations.map { "\($0.types) \($0.isForwarded) \($0.unread ?? "-")" } == [
        "[] true -", "[] true -",
      ])
    #expect(
      locator.resolveSites.map(\.unread) == [
        "'T' is a generic parameter: the key depends on the caller",
        "'T' is a generic parameter: the key depends on the caller",
      ])
    #expect(try #require(graph.summary(of: "Screen.swift")).resolveSites.last?.range.start == screen.position("3️⃣"))

    // Without the settings, the same helpers are inferred from their bodies (SPEC 8.1):
    // the same answer, read as the Swinject container they forward to.
    let plain = try analyze(files)
    #expect(plain.diagnostics.map(\.message) == graph.diagnostics.map(\.message))
    #expect(plain.container.registrationsRead == 1)
    #expect(plain.container.registrationsUnread == 0)
    #expect(plain.container.resolvesChecked == 4)
    #expect(plain.container.resolvesUnread == 0)
    #expect(
      try #require(plain.summary(of: "Screen.swift")).resolveSites.map(\.dialect) == [
        .swinject, .swinject, .swinject, .swinject,
      ])
  }

  /// A resolve of the app's own is answered by a container's registration (its `inject()`
  /// wraps the container), and a container's resolve by the app's registration.
  @Test func anAppsHelpersAndTheContainerAnswerEachOther() throws {
    let assembly = """
      import Swinject

      func assemble(_ container: Container) {
        container.register(Clock.self) { _ in SystemClock() }
        container.register(Feed.self) { r in FeedImpl(store: r.resolve(Store.self)!) }
      }
      final class FeedImpl: Feed { init(store: Store) {} }

      """
    let screen = """
      final class Screen {
        @Inject var clock: Clock
        @Inject(name: "main") var feed: Feed
        @Inject var archive: Archive?
        @Inject(as: Clock.self) var concreteClock: SystemClock!
      }
      func setUp() {
        Locator.register(Store.self, instance: StoreImpl())
        // Other overloads of the name, with neither a type nor a factory: not registrations
        // (read as unknown ones, they would silence every resolve).
        Locator.register(observer: Screen())
        [Screen()].forEach { Locator.register(module: $0) }
      }

      """
    let graph = try analyze(
      [
        "Services.swift": Self.services, "Locator.swift": Self.locator, "Assembly.swift": assembly,
        "Screen.swift": screen,
      ], collection: Self.helpers)
    #expect(
      graph.diagnostics.map(\.message) == [
        "missing dependency: nothing registers 'Feed (name \"main\")'",
        "nothing registers 'Archive': the optional resolve always yields nil",
      ])
  }

  @Test func namedDialectsReadFilesThatDoNotImportTheirModule() throws {
    // `@_exported import Swinject` in a core module: the feature files import only it.
    let feature = MarkedText(
      """
      import Core

      func assemble(_ container: Container) {
        container.register(Feed.self) { r in FeedImpl(store: r.1️⃣resolve(Store.self)!) }
      }
      final class FeedImpl: Feed { init(store: Store) {} }
      """)
    let files = ["Services.swift": Self.services, "Feature.swift": feature.text]
    #expect(try analyze(files).container.isEmpty)
    let graph = try analyze(files, collection: CollectionSettings(dialects: [.swinject, .thesis]))
    #expect(
      graph.diagnostics.map { "\($0.range.start) \($0.message)" } == [
        "\(feature.position("1️⃣")) missing dependency: nothing registers 'Store', needed by 'Feed'"
      ])
  }

  @Test func leavingOutTheThesisDialectIgnoresDpendsOwnFactories() throws {
    let files = ["Services.swift": "final class ReportImpl { init(clock: Clock) {} }\nprotocol Clock {}\n"]
    #expect(try analyze(files, filters: [".*Impl"]).diagnostics.map(\.code) == [.missingDependency])
    let graph = try analyze(files, filters: [".*Impl"], collection: CollectionSettings(dialects: [.dip]))
    #expect(graph.diagnostics == [])
    #expect(graph.localFactories == [])
  }

  @Test func namedConfigurationsReplaceTheOnesFound() throws {
    let container = """
      import Dip

      let container = DependencyContainer { c in
        #if DEBUG
        c.register { StoreImpl() as Store }
        #endif
        #if os(macOS)
        c.register { SystemClock() as Clock }
        #endif
        c.register { FeedImpl(store: try c.resolve(), clock: try c.resolve()) as Feed }
      }
      final class FeedImpl: Feed { init(store: Store, clock: Clock) {} }

      """
    let files = ["Services.swift": Self.services, "Container.swift": container]
    let found = try analyze(files)
    #expect(found.container.configurations == [["os(macOS)"], ["os(macOS)", "DEBUG"]])
    #expect(
      found.diagnostics.map(\.message) == [
        "in configuration 'os(macOS)': missing dependency: nothing registers 'Store', needed by 'Feed'"
      ])
    let named = try analyze(files, configurations: [["DEBUG"], ["DEBUG", "os(iOS)"]])
    #expect(named.container.configurations == [["DEBUG"], ["DEBUG", "os(iOS)"]])
    // Neither named configuration builds for macOS: 'Clock' is missing in both.
    #expect(named.diagnostics.map(\.message) == ["missing dependency: nothing registers 'Clock', needed by 'Feed'"])
  }

  /// A build has one `os` and one `arch`: an `#if os(iOS) … #elseif os(macOS) …` pair
  /// registering a key in each branch registers it in every configuration.
  @Test func platformConditionsExcludeEachOther() throws {
    let container = MarkedText(
      """
      import Swinject

      func assemble(_ container: Container) {
        #if os(iOS)
        container.register(Clock.self) { _ in SystemClock() }
        #elseif os(macOS)
        container.register(Clock.self) { _ in SystemClock() }
        #endif
        #if os(iOS) || (os(macOS) && !DEBUG)
        container.register(Store.self) { _ in StoreImpl() }
        #endif
        #if arch(arm64)
        container.register(Archive.self) { _ in fatalError() }
        #endif
        #if !os(macOS)
        container.register(Feed.self) { _ in fatalError() }
        #endif
      }
      let clock = container.resolve(Clock.self)!
      let store = container.resolve(Store.self)!
      let archive = container.2️⃣resolve(Archive.self)!
      let feed = container.1️⃣resolve(Feed.self)!
      """)
    let graph = try analyze(["Services.swift": Self.services, "Container.swift": container.text])
    #expect(
      graph.container.configurations == [
        ["os(iOS)", "arch(arm64)"], ["arch(arm64)", "os(macOS)"], ["os(iOS)", "!arch(arm64)"],
        ["os(iOS)", "arch(arm64)", "DEBUG"],
      ])
    // `Store` is registered on iOS, and on macOS without `DEBUG`: in every configuration.
    // `Archive` only on arm64: a build for another architecture has none.
    #expect(
      graph.diagnostics.map { "\($0.range.start) \($0.message)" } == [
        "\(container.position("2️⃣")) in configuration 'os(iOS), !arch(arm64)': missing dependency: nothing registers 'Archive'",
        "\(container.position("1️⃣")) in configuration 'arch(arm64), os(macOS)': missing dependency: nothing registers 'Feed'",
      ])
  }

  /// `#if arch(x86_64) … #else … #endif`: the simulator's arm and the device's are both
  /// analysed, the `#else` named as the architectures it is not.
  @Test func everyArmOfAnArchitectureConditionIsAnalysed() throws {
    let container = MarkedText(
      """
      import Swinject

      func assemble(_ container: Container) {
        #if arch(x86_64)
        container.register(Clock.self) { _ in SystemClock() }
        container.register(Feed.self) { _ in fatalError() }
        #else
        container.register(Clock.self) { _ in SystemClock() }
        #endif
      }
      let clock = container.resolve(Clock.self)!
      let feed = container.1️⃣resolve(Feed.self)!
      """)
    let graph = try analyze(["Services.swift": Self.services, "Container.swift": container.text])
    #expect(graph.container.configurations == [["arch(x86_64)"], ["!arch(x86_64)"]])
    // `Clock` in both arms; `Feed` only in the simulator's.
    #expect(
      graph.diagnostics.map { "\($0.range.start) \($0.message)" } == [
        "\(container.position("1️⃣")) in configuration '!arch(x86_64)': missing dependency: nothing registers 'Feed'"
      ])
  }

  @Test func aCastNoRegisteredTypeCanSatisfyIsReported() throws {
    let services = """
      protocol Store {}
      protocol Clock {}
      protocol Tracker: Clock {}
      final class StoreImpl: Store {}
      final class TrackingStore: Store, Tracker {}
      final class ViewStore: UIViewController, Store {}

      """
    let assembly = MarkedText(
      """
      import Swinject

      func assemble(_ container: Container) {
        container.register(Store.self) { _ in StoreImpl() }
        container.register(Store.self, name: "tracking") { _ in TrackingStore() }
        container.register(Store.self, name: "view") { _ in ViewStore() }
      }
      let clock = container.1️⃣resolve(Store.self) as? Clock
      // Through a protocol's inheritance, and through a superclass dpend cannot see: silent.
      let tracker = container.resolve(Store.self, name: "tracking") as? Clock
      let view = container.resolve(Store.self, name: "view") as? Clock
      """)
    let graph = try analyze(["Services.swift": services, "Assembly.swift": assembly.text])
    #expect(
      graph.diagnostics.map { "\($0.code.rawValue) \($0.severity) \($0.range.start) \($0.message)" } == [
        "impossible-cast warning \(assembly.position("1️⃣")) 'Store' is registered as 'StoreImpl', which does not conform to 'Clock': the cast always fails"
      ])
  }

  /// `Assembler([…], parent:)`: a child's assemblies resolve what the parent registers.
  @Test func childAssemblersSeeTheirParentsKeys() throws {
    let assemblies = """
      import Swinject

      final class CoreAssembly: Assembly {
        func assemble(container: Container) {
          container.register(Store.self) { _ in StoreImpl() }.inObjectScope(.container)
        }
      }
      final class FeatureAssembly: Assembly {
        func assemble(container: Container) {
          container.register(Feed.self) { r in FeedImpl(store: r.resolve(Store.self)!) }
        }
      }
      final class FeedImpl: Feed { init(store: Store) {} }
      let core = Assembler([CoreAssembly()])
      let feature = Assembler([FeatureAssembly()], parent: core)
      let feed = feature.resolver.resolve(Feed.self)!

      """
    let graph = try analyze(["Services.swift": Self.services, "Assemblies.swift": assemblies])
    #expect(graph.diagnostics == [])
    #expect(graph.container.resolvesChecked == 2)
  }

  @Test func aMissingNeedOfAnEagerSingletonSaysItIsMadeAtLaunch() throws {
    let container = """
      import Dip

      let container = DependencyContainer { c in
        c.register(.eagerSingleton) { ScannerService(camera: try c.resolve()) }
      }
      protocol CameraSession {}
      final class ScannerService { init(camera: CameraSession) {} }

      """
    let graph = try analyze(["Container.swift": container])
    #expect(
      graph.diagnostics.map(\.message) == [
        "missing dependency: nothing registers 'CameraSession', needed by the eager singleton 'ScannerService'"
      ])
  }
}
