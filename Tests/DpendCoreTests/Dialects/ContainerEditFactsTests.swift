import DpendCollect
import DpendModel
import DpendTestSupport
import Testing

/// The facts container quick fixes edit with: the statement a registration is made by (its
/// lines, indentation and receiver) and where a resolve's type, name and runtime arguments
/// are written.
@Suite struct ContainerEditFactsTests {
  @Test func swinjectStatementsWithTheirLinesAndChainedCalls() throws {
    let source = MarkedText(
      """
      import Swinject

      func assemble(_ container: Container) {
      1️⃣  2️⃣container.register(Store.self) { _ in StoreImpl() }
          .inObjectScope(.container)3️⃣ // kept for the app
      4️⃣  let x = 1; 5️⃣container.register(Clock.self) { _ in SystemClock() }6️⃣
        let clock = container.register(Clock.self, name: "b") { _ in SystemClock() }
      }
      """)
    let registrations = SummaryCollector.summarize(path: "A.swift", source: source.text).registrations
    try #require(registrations.count == 3)
    #expect(
      registrations[0].statement
        == RegistrationStatement(
          range: source.range(from: "2️⃣", to: "3️⃣", in: "A.swift"),
          lines: source.range(from: "1️⃣", to: "4️⃣", in: "A.swift"), indentation: "  ", receiver: "container"))
    // Code before it on its line: no lines of its own.
    #expect(
      registrations[1].statement
        == RegistrationStatement(
          range: source.range(from: "5️⃣", to: "6️⃣", in: "A.swift"), lines: nil, indentation: "",
          receiver: "container"))
    // Part of a declaration: no statement of its own.
    #expect(registrations[2].statement == nil)
  }

  @Test func aStatementFollowsABlankLineOfWhiteSpaceOnlyCommentsAside() throws {
    let source = MarkedText(
      """
      import Swinject

      func assemble(_ container: Container) {
        1️⃣container.register(Store.self) { _ in StoreImpl() }
        // The clock.
        2️⃣container.register(Clock.self) { _ in SystemClock() }

        // The feed.
        3️⃣container.register(Feed.self) { _ in FeedImpl() }
        \t
        4️⃣container.register(Cache.self) { _ in MemoryCache() }
      }
      """)
    let registrations = SummaryCollector.summarize(path: "A.swift", source: source.text).registrations
    try #require(registrations.count == 4)
    #expect(
      registrations.map { $0.statement?.range.start } == ["1️⃣", "2️⃣", "3️⃣", "4️⃣"].map { Optional(source.position($0)) })
    #expect(registrations.map { $0.statement?.followsBlankLine } == [false, false, true, true])
  }

  @Test func swinjectResolveRanges() throws {
    let source = MarkedText(
      """
      import Swinject

      func show(_ r: Resolver) {
        _ = r.resolve(1️⃣Store2️⃣.self3️⃣, name: 4️⃣"disk"5️⃣, argument: 426️⃣)!
        _ = r.resolve(7️⃣Clock.self8️⃣)!
      }
      """)
    let summary = SummaryCollector.summarize(path: "S.swift", source: source.text)
    let sites = summary.resolveSites
    try #require(sites.count == 2)
    let at = { (marker: String) in source.range(from: marker, to: marker, in: "S.swift") }
    #expect(
      summary.edits(of: sites[0])
        == SiteEditRanges(
          type: source.range(from: "1️⃣", to: "2️⃣", in: "S.swift"),
          name: source.range(from: "4️⃣", to: "5️⃣", in: "S.swift"),
          nameArgument: source.range(from: "3️⃣", to: "5️⃣", in: "S.swift"),
          runtimeArguments: source.range(from: "5️⃣", to: "6️⃣", in: "S.swift")))
    #expect(
      summary.edits(of: sites[1])
        == SiteEditRanges(
          type: source.range("7️⃣", covering: "Clock", in: "S.swift"),
          nameInsertion: ArgumentInsertion(position: at("8️⃣"), prefix: ", ", suffix: "")))
  }

  @Test func dipResolveRanges() throws {
    let source = MarkedText(
      """
      import Dip

      func load(_ c: DependencyContainer) throws {
        let store: 1️⃣Store = try c.resolve(2️⃣tag: 7️⃣"disk"3️⃣)
        _ = try c.resolve(4️⃣) as 5️⃣Clock
        let feed: Feed? = try? c.resolve(6️⃣arguments: 1)
      }
      """)
    let summary = SummaryCollector.summarize(path: "C.swift", source: source.text)
    let sites = summary.resolveSites
    try #require(sites.count == 3)
    let at = { (marker: String) in source.range(from: marker, to: marker, in: "C.swift") }
    #expect(
      sites.map(summary.edits(of:)) == [
        SiteEditRanges(
          type: source.range("1️⃣", covering: "Store", in: "C.swift"),
          name: source.range(from: "7️⃣", to: "3️⃣", in: "C.swift"),
          nameArgument: source.range(from: "2️⃣", to: "3️⃣", in: "C.swift")),
        SiteEditRanges(
          type: source.range("5️⃣", covering: "Clock", in: "C.swift"),
          nameInsertion: ArgumentInsertion(position: at("4️⃣"), prefix: "", suffix: "")),
        // `Feed?` is not the key `Feed`: its type is not offered for edits.
        SiteEditRanges(
          nameInsertion: ArgumentInsertion(position: at("6️⃣"), prefix: "", suffix: ", "),
          runtimeArguments: source.range("6️⃣", covering: "arguments: 1", in: "C.swift")),
      ])
  }
}
