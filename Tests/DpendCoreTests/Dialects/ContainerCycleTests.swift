import DpendAnalysis
import DpendModel
import DpendTestSupport
import Testing

@Suite struct ContainerCycleTests {
  static let services = """
    protocol Parent {}
    protocol Child {}
    final class ParentImpl: Parent { init(child: Child) {} }
    final class ChildImpl: Child { init(parent: Parent?) {} ; var parent: Parent? }

    """

  @Test func constructorResolvesInACircleAreACycleWithItsPath() throws {
    let assembly = MarkedText(
      """
      import Swinject

      func assemble(_ container: Container) {
        container.register(Parent.self) { r in ParentImpl(child: r.1️⃣resolve(Child.self)!) }
        container.register(Child.self) { r in ChildImpl(parent: r.2️⃣resolve(Parent.self)!) }
      }
      """)
    let graph = try analyze(["Services.swift": Self.services, "Assembly.swift": assembly.text])
    #expect(
      graph.diagnostics == [
        Diagnostic(
          code: .dependencyCycle, message: "dependency cycle: Child -> Parent -> Child",
          range: assembly.range("2️⃣", covering: "resolve", in: "Assembly.swift"),
          notes: [
            DiagnosticNote(
              message: "'Child' resolves 'Parent'",
              range: assembly.range("2️⃣", covering: "resolve", in: "Assembly.swift")),
            DiagnosticNote(
              message: "'Parent' resolves 'Child'",
              range: assembly.range("1️⃣", covering: "resolve", in: "Assembly.swift")),
          ])
      ])
  }

  @Test func aTypeResolvingItselfIsACycle() throws {
    let container = MarkedText(
      """
      import Dip

      let container = DependencyContainer { c in
        c.register { ParentImpl(child: try c.1️⃣resolve() as Parent as! Child) as Parent }
      }
      """)
    let graph = try analyze(["Services.swift": Self.services, "Container.swift": container.text])
    #expect(graph.diagnostics.map(\.message) == ["dependency cycle: Parent -> Parent"])
    #expect(graph.diagnostics.first?.range == container.range("1️⃣", covering: "resolve", in: "Container.swift"))
  }

  @Test func propertyInjectionBreaksTheCycleAsTheContainersIntend() throws {
    let assembly = """
      import Swinject

      func assemble(_ container: Container) {
        container.register(Parent.self) { r in ParentImpl(child: r.resolve(Child.self)!) }
        container.register(Child.self) { _ in ChildImpl(parent: nil) }
          .initCompleted { r, child in (child as! ChildImpl).parent = r.resolve(Parent.self)! }
      }
      """
    let graph = try analyze(["Services.swift": Self.services, "Assembly.swift": assembly])
    #expect(graph.diagnostics == [])
    #expect(graph.container.resolvesChecked == 2)
  }

  /// A decorator registered under a tag wraps the untagged registration of its key: no cycle.
  /// The same decorator resolving its own tag is one.
  @Test func aTaggedDecoratorOfItsOwnKeyIsNoCycle() throws {
    let container = MarkedText(
      """
      import Dip

      final class LoggingParent: Parent { init(wrapped: Parent) {} }
      let container = DependencyContainer { c in
        c.register { ParentImpl(child: ChildImpl(parent: nil)) as Parent }
        c.register(tag: "logged") { LoggingParent(wrapped: try c.resolve()) as Parent }
        c.register(tag: "loop") { LoggingParent(wrapped: try c.1️⃣resolve(tag: "loop")) as Parent }
      }
      """)
    let graph = try analyze(["Services.swift": Self.services, "Container.swift": container.text])
    #expect(
      graph.diagnostics.map { "\($0.range.start) \($0.message)" } == [
        "\(container.position("1️⃣")) dependency cycle: Parent (name \"loop\") -> Parent (name \"loop\")"
      ])
  }

  @Test func dipsResolvingPropertiesIsPropertyInjection() throws {
    let container = MarkedText(
      """
      import Dip

      let container = DependencyContainer { c in
        c.register(.singleton) { ParentImpl(child: try c.resolve()) as Parent }
        c.register(.singleton) { ChildImpl(parent: nil) as Child }
          .resolvingProperties { c, child in (child as! ChildImpl).parent = try c.resolve() as Parent }
        c.register(tag: 1) { ChildImpl(parent: nil) as Child }
          .resolvingProperties { c, child in (child as! ChildImpl).parent = try c.1️⃣resolve() as Clock }
      }
      protocol Clock {}
      """)
    let graph = try analyze(["Services.swift": Self.services, "Container.swift": container.text])
    #expect(
      graph.diagnostics.map { "\($0.range.start) \($0.message)" } == [
        "\(container.position("1️⃣")) missing dependency: nothing registers 'Clock', needed by 'Child'"
      ])
    #expect(graph.container.resolvesChecked == 3)
    let summary = try #require(graph.summary(of: "Container.swift"))
    #expect(summary.registrations.map(\.propertyNeeds.count) == [0, 1, 1])
  }
}
