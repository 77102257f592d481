import DpendModel
import DpendTestSupport
import Testing

/// How one parameter type, as written, should be read.
struct WrittenType: Sendable, CustomTestStringConvertible {
  var written: String
  var name: String
  var tag: String? = nil
  var isOptional = false

  var testDescription: String { written }
}

struct CollectTypeReferencesTests {
  /// The reference made by `init(dependency: <written>)`, and the range `written` covers.
  private func reference(to written: String) throws -> (TypeReference, SourceRange) {
    let source = MarkedText("class Feed {\n  init(dependency: 1️⃣\(written)2️⃣) {}\n}\n")
    let initializer = try #require(collectSummary(source).type("Feed")?.initializers.first)
    let parameter = try #require(initializer.parameters.first)
    return (parameter.type, source.range(from: "1️⃣", to: "2️⃣"))
  }

  private func check(_ expected: WrittenType) throws {
    let (reference, range) = try reference(to: expected.written)
    #expect(
      reference == TypeReference(name: expected.name, tag: expected.tag, isOptional: expected.isOptional, range: range))
  }

  @Test(arguments: [
    WrittenType(written: "[String : Int]", name: "[String:Int]"),
    WrittenType(written: "Outer . Inner", name: "Outer.Inner"),
    WrittenType(written: "Dictionary< String , [ Int ] >", name: "Dictionary<String,[Int]>"),
    WrittenType(written: "( Int , label : String )", name: "(Int,label:String)"),
    WrittenType(written: "Store", name: "Store"),
    WrittenType(written: "Dictionary<String, /* cached */ Int>", name: "Dictionary<String,Int>"),
    WrittenType(written: "[\n    String:\n    Int\n  ]", name: "[String:Int]"),
  ])
  func whiteSpaceAndCommentsAreRemoved(_ expected: WrittenType) throws {
    try check(expected)
  }

  @Test(arguments: [
    WrittenType(written: "any Store", name: "Store"),
    WrittenType(written: "some Store", name: "Store"),
    WrittenType(written: "[any Store]", name: "[Store]"),
    WrittenType(written: "[String: any Store]", name: "[String:Store]"),
    WrittenType(written: "Array<any Store>", name: "Array<Store>"),
    WrittenType(written: "any Store & Sendable", name: "Store&Sendable"),
    WrittenType(written: "(any Store)", name: "Store"),
  ])
  func existentialAndOpaqueSpellingsNameTheProtocol(_ expected: WrittenType) throws {
    try check(expected)
  }

  @Test(arguments: [
    WrittenType(written: "Store?", name: "Store", isOptional: true),
    WrittenType(written: "Store!", name: "Store", isOptional: true),
    WrittenType(written: "Optional<Store>", name: "Store", isOptional: true),
    WrittenType(written: "Swift.Optional<Store>", name: "Store", isOptional: true),
    WrittenType(written: "(any Store)?", name: "Store", isOptional: true),
    WrittenType(written: "Optional<any Store>", name: "Store", isOptional: true),
    WrittenType(written: "[Store]?", name: "[Store]", isOptional: true),
    WrittenType(written: "[Store?]", name: "[Store?]"),
  ])
  func optionalsAreUnwrappedAndFlagged(_ expected: WrittenType) throws {
    try check(expected)
  }

  @Test(arguments: [
    WrittenType(written: "Tagged<Foo, Bar>", name: "Foo", tag: "Bar"),
    WrittenType(written: "DpendRuntime.Tagged<Foo, Bar>", name: "Foo", tag: "Bar"),
    WrittenType(written: "Tagged<Foo, Bar>?", name: "Foo", tag: "Bar", isOptional: true),
    WrittenType(written: "Optional<Tagged<Foo, Bar>>", name: "Foo", tag: "Bar", isOptional: true),
    WrittenType(written: "Tagged<any Foo, Feature . Bar>", name: "Foo", tag: "Feature.Bar"),
    WrittenType(written: "Tagged<Foo>", name: "Tagged<Foo>"),
    WrittenType(written: "Other.Tagged<Foo, Bar>", name: "Other.Tagged<Foo,Bar>"),
  ])
  func taggedTypesSplitIntoTypeAndTag(_ expected: WrittenType) throws {
    try check(expected)
  }

  @Test(arguments: [
    WrittenType(written: "@escaping () -> Void", name: "()->Void"),
    WrittenType(written: "@escaping @Sendable (Int) -> Void", name: "(Int)->Void"),
    WrittenType(written: "(() -> Void)?", name: "()->Void", isOptional: true),
    WrittenType(written: "inout Counter", name: "Counter"),
    WrittenType(written: "borrowing Counter", name: "Counter"),
    WrittenType(written: "@autoclosure () throws -> Int", name: "()throws->Int"),
  ])
  func attributesAndSpecifiersAreDropped(_ expected: WrittenType) throws {
    try check(expected)
  }

  @Test func eachParameterHasItsOwnRange() {
    let source = MarkedText(
      """
      class Feed {
        init(
          store: 1️⃣any Store2️⃣,
          tagged: 3️⃣Tagged<Foo, Bar>?4️⃣
        ) {}
      }
      """)
    let parameters = collectSummary(source).type("Feed")?.initializers.first?.parameters
    #expect(
      parameters?.map(\.type) == [
        TypeReference(name: "Store", range: source.range(from: "1️⃣", to: "2️⃣")),
        TypeReference(name: "Foo", tag: "Bar", isOptional: true, range: source.range(from: "3️⃣", to: "4️⃣")),
      ])
    #expect(source.position("3️⃣") == SourcePosition(line: 4, column: 13, offset: 55))
  }
}
