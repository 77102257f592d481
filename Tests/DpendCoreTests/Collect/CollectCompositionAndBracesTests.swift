import DpendModel
import DpendTestSupport
import Testing

struct CollectCompositionAndBracesTests {
  @Test func protocolCompositionInInheritanceIsSplitIntoItsProtocols() throws {
    let source = MarkedText(
      """
      final class StoreImpl: 1️⃣Reading2️⃣ & 3️⃣Writing4️⃣ {}
      extension StoreImpl: 5️⃣Syncing6️⃣ & 7️⃣Sendable8️⃣ {}
      """)
    let summary = collectSummary(source)
    #expect(
      try #require(summary.type("StoreImpl")).inheritance == [
        TypeReference(name: "Reading", range: source.range(from: "1️⃣", to: "2️⃣")),
        TypeReference(name: "Writing", range: source.range(from: "3️⃣", to: "4️⃣")),
      ])
    #expect(
      summary.extensions.first?.inheritance == [
        TypeReference(name: "Syncing", range: source.range(from: "5️⃣", to: "6️⃣")),
        TypeReference(name: "Sendable", range: source.range(from: "7️⃣", to: "8️⃣")),
      ])
  }

  @Test func closingBraceOfEachTypeIsRecorded() throws {
    let source = MarkedText(
      """
      final class AppConfiguration: DependencyConfiguration {
        struct Inner {1️⃣}2️⃣
      3️⃣}4️⃣
      class Unfinished {
      """)
    let summary = collectSummary(source)
    #expect(try #require(summary.type("AppConfiguration")).closingBrace == source.range(from: "3️⃣", to: "4️⃣"))
    #expect(try #require(summary.type("AppConfiguration.Inner")).closingBrace == source.range(from: "1️⃣", to: "2️⃣"))
    #expect(try #require(summary.type("Unfinished")).closingBrace == nil)
  }

  @Test func asyncAndGenericRegistrationMethodsAreInvalid() throws {
    let source = MarkedText(
      """
      final class AppConfiguration: DependencyConfiguration {
        func 1️⃣store2️⃣() async -> DependencyRegistration<Store> { DependencyRegistration { StoreImpl() } }
        func 3️⃣make4️⃣<T>() -> DependencyRegistration<T> { DependencyRegistration { fatalError() } }
      }
      """)
    let methods = try #require(collectSummary(source).type("AppConfiguration")).methods
    #expect(
      methods.map(\.problems) == [
        [
          Diagnostic(
            code: .invalidDeclaration,
            message: "registration method 'store' must not be async: containers resolve synchronously",
            range: source.range(from: "1️⃣", to: "2️⃣"))
        ],
        [
          Diagnostic(
            code: .invalidDeclaration,
            message: "registration method 'make' must not be generic: a key needs a concrete type",
            range: source.range(from: "3️⃣", to: "4️⃣"))
        ],
      ])
  }
}

struct CollectParenthesesTests {
  @Test(arguments: [
    ("[(any P)?]", "[P?]"), ("[P?]", "[P?]"), ("[String: (some P)]", "[String:P]"),
    ("[(() -> Void)?]", "[(()->Void)?]"), ("[(any A & B)?]", "[(A&B)?]"), ("Set<(Int)>", "Set<Int>"),
  ])
  func redundantParenthesesDoNotMakeADifferentKey(written: String, key: String) throws {
    let summary = collectSummary(MarkedText("final class FeedImpl { init(value: \(written)) {} }"))
    let parameter = try #require(summary.type("FeedImpl")?.initializers.first?.parameters.first)
    #expect(parameter.type.name == key)
  }
}
