import DpendCollect
import DpendModel
import Testing

/// Members' types by name (``MemberTypes``): one entry a name, sorted, whatever the order
/// written; a name written twice as each body's rule says; read back only when sorted.
@Suite struct MemberTypesTests {
  private func pairs(_ types: MemberTypes) -> [String] { types.entries.map { "\($0.name): \($0.type)" } }

  @Test func aBodysMembersAreSortedByNameAndLookedUpByName() {
    let source = """
      final class Services {
        static let shared = Services()
        static var fallback: Store?
        static func make() -> Clock { SystemClock() }
        static func make(_ seed: Int) -> Clock { SystemClock() }
        static func generic<T>() -> T { fatalError() }
        static func nothing() {}
        var store: Store!
        let clock = SystemClock()
        #if DEBUG
        var logger: ConsoleLogger
        #else
        var logger: FileLogger
        #endif
        var count = 3
        var half: Optional<
      }
      enum Route { case list, detail }
      """
    let summary = SummaryCollector.summarize(path: "S.swift", source: source, settings: CollectionSettings())
    let services = summary.types.first { $0.name == "Services" }
    #expect(pairs(services?.propertyTypes ?? [:]) == ["clock: SystemClock", "logger: FileLogger", "store: Store?"])
    // Two `make`s of one type are one entry; a generic result and no result are none.
    #expect(pairs(services?.staticTypes ?? [:]) == ["fallback: Store?", "make: Clock", "shared: Services"])
    #expect(services?.propertyTypes["store"] == "Store?")
    #expect(services?.propertyTypes["count"] == nil)
    #expect(services?.staticTypes["generic"] == nil)
    let route = summary.types.first { $0.name == "Route" }
    #expect(pairs(route?.staticTypes ?? [:]) == ["detail: Route", "list: Route"])
  }

  @Test func staticsOfDifferentTypesUnderOneNameAreLeftOut() {
    let source = """
      extension Services {
        static func pick(_ a: Int) -> Clock { SystemClock() }
        static func pick(_ b: String) -> Logger { ConsoleLogger() }
        static func pick(_ c: Double) -> Clock { SystemClock() }
        static let main = Session()
      }
      let sharedLogger: Logger = ConsoleLogger()
      func makeClock() -> Clock { SystemClock() }
      func makeClock(_ seed: Int) -> Store { Store() }
      """
    let summary = SummaryCollector.summarize(path: "S.swift", source: source, settings: CollectionSettings())
    #expect(pairs(summary.extensions.first?.staticTypes ?? [:]) == ["main: Session"])
    #expect(pairs(summary.globalTypes) == ["sharedLogger: Logger"])
  }

  @Test func aLiteralsRepeatedNameKeepsItsLastTypeAndLookupsMissCleanly() {
    let types: MemberTypes = ["b": "B", "a": "A", "c": "C", "a": "Z"]
    #expect(pairs(types) == ["a: Z", "b: B", "c: C"])
    #expect(types["a"] == "Z")
    #expect(types["0"] == nil)
    #expect(types["bb"] == nil)
    #expect(types["d"] == nil)
    #expect(MemberTypes()["a"] == nil)
  }

  @Test func entriesNotSortedByNameReadAsMalformed() throws {
    let sorted: MemberTypes = ["a": "A", "b": "B"]
    var bytes = BinaryCoder.encoded(sorted)
    #expect(try bytes.withUnsafeBytes { try BinaryCoder.decoded(MemberTypes.self, from: $0) } == sorted)
    // The same entries written the other way round.
    var swapped = BinaryCoder()
    var entries = [MemberTypes.Entry(name: "b", type: "B"), MemberTypes.Entry(name: "a", type: "A")]
    try entries.code(&swapped)
    bytes = swapped.writer.encoded(prefix: [])
    #expect(throws: SummaryDecodingError.malformed("members' types not sorted by name")) {
      try bytes.withUnsafeBytes { try BinaryCoder.decoded(MemberTypes.self, from: $0) }
    }
  }
}
