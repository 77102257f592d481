import DpendAnalysis
import DpendModel
import DpendTestSupport
import Testing

/// An app's own ways to its container, read with no settings (SPEC 8.1, 8.2): helper
/// extensions, static resolve helpers, inject wrappers and container values, inferred from
/// their bodies in any file, and each with its hard negatives.
@Suite struct InferredHelperTests {
  static let services = """
    protocol Settings {}
    protocol Analytics {}
    final class AppSettings: Settings {}
    final class VideoPlayer { init(settings: Settings) {} }
    final class Screen {}

    """

  /// `extension Container { func register<S>(_:name:isolatedFactory:) }` and a static
  /// `resolve<S>` that force-unwraps, declared in a file of their own.
  static let helpers = """
    import Swinject

    extension Container {
      @discardableResult
      func register<S>(
        _ t: S.Type, name: String? = nil, isolatedFactory: @escaping @MainActor (Resolver) -> S
      ) -> ServiceEntry<S> {
        register(t, name: name) { r in MainActor.assumeIsolated { isolatedFactory(r) } }
      }
      @discardableResult
      func register<S, A>(
        _ t: S.Type, name: String? = nil, isolatedFactory: @escaping @MainActor (Resolver, A) -> S
      ) -> ServiceEntry<S> {
        register(t, name: name) { (r: Resolver, a: A) in MainActor.assumeIsolated { isolatedFactory(r, a) } }
      }
      @discardableResult
      func registerShared<S>(_ t: S.Type, factory: @escaping (Resolver) -> S) -> ServiceEntry<S> {
        register(t, factory: factory).inObjectScope(.container)
      }
    }

    enum DI {
      static let assembler = Assembler([])
      static func resolve<S>(_ t: S.Type) -> S { assembler.resolver.resolve(t)! }
      static func optional<S>(_ t: S.Type) -> S? { assembler.resolver.resolve(t) }
    }

    """

  @Test func aHelperExtensionsCallsAreRegistrations() throws {
    let assembly = MarkedText(
      """
      import Swinject

      func assemble(_ container: Container) {
        container.registerShared(Settings.self) { _ in AppSettings() }
        container.register(VideoPlayer.self, isolatedFactory: { r in VideoPlayer(settings: r.resolve(Settings.self)!) })
        container.register(VideoPlayer.self, name: "remote", isolatedFactory: { (r, url: String) in
          VideoPlayer(settings: r.1️⃣resolve(Analytics.self) as! Settings)
        })
      }
      """)
    let screen = """
      import Swinject

      final class Player {
        init(resolver: Resolver) {
          _ = resolver.resolve(VideoPlayer.self)!
          _ = resolver.resolve(VideoPlayer.self, name: "remote", argument: "https://example.com")!
        }
      }
      """
    let graph = try analyze([
      "Services.swift": Self.services, "Helpers.swift": Self.helpers, "Assembly.swift": assembly.text,
      "Player.swift": screen,
    ])
    #expect(
      graph.diagnostics.map { "\($0.code.rawValue) \($0.range.start) \($0.message)" } == [
        "missing-dependency \(assembly.position("1️⃣")) missing dependency: nothing registers 'Analytics', needed by 'VideoPlayer'"
      ])
    let registrations = try #require(graph.summary(of: "Assembly.swift")).registrations
    #expect(
      registrations.map { "\($0.keys) \($0.scope ?? "-") \($0.needs.count)" } == [
        "[Settings] container 0", "[VideoPlayer] - 1", "[VideoPlayer (name \"remote\") (1 argument)] - 1",
      ])
    // The helpers' own bodies forward the key: neither read nor unread.
    #expect(graph.container.registrationsRead == 3)
    #expect(graph.container.registrationsUnread == 0)
    #expect(graph.container.resolvesUnread == 0)
  }

  @Test func aStaticHelperThatForceUnwrapsIsARequiredResolve() throws {
    let screen = MarkedText(
      """
      final class Router {
        func open() {
          _ = DI.1️⃣resolve(Screen.self)
          _ = DI.2️⃣optional(Analytics.self)
          // Not the helper: another type's `resolve`, taking no type.
          promise.resolve(Screen())
        }
      }
      """)
    let graph = try analyze([
      "Services.swift": Self.services, "Helpers.swift": Self.helpers, "Router.swift": screen.text,
    ])
    #expect(
      graph.diagnostics.map { "\($0.code.rawValue) \($0.range.start) \($0.message)" } == [
        "missing-dependency \(screen.position("1️⃣")) missing dependency: nothing registers 'Screen'",
        "unregistered-optional-resolve \(screen.position("2️⃣")) nothing registers 'Analytics': the optional resolve always yields nil",
      ])
  }

  @Test func anInjectWrapperResolvesItsPropertysType() throws {
    let wrapper = """
      import Swinject

      let container = Container()

      @propertyWrapper struct Inject<Value> {
        let wrappedValue: Value
        init() { wrappedValue = container.resolve(Value.self)! }
      }

      /// Named like one, resolves nothing: not a wrapper of the container.
      @propertyWrapper struct Clamped<Value> {
        var wrappedValue: Value
        init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
      }

      func setUp() {
        container.register(Settings.self) { _ in AppSettings() }
      }
      """
    let screen = MarkedText(
      """
      final class Home {
        @Inject var settings: Settings
        @Inject var analytics: 1️⃣Analytics
        @Inject var optional: 2️⃣Screen?
        @Clamped var count: Int = 3
      }
      """)
    let graph = try analyze([
      "Services.swift": Self.services, "Wrapper.swift": wrapper, "Home.swift": screen.text,
    ])
    #expect(
      graph.diagnostics.map { "\($0.code.rawValue) \($0.range.start) \($0.message)" } == [
        "missing-dependency \(screen.position("1️⃣")) missing dependency: nothing registers 'Analytics'",
        "unregistered-optional-resolve \(screen.position("2️⃣")) nothing registers 'Screen': the optional resolve always yields nil",
      ])
    #expect(graph.container.resolvesChecked == 3)
    #expect(graph.container.resolvesUnread == 0)
  }

  @Test func aGlobalContainerIsReadInFilesThatDoNotImportIt() throws {
    let container = """
      import Dip

      let container = DependencyContainer { c in
        c.register(.singleton) { AppSettings() as Settings }
      }
      """
    let app = MarkedText(
      """
      final class App {
        let settings: Settings = try! container.resolve()
        let analytics: Analytics = try! container.1️⃣resolve()
        // A local value of another type named `container`: not the global.
        func other(container: Box) { _ = container.resolve(Screen.self) }
      }
      """)
    let graph = try analyze(["Services.swift": Self.services, "Container.swift": container, "App.swift": app.text])
    #expect(
      graph.diagnostics.map { "\($0.code.rawValue) \($0.range.start) \($0.message)" } == [
        "missing-dependency \(app.position("1️⃣")) missing dependency: nothing registers 'Analytics'"
      ])
  }

  @Test func aClosurePassedWhereAContainerIsTakenResolvesFromIt() throws {
    // Declared where Swinject is imported: a struct property (its memberwise initializer)
    // and an initializer's parameter, each of a function type taking Swinject's resolver.
    let routes = """
      import Swinject

      struct Route {
        let name: String
        let factory: (Resolver) -> Screen
      }

      final class Launcher {
        init(id: String, make: @escaping (String, Resolver) -> Screen) {}
      }
      """
    let scenes = MarkedText(
      """
      enum Scenes {
        static let home = Route(name: "home", factory: { r in
          _ = r.1️⃣resolve(Analytics.self)!
          return Screen()
        })
        static let settings = Route(name: "settings") { resolver in
          _ = resolver.2️⃣resolve(Settings.self)
          return Screen()
        }
        static let launcher = Launcher(id: "x", make: { id, r in
          _ = r.3️⃣resolve(Analytics.self)!
          return Screen()
        })
        // Hard negatives: a parameter of another type, a closure passed elsewhere.
        static func other(r: Box) { r.resolve(Analytics.self) }
        static let elsewhere = [1].map { r in r.resolve(Analytics.self) }
      }
      final class Box { func resolve(_ type: Any.Type) {} }
      """)
    let graph = try analyze(["Services.swift": Self.services, "Routes.swift": routes, "Scenes.swift": scenes.text])
    #expect(
      graph.diagnostics.map { "\($0.code.rawValue) \($0.range.start) \($0.message)" } == [
        "missing-dependency \(scenes.position("1️⃣")) missing dependency: nothing registers 'Analytics'",
        "unregistered-optional-resolve \(scenes.position("2️⃣")) nothing registers 'Settings': the optional resolve always yields nil",
      ])
    #expect(graph.diagnostics[0].notes.map(\.range.start) == [scenes.position("1️⃣"), scenes.position("3️⃣")])
  }

  @Test func aGenericFunctionThatReachesNoContainerIsNoHelper() throws {
    let maker = """
      func make<T>(_ type: T.Type) -> T { Factory.shared.build(type) }
      func inject<T>() -> T { fatalError() }
      enum Factory {
        static let shared = Builder()
      }
      final class Builder { func build<T>(_ type: T.Type) -> T { fatalError() } }
      """
    let use = """
      final class Feed {
        let screen = make(Screen.self)
        let settings: Settings = inject()
      }
      """
    let graph = try analyze(["Services.swift": Self.services, "Maker.swift": maker, "Use.swift": use])
    #expect(graph.diagnostics == [])
    #expect(graph.container.isEmpty)
  }

  /// A helper forwarding to another helper, in a file that imports no container.
  @Test func helpersAreInferredThroughOtherHelpers() throws {
    let locator = """
      func inject<T>() -> T { DI.resolve(T.self) }
      """
    let use = MarkedText(
      """
      final class Feed {
        let player: VideoPlayer = 1️⃣inject()
      }
      """)
    let graph = try analyze([
      "Services.swift": Self.services, "Helpers.swift": Self.helpers, "Locator.swift": locator, "Use.swift": use.text,
    ])
    #expect(
      graph.diagnostics.map { "\($0.range.start) \($0.message)" } == [
        "\(use.position("1️⃣")) missing dependency: nothing registers 'VideoPlayer'"
      ])
  }

  /// SPEC 8.3: a miss that traps is an error, a real fallback a warning.
  @Test func requiredOrOptionalAsTheCodeSays() throws {
    let screens = MarkedText(
      """
      import Swinject

      final class Screens {
        func make(_ r: Resolver) -> Screen? {
          guard let settings = r.1️⃣resolve(Settings.self) else { fatalError("no settings") }
          let analytics = r.2️⃣resolve(Analytics.self) ?? preconditionFailure("no analytics")
          guard let player = r.3️⃣resolve(VideoPlayer.self) else { return nil }
          let screen = r.4️⃣resolve(Screen.self) ?? Screen()
          guard let other = r.5️⃣resolve(Screen.self) as? Screen else {
            print("missing")
            fatalError()
          }
          _ = (settings, analytics, player, screen, other)
          return nil
        }
      }
      """)
    let graph = try analyze(["Services.swift": Self.services, "Screens.swift": screens.text])
    #expect(
      graph.diagnostics.map { "\($0.code.rawValue) \($0.range.start) \($0.message)" } == [
        "missing-dependency \(screens.position("1️⃣")) missing dependency: nothing registers 'Settings'",
        "missing-dependency \(screens.position("2️⃣")) missing dependency: nothing registers 'Analytics'",
        "unregistered-optional-resolve \(screens.position("3️⃣")) nothing registers 'VideoPlayer': the optional resolve always yields nil",
        "missing-dependency \(screens.position("4️⃣")) missing dependency: nothing registers 'Screen'",
      ])
  }

  /// bit-therapy's helper forwards to Swinject's public `_register`, and its wrapper resolves
  /// in its getter, `guard let … else { fatalError() }`.
  @Test func aHelperForwardingToSwinjectsUnderscoredRegister() throws {
    let helpers = """
      import Swinject

      extension Container {
        static var main: Resolver!
        @discardableResult
        func registerSingleton<Service>(_ serviceType: Service.Type, name: String? = nil,
          factory: @escaping (Resolver) -> Service) -> ServiceEntry<Service> {
          _register(serviceType, factory: factory, name: name).inObjectScope(.container)
        }
      }
      @propertyWrapper class Inject<Value> {
        private var storage: Value?
        init() {}
        var wrappedValue: Value {
          storage ?? {
            guard let value = Container.main.resolve(Value.self) else { fatalError("missing") }
            storage = value
            return value
          }()
        }
      }
      func setUp(_ container: Container) {
        container.registerSingleton(Settings.self) { _ in AppSettings() }
      }
      """
    let screen = MarkedText(
      """
      final class Screen {
        @Inject var settings: Settings
        @Inject var analytics: 1️⃣Analytics
      }
      """)
    let graph = try analyze(["Services.swift": Self.services, "Helpers.swift": helpers, "Screen.swift": screen.text])
    #expect(
      graph.diagnostics.map { "\($0.range.start) \($0.message)" } == [
        "\(screen.position("1️⃣")) missing dependency: nothing registers 'Analytics'"
      ])
    #expect(graph.container.registrationsRead == 1)
  }
}
