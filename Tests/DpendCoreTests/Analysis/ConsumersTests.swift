import DpendAnalysis
import DpendModel
import DpendTestSupport
import Testing

struct ConsumersTests {
  @Test func aParameterSharedByTheFactoriesOfSeveralKeysIsOneConsumer() throws {
    let source = MarkedText(
      """
      protocol A {}
      protocol C {}
      protocol D {}
      final class AImpl: A {}
      final class CDImpl: C, D { init(a: 1️⃣A2️⃣) {} }
      final class UserImpl { init(a: 3️⃣A4️⃣) {} }
      """)
    let graph = try analyze(marked: ["A.swift": source], filters: [".*Impl"])
    let consumers = graph.consumers(of: DependencyKey(name: "A"))
    #expect(consumers.map(\.factory.displayName) == ["CDImpl.init(a:)", "UserImpl.init(a:)"])
    #expect(
      consumers.map(\.parameter.range) == [
        source.range(from: "1️⃣", to: "2️⃣", in: "A.swift"), source.range(from: "3️⃣", to: "4️⃣", in: "A.swift"),
      ])
  }

  @Test func compositionConformanceProvidesEveryProtocol() throws {
    let graph = try analyze(
      ["S.swift": "protocol Reading {}\nprotocol Writing {}\nfinal class StoreImpl: Reading & Writing {}\n"],
      filters: [".*Impl"])
    #expect(graph.localFactories.map(\.summaryLine) == ["Reading ← StoreImpl.init()", "Writing ← StoreImpl.init()"])
  }
}
