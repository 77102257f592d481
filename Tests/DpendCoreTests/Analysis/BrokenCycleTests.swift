import DpendModel
import DpendTestSupport
import Testing

@testable import DpendAnalysis

/// A graph with a cycle whose change only rewires factories, none given a dependency it did
/// not have, keeps the answer without its `dependency-cycle` errors when no key leads back
/// to itself afterwards (``UnchangedGraph/ProviderChange``, ``UnchangedGraph/Outcome/cyclesBroken``).
struct BrokenCycleTests {
  /// `Store` needs `Feed`, which needs `Store`: one cycle.
  static let files = [
    "Sources/Store.swift":
      "protocol Store {}\nfinal class StoreImpl: Store {\n  init(feed: Feed, clock: Clock) {}\n}\n",
    "Sources/Feed.swift": "protocol Feed {}\nfinal class FeedImpl: Feed {\n  init(store: Store) {}\n}\n",
    "Sources/Clock.swift": "protocol Clock {}\nfinal class ClockImpl: Clock {}\n",
  ]

  /// The answer after `path` becomes `text`, made from the kept one, which must be the
  /// graph's from scratch; `nil` when the check refuses.
  static func kept(_ files: [String: String], _ path: String, _ text: String) throws -> AnalysisAnswer? {
    let settings = try UnchangedGraphTests.settings(".*Impl")
    guard let outcome = UnchangedGraphTests.check(files, path, to: text, settings) else { return nil }
    var after = files
    after[path] = text
    let now = UnchangedGraphTests.graph(after, settings)
    let before = UnchangedGraphTests.graph(files, settings)
    let answer = outcome.answer(after: UnchangedContainerTests.answer(before))
    #expect(answer == UnchangedContainerTests.answer(now), "\(text)")
    #expect(outcome.keys == now.keyFacts, "\(text)")
    #expect(outcome.watched == now.watchedNames, "\(text)")
    return answer
  }

  @Test func aDependencyRemovedThatBreaksTheOnlyCycleKeepsTheAnswerWithoutIt() throws {
    let settings = try UnchangedGraphTests.settings(".*Impl")
    #expect(
      UnchangedGraphTests.graph(Self.files, settings).diagnostics.map(\.message) == [
        "dependency cycle: Feed -> Store -> Feed"
      ])
    let broken = "protocol Feed {}\nfinal class FeedImpl: Feed {\n  init() {}\n}\n"
    let answer = try #require(try Self.kept(Self.files, "Sources/Feed.swift", broken))
    #expect(answer.diagnostics.isEmpty)
    // The other way round: `Store` no longer needs `Feed`, its other need kept.
    let other = "protocol Store {}\nfinal class StoreImpl: Store {\n  init(clock: Clock) {}\n}\n"
    #expect(try Self.kept(Self.files, "Sources/Store.swift", other)?.diagnostics.isEmpty == true)
  }

  /// Two cycles (`Feed` and `Store`, `Clock` and itself): one broken, the other stays, and
  /// the graph is built to tell it. A dependency given while one is removed may make another.
  @Test func aCycleLeftOrADependencyGivenMakesItMaybe() throws {
    var files = Self.files
    files["Sources/Clock.swift"] = "protocol Clock {}\nfinal class ClockImpl: Clock {\n  init(clock: Clock) {}\n}\n"
    let settings = try UnchangedGraphTests.settings(".*Impl")
    #expect(UnchangedGraphTests.graph(files, settings).diagnostics.count == 2)
    let broken = "protocol Feed {}\nfinal class FeedImpl: Feed {\n  init() {}\n}\n"
    #expect(UnchangedGraphTests.check(files, "Sources/Feed.swift", to: broken, settings) == nil)
    let swapped = "protocol Feed {}\nfinal class FeedImpl: Feed {\n  init(clock: Clock) {}\n}\n"
    #expect(UnchangedGraphTests.check(Self.files, "Sources/Feed.swift", to: swapped, settings) == nil)
  }

  /// A dependency removed from a factory off the cycle: the cycle stays, the graph is built.
  @Test func aDependencyRemovedOffTheCycleMakesItMaybe() throws {
    var files = Self.files
    files["Sources/Log.swift"] = "protocol Log {}\nfinal class LogImpl: Log {\n  init(clock: Clock) {}\n}\n"
    let settings = try UnchangedGraphTests.settings(".*Impl")
    let text = "protocol Log {}\nfinal class LogImpl: Log {\n  init() {}\n}\n"
    #expect(UnchangedGraphTests.check(files, "Sources/Log.swift", to: text, settings) == nil)
  }

  @Test func theEdgesTellWhetherAKeyLeadsBackToItself() {
    #expect(!KeyEdges().hasCycle)
    #expect(KeyEdges(counting: [(1, 1)]).hasCycle)
    #expect(!KeyEdges(counting: [(1, 2), (2, 3), (1, 3)]).hasCycle)
    #expect(KeyEdges(counting: [(1, 2), (2, 3), (3, 1)]).hasCycle)
    #expect(!KeyEdges(counting: [(3, 2), (2, 1), (5, 9)]).hasCycle)
  }
}
