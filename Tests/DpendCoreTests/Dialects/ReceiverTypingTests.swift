import DpendAnalysis
import DpendHost
import DpendModel
import DpendTestSupport
import Testing

/// A container is known by its type however it is reached (SPEC 10): a resolver held in a
/// local, a container a function returns, a file's global made from one; a local that hides a
/// container's name, and a `resolve` of a value that is no container, are not container code.
@Suite struct ReceiverTypingTests {
  static let services = DipDialectTests.services + "protocol Router {}\n"

  @Test func aResolverHeldInALocalIsReadInAFileThatImportsNoContainer() throws {
    let di = """
      import Swinject

      final class AppDI {
        static let shared = AppDI()
        let assembler = Assembler([AppAssembly()])
      }

      final class AppAssembly: Assembly {
        func assemble(container: Container) {
          container.register(Store.self) { _ in StoreImpl() }
        }
      }

      """
    let configurator = MarkedText(
      """
      final class Promise { func resolve(_ value: Int) {} }
      final class Registry { func register(_ name: String) {} }

      final class FeedConfigurator {
        func configure() {
          let r = AppDI.shared.assembler.resolver
          _ = r.resolve(Store.self)!
          _ = r.1️⃣resolve(Feed.self)!
          let resolver = r
          _ = resolver.2️⃣resolve(Clock.self)!
          let promise = Promise()
          promise.resolve(3)
          // A local hiding the workspace's container value of that name.
          let assembler = Registry()
          assembler.register("cell")
        }
      }
      """)
    let graph = try analyze(["Services.swift": Self.services, "DI.swift": di, "Configurator.swift": configurator.text])
    #expect(
      graph.diagnostics.map { "\($0.range.start) \($0.message)" } == [
        "\(configurator.position("1️⃣")) missing dependency: nothing registers 'Feed'",
        "\(configurator.position("2️⃣")) missing dependency: nothing registers 'Clock'",
      ])
    #expect(graph.container.resolvesChecked == 3)
    #expect(graph.container.resolvesUnread == 0)
    #expect(graph.container.registrationsRead == 1)
    #expect(graph.container.registrationsUnread == 0)
  }

  @Test func aContainerAFunctionReturnsIsReadThroughTheGlobalMadeFromIt() throws {
    let dependencies = """
      import Dip

      final class AppDependencies {
        func makeContainer() -> DependencyContainer {
          let container = DependencyContainer()
          container.register { StoreImpl() as Store }
          return container
        }
      }

      """
    let entry = MarkedText(
      """
      private let container = AppDependencies().makeContainer()

      final class Entry {
        func start() {
          let store: Store = try! container.resolve()
          let router: Router = try! container.1️⃣resolve()
          let direct: Feed = try! AppDependencies().makeContainer().2️⃣resolve()
          _ = (store, router, direct)
        }
      }
      """)
    let graph = try analyze([
      "Services.swift": Self.services, "Dependencies.swift": dependencies, "Entry.swift": entry.text,
    ])
    #expect(
      graph.diagnostics.map { "\($0.range.start) \($0.message)" } == [
        "\(entry.position("1️⃣")) missing dependency: nothing registers 'Router'",
        "\(entry.position("2️⃣")) missing dependency: nothing registers 'Feed'",
      ])
    #expect(graph.container.resolvesChecked == 3)
    #expect(graph.container.resolvesUnread == 0)
  }

  /// A property whose value is a container (`static let resolver = assembler.resolver`) is a
  /// container value other files reach, though its type is not written.
  @Test func aPropertyMadeFromAContainerIsAContainerValueOtherFilesUse() throws {
    let di = """
      import Swinject

      enum AppDI {
        static let assembler = Assembler([])
        static let resolver = assembler.resolver
      }

      """
    let screen = MarkedText(
      """
      final class Screen {
        func open() {
          _ = AppDI.resolver.1️⃣resolve(Store.self)!
        }
      }
      """)
    let graph = try analyze(["Services.swift": Self.services, "DI.swift": di, "Screen.swift": screen.text])
    #expect(
      graph.diagnostics.map { "\($0.range.start) \($0.message)" } == [
        "\(screen.position("1️⃣")) missing dependency: nothing registers 'Store'"
      ])
    #expect(graph.container.resolvesChecked == 1)
  }

  /// A name is what Swift's lexical lookup finds where it is written (``NameLookup``): a
  /// capture bound to a resolver, a local declared again in a closure beside the call; a
  /// local hiding a parameter typed as a container is no container.
  @Test func aNameIsTheDeclarationSwiftFindsWhereItIsWritten() throws {
    let di = """
      import Swinject

      final class AppDI {
        static let shared = AppDI()
        let assembler = Assembler([])
      }

      """
    let screens = MarkedText(
      """
      import Swinject

      final class Registry { func register(_ name: String) {} }

      final class Screens {
        func open(names: [String]) {
          let r = AppDI.shared.assembler.resolver
          names.forEach { r in print(r) }
          _ = r.1️⃣resolve(Store.self)!
          run { [c = AppDI.shared.assembler.resolver] in
            _ = c.2️⃣resolve(Feed.self)!
          }
        }

        func configure(container: Container) {
          let container = Registry()
          container.register("cell")
        }

        func run(_ body: @escaping () -> Void) { body() }
      }
      """)
    let graph = try analyze(["Services.swift": Self.services, "DI.swift": di, "Screens.swift": screens.text])
    #expect(
      graph.diagnostics.map { "\($0.range.start) \($0.message)" } == [
        "\(screens.position("1️⃣")) missing dependency: nothing registers 'Store'",
        "\(screens.position("2️⃣")) missing dependency: nothing registers 'Feed'",
      ])
    #expect(graph.container.resolvesChecked == 2)
    #expect(graph.container.registrationsRead == 0)
    #expect(graph.container.registrationsUnread == 0)
  }
}

/// An app's own static method on a library's container type is the app's helper: a call on
/// the type itself cannot be the library's instance method, so it is read as the helper
/// reads, a trap when the helper forces its result (SPEC 10).
@Suite struct LibraryTypeHelperTests {
  @Test func aStaticHelperOnAssemblerIsReadAsTheHelperTrapsNotAsTheOptionalResolve() throws {
    let di = MarkedText(
      """
      import Swinject

      protocol Screen {}
      final class HomeScreen: Screen {}

      let assembler = Assembler([])

      extension Assembler {
        static func resolve<S>(_ type: S.Type) -> S { assembler.resolver.resolve(type)! }
      }

      final class Router {
        func open() {
          let home = Assembler.1️⃣resolve(Screen.self)
          _ = home
        }
      }
      """)
    let graph = try analyze(["DI.swift": di.text])
    #expect(
      graph.diagnostics.map { "\($0.code.rawValue) \($0.severity) \($0.range.start) \($0.message)" } == [
        "missing-dependency error \(di.position("1️⃣")) missing dependency: nothing registers 'Screen'"
      ])
  }
}

/// `@_exported import Resolver` in one file makes Resolver imported in the others (SPEC 10):
/// their registrations and resolves are read, and the hard negative is still reported.
@Suite struct ExportedImportTests {
  @Test func aLibraryExportedInOneFileIsReadInFilesThatDoNotImportIt() throws {
    let screen = MarkedText(
      """
      final class Screen {
        @Injected var store: Store
        @Injected var feed: 1️⃣Feed
      }
      """)
    let graph = try analyze([
      "AppDelegate.swift": "@_exported import Resolver\n\nfinal class AppDelegate {}\n",
      "Services.swift": DipDialectTests.services,
      "Injection.swift": """
      extension Resolver: ResolverRegistering {
        public static func registerAllServices() {
          register { StoreImpl() as Store }
        }
      }

      """,
      "Screen.swift": screen.text,
    ])
    #expect(
      graph.diagnostics.map { "\($0.range.start) \($0.message)" } == [
        "\(screen.position("1️⃣")) missing dependency: nothing registers 'Feed'"
      ])
    #expect(graph.container.registrationsRead == 1)
    #expect(graph.container.resolvesChecked == 2)
  }
}

/// A helper extending the library's container yields to the library's own reading of a call
/// the library reads, inside a registration's factory as outside: `r.resolve(Store.self)!`
/// beside an app's `resolve(arguments:_:)` resolves `Store` with no runtime argument.
@Suite struct ExtendingHelperNeedTests {
  @Test func aFactorysLibraryResolveIsNotReadAsTheAppsHelperOfTwoArguments() throws {
    let assembly = MarkedText(
      """
      import Swinject

      extension Resolver {
        func resolve<Service>() -> Service { resolve(Service.self)! }
        func resolve<Service, Arg1, Arg2>(arguments arg1: Arg1, _ arg2: Arg2) -> Service {
          resolve(Service.self, arguments: arg1, arg2)!
        }
      }

      final class Provider { init(store: Store) {} }

      func assemble(_ container: Container) {
        container.register(Store.self) { _ in StoreImpl() }
        container.register(Provider.self) { r in Provider(store: r.resolve(Store.self)!) }
        container.register(Feed.self) { r in FeedImpl(store: r.resolve(), clock: r.1️⃣resolve()) }
      }
      """)
    let graph = try analyze(["Services.swift": DipDialectTests.services, "Assembly.swift": assembly.text])
    #expect(
      graph.diagnostics.map { "\($0.range.start) \($0.message)" } == [
        "\(assembly.position("1️⃣")) missing dependency: nothing registers 'Clock', needed by 'Feed'"
      ])
  }
}

/// A container a function makes and returns is the function's result, whose uses dpend does
/// not follow (`services.collaborate(with: core)` on two such results): it may be any
/// container, and what nothing registers is still missing (SPEC 8.6).
@Suite struct ReturnedContainerTests {
  @Test func containersReturnedByFactoryFunctionsMayAnswerEachOther() throws {
    let containers = MarkedText(
      """
      import Dip

      extension DependencyContainer {
        static func core() -> DependencyContainer {
          let container = DependencyContainer()
          container.register(.singleton) { () -> Clock in SystemClock() }
          return container
        }

        static func services() -> DependencyContainer {
          let container = DependencyContainer()
          container.register(.singleton) { () -> Feed in
            FeedImpl(store: try container.1️⃣resolve(), clock: try container.resolve())
          }
          return container
        }
      }

      let services = DependencyContainer.services()
      let core = DependencyContainer.core()

      func link() { services.collaborate(with: core) }
      """)
    let graph = try analyze(["Services.swift": DipDialectTests.services, "Containers.swift": containers.text])
    #expect(
      graph.diagnostics.map { "\($0.range.start) \($0.message)" } == [
        "\(containers.position("1️⃣")) missing dependency: nothing registers 'Store', needed by 'Feed'"
      ])
  }
}

/// A value the workspace's vocabulary names a container by its name alone (`container`,
/// declared a Swinject `Container` in another file) is typed through the workspace's
/// declarations where a call is made on it (SPEC 10): `Storage.shared.container` of a type the
/// sources declare, which is no container, makes no container code; a library's container, a
/// subclass of one, or a type the sources do not declare leaves the call read.
@Suite struct VocabularyReceiverTypingTests {
  static let locator = """
    import Swinject

    enum Locator {
      static let container = Container()
    }
    protocol Store {}
    final class StoreImpl: Store {}
    final class Feed { init(store: Store) {} }

    """

  static func storage(_ made: String) -> String {
    """
    final class PersistentContainer {
      func register(_ name: String) {}
      func resolve(_ type: Any.Type) -> Any? { nil }
    }
    final class AppContainer: Container {}
    final class Storage {
      static let shared = Storage()
      let container = \(made)
    }

    """
  }

  static let use = MarkedText(
    """
    func setUp() {
      Locator.container.register(Store.self) { _ in StoreImpl() }
      Storage.shared.container.2️⃣register("cache")
      _ = Storage.shared.container.resolve(Feed.self)
      _ = Locator.container.1️⃣resolve(Feed.self)
    }

    """)

  static func messages(_ graph: DependencyGraph) -> [String] {
    graph.diagnostics.map { "\($0.range.file):\($0.range.start) \($0.message)" }
  }

  static let neverNil =
    "Use.swift:\(use.position("1️⃣")) nothing registers 'Feed': the optional resolve always yields nil"

  @Test func aValueOfADeclaredTypeThatIsNoContainerMakesNoContainerCode() throws {
    let graph = try analyze([
      "DI.swift": Self.locator, "Storage.swift": Self.storage("PersistentContainer()"), "Use.swift": Self.use.text,
    ])
    #expect(Self.messages(graph) == [Self.neverNil])
    #expect(graph.container.registrationsRead == 1)
    #expect(graph.container.resolvesChecked == 1)
    #expect(graph.container.unread == [])
  }

  @Test func aContainerASubclassOfOneOrAnUndeclaredTypeLeavesTheCallRead() throws {
    // `register("cache")` on one is no form of Swinject's register: unread, silencing the resolves.
    let unread =
      "Use.swift:\(Self.use.position("2️⃣")) unread registration: 'register(_:)' on container 'container' is no form of Swinject's register dpend reads; it silences 2 resolves nothing read answers"
    for made in ["Container()", "AppContainer()", "NSPersistentContainer(name: \"Model\")"] {
      let graph = try analyze([
        "DI.swift": Self.locator, "Storage.swift": Self.storage(made), "Use.swift": Self.use.text,
      ])
      #expect(Self.messages(graph) == [], "\(made)")
      #expect(graph.container.unread.map { "\($0.range.file):\($0.range.start) \($0.message)" } == [unread], "\(made)")
      #expect(graph.container.resolvesChecked == 2, "\(made)")
    }
  }

  /// A registration on a receiver the sources type as no container is dropped when its file
  /// is typed. An edit of another file's declaration that makes the receiver a container
  /// adds the assembly it is written in to the gates the reach reads: the app now makes an
  /// assembly, so one nothing makes is no longer counted as reached. Undoing it takes the gate
  /// away again, though the gated file's text never changed. Each graph equals a scratch one.
  @Test func aDeclarationEditThatMakesAReceiverAContainerAddsItsAssemblyToTheGates() throws {
    var files = [
      "DI.swift": """
      import Swinject
      enum Locator { static let container = Container() }
      final class Audio {}
      final class AudioAssembly: Assembly {
        func assemble(container: Container) { container.register(Audio.self) { _ in Audio() } }
      }
      func main() { _ = Locator.container.resolve(Audio.self)! }

      """,
      "Storage.swift": """
      final class Storage {
        static let shared = Storage()
        let container = AppContainer()
      }

      """,
      "Use.swift": """
      final class Video {}
      final class CacheAssembly {
        func assemble(container: Any) { Storage.shared.container.register(Video.self) { _ in Video() } }
      }
      func start() { _ = CacheAssembly() }

      """,
      "Types.swift": "final class AppContainer {}\n",
    ]
    let host = AnalysisHost(settings: AnalysisSettings())
    host.update(files.sorted { $0.key < $1.key }.map { (path: $0.key, text: $0.value) })
    var found = [host.graph().diagnostics.map(\.message)]
    for text in ["import Swinject\nfinal class AppContainer: Container {}\n", "final class AppContainer {}\n"] {
      files["Types.swift"] = text
      host.update([("Types.swift", text)])
      let graph = host.graph()
      let scratch = try analyze(files)
      #expect(graph.diagnostics == scratch.diagnostics)
      #expect(graph.container == scratch.container)
      found.append(graph.diagnostics.map(\.message))
    }
    #expect(found == [[], ["missing dependency: nothing registers 'Audio'"], []])
  }

  @Test func editingTheValuesTypeReadsTheCallsAgainLikeAScratchBuild() throws {
    let host = AnalysisHost(settings: AnalysisSettings())
    host.update([
      ("DI.swift", Self.locator), ("Storage.swift", Self.storage("PersistentContainer()")),
      ("Use.swift", Self.use.text),
    ])
    #expect(Self.messages(host.graph()) == [Self.neverNil])
    host.update([("Storage.swift", Self.storage("Container()"))])
    #expect(Self.messages(host.graph()) == [])
    #expect(host.graph().container.registrationsUnread == 1)
    let scratch = try analyze([
      "DI.swift": Self.locator, "Storage.swift": Self.storage("Container()"), "Use.swift": Self.use.text,
    ])
    #expect(host.graph().container == scratch.container)
    host.update([("Storage.swift", Self.storage("PersistentContainer()"))])
    #expect(Self.messages(host.graph()) == [Self.neverNil])
    #expect(host.graph().container.registrationsUnread == 0)
  }
}
