import DpendAnalysis
import DpendModel
import DpendTestSupport
import Testing

/// SPEC 2: every cycle, once per strongly connected component, with one concrete path and
/// each step located at the parameter that creates the edge.
struct CycleCheckTests {
  @Test func transitiveCycleIsReportedOnceWithItsEntryPath() throws {
    let source = SpecExamples.transitiveCycle
    let graph = try analyze(marked: ["Cycle.swift": source], filters: [".*Impl"])

    func at(_ marker: String, _ key: String) -> SourceRange {
      source.range(marker, covering: key, in: "Cycle.swift")
    }
    #expect(
      graph.diagnostics == [
        Diagnostic(
          code: .dependencyCycle, severity: .error, message: "dependency cycle: A -> B -> C -> D -> B",
          range: at("2️⃣", "C"),
          notes: [
            DiagnosticNote(message: "'A' needs 'B' (in 'AImpl.init(b:)')", range: at("1️⃣", "B")),
            DiagnosticNote(message: "'B' needs 'C' (in 'BImpl.init(c:)')", range: at("2️⃣", "C")),
            DiagnosticNote(message: "'C' needs 'D' (in 'CImpl.init(d:)')", range: at("3️⃣", "D")),
            DiagnosticNote(message: "'D' needs 'B' (in 'DImpl.init(b:)')", range: at("4️⃣", "B")),
          ])
      ])
    #expect(graph.hasErrors)
  }

  @Test func onlyEdgesInsideTheCycleAreCyclic() throws {
    let graph = try analyze(marked: ["Cycle.swift": SpecExamples.transitiveCycle], filters: [".*Impl"])
    let (a, b, c, d) = (
      DependencyKey(name: "A"), DependencyKey(name: "B"), DependencyKey(name: "C"), DependencyKey(name: "D")
    )

    #expect(graph.isCyclicEdge(from: a, to: b) == false)
    #expect(graph.isCyclicEdge(from: b, to: c))
    #expect(graph.isCyclicEdge(from: c, to: d))
    #expect(graph.isCyclicEdge(from: d, to: b))
    #expect(graph.isCyclicEdge(from: b, to: a) == false)
  }

  @Test func cycleSpreadOverFilesIsLocatedInEachFile() throws {
    let a = MarkedText("protocol A {}\nclass AImpl: A { init(b: 1️⃣B) {} }")
    let b = MarkedText("protocol B {}\nclass BImpl: B { init(a: 2️⃣A) {} }")
    let graph = try analyze(marked: ["Sources/A.swift": a, "Sources/B.swift": b], filters: [".*Impl"])

    let inA = a.range("1️⃣", covering: "B", in: "Sources/A.swift")
    let inB = b.range("2️⃣", covering: "A", in: "Sources/B.swift")
    #expect(
      graph.diagnostics == [
        Diagnostic(
          code: .dependencyCycle, severity: .error, message: "dependency cycle: A -> B -> A", range: inA,
          notes: [
            DiagnosticNote(message: "'A' needs 'B' (in 'AImpl.init(b:)')", range: inA),
            DiagnosticNote(message: "'B' needs 'A' (in 'BImpl.init(a:)')", range: inB),
          ])
      ])
  }

  @Test func typeDependingOnItselfIsACycle() throws {
    let source = MarkedText(
      """
      protocol A {}
      class AImpl: A {
        init(parent: 1️⃣A) {}
      }
      """)
    let graph = try analyze(marked: ["A.swift": source], filters: [".*Impl"])

    let range = source.range("1️⃣", covering: "A", in: "A.swift")
    #expect(
      graph.diagnostics == [
        Diagnostic(
          code: .dependencyCycle, severity: .error, message: "dependency cycle: A -> A", range: range,
          notes: [DiagnosticNote(message: "'A' needs 'A' (in 'AImpl.init(parent:)')", range: range)])
      ])
    #expect(graph.isCyclicEdge(from: DependencyKey(name: "A"), to: DependencyKey(name: "A")))
  }

  @Test func twoSeparateCyclesGiveTwoDiagnostics() throws {
    let source = MarkedText(
      """
      protocol A {}
      protocol B {}
      protocol C {}
      protocol D {}
      class AImpl: A { init(b: 1️⃣B) {} }
      class BImpl: B { init(a: 2️⃣A) {} }
      class CImpl: C { init(d: 3️⃣D) {} }
      class DImpl: D { init(c: 4️⃣C) {} }
      """)
    let graph = try analyze(marked: ["Cycles.swift": source], filters: [".*Impl"])

    func at(_ marker: String, _ key: String) -> SourceRange {
      source.range(marker, covering: key, in: "Cycles.swift")
    }
    #expect(
      graph.diagnostics == [
        Diagnostic(
          code: .dependencyCycle, severity: .error, message: "dependency cycle: A -> B -> A", range: at("1️⃣", "B"),
          notes: [
            DiagnosticNote(message: "'A' needs 'B' (in 'AImpl.init(b:)')", range: at("1️⃣", "B")),
            DiagnosticNote(message: "'B' needs 'A' (in 'BImpl.init(a:)')", range: at("2️⃣", "A")),
          ]),
        Diagnostic(
          code: .dependencyCycle, severity: .error, message: "dependency cycle: C -> D -> C", range: at("3️⃣", "D"),
          notes: [
            DiagnosticNote(message: "'C' needs 'D' (in 'CImpl.init(d:)')", range: at("3️⃣", "D")),
            DiagnosticNote(message: "'D' needs 'C' (in 'DImpl.init(c:)')", range: at("4️⃣", "C")),
          ]),
      ])
  }

  @Test func oneComponentWithSeveralLoopsIsReportedOnce() throws {
    let graph = try analyze(
      [
        "Loops.swift": """
        protocol B {}
        protocol C {}
        protocol D {}
        class BImpl: B { init(c: C, d: D) {} }
        class CImpl: C { init(b: B) {} }
        class DImpl: D { init(b: B, c: C) {} }
        """
      ], filters: [".*Impl"])

    #expect(graph.diagnostics.map(\.message) == ["dependency cycle: B -> C -> B"])
  }

  @Test func cycleThroughAConfigurationMethod() throws {
    let source = MarkedText(
      """
      import DpendRuntime

      final class AppConfiguration: DependencyConfiguration {
        init(session: 1️⃣Session) {}
        func 2️⃣session() -> DependencyRegistration<Session> {
          DependencyRegistration(scope: .singleton) { Session() }
        }
      }
      """)
    let graph = try analyze(marked: ["App.swift": source])

    let parameter = source.range("1️⃣", covering: "Session", in: "App.swift")
    #expect(
      graph.diagnostics == [
        Diagnostic(
          code: .dependencyCycle, severity: .error,
          message: "dependency cycle: AppConfiguration -> Session -> AppConfiguration", range: parameter,
          notes: [
            DiagnosticNote(
              message: "'AppConfiguration' needs 'Session' (in 'AppConfiguration.init(session:)')", range: parameter),
            DiagnosticNote(
              message: "'Session' needs 'AppConfiguration' (in 'AppConfiguration.session()')",
              range: source.range("2️⃣", covering: "session", in: "App.swift")),
          ])
      ])
  }

  @Test func optionalDependencyOnACycleIsStillACycle() throws {
    let graph = try analyze(
      [
        "Parent.swift": """
        protocol Parent {}
        protocol Child {}
        class ParentImpl: Parent { init(child: Child) {} }
        class ChildImpl: Child { init(parent: Parent?) {} }
        """
      ], filters: [".*Impl"])

    #expect(graph.diagnostics.map(\.message) == ["dependency cycle: Child -> Parent -> Child"])
  }

  @Test func acyclicGraphHasNoCycleDiagnostic() throws {
    let graph = try analyze(
      [
        "Diamond.swift": """
        protocol A {}
        protocol B {}
        protocol C {}
        protocol D {}
        class AImpl: A { init(b: B, c: C) {} }
        class BImpl: B { init(d: D) {} }
        class CImpl: C { init(d: D) {} }
        class DImpl: D {}
        """
      ], filters: [".*Impl"])

    #expect(graph.diagnostics == [])
    #expect(graph.isCyclicEdge(from: DependencyKey(name: "B"), to: DependencyKey(name: "D")) == false)
  }
}
