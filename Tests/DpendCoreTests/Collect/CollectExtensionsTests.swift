import DpendModel
import DpendTestSupport
import Testing

struct CollectExtensionsTests {
  @Test func extensionRecordsTheExtendedTypeAndAddedConformances() {
    let source = MarkedText(
      """
      extension 1️⃣Feed2️⃣: 3️⃣FeedLoading4️⃣, 5️⃣@unchecked Sendable6️⃣ {7️⃣}8️⃣
      """)
    #expect(
      collectSummary(source).extensions == [
        ExtensionDeclaration(
          extendedType: "Feed",
          inheritance: [
            TypeReference(name: "FeedLoading", range: source.range(from: "3️⃣", to: "4️⃣")),
            TypeReference(name: "Sendable", range: source.range(from: "5️⃣", to: "6️⃣")),
          ],
          methods: [], range: source.range(from: "1️⃣", to: "2️⃣"), closingBrace: source.range(from: "7️⃣", to: "8️⃣"))
      ])
  }

  @Test func extendedTypeIsNormalized() {
    let source = MarkedText(
      """
      extension 1️⃣Outer . Inner2️⃣ {}
      extension Outer.Middle.Inner: Equatable {}
      extension Array where Element == Int {}
      extension 3️⃣[String]4️⃣ {}
      """)
    let extensions = collectSummary(source).extensions
    #expect(extensions.map(\.extendedType) == ["Outer.Inner", "Outer.Middle.Inner", "Array", "[String]"])
    #expect(extensions.first?.range == source.range(from: "1️⃣", to: "2️⃣"))
    #expect(extensions.last?.range == source.range(from: "3️⃣", to: "4️⃣"))
    #expect(extensions.map(\.inheritance.count) == [0, 1, 0, 0])
  }

  @Test func extensionsAreKeptInOrderAndNotMistakenForTypes() {
    let source = MarkedText(
      """
      extension Feed {}
      class Feed {}
      extension Feed: Sendable {}
      """)
    let summary = collectSummary(source)
    #expect(summary.extensions.map { $0.inheritance.map(\.name) } == [[], ["Sendable"]])
    #expect(summary.types.map(\.name) == ["Feed"])
  }

  @Test func extensionCollectsInstanceMethodsThatAreNotPrivate() {
    let source = MarkedText(
      """
      extension FooConfiguration {
        func 1️⃣bazService2️⃣(bar: Bar) -> DependencyRegistration<Baz> {
          DependencyRegistration(scope: .shared) { Baz(bar: bar) }
        }
        func reload() {}
        private func helper() -> DependencyRegistration<A> { DependencyRegistration { A() } }
        fileprivate func other() {}
        static func make() -> DependencyRegistration<B> { DependencyRegistration { B() } }
        #if DEBUG
        func debugService() -> DependencyRegistration<Debug> { DependencyRegistration { Debug() } }
        #endif
      }
      """)
    let methods = collectSummary(source).extensions.first?.methods
    #expect(methods?.map(\.signature) == ["bazService(bar:)", "reload()", "debugService()"])
    #expect(methods?.first?.range == source.range(from: "1️⃣", to: "2️⃣"))
    #expect(methods?.first?.registration?.type.name == "Baz")
    #expect(methods?.first?.registration?.scope == .shared)
    #expect(methods?.map(\.registration?.type.name) == ["Baz", nil, "Debug"])
  }

  @Test func membersOfAPublicExtensionDefaultToPublic() {
    let source = MarkedText(
      """
      public extension Api {
        func load() {}
        internal func hidden() {}
        package func shared() {}
        private func secret() {}
      }
      extension Api {
        func plain() {}
        public func exposed() {}
      }
      fileprivate extension Api {
        func local() {}
      }
      """)
    let extensions = collectSummary(source).extensions
    #expect(extensions.map(\.methods.count) == [3, 2, 0])
    #expect(
      extensions[0].methods.map { "\($0.name): \($0.access)" } == [
        "load: public", "hidden: internal", "shared: package",
      ])
    #expect(extensions[1].methods.map { "\($0.name): \($0.access)" } == ["plain: internal", "exposed: public"])
  }

  @Test func typesNestedInAnExtensionAreQualifiedWithTheExtendedType() {
    let source = MarkedText(
      """
      extension Outer {
        class 1️⃣Inner2️⃣ {
          init(store: Store) {}
          struct Deep {}
        }
        func helper() { class InBody {} }
      }
      public extension Api {
        struct Model {}
        internal struct Hidden {}
      }
      """)
    let summary = collectSummary(source)
    #expect(summary.types.map(\.name) == ["Outer.Inner", "Outer.Inner.Deep", "Api.Model", "Api.Hidden"])
    #expect(summary.types.map(\.access) == [.internal, .internal, .public, .internal])
    #expect(summary.type("Outer.Inner")?.range == source.range(from: "1️⃣", to: "2️⃣"))
    #expect(summary.type("Outer.Inner")?.initializers.map(\.signature) == ["init(store:)"])
    #expect(summary.extensions.map(\.methods.count) == [1, 0])
  }

  @Test func typesNestedInAnExtensionAreCappedByTheExtendedTypesAccessWhenKnown() {
    let source = MarkedText(
      """
      fileprivate class Hidden {}
      extension Hidden {
        public class Inner {}
      }
      extension Elsewhere {
        public class Exposed {}
      }
      """)
    let access = collectSummary(source).types.map { "\($0.name): \($0.access)" }
    #expect(access == ["Hidden: fileprivate", "Hidden.Inner: fileprivate", "Elsewhere.Exposed: public"])
  }

  @Test func typesNestedInAnExtensionOfAGenericTypeAreFlaggedGeneric() {
    let source = MarkedText(
      """
      struct Box<Value> {}
      extension Box {
        class Factory {}
      }
      extension Array where Element == Int {
        struct Chunk {}
      }
      extension Plain {
        struct Settings {}
      }
      """)
    let flags = collectSummary(source).types.map { "\($0.name): \($0.isGeneric)" }
    #expect(flags == ["Box: true", "Box.Factory: true", "Array.Chunk: true", "Plain.Settings: false"])
  }

  @Test func protocolsNestedInAnExtensionAreQualified() {
    let source = MarkedText(
      """
      public extension Feature {
        protocol 1️⃣Delegate2️⃣ {}
      }
      """)
    #expect(
      collectSummary(source).protocols == [
        ProtocolDeclaration(name: "Feature.Delegate", access: .public, range: source.range(from: "1️⃣", to: "2️⃣"))
      ])
  }

  @Test func typealiasesInAnExtensionAreQualifiedWithTheExtendedType() {
    let source = MarkedText(
      """
      extension Outer.Inner {
        typealias Handler = any Store
      }
      """)
    let alias = collectSummary(source).typealiases.first
    #expect(alias?.name == "Outer.Inner.Handler")
    #expect(alias?.lookupScope == "Outer.Inner")
    #expect(alias?.target == "Store")
  }
}
