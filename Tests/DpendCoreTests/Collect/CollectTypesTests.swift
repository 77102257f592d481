import DpendModel
import DpendTestSupport
import Testing

struct CollectTypesTests {
  @Test func recordsTheKindAndNameTokenOfEachNominalType() {
    let source = MarkedText(
      """
      class 1️⃣Feed2️⃣ {}
      struct 3️⃣Point4️⃣ {}
      actor 5️⃣Cache6️⃣ {}
      enum 7️⃣Route8️⃣ { case home }
      """)
    let summary = collectSummary(source)
    #expect(summary.types.map(\.name) == ["Feed", "Point", "Cache", "Route"])
    #expect(summary.types.map(\.kind) == [.class, .struct, .actor, .enum])
    #expect(
      summary.types.map(\.range) == [
        source.range(from: "1️⃣", to: "2️⃣"), source.range(from: "3️⃣", to: "4️⃣"),
        source.range(from: "5️⃣", to: "6️⃣"), source.range(from: "7️⃣", to: "8️⃣"),
      ])
    #expect(summary.protocols.isEmpty)
  }

  @Test func nameTokenRangeUsesUTF8ColumnsAfterNonASCIIText() {
    let source = MarkedText(
      """
      // Überblick über die Feeds 📰
      /* ü */ final class 1️⃣Feed2️⃣ {}
      """)
    let feed = collectSummary(source).type("Feed")
    #expect(feed?.range == source.range(from: "1️⃣", to: "2️⃣"))
    #expect(source.position("1️⃣") == SourcePosition(line: 2, column: 22, offset: 56))
  }

  @Test func nestedTypesGetQualifiedNamesThreeLevelsDeep() {
    let source = MarkedText(
      """
      class Outer {
        struct Middle {
          enum 1️⃣Inner2️⃣ {}
        }
        actor Sibling {}
      }
      class Next {}
      """)
    let summary = collectSummary(source)
    #expect(summary.types.map(\.name) == ["Outer", "Outer.Middle", "Outer.Middle.Inner", "Outer.Sibling", "Next"])
    #expect(summary.type("Outer.Middle.Inner")?.range == source.range(from: "1️⃣", to: "2️⃣"))
  }

  @Test func effectiveAccessIsTheLowestAlongTheNestingChain() {
    let source = MarkedText(
      """
      class Outer {
        public class Inner {}
      }
      public struct Api {
        public struct Model {}
        struct Hidden {}
        fileprivate class Secret {
          public class Deep {}
        }
      }
      open class Base {
        open class Nested {}
        public class Exposed {}
      }
      package struct Shared {
        public class Member {}
      }
      private class Local {}
      """)
    let access = collectSummary(source).types.map { "\($0.name): \($0.access)" }
    #expect(
      access == [
        "Outer: internal", "Outer.Inner: internal",
        "Api: public", "Api.Model: public", "Api.Hidden: internal", "Api.Secret: fileprivate",
        "Api.Secret.Deep: fileprivate",
        "Base: open", "Base.Nested: open", "Base.Exposed: public",
        "Shared: package", "Shared.Member: package",
        "Local: private",
      ])
  }

  @Test func setterRestrictionsDoNotLowerATypesAccess() {
    let source = MarkedText(
      """
      public final class Store {
        public private(set) var count = 0
      }
      """)
    #expect(collectSummary(source).type("Store")?.access == .public)
  }

  @Test func genericTypesAreFlagged() {
    let source = MarkedText(
      """
      class Box<Value> {}
      struct Pair<First, Second> {}
      actor Plain {}
      enum Result<Success> {}
      """)
    let flags = collectSummary(source).types.map { "\($0.name): \($0.isGeneric)" }
    #expect(flags == ["Box: true", "Pair: true", "Plain: false", "Result: true"])
  }

  @Test func typesNestedInAGenericTypeAreFlaggedGeneric() {
    // `Box.Factory()` cannot be written: the compiler cannot infer `Box`'s `Value`.
    let source = MarkedText(
      """
      class Box<Value> {
        class Factory {
          struct Settings {}
        }
      }
      class Plain {
        class Factory {}
      }
      """)
    let flags = collectSummary(source).types.map { "\($0.name): \($0.isGeneric)" }
    #expect(
      flags == [
        "Box: true", "Box.Factory: true", "Box.Factory.Settings: true", "Plain: false", "Plain.Factory: false",
      ])
  }

  @Test func typesDeclaredInsideBodiesAreNotCollected() {
    let source = MarkedText(
      """
      class Host {
        init() { struct InInit {} }
        deinit { class InDeinit {} }
        func make() { class InMethod {} }
        var computed: Int { struct InGetter {}; return 1 }
        subscript(index: Int) -> Int { class InSubscript {}; return index }
        let value = { () -> Int in class InClosure {}; return 1 }()
        var observed = 0 { didSet { struct InObserver {} } }
      }
      func topLevel() { class InFunction {} }
      let constant: Int = { struct InTopLevelClosure {}; return 1 }()
      """)
    let summary = collectSummary(source)
    #expect(summary.types.map(\.name) == ["Host"])
  }

  @Test func protocolsAreQualifiedAndCarryTheirEffectiveAccess() {
    let source = MarkedText(
      """
      public protocol 1️⃣Store2️⃣ {}
      protocol Plain {}
      fileprivate protocol Hidden {}
      public enum Feature {
        public protocol 3️⃣Delegate4️⃣ {}
        protocol Listener {}
      }
      struct Wrapper {
        public struct Inner {
          public protocol Deep {}
        }
      }
      """)
    let summary = collectSummary(source)
    #expect(
      summary.protocols.map { "\($0.name): \($0.access)" } == [
        "Store: public", "Plain: internal", "Hidden: fileprivate", "Feature.Delegate: public",
        "Feature.Listener: internal", "Wrapper.Inner.Deep: internal",
      ])
    #expect(summary.protocols.first?.range == source.range(from: "1️⃣", to: "2️⃣"))
    #expect(summary.protocols.first { $0.name == "Feature.Delegate" }?.range == source.range(from: "3️⃣", to: "4️⃣"))
    #expect(summary.types.map(\.name) == ["Feature", "Wrapper", "Wrapper.Inner"])
  }

  @Test func everyBranchOfAnIfConfigInATypeBodyIsCollected() {
    let source = MarkedText(
      """
      class Service {
        #if os(iOS)
        init(camera: Camera) {}
        class PhoneOnly {}
        #elseif os(macOS)
        init(screen: Screen) {}
        #else
        init() {}
        #endif
        #if DEBUG
          #if TRACE
          func tracer() -> DependencyRegistration<Tracer> { DependencyRegistration { Tracer() } }
          #endif
        #endif
      }
      """)
    let summary = collectSummary(source)
    #expect(summary.types.map(\.name) == ["Service", "Service.PhoneOnly"])
    let service = summary.type("Service")
    #expect(service?.initializers.map(\.signature) == ["init(camera:)", "init(screen:)", "init()"])
    #expect(service?.methods.map(\.name) == ["tracer"])
    #expect(service?.methods.first?.registration?.type.name == "Tracer")
  }

  @Test func everyBranchOfATopLevelIfConfigIsCollected() {
    let source = MarkedText(
      """
      #if DEBUG
      class DebugMenu {}
      #else
      class ReleaseMenu {}
      #endif
      """)
    #expect(collectSummary(source).types.map(\.name) == ["DebugMenu", "ReleaseMenu"])
  }

  @Test func inheritanceClauseIsRecordedAsWrittenWithRanges() {
    let source = MarkedText(
      """
      final class Feed: 1️⃣BaseViewModel2️⃣, 3️⃣Feature . Loading4️⃣, 5️⃣@unchecked Sendable6️⃣ {}
      struct Point {}
      """)
    let summary = collectSummary(source)
    #expect(
      summary.type("Feed")?.inheritance == [
        TypeReference(name: "BaseViewModel", range: source.range(from: "1️⃣", to: "2️⃣")),
        TypeReference(name: "Feature.Loading", range: source.range(from: "3️⃣", to: "4️⃣")),
        TypeReference(name: "Sendable", range: source.range(from: "5️⃣", to: "6️⃣")),
      ])
    #expect(summary.type("Point")?.inheritance == [])
  }

  @Test func summaryCarriesThePathItWasGiven() {
    let source = MarkedText("class 1️⃣Feed2️⃣ {}")
    let summary = collectSummary(source, path: "Other/Path.swift")
    #expect(summary.path == "Other/Path.swift")
    #expect(summary.type("Feed")?.range == source.range(from: "1️⃣", to: "2️⃣", in: "Other/Path.swift"))
  }
}
