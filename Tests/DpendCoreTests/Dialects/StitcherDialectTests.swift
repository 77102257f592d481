import DpendAnalysis
import DpendModel
import DpendTestSupport
import Testing

/// Stitcher's containers, requirements and injections, in its 0.9 (`Dependency("name",
/// Impl.init)`, `requires:`) and 1.0 (`Dependency { … }.named(…)`, bare entries) forms.
@Suite struct StitcherDialectTests {
  static let services = """
    protocol Auth {}
    protocol Store {}
    class BaseStore {}
    final class AuthService: Auth { init() {} }
    final class DiskStore: BaseStore, Store { init() {} }
    final class Feed { init(auth: Auth, store: Store) {} }
    final class Repository { init(url: String) {} }

    """

  private static func keys(_ registration: ContainerRegistration) -> String {
    "\(registration.keys.map(\.description)) \(registration.scope ?? "-") \(registration.unread ?? "read")"
  }

  @Test func everyRegistrationFormIsRead() throws {
    let container = MarkedText(
      """
      import Stitcher

      let app = DependencyContainer("App") {
        1️⃣Dependency("auth", AuthService.init)
        2️⃣Dependency(DiskStore.init)
        3️⃣Dependency(implementing: Auth.self, AuthService.init)
        4️⃣Dependency(.type(DiskStore.self, supertypes: BaseStore.self, Store.self), DiskStore.init)
        5️⃣Dependency(.name("repository"), Repository.init)
        6️⃣Dependency { () -> Store in DiskStore() }
        7️⃣Dependency(named: "feed") { Feed(auth: try! DependencyGraph.active.inject(), store: DiskStore()) }
        8️⃣Dependency { AuthService() }.conforms(to: Auth.self).scope(.singleton)
        9️⃣Dependency { DiskStore() }.named("disk").scope(.managed(by: publisher))
        🔟DiskStore()
      }
      """)
    let graph = try analyze(["Services.swift": Self.services, "Container.swift": container.text])
    let summary = try #require(graph.summary(of: "Container.swift"))
    #expect(
      summary.registrations.map { "\(Self.keys($0)) \($0.range.start.offset)" } == [
        "[\"name \\\"auth\\\"\"] - read \(container.offset("1️⃣"))",
        "[\"DiskStore\"] - read \(container.offset("2️⃣"))",
        "[\"AuthService\", \"Auth\"] - read \(container.offset("3️⃣"))",
        "[\"DiskStore\", \"BaseStore\", \"Store\"] - read \(container.offset("4️⃣"))",
        "[\"name \\\"repository\\\"\"] - read \(container.offset("5️⃣"))",
        "[\"Store\"] - read \(container.offset("6️⃣"))",
        "[\"name \\\"feed\\\"\"] - read \(container.offset("7️⃣"))",
        "[\"AuthService\", \"Auth\"] singleton read \(container.offset("8️⃣"))",
        "[\"name \\\"disk\\\"\"] managed read \(container.offset("9️⃣"))",
        "[\"DiskStore\"] - read \(container.offset("🔟"))",
      ])
    // `Feed`'s factory injects `Auth` (typed by `Feed.init(auth:store:)`); `Repository.init`'s
    // `url` is an instantiation parameter, not a need.
    #expect(summary.registrations.map(\.needs.count) == [0, 0, 0, 0, 0, 0, 1, 0, 0, 0])
    #expect(graph.container.resolvesChecked == 1)
    // `DiskStore` twice (2️⃣ and 🔟, 4️⃣'s own key too) and `AuthService` twice.
    #expect(
      graph.diagnostics.map { "\($0.code.rawValue) \($0.range.start.offset): \($0.message)" } == [
        "duplicate-registration \(container.offset("4️⃣")): 'DiskStore' is registered twice in one configuration: only the last registration counts",
        "duplicate-registration \(container.offset("8️⃣")): 'AuthService' is registered twice in one configuration: only the last registration counts",
        "duplicate-registration \(container.offset("🔟")): 'DiskStore' is registered twice in one configuration: only the last registration counts",
      ])
  }

  @Test func anUnmetRequirementNamesItsContainer() throws {
    let container = MarkedText(
      """
      import Stitcher

      let feature = DependencyContainer("Feed") {
        Dependency("auth", AuthService.init)
      } requires: {
        Requirement(.name("auth"))
        1️⃣Requirement(.name("session"))
        2️⃣Requirement(.type(Store.self))
      }
      """)
    let graph = try analyze(["Services.swift": Self.services, "Feed.swift": container.text])
    #expect(
      graph.diagnostics == [
        Diagnostic(
          code: .missingDependency,
          message: "missing dependency: nothing registers 'name \"session\"', required by the container \"Feed\"",
          range: container.range("1️⃣", covering: "Requirement", in: "Feed.swift"),
          notes: [
            DiagnosticNote(
              message: "required here", range: container.range("1️⃣", covering: "Requirement", in: "Feed.swift"),
              siteMessage:
                "missing dependency: nothing registers 'name \"session\"', required by the container \"Feed\"")
          ]),
        Diagnostic(
          code: .missingDependency,
          message: "missing dependency: nothing registers 'Store', required by the container \"Feed\"",
          range: container.range("2️⃣", covering: "Requirement", in: "Feed.swift"),
          notes: [
            DiagnosticNote(
              message: "required here", range: container.range("2️⃣", covering: "Requirement", in: "Feed.swift"),
              siteMessage: "missing dependency: nothing registers 'Store', required by the container \"Feed\"")
          ]),
      ])
  }

  @Test func injectionsByNameAndTypeAreChecked() throws {
    let container = """
      import Stitcher

      let app = DependencyContainer("App") {
        Dependency("auth", AuthService.init)
        Dependency(implementing: Store.self, DiskStore.init)
      }

      """
    let screen = MarkedText(
      """
      import Stitcher

      final class Screen {
        @Injected("auth") var auth: Auth
        @Injected var store: Store
        @Injected("token") var token: 1️⃣Auth
        @Injected(name: "clock") var clock: 2️⃣Auth?
        @Injected var feed: 3️⃣Feed
        func load(graph: DependencyGraph) throws {
          let auth: Auth = try graph.inject(named: "auth")
          let session: Auth = try graph.4️⃣inject(named: "session")
          let store = try DependencyGraph.inject(byType: Store.self)
          let cached = try? DependencyGraph.inject(byType: DiskStore.self)
        }
      }
      """)
    let graph = try analyze(["Services.swift": Self.services, "App.swift": container, "Screen.swift": screen.text])
    #expect(
      graph.diagnostics.map { "\($0.code.rawValue) \($0.range.start.offset): \($0.message)" } == [
        "missing-dependency \(screen.offset("1️⃣")): missing dependency: nothing registers 'name \"token\"'",
        "unregistered-optional-resolve \(screen.offset("2️⃣")): nothing registers 'name \"clock\"': the optional resolve always yields nil",
        "missing-dependency \(screen.offset("3️⃣")): missing dependency: nothing registers 'Feed'",
        "missing-dependency \(screen.offset("4️⃣")): missing dependency: nothing registers 'name \"session\"'",
      ])
    #expect(graph.container.resolvesChecked == 9)
  }

  @Test func oneNameInTwoContainersOfTwoFilesIsADuplicate() throws {
    let first = MarkedText(
      """
      import Stitcher

      let app = DependencyContainer("App") {
        1️⃣Dependency("auth", AuthService.init)
        if useDisk {
          Dependency("store", DiskStore.init)
        } else {
          Dependency("store", DiskStore.init)
        }
      }
      """)
    let second = MarkedText(
      """
      import Stitcher

      let login = DependencyContainer("Login") {
        2️⃣Dependency("auth", AuthService.init)
        DependencyGroup { Dependency("store", DiskStore.init) }
      }
      """)
    let graph = try analyze(["Services.swift": Self.services, "App.swift": first.text, "Login.swift": second.text])
    #expect(
      graph.diagnostics == [
        Diagnostic(
          code: .duplicateRegistration,
          message: "'name \"auth\"' is registered twice in one configuration: only the last registration counts",
          range: second.range("2️⃣", covering: "Dependency", in: "Login.swift"),
          notes: [
            DiagnosticNote(
              message: "first registered here", range: first.range("1️⃣", covering: "Dependency", in: "App.swift"))
          ])
      ])
  }

  /// Two containers may each provide a type (Stitcher injects them all as an array), and two
  /// test methods' containers are never active together: neither is a duplicate. Found on
  /// Stitcher's own test suite, which had 19 such warnings.
  @Test func aTypeInTwoContainersAndANameInTwoFunctionsAreNoDuplicates() throws {
    let first = """
      import Stitcher

      let app = DependencyContainer("App") {
        Dependency(DiskStore.init)
      }
      final class LoginTests {
        func testOne() {
          let container = DependencyContainer { Dependency("auth", AuthService.init) }
        }
        func testTwo() {
          let container = DependencyContainer { Dependency("auth", AuthService.init) }
        }
      }
      """
    let second = """
      import Stitcher

      let login = DependencyContainer("Login") {
        Dependency(DiskStore.init)
      }
      """
    let graph = try analyze(["Services.swift": Self.services, "App.swift": first, "Login.swift": second])
    #expect(graph.container.registrationsRead == 4)
    #expect(graph.diagnostics == [])
  }

  /// A registration under a runtime condition is its own container, in its own file: two
  /// files alike (the same offsets) are two containers, not one.
  @Test func conditionalRegistrationsOfTwoFilesAlikeAreNoDuplicates() throws {
    let text = """
      import Stitcher

      let app = DependencyContainer("App") {
        if useAuth { Dependency("auth", AuthService.init) }
      }
      """
    let graph = try analyze(["Services.swift": Self.services, "A.swift": text, "B.swift": text])
    #expect(graph.container.registrationsRead == 2)
    #expect(graph.diagnostics == [])
  }

  @Test func aCycleThroughFactoryInjectionsHasItsPath() throws {
    let container = MarkedText(
      """
      import Stitcher

      final class Parent { init(child: Child) {} }
      final class Child { init(parent: Parent) {} }
      let app = DependencyContainer("App") {
        Dependency { Parent(child: try! DependencyGraph.active.1️⃣inject()) }
        Dependency { Child(parent: try! DependencyGraph.active.2️⃣inject()) }
      }
      """)
    let graph = try analyze(["Container.swift": container.text])
    #expect(
      graph.diagnostics == [
        Diagnostic(
          code: .dependencyCycle, message: "dependency cycle: Child -> Parent -> Child",
          range: container.range("2️⃣", covering: "inject", in: "Container.swift"),
          notes: [
            DiagnosticNote(
              message: "'Child' resolves 'Parent'",
              range: container.range("2️⃣", covering: "inject", in: "Container.swift")),
            DiagnosticNote(
              message: "'Parent' resolves 'Child'",
              range: container.range("1️⃣", covering: "inject", in: "Container.swift")),
          ])
      ])
  }

  @Test func unreadFormsAreCountedNeverGuessed() throws {
    let container = """
      import Stitcher

      enum Names { static let auth = "auth" }
      let app = DependencyContainer("App") {
        Dependency(Names.auth, AuthService.init)
        Dependency(for: Upload.avatar) { DiskStore() }
        Dependency(property: "didShowOnboarding") { flag } set: { flag = $0 }
        Dependency(makeStore)
      } requires: {
        Requirement(.property("didShowOnboarding", type: Bool.self))
      }
      final class Screen {
        @Injected(Names.auth) var auth: Auth
        @Injected(value: Upload.avatar) var upload: Store
        @Injected var stores: [Store]
        func load() throws { let x = try DependencyGraph.active.inject() }
      }
      """
    let graph = try analyze(["Services.swift": Self.services, "Container.swift": container])
    #expect(graph.diagnostics == [])
    #expect(graph.container.registrationsRead == 0)
    #expect(graph.container.registrationsUnread == 4)
    #expect(graph.container.resolvesUnread == 5)
    #expect(
      graph.container.unread.map(\.message) == [
        "unread registration: the name 'Names.auth' is not a string literal",
        "unread registration: the dependency is located by an associated value",
        "unread registration: a property dependency is located by its name and signature",
        "unread registration: the dependency's type is inferred",
        "unread resolve: the requirement's locator '.property(\"didShowOnboarding\", type: Bool.self)' is not read",
        "unread resolve: 'Names.auth' may be a name or an instantiation parameter",
        "unread resolve: the dependency is located by an associated value",
        "unread resolve: an array injects every dependency of 'Store'",
        "unread resolve: the injected type is inferred from the context",
      ])
  }

  @Test func hardNegativesStaySilent() throws {
    // The same names without `import Stitcher`, a SwiftUI `Dependency`, and an `#if` branch
    // each configuration takes one of.
    let other = """
      import Foundation

      let container = DependencyContainer("App") { Dependency("auth", AuthService.init) }
      final class Screen { @Injected("token") var token: Auth }
      """
    let swiftUI = """
      import SwiftUI

      struct Dependency: View { var body: some View { Text("x") } }
      let view = Dependency()
      """
    let branches = """
      import Stitcher

      let app = DependencyContainer("App") {
        #if DEBUG
        Dependency("auth", AuthService.init)
        #else
        Dependency("auth", AuthService.init)
        #endif
      }
      final class Screen { @Injected("auth") var auth: Auth }
      """
    let graph = try analyze([
      "Services.swift": Self.services, "Other.swift": other, "View.swift": swiftUI, "App.swift": branches,
    ])
    #expect(graph.diagnostics == [])
    #expect(graph.container.registrationsRead == 2)
    #expect(graph.container.resolvesChecked == 1)
    #expect(graph.container.configurations == [[], ["DEBUG"]])
  }

  @Test func aCustomDependencyRepresentingMayProvideAnyName() throws {
    let custom = """
      import Stitcher

      struct RepositoryDependency: DependencyRepresenting {
        var locator: DependencyLocator { .name(Self.name) }
        static let name = "repository"
      }
      let app = DependencyContainer { RepositoryDependency() }
      final class Screen { @Injected(name: "repository") var repository: Repository }
      """
    let graph = try analyze(["Services.swift": Self.services, "Custom.swift": custom])
    #expect(graph.diagnostics == [])
    #expect(
      graph.container.unread.map(\.message) == [
        "unread registration: a custom dependency's locator is computed; it silences 1 resolve nothing read answers"
      ])
    #expect(graph.container.resolvesChecked == 1)
  }
}
