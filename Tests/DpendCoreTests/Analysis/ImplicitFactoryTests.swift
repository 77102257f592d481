import DpendAnalysis
import DpendModel
import DpendTestSupport
import Testing

/// SPEC 1.1: types selected by the implicit filter become factories, one per
/// (initializer × provided key); the first satisfiable initializer of a type is used.
struct ImplicitFactoryTests {
  static let specExample = MarkedText(
    """
    protocol A {}
    protocol B {}
    protocol C {}
    protocol D {}
    class 1️⃣AImpl: A {}
    class BImpl: B {}
    class CDImpl: C, D {
      2️⃣init(a: 3️⃣A) {}
      4️⃣init(b: 5️⃣B) {}
    }
    """)

  @Test func specExampleGivesSixFactoriesAndNoDiagnostics() throws {
    let graph = try analyze(marked: ["Example.swift": Self.specExample], filters: [".*Impl"])

    // Stable order: by type position, then initializer, then provided key.
    #expect(
      graph.localFactories.map(\.summaryLine) == [
        "A ← AImpl.init()",
        "B ← BImpl.init()",
        "C ← CDImpl.init(a:)",
        "D ← CDImpl.init(a:)",
        "C ← CDImpl.init(b:)",
        "D ← CDImpl.init(b:)",
      ])
    #expect(graph.diagnostics == [])
    #expect(graph.unprovidedKeys == [])
    #expect(graph.hasErrors == false)
  }

  @Test func specExampleFactoriesCarryKindParametersAndLocations() throws {
    let source = Self.specExample
    let graph = try analyze(marked: ["Example.swift": source], filters: [".*Impl"])

    #expect(
      graph.localFactories[0]
        == Factory(
          key: DependencyKey(name: "A"), kind: .initializer(type: "AImpl", parameters: []),
          range: source.range("1️⃣", covering: "AImpl", in: "Example.swift")))
    let initA = Factory.Kind.initializer(
      type: "CDImpl",
      parameters: [
        FactoryParameter(
          label: "a", dependency: DependencyKey(name: "A"),
          range: source.range("3️⃣", covering: "A", in: "Example.swift"))
      ])
    let initB = Factory.Kind.initializer(
      type: "CDImpl",
      parameters: [
        FactoryParameter(
          label: "b", dependency: DependencyKey(name: "B"),
          range: source.range("5️⃣", covering: "B", in: "Example.swift"))
      ])
    let initARange = source.range("2️⃣", covering: "init", in: "Example.swift")
    let initBRange = source.range("4️⃣", covering: "init", in: "Example.swift")
    #expect(
      Array(graph.localFactories[2...])
        == [
          Factory(key: DependencyKey(name: "C"), kind: initA, range: initARange),
          Factory(key: DependencyKey(name: "D"), kind: initA, range: initARange),
          Factory(key: DependencyKey(name: "C"), kind: initB, range: initBRange),
          Factory(key: DependencyKey(name: "D"), kind: initB, range: initBRange),
        ])
  }

  @Test func specExampleResolvesCAndDWithTheFirstInitializer() throws {
    let graph = try analyze(marked: ["Example.swift": Self.specExample], filters: [".*Impl"])

    #expect(
      graph.resolved.sorted { $0.key < $1.key }.map(\.value.summaryLine) == [
        "A ← AImpl.init()",
        "B ← BImpl.init()",
        "C ← CDImpl.init(a:)",
        "D ← CDImpl.init(a:)",
      ])
    #expect(
      graph.candidates[DependencyKey(name: "C")]?.map(\.displayName) == ["CDImpl.init(a:)", "CDImpl.init(b:)"])
  }

  @Test func firstUnsatisfiableInitializerIsSkippedWithoutError() throws {
    let graph = try analyze(
      [
        "Example.swift": """
        protocol A {}
        protocol C {}
        protocol Missing {}
        class AImpl: A {}
        class CImpl: C {
          init(missing: Missing) {}
          init(a: A) {}
        }
        """
      ], filters: [".*Impl"])

    #expect(graph.resolved[DependencyKey(name: "C")]?.displayName == "CImpl.init(a:)")
    #expect(graph.diagnostics == [])
    #expect(graph.unprovidedKeys == [])
  }

  @Test func noSatisfiableInitializerReportsEveryMissingKey() throws {
    let source = MarkedText(
      """
      protocol C {}
      class CImpl: C {
        init(x: 1️⃣X) {}
        init(y: 2️⃣Y, z: 3️⃣Z) {}
      }
      """)
    let graph = try analyze(marked: ["C.swift": source], filters: [".*Impl"])

    func missing(_ key: String, by factory: String, at marker: String) -> Diagnostic {
      let range = source.range(marker, covering: key, in: "C.swift")
      return Diagnostic(
        code: .missingDependency, severity: .error,
        message: "missing dependency: nothing provides '\(key)', needed by '\(factory)'", range: range,
        notes: [DiagnosticNote(message: "'\(factory)' needs '\(key)'", range: range)])
    }
    #expect(
      graph.diagnostics == [
        missing("X", by: "CImpl.init(x:)", at: "1️⃣"),
        missing("Y", by: "CImpl.init(y:z:)", at: "2️⃣"),
        missing("Z", by: "CImpl.init(y:z:)", at: "3️⃣"),
      ])
    #expect(graph.unprovidedKeys == ["X", "Y", "Z"].map { DependencyKey(name: $0) })
    // The first initializer is kept, so the graph still shows C.
    #expect(graph.resolved[DependencyKey(name: "C")]?.displayName == "CImpl.init(x:)")
  }

  @Test func withoutFilterThereAreNoImplicitDependencies() throws {
    let graph = try analyze(["Example.swift": Self.specExample.text])

    #expect(graph.localFactories == [])
    #expect(graph.resolved.isEmpty)
    #expect(graph.diagnostics == [])
  }

  @Test func filtersMatchTheWholeQualifiedNameAndCombineWithOr() throws {
    let source = """
      class FeedImpl {}
      class FeedImplTests {}
      class ProfileViewModel {}
      class Settings {}
      enum Screens {
        class DetailViewModel {}
      }
      """

    let anchored = try analyze(["Types.swift": source], filters: ["Feed"])
    #expect(anchored.localFactories == [])

    let graph = try analyze(["Types.swift": source], filters: [".*Impl", ".*ViewModel"])
    #expect(
      graph.localFactories.map(\.summaryLine) == [
        "FeedImpl ← FeedImpl.init()",
        "ProfileViewModel ← ProfileViewModel.init()",
        "Screens.DetailViewModel ← Screens.DetailViewModel.init()",
      ])
  }

  @Test func invalidFilterNamesThePattern() {
    #expect(throws: InvalidFilterError.self) { try ImplicitFilter(patterns: [".*Impl", "(unclosed"]) }
    do {
      _ = try ImplicitFilter(patterns: [".*Impl", "(unclosed"])
    } catch {
      #expect(error.pattern == "(unclosed")
      #expect(error.description.hasPrefix("invalid implicit filter '(unclosed': "))
    }
  }

  @Test func superclassesAndUnknownProtocolsAreNotKeys() throws {
    let graph = try analyze(
      [
        "Types.swift": """
        import UIKit
        protocol Store {}
        class BaseImpl {}
        class DiskStoreImpl: BaseImpl, Store, Equatable {}
        class ControllerImpl: UIViewController, Hashable {}
        """
      ], filters: [".*Impl"])

    #expect(
      graph.localFactories.map(\.summaryLine) == [
        "BaseImpl ← BaseImpl.init()",
        "Store ← DiskStoreImpl.init()",
        "ControllerImpl ← ControllerImpl.init()",
      ])
  }

  @Test func onlyUsableInitializersBecomeFactories() throws {
    let graph = try analyze(
      [
        "Types.swift": """
        protocol A {}
        class AImpl: A {
          private init(secret: Int) {}
          fileprivate init(other: Int) {}
          init?(maybe: Int) {}
          init(label: String) {}
          convenience init() { self.init(label: "") }
        }
        """
      ], filters: [".*Impl"])

    #expect(
      graph.localFactories.map(\.summaryLine) == [
        "A ← AImpl.init(label:)",
        "A ← AImpl.init()",
      ])
  }

  @Test func structsAndActorsAreCandidatesButEnumsAndGenericsAreNot() throws {
    let graph = try analyze(
      [
        "Types.swift": """
        protocol Clock {}
        struct ClockImpl: Clock {}
        actor CounterImpl {}
        enum ModeImpl { case on }
        class BoxImpl<T> {}
        """
      ], filters: [".*Impl"])

    #expect(
      graph.localFactories.map(\.summaryLine) == [
        "Clock ← ClockImpl.init()",
        "CounterImpl ← CounterImpl.init()",
      ])
  }
}
