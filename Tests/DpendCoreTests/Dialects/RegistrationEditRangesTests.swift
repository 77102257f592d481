import DpendCollect
import DpendModel
import DpendTestSupport
import Testing

/// The ranges quick fixes edit registrations with: where the registered type is written,
/// a one-expression factory's expression, where Dip's `type:` argument goes.
@Suite struct RegistrationEditRangesTests {
  @Test func dipRangesForEveryWayTheTypeIsDecided() throws {
    let source = MarkedText(
      """
      import Dip

      func configure(_ c: DependencyContainer) {
        c.register(.singleton, type: 1️⃣Store.self) { StoreImpl() }
        c.register { () -> 2️⃣Clock in SystemClock() }
        c.register { SystemClock() as 3️⃣Clock }
        c.register(.unique4️⃣) { 5️⃣try StoreImpl() }
        c.register6️⃣ {
          print("one")
          return StoreImpl()
        }
        c.register(7️⃣tag: "t", factory: StoreImpl.init)
        c.register(8️⃣) { StoreImpl() ?? other }
      }
      """)
    let registrations = SummaryCollector.summarize(path: "C.swift", source: source.text).registrations
    try #require(registrations.count == 7)
    #expect(
      registrations.map(\.typeRange) == [
        source.range("1️⃣", covering: "Store", in: "C.swift"), source.range("2️⃣", covering: "Clock", in: "C.swift"),
        source.range("3️⃣", covering: "Clock", in: "C.swift"), nil, nil, nil, nil,
      ])
    #expect(
      registrations.map(\.resultRange) == [
        nil, nil, nil, source.range("5️⃣", covering: "try StoreImpl()", in: "C.swift"), nil, nil, nil,
      ])
    let at = { (marker: String) in source.range(from: marker, to: marker, in: "C.swift") }
    #expect(
      registrations.map(\.typeArgumentInsertion) == [
        nil, nil, nil,
        ArgumentInsertion(position: at("4️⃣"), prefix: ", ", suffix: ""),
        ArgumentInsertion(position: at("6️⃣"), prefix: "(", suffix: ")"),
        ArgumentInsertion(position: at("7️⃣"), prefix: "", suffix: ", "),
        ArgumentInsertion(position: at("8️⃣"), prefix: "", suffix: ""),
      ])
  }

  @Test func swinjectRangeOfTheRegisteredType() throws {
    let source = MarkedText(
      """
      import Swinject

      func assemble(_ container: Container) {
        container.register(1️⃣StoreImpl.self, name: "a") { _ in StoreImpl() }
        container.autoregister(2️⃣(any Store).self, initializer: StoreImpl.init)
      }
      """)
    let registrations = SummaryCollector.summarize(path: "A.swift", source: source.text).registrations
    #expect(
      registrations.map(\.typeRange) == [
        source.range("1️⃣", covering: "StoreImpl", in: "A.swift"),
        source.range("2️⃣", covering: "(any Store)", in: "A.swift"),
      ])
    #expect(registrations.map(\.resultRange) == [nil, nil])
    #expect(registrations.map(\.typeArgumentInsertion) == [nil, nil])
  }
}
