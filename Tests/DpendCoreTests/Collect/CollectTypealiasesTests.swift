import DpendModel
import DpendTestSupport
import Testing

struct CollectTypealiasesTests {
  @Test func topLevelTypealiasHasAnEmptyLookupScope() {
    let source = MarkedText("typealias 1️⃣Lookup2️⃣ = [String : any Store]")
    #expect(
      collectSummary(source).typealiases == [
        TypealiasDeclaration(
          name: "Lookup", target: "[String:Store]", lookupScope: "", range: source.range(from: "1️⃣", to: "2️⃣"))
      ])
  }

  @Test func nestedTypealiasIsQualifiedAndLooksUpInItsType() {
    let source = MarkedText(
      """
      class Outer {
        typealias 1️⃣Dependency2️⃣ = Inner
        enum Inner {
          public typealias 3️⃣Deep4️⃣ = any Feature . Store
        }
      }
      """)
    #expect(
      collectSummary(source).typealiases == [
        TypealiasDeclaration(
          name: "Outer.Dependency", target: "Inner", lookupScope: "Outer",
          range: source.range(from: "1️⃣", to: "2️⃣")),
        TypealiasDeclaration(
          name: "Outer.Inner.Deep", target: "Feature.Store", lookupScope: "Outer.Inner",
          range: source.range(from: "3️⃣", to: "4️⃣")),
      ])
  }

  @Test func targetKeepsOptionalsAndFunctionTypesAsWritten() {
    let source = MarkedText(
      """
      typealias Handler = (Int) -> Void
      typealias MaybeStore = Store?
      typealias Composed = Store & Sendable
      """)
    #expect(collectSummary(source).typealiases.map(\.target) == ["(Int)->Void", "Store?", "Store&Sendable"])
  }

  @Test func genericTypealiasesAndTypealiasesInBodiesAreSkipped() {
    let source = MarkedText(
      """
      typealias Pair<T> = (T, T)
      func make() {
        typealias Local = Store
      }
      protocol Loading {
        typealias Completion = () -> Void
      }
      class Feed {
        init() { typealias InInit = Store }
        typealias Kept = Store
      }
      """)
    #expect(collectSummary(source).typealiases.map(\.name) == ["Feed.Kept"])
  }
}
