import DpendAnalysis
import DpendModel
import DpendTestSupport
import Testing

/// A registration runs only when the app reaches the declaration it is written in (SPEC 8.6):
/// an assembly the app makes, a registration function the app calls, transitively; what a
/// file dpend cannot see might do counts as done.
@Suite struct ReachedRegistrationTests {
  static let services = """
    protocol HUDPresenting {}
    protocol Storage {}
    protocol Billing {}
    final class HUD: HUDPresenting {}
    final class DiskStorage: Storage {}
    final class StoreBilling: Billing {}

    """

  static let assemblies = MarkedText(
    """
    import Swinject

    final class StorageAssembly: Assembly {
      func assemble(container: Container) {
        container.register(Storage.self) { _ in DiskStorage() }
      }
    }

    final class PresentationAssembly: Assembly {
      func assemble(container: Container) {
        container.1️⃣register(HUDPresenting.self) { _ in HUD() }
      }
    }

    final class ScreensAssembly: Assembly {
      func assemble(container: Container) {
        container.register(String.self) { r in
          guard let hud = r.2️⃣resolve(HUDPresenting.self) else { fatalError() }
          return "\\(hud)"
        }
      }
    }
    """)

  @Test func anAssemblyNothingAppliesRegistersNothing() throws {
    // `PresentationAssembly()` was removed from the list; a comment naming it reaches nothing.
    let app = """
      import Swinject

      // PresentationAssembly() is applied by the screens now.
      let assembler = Assembler([StorageAssembly(), ScreensAssembly()])
      """
    let graph = try analyze(
      ["Services.swift": Self.services, "Assemblies.swift": Self.assemblies.text, "App.swift": app])
    #expect(
      graph.diagnostics.map { "\($0.range.start) \($0.message)" } == [
        "\(Self.assemblies.position("2️⃣")) missing dependency: nothing registers 'HUDPresenting', needed by 'String'"
      ])
    #expect(
      graph.diagnostics.first?.notes.map { "\($0.range.start) \($0.message)" } == [
        "\(Self.assemblies.position("2️⃣")) resolved for 'String' here",
        "\(Self.assemblies.position("1️⃣")) registered here, but in 'PresentationAssembly.assemble(container:)', which nothing applies: no 'PresentationAssembly' is made",
      ])
    // Applied through a variable, or a helper's list: reached.
    for applied in [
      "let assemblies: [Assembly] = [StorageAssembly(), PresentationAssembly(), ScreensAssembly()]\nlet assembler = Assembler(assemblies)",
      "func allAssemblies() -> [Assembly] { [StorageAssembly(), PresentationAssembly(), ScreensAssembly()] }",
      "let assembler = Assembler()\nfunc start() { assembler.apply(assembly: PresentationAssembly.init()) }",
    ] {
      let reached = try analyze(
        [
          "Services.swift": Self.services, "Assemblies.swift": Self.assemblies.text,
          "App.swift": "import Swinject\n" + applied,
        ])
      #expect(reached.diagnostics.isEmpty, "\(applied)")
    }
  }

  @Test func aFactoryOfARegistrationNotReachedResolvesNothing() throws {
    // `ScreensAssembly` is not applied: its factory never runs, so its resolve of a key
    // nothing registers is no error; applied, it is one.
    let app = "import Swinject\nlet assembler = Assembler([StorageAssembly()])\n"
    let graph = try analyze(
      ["Services.swift": Self.services, "Assemblies.swift": Self.assemblies.text, "App.swift": app])
    #expect(graph.diagnostics == [])
    let applied = try analyze(
      [
        "Services.swift": Self.services, "Assemblies.swift": Self.assemblies.text,
        "App.swift": "import Swinject\nlet assembler = Assembler([StorageAssembly(), ScreensAssembly()])\n",
      ])
    #expect(
      applied.diagnostics.map { "\($0.range.start) \($0.message)" } == [
        "\(Self.assemblies.position("2️⃣")) missing dependency: nothing registers 'HUDPresenting', needed by 'String'"
      ])
  }

  @Test func whatDpendCannotDecideCountsAsReachedAndIsListed() throws {
    // The assemblies are made from a list built at run time: none is made where dpend sees.
    let app = """
      import Swinject

      let assembler = Assembler(AssemblyCatalog.load(from: Bundle.main))
      """
    let graph = try analyze(
      ["Services.swift": Self.services, "Assemblies.swift": Self.assemblies.text, "App.swift": app])
    #expect(graph.diagnostics == [])
    let registrations = ["1️⃣"].map(Self.assemblies.position)
    #expect(
      graph.container.unread.map { "\($0.code.rawValue) \($0.range.start.line) \($0.message)" } == [
        "assumed-reached 5 counted as reached: 'StorageAssembly.assemble(container:)' may be applied where dpend cannot see it (nothing it reads makes any assembly: a list built at run time, an app elsewhere)",
        "assumed-reached \(registrations[0].line) counted as reached: 'PresentationAssembly.assemble(container:)' may be applied where dpend cannot see it (nothing it reads makes any assembly: a list built at run time, an app elsewhere)",
        "assumed-reached 17 counted as reached: 'ScreensAssembly.assemble(container:)' may be applied where dpend cannot see it (nothing it reads makes any assembly: a list built at run time, an app elsewhere)",
      ])
    // One assembly made: the others are decided, not reached; nothing is counted.
    let decided = try analyze(
      [
        "Services.swift": Self.services, "Assemblies.swift": Self.assemblies.text,
        "App.swift": "import Swinject\nlet assembler = Assembler([StorageAssembly(), ScreensAssembly()])",
      ])
    #expect(decided.container.unread == [])
  }

  @Test func aRegistrationFunctionNothingCallsRegistersNothing() throws {
    let registrations = MarkedText(
      """
      import Resolver

      extension Resolver: ResolverRegistering {
        public static func registerAllServices() {
          registerStorage()
        }
      }

      extension Resolver {
        static func registerStorage() {
          register { DiskStorage() as Storage }
          // Reached only through 'registerStorage()'.
          registerHUD()
        }
        static func registerBilling() {
          1️⃣register { StoreBilling() as Billing }
        }
        static func registerHUD() {
          register { HUD() as HUDPresenting }
        }
        static func registerOld() {
          // Nothing calls this one: what it calls is not reached through it.
          registerBilling()
        }
      }
      """)
    let screen = MarkedText(
      """
      import Resolver

      final class Checkout {
        @Injected var storage: Storage
        @Injected var hud: HUDPresenting
        @Injected var billing: 2️⃣Billing
      }
      """)
    let graph = try analyze(
      ["Services.swift": Self.services, "Registrations.swift": registrations.text, "Checkout.swift": screen.text])
    #expect(graph.diagnostics.map(\.message) == ["missing dependency: nothing registers 'Billing'"])
    #expect(
      graph.diagnostics.first?.notes.map { "\($0.range.start) \($0.message)" } == [
        "\(screen.position("2️⃣")) resolved here",
        "\(registrations.position("1️⃣")) registered here, but in 'Resolver.registerBilling()', which nothing calls",
      ])
    // Called from the app's setup, in a file that imports nothing: reached.
    let setup = "func setUp() { Resolver.registerBilling() }"
    let reached = try analyze([
      "Services.swift": Self.services, "Registrations.swift": registrations.text, "Checkout.swift": screen.text,
      "Setup.swift": setup,
    ])
    #expect(reached.diagnostics.isEmpty)
    // Passed by name to a list the setup runs, or to a call: reached.
    for passed in [
      "let setUps: [() -> Void] = [Resolver.registerBilling]",
      "func setUp(_ steps: inout [() -> Void]) { steps.append(Resolver.registerBilling) }",
      "let steps = [Resolver.registerBilling, Resolver.registerHUD]",
    ] {
      let byName = try analyze([
        "Services.swift": Self.services, "Registrations.swift": registrations.text, "Checkout.swift": screen.text,
        "Setup.swift": passed,
      ])
      #expect(byName.diagnostics.isEmpty, "\(passed)")
    }
  }
}
