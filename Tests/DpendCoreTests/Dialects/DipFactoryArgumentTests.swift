import DpendAnalysis
import DpendHost
import DpendModel
import DpendTestSupport
import Testing

/// Dip fills a factory's parameters by auto-wiring only when its key is resolved with no
/// runtime arguments; `resolve(arguments: a, b)` passes them. A parameter is a need only while
/// such a resolve reaches the factory (``ResolveSite/isFactoryArgument``).
@Suite struct DipFactoryArgumentTests {
  static let services = """
    protocol Logger {}
    final class Exchange { init(amount: Double, code: String) {} }
    final class Feed { init(logger: Logger) {} }
    final class Screen { init(feed: Feed) {} }
    final class Store { init(feed: Feed) {} }

    """

  static let factories = """
    import Dip

    let container = DependencyContainer { c in
      c.register { (amount: Double, code: String) in Exchange(amount: amount, code: code) }
      c.register { Feed(logger: $0) }
      c.register { (feed: Feed) in Screen(feed: feed) }
    }

    """

  private func messages(_ graph: DependencyGraph) -> [String] {
    graph.diagnostics.map { "\($0.code.rawValue) \($0.range.start.line):\($0.range.start.column): \($0.message)" }
  }

  @Test func parametersPassedAsRuntimeArgumentsAreNoNeeds() throws {
    let use = """
      import Dip

      func show() throws {
        let exchange = try container.resolve(arguments: 1.5, "EUR") as Exchange
        let screen = try container.resolve(arguments: Feed(logger: NoLogger())) as Screen
      }
      """
    let graph = try analyze(["Services.swift": Self.services, "Container.swift": Self.factories, "Use.swift": use])
    #expect(messages(graph) == [])
    // The two resolves; the four parameters are the arguments they pass.
    #expect(graph.container.resolvesChecked == 2)
    #expect(graph.container.resolvesUnread == 0)
    #expect(
      graph.summary(of: "Container.swift")!.registrations.map { $0.keys.map(\.description) } == [
        ["Exchange (2 arguments)"], ["Feed (1 argument)"], ["Screen (1 argument)"],
      ])
  }

  @Test func aResolveWithoutArgumentsWiresTheParametersAndWhatTheyResolve() throws {
    let use = """
      import Dip

      func show() throws {
        let exchange = try container.resolve() as Exchange
        let screen = try container.resolve() as Screen
      }
      """
    let graph = try analyze(["Services.swift": Self.services, "Container.swift": Self.factories, "Use.swift": use])
    // `Screen` wires its `Feed`, whose `$0` then resolves `Logger`, which nothing registers.
    #expect(
      messages(graph) == [
        "missing-dependency 4:25: missing dependency: nothing registers 'Double', needed by 'Exchange'",
        "missing-dependency 4:39: missing dependency: nothing registers 'String', needed by 'Exchange'",
        "missing-dependency 5:29: missing dependency: nothing registers 'Logger', needed by 'Feed'",
      ])
    #expect(graph.container.resolvesChecked == 6)
  }

  @Test func aDefinitionTakingNoParametersAnswersFirst() throws {
    let container = """
      import Dip

      final class ConsoleLogger: Logger {}

      let container = DependencyContainer { c in
        c.register { Feed(logger: ConsoleLogger()) }
        c.register { (logger: Logger) in Feed(logger: logger) }
      }

      func show() throws { let feed = try container.resolve() as Feed }
      """
    let graph = try analyze(["Services.swift": Self.services, "Container.swift": container])
    // Two definitions (no runtime argument, one): no duplicate, and `Logger` is never resolved.
    #expect(messages(graph) == [])
    #expect(graph.container.resolvesChecked == 1)
  }

  @Test func anEagerSingletonIsWiredAtLaunch() throws {
    let container = """
      import Dip

      let container = DependencyContainer { c in
        c.register(.eagerSingleton) { (logger: Logger) in Feed(logger: logger) }
      }
      """
    let graph = try analyze(["Services.swift": Self.services, "Container.swift": container])
    // `bootstrap()` resolves it with no arguments.
    #expect(
      messages(graph) == [
        "missing-dependency 4:42: missing dependency: nothing registers 'Logger', needed by the eager singleton 'Feed'"
      ])
  }

  @Test func factoriesTakingEachOtherMakeACycleOnlyWhenAResolveWiresThem() throws {
    let services = """
      final class A { init(b: B) {} }
      final class B { init(a: A) {} }
      """
    let container = """
      import Dip

      let container = DependencyContainer { c in
        c.register { (b: B) in A(b: b) }
        c.register { (a: A) in B(a: a) }
      }
      """
    var graph = try analyze(["Services.swift": services, "Container.swift": container])
    #expect(messages(graph) == [])
    graph = try analyze([
      "Services.swift": services, "Container.swift": container,
      "Use.swift": "import Dip\n\nfunc show() throws { let a = try container.resolve() as A }",
    ])
    #expect(messages(graph) == ["dependency-cycle 4:20: dependency cycle: A -> B -> A"])
  }

  @Test func anInitializerFactoryIsWiredLikeAClosure() throws {
    let container = """
      import Dip

      let container = DependencyContainer { c in c.register(factory: Feed.init) }
      """
    var graph = try analyze(["Services.swift": Self.services, "Container.swift": container])
    #expect(messages(graph) == [])
    #expect(graph.container.resolvesChecked == 0)
    graph = try analyze([
      "Services.swift": Self.services, "Container.swift": container,
      "Use.swift": "import Dip\n\nfunc show() throws { let feed = try container.resolve() as Feed }",
    ])
    #expect(
      messages(graph) == ["missing-dependency 3:46: missing dependency: nothing registers 'Logger', needed by 'Feed'"])
  }

  @Test func anEditInAnotherFileWiresAndUnwiresAFactory() throws {
    let host = AnalysisHost(
      settings: AnalysisSettings(implicitFilter: try ImplicitFilter(patterns: []), mode: .application))
    host.update([("Services.swift", Self.services), ("Container.swift", Self.factories)])
    #expect(messages(host.graph()) == [])
    let wiring = "import Dip\n\nfunc show() throws { let screen = try container.resolve() as Screen }"
    host.update([("Use.swift", wiring)])
    let wired = host.graph()
    #expect(
      messages(wired) == ["missing-dependency 5:29: missing dependency: nothing registers 'Logger', needed by 'Feed'"])
    #expect(wired.container.resolvesChecked == 3)
    host.update([
      ("Use.swift", "import Dip\n\nfunc show() throws { let screen = try container.resolve(arguments: 1) as Screen }")
    ])
    #expect(messages(host.graph()) == [])
    #expect(host.graph().container.resolvesChecked == 1)
    host.remove(["Use.swift"])
    #expect(messages(host.graph()) == [])
    #expect(host.graph().container.resolvesChecked == 0)
  }
}
