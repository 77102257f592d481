import DpendAnalysis
import DpendHost
import DpendModel
import DpendTestSupport
import Testing

/// A resolve's key is the type its context expects (SPEC 10): the result a getter, function,
/// subscript or closure declares, the parameter it is the default of, the element type of a
/// collection or tuple, whichever dialect or helper resolves. A context that declares no type
/// leaves the site unread, with the reason.
@Suite struct ExpectedTypeTests {
  static let services = DipDialectTests.services + "protocol Router {}\nprotocol Cache {}\n"

  /// A registration of `Store` and `Clock` only: every other key resolved is missing.
  static let resolverSetUp = """
    import Resolver

    extension Resolver: ResolverRegistering {
      public static func registerAllServices() {
        register { StoreImpl() as Store }
        register { SystemClock() as Clock }
      }
    }

    """

  @Test func everyDeclaredResultDefaultAndElementTypesAResolverResolve() throws {
    let screen = MarkedText(
      """
      import Resolver

      final class Screen {
        var store: Store { Resolver.resolve() }
        var feed: Feed { Resolver.1️⃣resolve() }
        var logger: Logger {
          get { Resolver.2️⃣resolve() }
        }
        lazy var router: Router = { Resolver.3️⃣resolve() }()
        let clock: Clock
        init(clock: Clock = Resolver.resolve(), cache: Cache = Resolver.4️⃣resolve()) {
          self.clock = clock
        }
        func makeFeed() -> Feed { Resolver.5️⃣resolve() }
        func makeStore(cached: Bool) -> Store? {
          if cached { return nil }
          return Resolver.resolve()
        }
        subscript(index: Int) -> Router { Resolver.6️⃣resolve() }
        func all() -> [Logger] { [Resolver.7️⃣resolve(), Resolver.8️⃣resolve()] }
        func byName() -> [String: Store] { ["main": Resolver.resolve()] }
        func pair() -> (Store, Cache) { (Resolver.resolve(), Resolver.9️⃣resolve()) }
        func make() -> Clock {
          let build = { () -> Feed in Resolver.🔟resolve() }
          _ = build
          return Resolver.resolve()
        }
      }
      """)
    let graph = try analyze([
      "Services.swift": Self.services, "Injection.swift": Self.resolverSetUp, "Screen.swift": screen.text,
    ])
    func at(_ markers: String...) -> String { markers.map { "\(screen.position($0))" }.joined(separator: ", ") }
    // One error a key, with a note at each of its sites.
    #expect(
      graph.diagnostics.map { "\($0.message): \($0.notes.map { "\($0.range.start)" }.joined(separator: ", "))" } == [
        "missing dependency: nothing registers 'Feed': \(at("1️⃣", "5️⃣", "🔟"))",
        "missing dependency: nothing registers 'Logger': \(at("2️⃣", "7️⃣", "8️⃣"))",
        "missing dependency: nothing registers 'Router': \(at("3️⃣", "6️⃣"))",
        "missing dependency: nothing registers 'Cache': \(at("4️⃣", "9️⃣"))",
      ])
    #expect(
      graph.container.unread.filter { $0.code == .unreadContainerCode }.map { "\($0.range.start) \($0.message)" } == [])
    #expect(graph.container.resolvesChecked == 16)
  }

  @Test func aDipResolveInAnExtensionOfTheContainerIsTypedByItsMethodsResult() throws {
    let provider = MarkedText(
      """
      import Dip

      protocol ScreenProvider { func feed() -> Feed }

      extension DependencyContainer: ScreenProvider {
        func feed() -> Feed { try! 1️⃣resolve() }
        func store() throws -> Store { try resolve() }
        var clock: Clock? { try? 2️⃣resolve() }
      }

      func configure(_ container: DependencyContainer) {
        container.register { StoreImpl() as Store }
      }
      """)
    let graph = try analyze(["Services.swift": Self.services, "Provider.swift": provider.text])
    #expect(
      graph.diagnostics.map { "\($0.code.rawValue) \($0.severity) \($0.range.start) \($0.message)" } == [
        "missing-dependency error \(provider.position("1️⃣")) missing dependency: nothing registers 'Feed'",
        "unregistered-optional-resolve warning \(provider.position("2️⃣")) nothing registers 'Clock': the optional resolve always yields nil",
      ])
  }

  @Test func contextsThatDeclareNoTypeAreUnreadWithTheirReason() throws {
    let screen = MarkedText(
      """
      import Resolver

      final class Screen {
        func body() -> some Store { Resolver.2️⃣resolve() }
        func make() {
          let build = { Resolver.3️⃣resolve() }
          _ = build
        }
      }
      """)
    let graph = try analyze([
      "Services.swift": Self.services, "Injection.swift": Self.resolverSetUp, "Screen.swift": screen.text,
    ])
    #expect(graph.diagnostics.map(\.message) == [])
    #expect(
      graph.container.unread.map { "\($0.range.start) \($0.message)" } == [
        "\(screen.position("2️⃣")) unread resolve: the context expects an opaque 'some' type, which names no key",
        "\(screen.position("3️⃣")) unread resolve: the resolved type is inferred from the context",
      ])
  }

  @Test func aResolveIntoAnImplicitlyUnwrappedOptionalIsRequired() throws {
    let screen = MarkedText(
      """
      import Swinject

      final class TagScreen {
        var store: Store!
        var clock: Clock?
        init(resolver: Resolver) {
          store = resolver.1️⃣resolve(Store.self)
          let feed: Feed! = resolver.2️⃣resolve(Feed.self)
          clock = resolver.3️⃣resolve(Clock.self)
          _ = feed
        }
      }
      """)
    let graph = try analyze(["Services.swift": Self.services, "Screen.swift": screen.text])
    #expect(
      graph.diagnostics.map { "\($0.code.rawValue) \($0.severity) \($0.range.start)" } == [
        "missing-dependency error \(screen.position("1️⃣"))",
        "missing-dependency error \(screen.position("2️⃣"))",
        "unregistered-optional-resolve warning \(screen.position("3️⃣"))",
      ])
  }

  @Test func aPropertyDeclaredInAnotherFileTypesTheResolveAssignedToIt() throws {
    let screens = """
      protocol LoginPresenter {}
      protocol Tracker {}
      final class LoginViewController {
        var presenter: LoginPresenter!
        var tracker: Tracker?
        var clock: Clock!
      }

      """
    let assembly = MarkedText(
      """
      import Swinject

      extension Resolver {
        func resolve<Service>() -> Service { resolve(Service.self)! }
      }

      func assemble(_ container: Container) {
        container.register(Clock.self) { _ in SystemClock() }
        container.register(LoginViewController.self) { r in
          let controller = LoginViewController()
          controller.presenter = r.1️⃣resolve()
          controller.tracker = r.2️⃣resolve()
          controller.clock = r.resolve()
          return controller
        }
      }

      extension LoginViewController {
        func rebind(_ r: Resolver) {
          self.presenter = r.3️⃣resolve()
          clock = r.resolve()
        }
      }
      """)
    let graph = try analyze([
      "Services.swift": Self.services, "Screens.swift": screens, "Assembly.swift": assembly.text,
    ])
    func at(_ markers: String...) -> String { markers.map { "\(assembly.position($0))" }.joined(separator: ", ") }
    #expect(
      graph.diagnostics.map { "\($0.message): \($0.notes.map { "\($0.range.start)" }.joined(separator: ", "))" } == [
        "missing dependency: nothing registers 'LoginPresenter', needed by 'LoginViewController': \(at("1️⃣", "3️⃣"))",
        "missing dependency: nothing registers 'Tracker', needed by 'LoginViewController': \(at("2️⃣"))",
      ])
    #expect(graph.container.resolvesUnread == 0)
  }

  /// A property of a generic type, assigned on a value made with its arguments, has those
  /// arguments' types; made without them, or through a generic parameter of the function
  /// around, the key is left to Swift or to the caller: unread, never a false error.
  @Test func aGenericTypesPropertyTakesTheArgumentsItsValueIsMadeWith() throws {
    let screens = """
      protocol FeedView {}
      final class Presenter<View> {
        var view: View!
        var clock: Clock!
      }

      """
    let assembly = MarkedText(
      """
      import Swinject

      extension Resolver {
        func resolve<Service>() -> Service { resolve(Service.self)! }
      }

      func assemble(_ container: Container) {
        container.register(Clock.self) { _ in SystemClock() }
        container.register(Presenter<FeedView>.self) { r in
          let presenter = Presenter<FeedView>()
          presenter.view = r.1️⃣resolve()
          presenter.clock = r.resolve()
          return presenter
        }
      }

      func bind<V>(_ r: Resolver, presenter: Presenter<V>, view: V) {
        presenter.view = r.2️⃣resolve()
        presenter.clock = r.resolve()
        view.title = r.4️⃣resolve()
      }

      func bare(_ r: Resolver) {
        let presenter = Presenter()
        presenter.view = r.3️⃣resolve()
      }
      """)
    let graph = try analyze([
      "Services.swift": Self.services, "Screens.swift": screens, "Assembly.swift": assembly.text,
    ])
    #expect(
      graph.diagnostics.map { "\($0.range.start) \($0.message)" } == [
        "\(assembly.position("1️⃣")) missing dependency: nothing registers 'FeedView', needed by 'Presenter<FeedView>'"
      ])
    #expect(
      graph.container.unread.map { "\($0.range.start) \($0.message)" } == [
        "\(assembly.position("2️⃣")) unread resolve: the property's type 'View' names generic parameters of "
          + "'Presenter' that the code leaves to Swift to infer",
        "\(assembly.position("4️⃣")) unread resolve: it is found through 'V', a generic parameter of the code "
          + "around: the key depends on the caller",
        "\(assembly.position("3️⃣")) unread resolve: the property's type 'View' names generic parameters of "
          + "'Presenter' that the code leaves to Swift to infer",
      ])
    #expect(graph.container.resolvesChecked == 3)
  }

  @Test func aGenericTypesParameterWrittenWithItsGenericParametersIsUnreadNotAKey() throws {
    let code = MarkedText(
      """
      import Resolver

      final class Store<State> {}
      struct AppState {}
      final class Router<State> { init(store: Store<State>, clock: Clock) {} }
      final class Feed<State> { init(store: Store<State>) {} }

      extension Resolver: ResolverRegistering {
        public static func registerAllServices() {
          register { Store<AppState>() }
          register { Router<AppState>(store: resolve(), clock: 2️⃣resolve()) }
          register { Feed(store: 1️⃣resolve()) }
        }
      }
      """)
    let graph = try analyze(["Services.swift": Self.services, "Injection.swift": code.text])
    // `Store<State>` made as `Router<AppState>` is `Store<AppState>`, registered; in a `Feed`
    // whose argument Swift infers, it is left open: unread, never a false error. `Clock`,
    // declared by the sources as written, is checked.
    #expect(
      graph.diagnostics.map { "\($0.range.start) \($0.message)" } == [
        "\(code.position("2️⃣")) missing dependency: nothing registers 'Clock', needed by 'Router<AppState>'"
      ])
    #expect(
      graph.container.unread.map { "\($0.range.start) \($0.message)" } == [
        "\(code.position("1️⃣")) unread resolve: the parameter's type 'Store<State>' names generic "
          + "parameters of 'Feed' that this call leaves to Swift to infer"
      ])
    #expect(graph.container.resolvesChecked == 2)
  }

  @Test func anOverloadedInitializerSwiftPicksByTypeIsUnreadWithThatReason() throws {
    let code = MarkedText(
      """
      import Resolver

      final class Session {
        init(store: Store) {}
        init(store: Cache) {}
      }
      final class Sync {
        init(clock: Clock, retries: Int = 3) {}
        init(clock: Clock, store: Store) {}
      }
      final class Upload { init(clock: Clock) {} }

      extension Resolver: ResolverRegistering {
        public static func registerAllServices() {
          register { Session(store: 1️⃣resolve()) }
          register { Sync(clock: 2️⃣resolve()) }
          register { Upload(store: 3️⃣resolve()) }
          register { Download(store: 4️⃣resolve()) }
        }
      }
      """)
    let graph = try analyze(["Services.swift": Self.services, "Injection.swift": code.text])
    // Two initializers take `store:`: Swift picks by the argument's type, which a generic
    // `resolve()` leaves open, so dpend guesses neither. One of `Sync`'s takes `clock:` alone
    // (its default omitted): checked. No initializer of `Upload` takes `store:`; `Download` is no type of
    // the sources.
    #expect(
      graph.diagnostics.map { "\($0.range.start) \($0.message)" } == [
        "\(code.position("2️⃣")) missing dependency: nothing registers 'Clock', needed by 'Sync'"
      ])
    #expect(
      graph.container.unread.map { "\($0.range.start) \($0.message)" } == [
        "\(code.position("1️⃣")) unread resolve: 'Session.init(store:)' is overloaded (2 initializers take "
          + "these labels), and Swift picks one by the arguments' types",
        "\(code.position("3️⃣")) unread resolve: no initializer of 'Upload' takes the labels of "
          + "'Upload.init(store:)'",
        "\(code.position("4️⃣")) unread resolve: 'Download' is no type the analysed sources declare, so its "
          + "initializers are unknown",
      ])
    #expect(graph.container.resolvesChecked == 1)
  }

  @Test func aLocalCastToATypeTypesTheResolveAssignedToItsProperty() throws {
    let screens = """
      protocol AuthService {}
      final class LoginViewController { var authService: AuthService! }
      final class Storyboard { func instantiate() -> AnyObject { LoginViewController() } }

      """
    let container = MarkedText(
      """
      import Dip

      func configure(_ container: DependencyContainer, storyboard: Storyboard) {
        container.register { () -> LoginViewController in
          let controller = storyboard.instantiate() as! LoginViewController
          controller.authService = try! container.1️⃣resolve()
          let maybe = storyboard.instantiate() as? LoginViewController
          maybe?.authService = try! container.resolve()
          return controller
        }
      }
      """)
    let graph = try analyze([
      "Services.swift": Self.services, "Screens.swift": screens, "Container.swift": container.text,
    ])
    #expect(
      graph.diagnostics.map { "\($0.range.start) \($0.message)" } == [
        "\(container.position("1️⃣")) missing dependency: nothing registers 'AuthService', needed by 'LoginViewController'"
      ])
    // `maybe?.authService`: an optional chain dpend does not type, unread.
    #expect(graph.container.resolvesUnread == 1)
  }

  @Test func anAutoWiredParametersAttributesAreNoPartOfItsKey() throws {
    let code = MarkedText(
      """
      import Dip

      struct Handler<Value> {}
      final class Exchange {}
      final class ExchangesScreen {}

      func configure(_ container: DependencyContainer) {
        container.register { (onSelect: @escaping Handler<Exchange>) -> ExchangesScreen in ExchangesScreen() }
        let screen = try! container.resolve() as ExchangesScreen
        _ = screen
      }
      """)
    let graph = try analyze(["Configure.swift": code.text])
    #expect(
      graph.diagnostics.map(\.message) == [
        "missing dependency: nothing registers 'Handler<Exchange>', needed by 'ExchangesScreen'"
      ])
  }

  @Test func aClosuresParametersAreTypedByTheLibraryCallItIsPassedTo() throws {
    let screens = """
      protocol Tracker {}
      protocol Presenter {}
      final class PresenterImpl: Presenter {}
      final class LoginViewController { var presenter: Presenter!; var tracker: Tracker! }
      final class FeedScreen { var tracker: Tracker? }

      """
    let assembly = MarkedText(
      """
      import Swinject
      import SwinjectStoryboard

      extension Resolver {
        func resolve<Service>() -> Service { resolve(Service.self)! }
      }

      final class LoginAssembly: Assembly {
        func assemble(container: Container) {
          container.register(Presenter.self) { _ in PresenterImpl() }
          container.storyboardInitCompleted(LoginViewController.self) { (r, controller) in
            controller.presenter = r.resolve()
            controller.tracker = r.1️⃣resolve()
          }
          container.register(FeedScreen.self) { _ in FeedScreen() }.initCompleted { r, screen in
            screen.tracker = r.2️⃣resolve()
          }
          perform { r, value in value.tracker = r.3️⃣resolve() }
        }
      }
      """)
    // `import SwinjectStoryboard` alone makes Swinject's container members visible.
    let cell =
      "import SwinjectStoryboard\n\nlet presenter = SwinjectStoryboard.defaultContainer.resolve(Presenter.self)!\n"
    let graph = try analyze(["Screens.swift": screens, "Assembly.swift": assembly.text, "Cell.swift": cell])
    #expect(
      graph.diagnostics.map { diagnostic in
        "\(diagnostic.range.start) \(diagnostic.message) at \(diagnostic.notes.map { "\($0.range.start)" }.joined(separator: ", "))"
      } == [
        "\(assembly.position("1️⃣")) missing dependency: nothing registers 'Tracker', needed by 'FeedScreen' at \(assembly.position("1️⃣")), \(assembly.position("2️⃣"))"
      ])
    // `perform`'s closure is no library call dpend knows the signature of: `value` is untyped.
    #expect(
      graph.container.unread.filter { $0.code == .unreadContainerCode }.map { "\($0.range.start) \($0.message)" } == [
        "\(assembly.position("3️⃣")) unread resolve: the resolved type is inferred from the context"
      ])
    #expect(graph.container.resolvesChecked == 4)
  }

  @Test func aClassWritingNoInitializerIsMadeByItsSuperclasssInitializers() throws {
    let code = MarkedText(
      """
      import Dip

      class Group<Model> { init(realm: Realm, seed: Model) {} }
      final class WalletWorker: Group<Int> { func save() {} }
      class Base { init(store: Store) {} }
      class Middle: Base {}
      final class Leaf: Middle {}

      let container = DependencyContainer { c in
        c.register { WalletWorker(realm: try c.1️⃣resolve(), seed: try c.2️⃣resolve()) }
        c.register { Leaf(store: try c.3️⃣resolve()) }
      }
      """)
    let graph = try analyze(["Services.swift": Self.services, "Container.swift": code.text])
    // `Realm` is a library's type, a key even in a generic class; `Model`, its generic
    // parameter, is the `Int` the subclass writes.
    #expect(
      graph.diagnostics.map { "\($0.range.start) \($0.message)" } == [
        "\(code.position("1️⃣")) missing dependency: nothing registers 'Realm', needed by 'WalletWorker'",
        "\(code.position("2️⃣")) missing dependency: nothing registers 'Int', needed by 'WalletWorker'",
        "\(code.position("3️⃣")) missing dependency: nothing registers 'Store', needed by 'Leaf'",
      ])
    #expect(graph.container.unread.isEmpty)
  }

  @Test func aGenericSubclassLeavesItsSuperclasssArgumentOpen() throws {
    let code = MarkedText(
      """
      import Dip

      class Group<Model> { init(realm: Realm, seed: Model) {} }
      class Shelf<Item>: Group<Item> {}

      let container = DependencyContainer { c in
        c.register { Shelf<Int>(realm: try c.1️⃣resolve(), seed: try c.2️⃣resolve()) }
      }
      """)
    let graph = try analyze(["Services.swift": Self.services, "Container.swift": code.text])
    // `Item` is `Int` here, but dpend does not carry a subclass's arguments through its
    // superclass: `Model` stays open, unread, never a guess.
    #expect(
      graph.diagnostics.map { "\($0.range.start) \($0.message)" } == [
        "\(code.position("1️⃣")) missing dependency: nothing registers 'Realm', needed by 'Shelf<Int>'"
      ])
    #expect(
      graph.container.unread.map { "\($0.range.start) \($0.message)" } == [
        "\(code.position("2️⃣")) unread resolve: the parameter's type 'Model' names generic parameters of "
          + "'Group' that this call leaves to Swift to infer"
      ])
  }

  /// Two modules' types of one name: a file sees one of them, which dpend does not tell; a
  /// resolve passed to an initializer is read when every declaration gives the same key, and
  /// unread with that reason when they differ.
  @Test func aTypeDeclaredInTwoModulesIsReadOnlyWhereBothGiveTheSameKey() throws {
    let onboarding = "final class Session { init(store: Store) {} }\nfinal class Probe { init(clock: Clock) {} }\n"
    let machine = "final class Session { init(store: Store) {} }\nfinal class Probe { init(clock: Feed) {} }\n"
    let screen = MarkedText(
      """
      import Resolver

      func start() {
        _ = Session(store: Resolver.1️⃣resolve())
        _ = Probe(clock: Resolver.2️⃣resolve())
      }
      """)
    let graph = try analyze([
      "Services.swift": Self.services, "Onboarding/Session.swift": onboarding, "Machine/Session.swift": machine,
      "Screen.swift": screen.text,
    ])
    #expect(
      graph.diagnostics.map { "\($0.range.start) \($0.message)" } == [
        "\(screen.position("1️⃣")) missing dependency: nothing registers 'Store'"
      ])
    #expect(
      graph.container.unread.map { "\($0.range.start) \($0.message)" } == [
        "\(screen.position("2️⃣")) unread resolve: 'Probe' is declared in 2 files of the analysed sources, which "
          + "differ in what this call is passed to, and dpend does not tell which one the file sees"
      ])
  }

  /// A SwiftUI view's memberwise initializer as the compiler makes it: an initialized wrapped
  /// property less visible than internal is no parameter and keeps the initializer internal,
  /// a wrapper made by its attribute's arguments and an optional `var` are parameters with a
  /// default; a plain private property still makes the initializer private.
  @Test func aViewsMemberwiseInitializerTakesWhatTheCompilerGivesIt() throws {
    let views = """
      import SwiftUI

      struct Place {}
      struct AddressForm: View {
        @StateObject var viewModel: AddressModel
        @Environment(\\.dismiss) var dismiss: DismissAction
        @State private var shown = false
        @State private var picked: Place?
        var note: String?
        var body: some View { Text("") }
      }
      struct Summary {
        var store: Store
        private var count: Int = 0
      }

      """
    let screen = MarkedText(
      """
      import Resolver

      final class AddressModel {}

      func show() {
        _ = AddressForm(viewModel: Resolver.1️⃣resolve())
        _ = Summary(store: Resolver.2️⃣resolve())
      }
      """)
    let graph = try analyze(["Services.swift": Self.services, "Views.swift": views, "Screen.swift": screen.text])
    #expect(
      graph.diagnostics.map { "\($0.range.start) \($0.message)" } == [
        "\(screen.position("1️⃣")) missing dependency: nothing registers 'AddressModel'"
      ])
    #expect(
      graph.container.unread.map { "\($0.range.start) \($0.message)" } == [
        "\(screen.position("2️⃣")) unread resolve: no initializer of 'Summary' takes the labels of 'Summary.init(store:)'"
      ])
  }

  @Test func anImplicitInitializersArgumentsAreTypedByTheTypeItIsExpectedAs() throws {
    let machine = """
      protocol API {}
      protocol Clock {}
      struct Services {
        init(api: API, retries: Int = 3, clock: Clock) {}
      }
      final class Machine {
        init(state: Int, services: Services) {}
      }

      """
    let screen = MarkedText(
      """
      import Resolver

      final class Screen {
        let machine: Machine
        var services: Services?

        init() {
          machine = .init(state: 0, services: .init(api: Resolver.1️⃣resolve(), clock: Resolver.2️⃣resolve()))
          services = .init(api: Resolver.3️⃣resolve(), clock: Resolver.4️⃣resolve())
          let local: Services = .init(api: Resolver.5️⃣resolve(), clock: Resolver.6️⃣resolve())
          _ = local
          _ = .init(api: Resolver.7️⃣resolve())
        }
      }
      """)
    let graph = try analyze(["Machine.swift": machine, "Screen.swift": screen.text, "Setup.swift": Self.resolverSetUp])
    // Through the property, its optional, the annotation, and the parameter of another
    // implicit `.init`; `retries`, left out, has a default. `Clock` is registered, `API` not.
    #expect(
      graph.diagnostics.map { "\($0.range.start) \($0.message) \($0.notes.count)" } == [
        "\(screen.position("1️⃣")) missing dependency: nothing registers 'API' 3"
      ])
    // An `.init` whose context names no type.
    #expect(
      graph.container.unread.filter { $0.code == .unreadContainerCode }.map { "\($0.range.start) \($0.message)" } == [
        "\(screen.position("7️⃣")) unread resolve: the resolved type is inferred from the context"
      ])
  }

  @Test func aGenericTypesParametersTakeTheArgumentsItIsMadeWith() throws {
    let code = MarkedText(
      """
      import Dip

      struct AppState {}
      struct Handler<Value> {}
      enum Outer { struct State {} }
      final class Store<State> { init(reducer: Int, middleware: [Handler<State>]) {} }
      final class Router<State> { init(store: Store<State>, root: Outer.State) {} }

      let container = DependencyContainer { c in
        c.register(.singleton) { Store<AppState>(reducer: 0, middleware: 1️⃣$0) }
        c.register(.eagerSingleton) { Router<AppState>(store: $0, root: $1) }
        c.register { Outer.State() }
      }
      """)
    let graph = try analyze(["Container.swift": code.text])
    // The eager `Router<AppState>` needs `Store<AppState>` (registered) and `Outer.State`, a
    // member named `State`, not the parameter; the store then needs `[Handler<AppState>]`.
    #expect(
      graph.diagnostics.map { "\($0.range.start) \($0.message)" } == [
        "\(code.position("1️⃣")) missing dependency: nothing registers '[Handler<AppState>]', needed by 'Store<AppState>'"
      ])
    #expect(graph.container.resolvesUnread == 0)
  }

  @Test func aClosuresResultIsTypedByTheFunctionTypeItIsPassedAs() throws {
    let code = MarkedText(
      """
      import Dip

      protocol Interceptor {}
      final class Factory {
        init(store: Store, interceptor: @escaping () -> Interceptor, clock: (() throws -> Clock)? = nil) {}
      }

      let container = DependencyContainer { c in
        c.register { StoreImpl() as Store }
        c.register {
          Factory(store: try c.resolve(), interceptor: { try! c.1️⃣resolve() }, clock: { try c.2️⃣resolve() })
        }
      }
      """)
    let graph = try analyze(["Services.swift": Self.services, "Container.swift": code.text])
    #expect(
      graph.diagnostics.map { "\($0.range.start) \($0.message)" } == [
        "\(code.position("1️⃣")) missing dependency: nothing registers 'Interceptor', needed by 'Factory'",
        "\(code.position("2️⃣")) missing dependency: nothing registers 'Clock', needed by 'Factory'",
      ])
    #expect(graph.container.resolvesChecked == 3)
    #expect(graph.container.resolvesUnread == 0)
    #expect(ContainerTypeLookup.functionResult("@escaping (Int) throws -> Interceptor?") == "Interceptor")
    #expect(ContainerTypeLookup.functionResult("(A) -> (B) -> C") == nil)
    #expect(ContainerTypeLookup.functionResult("[Handler<A>]") == nil)
  }

  @Test func anExtensionsInitializerInAnotherFileIsMatchedAndFollowedThroughEdits() throws {
    let client = "protocol RestServer {}\npublic final class Client { public init(domain: String) {} }\n"
    func extending(_ label: String) -> String {
      "public extension Client {\n  convenience init(\(label): RestServer, adapter: String? = nil) { self.init(domain: \"\") }\n}\n"
    }
    let container = MarkedText(
      """
      import Dip

      let container = DependencyContainer { c in
        c.register(.singleton) { Client(restServer: 1️⃣$0) }
      }
      func client() throws -> Client { try container.resolve() }
      """)
    let missing = [
      "\(container.position("1️⃣")) missing dependency: nothing registers 'RestServer', needed by 'Client'"
    ]
    func messages(_ graph: DependencyGraph) -> [String] {
      graph.diagnostics.map { "\($0.range.start) \($0.message)" }
    }
    let host = AnalysisHost(settings: AnalysisSettings())
    host.update([
      ("Client.swift", client), ("Client+Rest.swift", extending("restServer")), ("Container.swift", container.text),
    ])
    #expect(messages(host.graph()) == missing)
    #expect(host.graph().container.resolvesUnread == 0)
    // The extension's label edited: the call matches no initializer, the site is unread.
    host.update([("Client+Rest.swift", extending("server"))])
    #expect(messages(host.graph()) == [])
    #expect(host.graph().container.resolvesUnread == 1)
    let scratch = try analyze([
      "Client.swift": client, "Client+Rest.swift": extending("server"), "Container.swift": container.text,
    ])
    #expect(host.graph().container == scratch.container)
    host.update([("Client+Rest.swift", extending("restServer"))])
    #expect(messages(host.graph()) == missing)
    host.remove(["Client+Rest.swift"])
    #expect(messages(host.graph()) == [])
    #expect(host.graph().container.resolvesUnread == 1)
  }

  /// A factory returning a static member of a type the sources declare is registered as that
  /// member's declared type — a static property's annotation or construction, a static
  /// method's result, an enum case, one an extension in another file adds — found by the
  /// workspace's lookup and followed through edits of the declaration; a member whose type
  /// does not tell is unread with that reason, a library's value (`Mixpanel.mainInstance()`)
  /// answers no type the sources declare.
  @Test func aFactoryReturningAStaticMemberRegistersItsDeclaredType() throws {
    func configuration(_ server: String) -> String {
      """
      final class RestServer {}
      final class OtherServer {}
      enum AppConfiguration {
        static let restServer = \(server)()
        static var name: String?
      }
      final class Application { static func current() -> Application { Application() } }
      enum WebComponent { case accounts, payments }
      final class Session {}
      final class Client { init(server: RestServer, application: Application, session: Session, web: WebComponent) {} }
      final class Feed { init(clock: Clock) {} }

      """
    }
    let session = "extension Application {\n  static var shared: Session { Session() }\n}\n"
    let container = MarkedText(
      """
      import Dip

      let container = DependencyContainer { c in
        c.register(.singleton) { AppConfiguration.restServer }
        c.register { Application.current() }
        c.register { WebComponent.accounts }
        c.register { Application.shared }
        c.register { AppConfiguration.name }
        c.3️⃣register { Mixpanel.mainInstance() }
        c.register { Client(server: 4️⃣$0, application: $1, session: $2, web: $3) }
        c.register { Feed(clock: 5️⃣$0) }
      }
      func client() throws -> Client { try container.resolve() }
      func feed() throws -> Feed { try container.resolve() }
      """)
    func messages(_ graph: DependencyGraph) -> [String] {
      graph.diagnostics.map { "\($0.range.start) \($0.message)" }
    }
    let clock = "\(container.position("5️⃣")) missing dependency: nothing registers 'Clock', needed by 'Feed'"
    let host = AnalysisHost(settings: AnalysisSettings())
    host.update([
      ("Services.swift", Self.services), ("Configuration.swift", configuration("RestServer")),
      ("Application+Session.swift", session), ("Container.swift", container.text),
    ])
    #expect(messages(host.graph()) == [clock])
    #expect(
      host.graph().container.unread.map { "\($0.range.start) \($0.message)" } == [
        "\(container.position("3️⃣")) unread registration: the registered type is inferred from the factory's body"
      ])
    #expect(host.graph().container.registrationsRead == 7)
    // The member's declaration edited in its own file: the registration is typed again.
    host.update([("Configuration.swift", configuration("OtherServer"))])
    let server = "\(container.position("4️⃣")) missing dependency: nothing registers 'RestServer', needed by 'Client'"
    #expect(messages(host.graph()) == [server, clock])
    let scratch = try analyze([
      "Services.swift": Self.services, "Configuration.swift": configuration("OtherServer"),
      "Application+Session.swift": session, "Container.swift": container.text,
    ])
    #expect(host.graph().container == scratch.container)
    // The extension gone: `Application.shared` is unread and, a member of a type the sources
    // declare, may be of any type: it silences what nothing read answers.
    host.remove(["Application+Session.swift"])
    #expect(messages(host.graph()) == [])
    #expect(host.graph().container.registrationsRead == 6)
  }

  /// A static member whose type the sources do not write is unread with that reason, and, being
  /// of a type they declare, may answer any resolve: it silences those nothing read answers.
  @Test func aFactoryReturningAStaticMemberWithNoWrittenTypeIsUnreadWithTheReason() throws {
    let container = MarkedText(
      """
      import Dip

      enum AppConfiguration { static let timeout = makeTimeout() }
      final class Feed { init(clock: Clock) {} }
      let container = DependencyContainer { c in
        c.1️⃣register { AppConfiguration.timeout }
        c.register { Feed(clock: $0) }
      }
      func feed() throws -> Feed { try container.resolve() }
      """)
    let graph = try analyze(["Services.swift": Self.services, "Container.swift": container.text])
    #expect(graph.diagnostics.map(\.message) == [])
    #expect(
      graph.container.unread.map { "\($0.range.start) \($0.message)" } == [
        "\(container.position("1️⃣")) unread registration: the analysed sources declare no static member 'timeout' "
          + "of 'AppConfiguration' with one written type; it silences 1 resolve nothing read answers"
      ])
  }
}
