import DpendAnalysis
import DpendHost
import DpendModel
import DpendTestSupport
import Testing

/// A factory's value typed by what another file declares (SPEC 10): a global, a global
/// function's result, an instance property reached through a chain of static members, globals
/// and values the file types; followed through edits of those declarations.
@Suite struct DeclaredElsewhereTests {
  static let services = ExpectedTypeTests.services + "final class Backup {}\n"

  static func globals(logger: String, clock: String) -> String {
    """
    let sharedLogger\(logger) = ConsoleLogger()
    func makeClock() -> \(clock) { SystemClock() }
    final class Services {
      static let shared = Services()
      let store: Store = StoreImpl()
      var backup: Backup?
      var next: Services!
    }

    """
  }

  static let container = MarkedText(
    """
    import Dip

    let container = DependencyContainer { c in
      c.register { sharedLogger }
      c.3️⃣register { makeClock() }
      c.register { Services.shared.store }
      c.register { Services.shared.next!.backup }
      c.register { [sharedLogger, sharedLogger] }
      c.register { Aggregate(loggers: 4️⃣$0) }
      c.register { FeedImpl(store: $0, clock: $1) as Feed }
    }
    func feed() throws -> Feed { try container.resolve() }
    func logger() throws -> ConsoleLogger { try container.2️⃣resolve() }
    final class Aggregate { init(loggers: [ConsoleLogger]) {} }
    func aggregate() throws -> Aggregate { try container.resolve() }
    """)

  static func messages(_ graph: DependencyGraph) -> [String] {
    graph.diagnostics.map { "\($0.range.start) \($0.message)" }
  }

  @Test func aGlobalAFunctionsResultAndAPropertyChainRegisterTheirDeclaredTypes() throws {
    let container = Self.container
    let host = AnalysisHost(settings: AnalysisSettings())
    host.update([
      ("Services.swift", Self.services), ("Globals.swift", Self.globals(logger: "", clock: "Clock")),
      ("Container.swift", container.text),
    ])
    #expect(Self.messages(host.graph()) == [])
    #expect(host.graph().container.unread.map(\.message) == [])
    #expect(host.graph().container.registrationsRead == 7)
    #expect(
      host.graph().containerIndex.registrations.map(\.types) == [
        ["ConsoleLogger"], ["Clock"], ["Store"], ["Backup?"], ["[ConsoleLogger]"], ["Aggregate"], ["Feed"],
      ])
    // The global's and the function's declarations edited in their own file: typed again.
    let edited = Self.globals(logger: ": Logger", clock: "SystemClock")
    host.update([("Globals.swift", edited)])
    let expected = [
      "\(container.position("3️⃣")) 'SystemClock' is registered as 'SystemClock', not as 'Clock', which is resolved",
      "\(container.position("4️⃣")) missing dependency: nothing registers '[ConsoleLogger]', needed by 'Aggregate'",
      "\(container.position("2️⃣")) missing dependency: nothing registers 'ConsoleLogger'",
    ]
    #expect(Self.messages(host.graph()) == expected)
    let scratch = try analyze([
      "Services.swift": Self.services, "Globals.swift": edited, "Container.swift": container.text,
    ])
    #expect(Self.messages(scratch) == expected)
    #expect(host.graph().container == scratch.container)
    // Declared nowhere: unread, silencing what nothing read answers.
    host.remove(["Globals.swift"])
    #expect(Self.messages(host.graph()) == [])
    #expect(host.graph().container.registrationsRead == 2)
  }

  /// A name the file types (a global's or a local's annotation) registers its type, named
  /// as the sources declare it (the typealias followed).
  @Test func aNameTheFileTypesRegistersItsDeclaredType() throws {
    let container = MarkedText(
      """
      import Dip

      typealias Log = Logger
      let localLogger: Log = ConsoleLogger()
      func makeContainer() -> DependencyContainer {
        let clock: Clock = SystemClock()
        return DependencyContainer { c in
          c.register { localLogger }
          c.register { clock }
        }
      }
      func logger() throws -> Logger { try makeContainer().resolve() }
      func feed() throws -> Feed { try makeContainer().1️⃣resolve() }
      """)
    let graph = try analyze(["Services.swift": Self.services, "Container.swift": container.text])
    #expect(Self.messages(graph) == ["\(container.position("1️⃣")) missing dependency: nothing registers 'Feed'"])
    #expect(graph.containerIndex.registrations.map(\.types) == [["Logger"], ["Clock"]])
    #expect(graph.container.unread.map(\.message) == [])
  }

  /// What the declarations do not tell is unread with the reason, never guessed: an optional
  /// chain, a global two files type differently, an array of elements of different types, a property the type does not declare, a name
  /// inside a type (a member another file declares may hide the global), a name the sources
  /// do not declare (a library's).
  @Test func whatTheDeclarationsDoNotTellIsUnreadWithTheReason() throws {
    let container = MarkedText(
      """
      import Dip

      extension DependencyContainer {
        func configure() {
          1️⃣register { sharedLogger }
        }
      }
      let container = DependencyContainer { c in
        c.2️⃣register { Services.shared.optional?.store }
        c.3️⃣register { duplicated }
        c.4️⃣register { Services.shared.missing }
        c.5️⃣register { kLibraryValue }
        c.6️⃣register { [sharedLogger, makeClock()] }
      }
      """)
    let graph = try analyze([
      "Services.swift": Self.services, "Globals.swift": Self.globals(logger: "", clock: "Clock"),
      "One.swift": "let duplicated = StoreImpl()\nlet optional: Services? = nil\n",
      "Two.swift": "let duplicated = SystemClock()\n", "Container.swift": container.text,
    ])
    #expect(Self.messages(graph) == [])
    let body = "the registered type is inferred from the factory's body"
    #expect(
      graph.container.unread.map { "\($0.range.start) \($0.message)" } == [
        "\(container.position("1️⃣")) unread registration: \(body)",
        "\(container.position("2️⃣")) unread registration: \(body)",
        "\(container.position("3️⃣")) unread registration: 'duplicated' is declared in 2 files of the analysed "
          + "sources, which differ in its type, and dpend does not tell which one the file sees",
        "\(container.position("4️⃣")) unread registration: the analysed sources declare no property 'missing' "
          + "with a written type in 'Services'",
        "\(container.position("5️⃣")) unread registration: \(body)",
        "\(container.position("6️⃣")) unread registration: the array's elements are of different types ('Clock', "
          + "'ConsoleLogger'), which Swift joins and dpend does not",
        "\(container.position("1️⃣")) counted as reached: 'DependencyContainer.configure()' may be called where dpend "
          + "cannot see it (nothing it reads calls any registration function)",
      ])
  }
}

/// The platforms' shared instances are typed as the SDK declares them (SPEC 10): the
/// analysed sources never declare `URLSession`, yet Swift knows `URLSession.shared` is one.
@Suite struct PlatformStaticsTests {
  @Test func aPlatformsSharedInstanceRegistersItsDeclaredType() throws {
    let code = MarkedText(
      """
      import Resolver
      import UIKit

      extension URLSession {
        static let uploads = URLSession(configuration: .default)
      }

      extension Resolver: ResolverRegistering {
        public static func registerAllServices() {
          register { URLSession.shared }.scope(.application)
          register(name: "main") { DispatchQueue.main }
          register(name: "background") { DispatchQueue.global(qos: .background) }
          register(name: "uploads") { URLSession.uploads }
          register { OperationQueue.current }
          1️⃣register { UIApplication.shared.delegate }
          2️⃣register { URLSession.sharedSession }
        }
      }

      final class Player {
        @Injected var session: URLSession
        @Injected(name: "main") var main: DispatchQueue
        @Injected(name: "background") var background: DispatchQueue
        @Injected(name: "uploads") var uploads: URLSession
        @Injected var defaults: 3️⃣UserDefaults
      }
      """)
    let graph = try analyze(["Player.swift": code.text])
    #expect(
      graph.containerIndex.registrations.map { "\($0.types) \($0.name ?? "-")" } == [
        "[\"URLSession\"] -", "[\"DispatchQueue\"] \"main\"", "[\"DispatchQueue\"] \"background\"",
        "[\"URLSession\"] \"uploads\"", "[\"OperationQueue?\"] -", "[] -", "[] -",
      ])
    // A member the table does not list, or one of a platform value's properties, is unread
    // and, a library's value, silences no type the sources declare; `UserDefaults` is none.
    #expect(
      graph.container.unread.map { "\($0.range.start) \($0.message)" } == [
        "\(code.position("1️⃣")) unread registration: the registered type is inferred from the factory's body; it silences 1 resolve nothing read answers",
        "\(code.position("2️⃣")) unread registration: the registered type is inferred from the factory's body; it silences 1 resolve nothing read answers",
      ])
    #expect(graph.diagnostics == [])
    #expect(graph.container.registrationsRead == 5)
  }

  @Test func aTypeTheSourcesDeclareIsTheirsNotThePlatforms() throws {
    let code = MarkedText(
      """
      import Resolver

      final class Bundle {
        static let main = Catalog()
      }
      final class Catalog {}

      extension Resolver: ResolverRegistering {
        public static func registerAllServices() {
          register { Bundle.main }
        }
      }

      final class Shelf {
        @Injected var catalog: Catalog
        @Injected var bundle: 1️⃣Bundle
      }
      """)
    let graph = try analyze(["Shelf.swift": code.text])
    #expect(
      graph.diagnostics.map { "\($0.range.start) \($0.message)" } == [
        "\(code.position("1️⃣")) missing dependency: nothing registers 'Bundle'"
      ])
    #expect(graph.containerIndex.registrations.map(\.types) == [["Catalog"]])
  }
}

/// A factory's value force-cast to a type is of that type, whatever the cast value's:
/// `{ UIApplication.shared as! AppApplication }` registers `AppApplication`. A conditional cast
/// (`as?`, an optional) stays unread.
@Suite struct ForcedCastFactoryTests {
  @Test func aForcedCastNamesTheRegisteredType() throws {
    let code = MarkedText(
      """
      import Dip
      import UIKit

      enum Shell {
        final class AppApplication: UIApplication {}
      }
      let container = DependencyContainer { c in
        c.register(.singleton) { UIApplication.shared as! Shell.AppApplication }
        c.2️⃣register { UIApplication.shared.delegate as? AppDelegate }
        c.register { Presenter(application: try c.resolve(), delegate: try c.resolve()) }
      }
      final class AppDelegate {}
      final class Presenter { init(application: Shell.AppApplication, delegate: AppDelegate) {} }
      """)
    let graph = try analyze(["Shell.swift": code.text])
    #expect(graph.containerIndex.registrations.map(\.types) == [["Shell.AppApplication"], [], ["Presenter"]])
    #expect(
      graph.container.unread.map { "\($0.range.start) \($0.message)" } == [
        "\(code.position("2️⃣")) unread registration: the registered type is inferred from the factory's body; it silences 1 resolve nothing read answers"
      ])
    #expect(graph.diagnostics == [])
  }
}
