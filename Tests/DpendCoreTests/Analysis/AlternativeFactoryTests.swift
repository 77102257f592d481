import DpendModel
import DpendTestSupport
import Testing

@testable import DpendAnalysis

/// A key's factories all in the changed file and of one provider, the first kept while
/// others after it come or go (a second initializer): the graph chooses the first when what
/// it requires is provided, so the answer stands (``UnchangedGraph/ProviderChange``,
/// alternatives).
struct AlternativeFactoryTests {
  static let files = RewiredFactoryTests.files
  static let feed = "Sources/Feed.swift"

  @Test func aSecondInitializerAfterTheFirstKeepsTheAnswer() throws {
    let second = "final class FeedImpl {\n  init(store: Store) {}\n  init() {}\n}\n"
    try RewiredFactoryTests.expectStands(Self.feed, second, rewiring: [])
    let settings = try UnchangedGraphTests.settings(".*Impl")
    let outcome = try #require(UnchangedGraphTests.check(Self.files, Self.feed, to: second, settings))
    #expect(outcome.providers.alternativeKeys == [DependencyKey(name: "FeedImpl")])
    #expect(outcome.providers.alternativesAfter.map(\.count) == [2])
    // Moved down a line with a comment above, and removed again.
    var files = Self.files
    files[Self.feed] = second
    try RewiredFactoryTests.expectStands(
      Self.feed, "// Feeds.\n" + Self.files[Self.feed]!, rewiring: [], files)
    // The second changed.
    try RewiredFactoryTests.expectStands(
      Self.feed, second.replacing("init() {}", with: "init(clock: Clock) {}"), rewiring: [], files)
  }

  /// A second initializer put first is chosen; one after a first that needs a key nothing
  /// provides is chosen too: the graph is built.
  @Test func aNewInitializerTheGraphMayChooseMakesItMaybe() throws {
    let settings = try UnchangedGraphTests.settings(".*Impl")
    let first = "final class FeedImpl {\n  init() {}\n  init(store: Store) {}\n}\n"
    var after = Self.files
    after[Self.feed] = first
    #expect(
      UnchangedGraphTests.graph(after, settings).resolved[DependencyKey(name: "FeedImpl")]?.parameters.isEmpty == true)
    #expect(UnchangedGraphTests.check(Self.files, Self.feed, to: first, settings) == nil)
    var files = Self.files
    files[Self.feed] = "final class FeedImpl {\n  init(disk: Disk) {}\n}\n"
    #expect(UnchangedGraphTests.graph(files, settings).diagnostics.count == 1)
    let fallback = "final class FeedImpl {\n  init(disk: Disk) {}\n  init() {}\n}\n"
    after[Self.feed] = fallback
    #expect(UnchangedGraphTests.graph(after, settings).diagnostics.isEmpty)
    #expect(UnchangedGraphTests.check(files, Self.feed, to: fallback, settings) == nil)
  }
}
