import DpendModel
import DpendTestSupport
import Testing

@testable import DpendAnalysis

/// A factory given other parameters keeps the answer (``UnchangedGraph/ProviderChange``,
/// rewired) only when the graph built from scratch has the same diagnostics, and its only
/// change is that factory.
struct RewiredFactoryTests {
  static let files = [
    "Sources/Store.swift": "protocol Store {}\nfinal class StoreImpl: Store {}\n",
    "Sources/Clock.swift": "protocol Clock {}\nfinal class ClockImpl: Clock {}\n",
    "Sources/Cache.swift": "protocol Cache {}\nfinal class CacheImpl: Cache { init(clock: Clock) {} }\n",
    "Sources/Feed.swift": "final class FeedImpl {\n  init(store: Store) {}\n}\n",
  ]

  /// The check of `path` going to `text` from `files`, which must stand: its outcome
  /// rewires exactly the factories of `keys`, as the graph from scratch makes them, keeps
  /// every diagnostic, and has the keys and looked-up names of that graph.
  static func expectStands(
    _ path: String, _ text: String, rewiring keys: [String], adding added: Set<String> = [],
    removing removed: Set<String> = [], _ files: [String: String] = files
  ) throws {
    let settings = try UnchangedGraphTests.settings(".*Impl")
    let outcome = try #require(UnchangedGraphTests.check(files, path, to: text, settings), "\(text)")
    var after = files
    after[path] = text
    let before = UnchangedGraphTests.graph(files, settings)
    let now = UnchangedGraphTests.graph(after, settings)
    #expect(outcome.providers.rewiredKeys == keys.map { DependencyKey(name: $0) }, "\(text)")
    #expect(outcome.providers.rewired == outcome.providers.rewiredKeys.map { now.resolved[$0]! }, "\(text)")
    #expect(outcome.providers.rewiredBefore == outcome.providers.rewiredKeys.map { before.resolved[$0]! }, "\(text)")
    #expect(outcome.providers.addedKeys == Set(added.map { DependencyKey(name: $0) }), "\(text)")
    #expect(outcome.providers.removedKeys == Set(removed.map { DependencyKey(name: $0) }), "\(text)")
    #expect(outcome.keys == now.keyFacts, "\(text)")
    #expect(outcome.watched == now.watchedNames, "\(text)")
    #expect(now.diagnostics == before.diagnostics, "\(text)")
    for (old, new) in zip(outcome.providers.rewiredBefore, outcome.providers.rewired) {
      #expect(outcome.moved(old.range) == new.range, "\(text)")
      // The parameters' ranges have no new place: an answer holding one is not kept.
      for parameter in old.parameters { #expect(outcome.moved(parameter.range) == nil, "\(text)") }
    }
    // Without the keys (and their edges) the check cannot tell.
    #expect(UnchangedGraphTests.check(files, path, to: text, settings, keys: false) == nil, "\(text)")
  }

  /// The check of `path` going to `text` from `files` refuses.
  static func expectRefused(_ path: String, _ text: String, _ files: [String: String] = files) throws {
    let settings = try UnchangedGraphTests.settings(".*Impl")
    #expect(UnchangedGraphTests.check(files, path, to: text, settings) == nil, "\(text)")
  }

  /// `diagnostics` with their ranges moved as `outcome` says (a range with no new place
  /// is put at the start of a file named "not moved").
  static func moved(_ diagnostics: [Diagnostic], _ outcome: UnchangedGraph.Outcome) -> [Diagnostic] {
    diagnostics.map { diagnostic in
      var diagnostic = diagnostic
      diagnostic.range = outcome.moved(diagnostic.range) ?? .startOfFile("not moved")
      for index in diagnostic.notes.indices {
        diagnostic.notes[index].range = outcome.moved(diagnostic.notes[index].range) ?? .startOfFile("not moved")
      }
      return diagnostic
    }
  }

  @Test func aParameterAddedRemovedRelabelledOrMadeOptionalStands() throws {
    let feed = "final class FeedImpl {\n  init(store: Store) {}\n}\n"
    try Self.expectStands(
      "Sources/Feed.swift", feed.replacing("store: Store", with: "store: Store, clock: Clock"), rewiring: ["FeedImpl"])
    try Self.expectStands("Sources/Feed.swift", feed.replacing("store: Store", with: ""), rewiring: ["FeedImpl"])
    try Self.expectStands(
      "Sources/Feed.swift", feed.replacing("store: Store", with: "s: Store"), rewiring: ["FeedImpl"])
    try Self.expectStands(
      "Sources/Feed.swift", feed.replacing("store: Store", with: "store: Store?"), rewiring: ["FeedImpl"])
    // Moved down a line as well; and a provider something needs, given a dependency whose
    // own dependencies do not lead back to it.
    try Self.expectStands(
      "Sources/Feed.swift", "\n" + feed.replacing("store: Store", with: "cache: Cache"), rewiring: ["FeedImpl"])
    try Self.expectStands(
      "Sources/Store.swift", "protocol Store {}\nfinal class StoreImpl: Store { init(cache: Cache) {} }\n",
      rewiring: ["Store"])
    // A dependency nothing provides, optional; one two types provide (the warning about them
    // names no consumer).
    try Self.expectStands(
      "Sources/Feed.swift", feed.replacing("store: Store", with: "disk: Disk?"), rewiring: ["FeedImpl"])
    var ambiguous = Self.files
    ambiguous["Sources/Other.swift"] = "final class OtherStoreImpl: Store {}\n"
    try Self.expectStands(
      "Sources/Cache.swift",
      "protocol Cache {}\nfinal class CacheImpl: Cache { init(clock: Clock, store: Store) {} }\n",
      rewiring: ["Cache"], ambiguous)
    // A provider added with the dependency on it; a provider removed and an optional
    // dependency on its key (passed `nil`).
    try Self.expectStands(
      "Sources/Feed.swift",
      "protocol Disk {}\nfinal class DiskImpl: Disk {}\n"
        + feed.replacing("store: Store", with: "store: Store, disk: Disk"),
      rewiring: ["FeedImpl"], adding: ["Disk"])
    var timer = Self.files
    timer["Sources/Timer.swift"] = "protocol Timer {}\nfinal class TimerImpl: Timer {}\nfinal class WatchImpl {}\n"
    try Self.expectStands(
      "Sources/Timer.swift", "protocol Timer {}\nfinal class WatchImpl { init(timer: Timer?) {} }\n",
      rewiring: ["WatchImpl"], removing: ["Timer"], timer)
  }

  @Test func aDependencyMissingAmbiguousOrClosingACycleIsRefused() throws {
    let feed = "final class FeedImpl {\n  init(store: Store) {}\n}\n"
    // Nothing provides `Disk`.
    try Self.expectRefused("Sources/Feed.swift", feed.replacing("store: Store", with: "store: Store, disk: Disk"))
    // `Clock` needs `Cache` (a cycle through `Cache`), or itself.
    try Self.expectRefused(
      "Sources/Clock.swift", "protocol Clock {}\nfinal class ClockImpl: Clock { init(cache: Cache) {} }\n")
    try Self.expectRefused(
      "Sources/Clock.swift", "protocol Clock {}\nfinal class ClockImpl: Clock { init(clock: Clock) {} }\n")
    // Two types provide `Store`: its providers rewired (the warning names them).
    var ambiguous = Self.files
    ambiguous["Sources/Other.swift"] = "final class OtherStoreImpl: Store {}\n"
    try Self.expectRefused(
      "Sources/Other.swift", "final class OtherStoreImpl: Store { init(clock: Clock) {} }\n", ambiguous)
    // A factory with a dependency nothing provides, before or after, whatever changed.
    var missing = Self.files
    missing["Sources/Feed.swift"] = "final class FeedImpl {\n  init(store: Store, disk: Disk) {}\n}\n"
    try Self.expectRefused(
      "Sources/Feed.swift", "final class FeedImpl {\n  init(store: Store, disk: Disk, clock: Clock) {}\n}\n", missing)
    // A provider removed and a required dependency on its key.
    var timer = Self.files
    timer["Sources/Timer.swift"] = "protocol Timer {}\nfinal class TimerImpl: Timer {}\nfinal class WatchImpl {}\n"
    try Self.expectRefused(
      "Sources/Timer.swift", "protocol Timer {}\nfinal class WatchImpl { init(timer: Timer) {} }\n", timer)
    // A type with two initializers: not one factory rewired.
    try Self.expectRefused(
      "Sources/Feed.swift", "final class FeedImpl {\n  init(store: Store) {}\n  init(clock: Clock) {}\n}\n")
    // Another conformance: another provided key, not a rewiring.
    try Self.expectRefused(
      "Sources/Store.swift", "protocol Store {}\nfinal class StoreImpl: Store, Clock { init(cache: Cache) {} }\n")
  }

  /// Random rewirings of a graph of services, each needing services of lower numbers (no
  /// cycle): parameters added, removed, relabelled, made optional, of a type nothing
  /// provides, or of a higher number (perhaps a cycle). Whenever the check stands, the graph
  /// from scratch has the same diagnostics (none moved), its only change being the
  /// rewired factories.
  @Test(arguments: [41, 42, 43])
  func aRewiringStandsOnlyWhenTheGraphKeepsItsDiagnostics(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    let settings = try UnchangedGraphTests.settings(".*Impl")
    let count = 10
    func service(_ index: Int, _ parameters: String) -> String {
      "protocol S\(index) {}\nfinal class S\(index)Impl: S\(index) {\n  init(\(parameters)) {}\n}\n"
    }
    var texts: [String: String] = [:]
    for index in 0..<count {
      let parameters = (0..<min(index, 2)).map { "d\($0): S\(random.below(index))" }.joined(separator: ", ")
      texts["Sources/S\(index).swift"] = service(index, parameters)
    }
    var stood = 0
    var rewirings = 0
    var refused = 0
    for step in 0..<60 {
      let index = random.below(count)
      let path = "Sources/S\(index).swift"
      let parameters = (0..<random.below(4)).map { position in
        let label = random.below(4) == 0 ? "x\(position)" : "d\(position)"
        let type =
          switch random.below(12) {
          case 0: "Missing"
          case 1, 2: "S\(random.below(count))"
          default: "S\(random.below(max(index, 1)))"
          }
        return "\(label): \(type)\(random.below(5) == 0 ? "?" : "")"
      }.joined(separator: ", ")
      let text = (random.below(3) == 0 ? "\n" : "") + service(index, parameters)
      let before = UnchangedGraphTests.graph(texts, settings)
      var after = texts
      after[path] = text
      let graph = UnchangedGraphTests.graph(after, settings)
      if let outcome = UnchangedGraphTests.check(texts, path, to: text, settings) {
        stood += 1
        #expect(graph.diagnostics == Self.moved(before.diagnostics, outcome), "step \(step)")
        let rewired = Set(outcome.providers.rewiredKeys)
        if !rewired.isEmpty { rewirings += 1 }
        #expect(outcome.providers.rewired == outcome.providers.rewiredKeys.map { graph.resolved[$0]! }, "step \(step)")
        let moved = before.resolved.filter { !rewired.contains($0.key) }.mapValues {
          $0.replacingRanges($0.ranges.map { outcome.moved($0) ?? .startOfFile("not moved") })!
        }
        #expect(graph.resolved.filter { !rewired.contains($0.key) } == moved, "step \(step)")
        #expect(outcome.keys == graph.keyFacts, "step \(step)")
        #expect(outcome.watched == graph.watchedNames, "step \(step)")
      } else {
        refused += 1
      }
      // A cycle is not kept: every check would be refused while it lasts.
      if !graph.diagnostics.contains(where: { $0.code == .dependencyCycle }) { texts = after }
    }
    print("rewired factories, seed \(seed): \(stood) stood (\(rewirings) rewiring), \(refused) refused")
    #expect(rewirings >= 15, "\(rewirings) rewirings stood")
    #expect(refused >= 10, "\(refused) refused")
  }
}
