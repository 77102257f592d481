import DpendAnalysis
import DpendModel
import DpendTestSupport
import Testing

/// Keys as Swift names them (SPEC 8.4): a typealias and its type are one key, a name is looked
/// up from where it is written, a module's name is no part of a key, a generic registered
/// without its arguments answers its specializations, and type forwarding adds keys — each
/// with a hard negative that must still be reported.
@Suite struct SwiftKeyNameTests {
  @Test func aTypealiasIsItsType() throws {
    let code = MarkedText(
      """
      import Swinject

      protocol Manager {}
      final class ManagerImpl: Manager {}
      typealias ManagerType = Manager
      typealias Unrelated = ManagerImpl

      func assemble(_ c: Container) {
        c.register(Manager.self) { _ in ManagerImpl() }
        _ = c.resolve(ManagerType.self)!
        _ = c.1️⃣resolve(Unrelated.self)!
      }
      """)
    let graph = try analyze(["Assembly.swift": code.text])
    #expect(
      graph.diagnostics.map { "\($0.range.start) \($0.message)" } == [
        "\(code.position("1️⃣")) missing dependency: nothing registers 'ManagerImpl'"
      ])
  }

  @Test func aNestedNameIsLookedUpFromWhereItIsWritten() throws {
    let screens = MarkedText(
      """
      import Swinject

      struct BasketScreen {}
      extension BasketScreen { final class ViewModel {} }
      struct HomeScreen {}
      extension HomeScreen { final class ViewModel {} }

      func assemble(_ c: Container) {
        c.register(BasketScreen.ViewModel.self) { _ in BasketScreen.ViewModel() }
      }
      extension BasketScreen {
        func make(_ r: Resolver) { _ = r.resolve(ViewModel.self)! }
      }
      extension HomeScreen {
        // Another type of the same name: not registered.
        func make(_ r: Resolver) { _ = r.1️⃣resolve(ViewModel.self)! }
      }
      """)
    let graph = try analyze(["Screens.swift": screens.text])
    #expect(
      graph.diagnostics.map { "\($0.range.start) \($0.message)" } == [
        "\(screens.position("1️⃣")) missing dependency: nothing registers 'HomeScreen.ViewModel'"
      ])
  }

  @Test func aModulesNameIsNoPartOfTheKey() throws {
    let code = """
      import Swinject

      protocol Clock {}
      final class SystemClock: Clock {}
      func assemble(_ c: Swinject.Container) {
        c.register(Swinject.Resolver.self) { r in r }
        c.register(Clock.self) { _ in SystemClock() }
        _ = c.resolve(Resolver.self)!
      }
      """
    let graph = try analyze(["Assembly.swift": code])
    #expect(graph.diagnostics == [])
    #expect(graph.container.resolvesChecked == 1)
  }

  @Test func aGenericRegisteredWithoutArgumentsAnswersItsSpecializations() throws {
    let code = MarkedText(
      """
      import Swinject

      final class FinderModel<S> { init(scheduler: S) {} }
      final class Cache<Value> {}

      func assemble(_ c: Container) {
        c.register(FinderModel.self) { _ in FinderModel(scheduler: 1) }
        c.register(Cache<Int>.self) { _ in Cache<Int>() }
        _ = c.resolve(FinderModel<Int>.self)!
        _ = c.resolve(Cache<Int>.self)!
        // Registered for another argument only.
        _ = c.1️⃣resolve(Cache<String>.self)!
      }
      """)
    let graph = try analyze(["Assembly.swift": code.text])
    #expect(
      graph.diagnostics.map { "\($0.range.start) \($0.message)" } == [
        "\(code.position("1️⃣")) missing dependency: nothing registers 'Cache<String>'"
      ])
  }

  @Test func typeForwardingAddsKeys() throws {
    let dip = MarkedText(
      """
      import Dip

      protocol P {}
      protocol Q {}
      protocol R {}
      final class Impl: P, Q, R {}
      let container = DependencyContainer { c in
        let service = c.1️⃣register(.eagerSingleton) { Impl() }
        c.register(service, type: P.self)
        c.register(service, type: Q.self, tag: "q")
      }
      func use() {
        let p: P = try! container.resolve()
        let q: Q = try! container.resolve(tag: "q")
        let r: R = try! container.2️⃣resolve()
        _ = (p, q, r)
      }
      """)
    let swinject = """
      import Swinject

      protocol S {}
      protocol T {}
      final class SImpl: S, T {}
      func assemble(_ c: Container) {
        c.register(S.self) { _ in SImpl() }.implements(T.self)
        _ = c.resolve(T.self)!
      }
      """
    let graph = try analyze(["Dip.swift": dip.text, "Swinject.swift": swinject])
    #expect(
      graph.diagnostics.map { "\($0.code.rawValue) \($0.range.start)" } == [
        "registered-as-concrete-type \(dip.position("1️⃣"))"
      ])
    #expect(graph.diagnostics.first?.notes.map(\.range.start) == [dip.position("2️⃣")])
    #expect(graph.container.registrationsRead == 3)
  }

  /// Dip's `.implements(P.self, tag: t)` (shekly-ios's routes): `P` under tag `t`, read through
  /// the app's `forceResolve(tag:)` helper, whose own `resolve(tag: tag)` is the caller's.
  @Test func aTaggedImplementationIsAKeyOfItsOwn() throws {
    let code = MarkedText(
      """
      import Dip

      protocol Configurator {}
      final class NewEntryConfigurator: Configurator {}
      enum AppRoutes: String { case newEntry, wallet }

      extension DependencyContainer {
        func forceResolve<T>(tag: DependencyTagConvertible? = nil) -> T {
          do { return try self.resolve(tag: tag) as T } catch { fatalError() }
        }
        func configure() {
          register(.unique, factory: { NewEntryConfigurator() }).implements(Configurator.self, tag: AppRoutes.newEntry)
        }
      }
      func routes(_ container: DependencyContainer) {
        let entry: Configurator = container.forceResolve(tag: AppRoutes.newEntry)
        let wallet: Configurator = container.1️⃣forceResolve(tag: AppRoutes.wallet)
        _ = (entry, wallet)
      }
      """)
    let graph = try analyze(["Routes.swift": code.text])
    #expect(
      graph.diagnostics.map { "\($0.range.start) \($0.message)" } == [
        "\(code.position("1️⃣")) missing dependency: nothing registers 'Configurator (name .wallet)'"
      ])
    #expect(graph.container.registrationsRead == 2)
    #expect(graph.container.resolvesUnread == 0)
  }

  /// An unread factory's `.implements(P.self, tag: t)` registers `P` under `t` all the same: the
  /// key is written beside it. A library's value (`Mixpanel.mainInstance()`) silences no other key.
  @Test func anUnreadFactorysTaggedImplementationIsAKeyOfItsOwn() throws {
    let code = MarkedText(
      """
      import Dip
      import Mixpanel

      protocol Networking {}
      extension MixpanelInstance: Networking {}
      final class Feed { init(net: Networking, web: Networking) {} }

      let container = DependencyContainer { c in
        c.1️⃣register { Mixpanel.mainInstance() }.2️⃣implements(Networking.self, tag: "net")
        c.register { Feed(net: try c.resolve(tag: "net"), web: try c.3️⃣resolve(tag: "web")) }
      }
      func feed() throws -> Feed { try container.resolve() }
      """)
    let graph = try analyze(["App.swift": code.text])
    #expect(
      graph.diagnostics.map { "\($0.range.start) \($0.message)" } == [
        "\(code.position("3️⃣")) missing dependency: nothing registers 'Networking (name \"web\")', needed by 'Feed'"
      ])
    #expect(
      graph.containerIndex.registrations.prefix(2).map { "\($0.range.start) \($0.types) \($0.name ?? "-")" } == [
        "\(code.position("1️⃣")) [] -", "\(code.position("2️⃣")) [\"Networking\"] \"net\"",
      ])
    #expect(graph.container.registrationsRead == 2)
  }

  @Test func aCompositionIsOneKeyInAnyOrderThroughTypealiases() throws {
    let code = MarkedText(
      """
      import Resolver

      protocol AccountStoring {}
      protocol NameStoring {}
      protocol TokenStoring {}
      final class Storage: AccountStoring, NameStoring, TokenStoring {}
      typealias Stores = NameStoring & AccountStoring

      extension Resolver: ResolverRegistering {
        public static func registerAllServices() {
          register { Storage() }.implements((AccountStoring & NameStoring).self)
        }
      }

      final class Profile {
        @Injected var stores: AccountStoring & NameStoring
        @Injected var swapped: NameStoring & AccountStoring
        @Injected var aliased: Stores
        @Injected var wider: 1️⃣AccountStoring & TokenStoring
      }
      """)
    let graph = try analyze(["Profile.swift": code.text])
    #expect(
      graph.diagnostics.map { "\($0.range.start) \($0.message)" } == [
        "\(code.position("1️⃣")) missing dependency: nothing registers 'AccountStoring&TokenStoring'"
      ])
  }

  @Test func aLibrarysModuleNameIsNoPartOfItsKey() throws {
    let code = MarkedText(
      """
      import Swinject

      final class Session {
        init(resolver: Swinject.Resolver, container: Swinject.Container) {}
      }

      func assemble(_ c: Container) {
        c.register(Resolver.self) { r in r }
        c.autoregister(Session.self, initializer: Session.init)
      }
      """)
    let graph = try analyze(["Assembly.swift": code.text])
    #expect(
      graph.diagnostics.map { "\($0.message)" } == [
        "missing dependency: nothing registers 'Container', needed by 'Session'"
      ])
  }

  @Test func twoModulesTypesOfOneNameAreTwoKeysAndANestedTypeKeepsItsEnclosingName() throws {
    let injection = MarkedText(
      """
      import Billing
      import Payments
      import Resolver
      import Search

      extension Resolver: ResolverRegistering {
        public static func registerAllServices() {
          register { Billing.APIClient() }
          register { Search.APIClient() }
          register { Payments.Provider() }
          register { Checkout(provider: resolve(), billing: resolve()) }
          1️⃣register { Search.APIClient() }
        }
      }
      """)
    let graph = try analyze([
      "Billing/APIClient.swift": "public final class APIClient { public init() {} }\n",
      "Search/APIClient.swift": "public final class APIClient { public init() {} }\n",
      "Payments/Payments.swift":
        "public enum Payments {}\nextension Payments { public final class Provider { public init() {} } }\n",
      "App/Checkout.swift": """
      import Billing
      import Payments
      final class Checkout { init(provider: Payments.Provider, billing: Billing.APIClient) {} }

      """,
      "App/Injection.swift": injection.text,
    ])
    #expect(
      graph.diagnostics.map { "\($0.range.start) \($0.message)" } == [
        "\(injection.position("1️⃣")) 'Search.APIClient' is registered twice in one configuration: only the last registration counts"
      ])
  }

  @Test func aTypealiasOfAnotherModulesTypeOfItsNameIsThatType() throws {
    let code = MarkedText(
      """
      import Swinject
      import Moonpay

      typealias Provider = Moonpay.Provider

      func assemble(_ c: Container) {
        c.register(Provider.self) { _ in Provider() }
        _ = c.resolve(Moonpay.Provider.self)!
        _ = c.1️⃣resolve(Billing.Provider.self)!
      }
      """)
    let graph = try analyze(["Assembly.swift": code.text])
    #expect(
      graph.diagnostics.map { "\($0.range.start) \($0.message)" } == [
        "\(code.position("1️⃣")) missing dependency: nothing registers 'Billing.Provider'"
      ])
  }
}
