import DpendModel
import DpendTestSupport
import Testing

@testable import DpendAnalysis

/// A factory given other parameters keeps the answer (``UnchangedGraph/ProviderChange``,
/// rewired) only when the graph built from scratch has the same diagnostics, but for the
/// errors of keys nothing provides that the factory requires (made again from the kept
/// ones, ``UnchangedGraph/Outcome/answer(after:)``), and its only change is that factory.
struct RewiredFactoryTests {
  static let files = [
    "Sources/Store.swift": "protocol Store {}\nfinal class StoreImpl: Store {}\n",
    "Sources/Clock.swift": "protocol Clock {}\nfinal class ClockImpl: Clock {}\n",
    "Sources/Cache.swift": "protocol Cache {}\nfinal class CacheImpl: Cache { init(clock: Clock) {} }\n",
    "Sources/Feed.swift": "final class FeedImpl {\n  init(store: Store) {}\n}\n",
  ]

  /// The check of `path` going to `text` from `files`, which must stand: its outcome
  /// rewires exactly the factories of `keys`, as the graph from scratch makes them, gives
  /// that graph's diagnostics from those before (the errors of the `missing` keys made
  /// again), and has the keys and looked-up names of that graph.
  static func expectStands(
    _ path: String, _ text: String, rewiring keys: [String], adding added: Set<String> = [],
    removing removed: Set<String> = [], missing: [String] = [], _ files: [String: String] = files
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
    #expect(outcome.missingKeys == missing.map { DependencyKey(name: $0) }, "\(text)")
    #expect(outcome.answer(after: AnalysisAnswer(diagnostics: before.diagnostics))?.diagnostics == now.diagnostics)
    if missing.isEmpty { #expect(now.diagnostics == before.diagnostics, "\(text)") }
    for (old, new) in zip(outcome.providers.rewiredBefore, outcome.providers.rewired) {
      #expect(outcome.moved(old.range) == new.range, "\(text)")
      // The parameters' ranges have no new place: an answer holding one is not kept.
      for parameter in old.parameters { #expect(outcome.moved(parameter.range) == nil, "\(text)") }
    }
    // Without the keys (and their edges) the check cannot tell.
    #expect(UnchangedGraphTests.check(files, path, to: text, settings, keys: false) == nil, "\(text)")
  }

  /// The check of `path` going to `text` from `files` refuses (in library mode with
  /// `library`).
  static func expectRefused(
    _ path: String, _ text: String, _ files: [String: String] = files, library: Bool = false
  ) throws {
    var settings = try UnchangedGraphTests.settings(".*Impl")
    if library { settings.mode = .library }
    #expect(UnchangedGraphTests.check(files, path, to: text, settings) == nil, "\(text)")
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

  /// A selected type's conformances are the keys its factories provide: one added or
  /// removed adds or removes providers, which stand by the same rules as whole types added
  /// or removed; a conformance a subclass inherits is one its file looked up.
  @Test func aConformanceAddedOrRemovedIsAProviderChange() throws {
    let cache = "protocol Cache {}\nfinal class CacheImpl: Cache { init(clock: Clock) {} }\n"
    // A protocol nothing needs, declared with it or elsewhere; `Cache` (nothing needs it)
    // given up, the type then providing itself; given up for another, with a parameter more.
    try Self.expectStands(
      "Sources/Cache.swift",
      cache.replacing("CacheImpl: Cache", with: "CacheImpl: Cache, Purgeable") + "protocol Purgeable {}\n",
      rewiring: [], adding: ["Purgeable"])
    var elsewhere = Self.files
    elsewhere["Sources/Purgeable.swift"] = "protocol Purgeable {}\n"
    try Self.expectStands(
      "Sources/Cache.swift", cache.replacing("CacheImpl: Cache", with: "CacheImpl: Cache, Purgeable"), rewiring: [],
      adding: ["Purgeable"], elsewhere)
    try Self.expectStands(
      "Sources/Cache.swift", cache.replacing("CacheImpl: Cache", with: "CacheImpl"), rewiring: [],
      adding: ["CacheImpl"], removing: ["Cache"])
    try Self.expectStands(
      "Sources/Cache.swift",
      cache.replacing(
        "CacheImpl: Cache { init(clock: Clock)", with: "CacheImpl: Purgeable { init(clock: Clock, s: Store)"),
      rewiring: [], adding: ["Purgeable"], removing: ["Cache"], elsewhere)
    // `Clock` (provided) or `Store` (needed) given a second provider; `Store` given up while
    // `FeedImpl` needs it.
    try Self.expectRefused("Sources/Cache.swift", cache.replacing("CacheImpl: Cache", with: "CacheImpl: Cache, Clock"))
    try Self.expectRefused("Sources/Cache.swift", cache.replacing("CacheImpl: Cache", with: "CacheImpl: Cache, Store"))
    try Self.expectRefused("Sources/Store.swift", "protocol Store {}\nfinal class StoreImpl {}\n")
    // A superclass given a conformance (to a protocol nothing needs, or to `Clock`): the
    // subclass in another file provides it too, and its file looked up the superclass.
    var inherited = Self.files
    inherited["Sources/Base.swift"] = "class Base {}\nprotocol Purgeable {}\n"
    inherited["Sources/Sub.swift"] = "final class SubImpl: Base {}\n"
    for conformance in ["Purgeable", "Clock"] {
      try Self.expectRefused(
        "Sources/Base.swift", "class Base: \(conformance) {}\nprotocol Purgeable {}\n", inherited)
    }
  }

  /// A key's only provider renamed, or replaced by another class, is a rewiring: nothing
  /// needs the old name, and the key keeps one provider. A name another file looked up is
  /// not renamed that way.
  @Test func aProviderRenamedIsARewiring() throws {
    try Self.expectStands(
      "Sources/Store.swift", "protocol Store {}\nfinal class DiskStoreImpl: Store {}\n", rewiring: ["Store"])
    try Self.expectStands(
      "Sources/Store.swift", "protocol Store {}\nfinal class DiskStoreImpl: Store { init(clock: Clock) {} }\n",
      rewiring: ["Store"])
    try Self.expectStands(
      "Sources/Store.swift", "protocol Store {}\nfinal class StoreImpl {}\nfinal class DiskStoreImpl: Store {}\n",
      rewiring: ["Store"], adding: ["StoreImpl"])
    // With a type nested under a name nested in other files' classes too.
    var nested = Self.files
    nested["Sources/Store.swift"] = "protocol Store {}\nfinal class StoreImpl: Store {\n  struct State {}\n}\n"
    nested["Sources/Feed.swift"] = "final class FeedImpl {\n  init(store: Store) {}\n  struct State {}\n}\n"
    try Self.expectStands(
      "Sources/Store.swift", "protocol Store {}\nfinal class DiskStoreImpl: Store {\n  struct State {}\n}\n",
      rewiring: ["Store"], nested)
    var concrete = Self.files
    concrete["Sources/Feed.swift"] = "final class FeedImpl {\n  init(store: StoreImpl) {}\n}\n"
    try Self.expectRefused("Sources/Store.swift", "protocol Store {}\nfinal class DiskStoreImpl: Store {}\n", concrete)
  }

  /// A dependency nothing provides, added or removed, required or not: the error of its key
  /// is made again, with the factory's parameters among its consumers or without them.
  @Test func aDependencyNothingProvidesChangesOnlyItsError() throws {
    let feed = "final class FeedImpl {\n  init(store: Store) {}\n}\n"
    let missing = "final class FeedImpl {\n  init(store: Store, disk: Disk) {}\n}\n"
    // Added, twice, or moved down a line as well.
    try Self.expectStands(
      "Sources/Feed.swift", feed.replacing("store: Store", with: "store: Store, disk: Disk"), rewiring: ["FeedImpl"],
      missing: ["Disk"])
    try Self.expectStands(
      "Sources/Feed.swift", "\n" + feed.replacing("store: Store", with: "disk: Disk, backup: Disk"),
      rewiring: ["FeedImpl"], missing: ["Disk"])
    var withMissing = Self.files
    withMissing["Sources/Feed.swift"] = missing
    // Removed, made optional, kept while another parameter changes, or moved to another place.
    for text in [
      feed, missing.replacing("disk: Disk", with: "disk: Disk?"),
      missing.replacing("disk: Disk", with: "disk: Disk, clock: Clock"),
      missing.replacing("store: Store, disk: Disk", with: "disk: Disk, s: Store"),
    ] {
      try Self.expectStands("Sources/Feed.swift", text, rewiring: ["FeedImpl"], missing: ["Disk"], withMissing)
    }
    // Another factory needs it too, in another file: the error keeps that consumer, and
    // moves to it when the rewired one no longer needs the key.
    var shared = withMissing
    shared["Sources/Backup.swift"] = "final class BackupImpl {\n  init(disk: Disk) {}\n}\n"
    try Self.expectStands("Sources/Feed.swift", feed, rewiring: ["FeedImpl"], missing: ["Disk"], shared)
    try Self.expectStands(
      "Sources/Feed.swift", "\n\n" + missing.replacing("disk: Disk", with: "clock: Clock, disk: Disk"),
      rewiring: ["FeedImpl"], missing: ["Disk"], shared)
    // A provider of another key needed too, nothing else.
    try Self.expectStands(
      "Sources/Store.swift", "protocol Store {}\nfinal class StoreImpl: Store { init(disk: Disk) {} }\n",
      rewiring: ["Store"], missing: ["Disk"], shared)
  }

  /// The error of a key nothing provides is made again only from one the graph made: an
  /// answer whose error differs (another consumer named, a note gone, none at all) gives
  /// no answer after the change.
  @Test func anErrorIsMadeAgainOnlyFromTheOneTheGraphMade() throws {
    let settings = try UnchangedGraphTests.settings(".*Impl")
    var files = Self.files
    files["Sources/Feed.swift"] = "final class FeedImpl {\n  init(store: Store, disk: Disk) {}\n}\n"
    let text = "final class FeedImpl {\n  init(disk: Disk) {}\n}\n"
    let outcome = try #require(UnchangedGraphTests.check(files, "Sources/Feed.swift", to: text, settings))
    let before = UnchangedGraphTests.graph(files, settings).diagnostics
    let error = try #require(before.first)
    #expect(before.count == 1 && error.code == .missingDependency)
    #expect(
      outcome.answer(after: AnalysisAnswer(diagnostics: before))?.diagnostics.map(\.message) == [
        "missing dependency: nothing provides 'Disk', needed by 'FeedImpl.init(disk:)'"
      ])
    var renamed = error
    renamed.message = renamed.message.replacing("FeedImpl.init(store:disk:)", with: "FeedImpl.init(disk:)")
    var noteless = error
    noteless.notes = []
    var unparsable = error
    unparsable.notes[0].message = "FeedImpl needs Disk"
    for kept in [[renamed], [noteless], [unparsable], []] {
      #expect(outcome.answer(after: AnalysisAnswer(diagnostics: kept)) == nil, "\(kept)")
    }
  }

  /// A key something needs given its first provider: its error goes, when every factory
  /// needing it is its key's only one (no selection changes), and the provider's
  /// dependencies do not lead back to it.
  @Test func aNeededKeysFirstProviderRemovesItsError() throws {
    let settings = try UnchangedGraphTests.settings(".*Impl")
    var files = Self.files
    files["Sources/Feed.swift"] = "final class FeedImpl {\n  init(store: Store, disk: Disk) {}\n}\n"
    files["Sources/Disk.swift"] = "protocol Disk {}\n"
    let provider = "protocol Disk {}\nfinal class DiskImpl: Disk {}\n"
    func expectStands(_ text: String, _ files: [String: String]) throws {
      let outcome = try #require(UnchangedGraphTests.check(files, "Sources/Disk.swift", to: text, settings), "\(text)")
      var after = files
      after["Sources/Disk.swift"] = text
      let before = UnchangedGraphTests.graph(files, settings)
      let now = UnchangedGraphTests.graph(after, settings)
      #expect(outcome.satisfiedKeys == [DependencyKey(name: "Disk")], "\(text)")
      #expect(outcome.answer(after: AnalysisAnswer(diagnostics: before.diagnostics))?.diagnostics == now.diagnostics)
      #expect(outcome.keys == now.keyFacts, "\(text)")
      #expect(outcome.watched == now.watchedNames, "\(text)")
    }
    // Required (the error goes), by a provider needing a provided key, or optional (no error).
    try expectStands(provider, files)
    try expectStands(provider.replacing("DiskImpl: Disk {}", with: "DiskImpl: Disk { init(store: Store) {} }"), files)
    var optional = files
    optional["Sources/Feed.swift"] = "final class FeedImpl {\n  init(store: Store, disk: Disk?) {}\n}\n"
    try expectStands(provider, optional)
    // A conformance added to a type that provided itself, which nothing needs.
    var spare = files
    spare["Sources/Disk.swift"] = "protocol Disk {}\nfinal class SpareImpl {}\n"
    try expectStands("protocol Disk {}\nfinal class SpareImpl: Disk {}\n", spare)
    // Needed by one of a type's two initializers (the other is chosen now, this one may be
    // then); a provider needing what needs it (a cycle); a library's requirement.
    var several = files
    several["Sources/Feed.swift"] = "final class FeedImpl {\n  init(store: Store) {}\n  init(disk: Disk) {}\n}\n"
    try Self.expectRefused("Sources/Disk.swift", provider, several)
    try Self.expectRefused(
      "Sources/Disk.swift", provider.replacing("DiskImpl: Disk {}", with: "DiskImpl: Disk { init(feed: FeedImpl) {} }"),
      files)
    let library = [
      "Sources/Store.swift": "public protocol Store {}\npublic final class StoreImpl: Store { public init() {} }\n",
      "Sources/Feed.swift": "public final class FeedImpl {\n  public init(store: Store, disk: Disk) {}\n}\n",
      "Sources/Disk.swift": "public protocol Disk {}\n",
    ]
    try Self.expectRefused(
      "Sources/Disk.swift", "public protocol Disk {}\npublic final class DiskImpl: Disk { public init() {} }\n",
      library,
      library: true)
  }

  @Test func aDependencyAmbiguousClosingACycleOrARequirementIsRefused() throws {
    let feed = "final class FeedImpl {\n  init(store: Store) {}\n}\n"
    // Nothing provides `Disk`, in library mode: a requirement of the library, which changes.
    let library = [
      "Sources/Store.swift": "public protocol Store {}\npublic final class StoreImpl: Store { public init() {} }\n",
      "Sources/Feed.swift": "public final class FeedImpl {\n  public init(store: Store) {}\n}\n",
    ]
    try Self.expectRefused(
      "Sources/Feed.swift", "public final class FeedImpl {\n  public init(store: Store, disk: Disk) {}\n}\n",
      library, library: true)
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
    // A factory given a dependency on a key the change no longer provides (an error whose
    // key had a provider), or one that two types provide (the warning names them).
    var missing = Self.files
    missing["Sources/Feed.swift"] = "final class FeedImpl {\n  init(store: Store) {}\n}\nfinal class DiskImpl {}\n"
    try Self.expectRefused(
      "Sources/Feed.swift", "final class FeedImpl {\n  init(store: Store, disk: DiskImpl) {}\n}\n", missing)
    // A provider removed and a required dependency on its key.
    var timer = Self.files
    timer["Sources/Timer.swift"] = "protocol Timer {}\nfinal class TimerImpl: Timer {}\nfinal class WatchImpl {}\n"
    try Self.expectRefused(
      "Sources/Timer.swift", "protocol Timer {}\nfinal class WatchImpl { init(timer: Timer) {} }\n", timer)
    // A type given a second initializer before its first: not one factory rewired, and the
    // graph chooses the new one (one after the first is ``AlternativeFactoryTests``').
    try Self.expectRefused(
      "Sources/Feed.swift", "final class FeedImpl {\n  init(clock: Clock) {}\n  init(store: Store) {}\n}\n")
    // Another conformance: another provided key, not a rewiring.
    try Self.expectRefused(
      "Sources/Store.swift", "protocol Store {}\nfinal class StoreImpl: Store, Clock { init(cache: Cache) {} }\n")
  }

  /// Random rewirings of a graph of services, each needing services of lower numbers (no
  /// cycle): parameters added, removed, relabelled, made optional, of a type nothing
  /// provides, or of a higher number (perhaps a cycle); methods and conformances (to a
  /// protocol nothing needs, or to another service) coming and going. Whenever the check stands, the graph
  /// from scratch has the same diagnostics (none moved), its only change being the
  /// rewired factories.
  @Test(arguments: [41, 42, 43])
  func aRewiringStandsOnlyWhenTheGraphKeepsItsDiagnostics(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    let settings = try UnchangedGraphTests.settings(".*Impl")
    let count = 10
    func service(_ index: Int, _ parameters: String, conformances: String = "", method: String = "") -> String {
      "protocol S\(index) {}\nfinal class S\(index)Impl: S\(index)\(conformances) {\n  init(\(parameters)) {}\n\(method)}\n"
    }
    // `Absent`'s provider comes and goes in a file of its own; nothing provides `Missing`;
    // services may conform to `Extra`, which nothing needs, as well.
    let absent = "protocol Absent {}\n"
    var texts = ["Sources/Absent.swift": absent, "Sources/Extra.swift": "protocol Extra {}\n"]
    for index in 0..<count {
      let parameters = (0..<min(index, 2)).map { "d\($0): S\(random.below(index))" }.joined(separator: ", ")
      texts["Sources/S\(index).swift"] = service(index, parameters)
    }
    var stood = 0
    var rewirings = 0
    var refused = 0
    var missingChanged = 0
    var satisfied = 0
    var conformed = 0
    for step in 0..<60 {
      let index = random.below(count)
      let toggles = random.below(6) == 0
      let parameters = (0..<random.below(4)).map { position in
        let label = random.below(4) == 0 ? "x\(position)" : "d\(position)"
        let type =
          switch random.below(12) {
          case 0: "Missing"
          case 1: "Absent"
          case 2, 3: "S\(random.below(count))"
          default: "S\(random.below(max(index, 1)))"
          }
        return "\(label): \(type)\(random.below(5) == 0 ? "?" : "")"
      }.joined(separator: ", ")
      let path = toggles ? "Sources/Absent.swift" : "Sources/S\(index).swift"
      let provided = texts[path]!.contains("AbsentImpl")
      let text =
        toggles
        ? (provided ? absent : absent + "final class AbsentImpl: Absent {}\n")
        : (random.below(3) == 0 ? "\n" : "")
          + service(
            index, parameters,
            conformances: [", Extra", ", S\(random.below(count))"].dropFirst(random.below(10)).first ?? "",
            method: random.below(3) == 0 ? "  func run\(random.below(3))() {}\n" : "")
      let before = UnchangedGraphTests.graph(texts, settings)
      var after = texts
      after[path] = text
      let graph = UnchangedGraphTests.graph(after, settings)
      if let outcome = UnchangedGraphTests.check(texts, path, to: text, settings) {
        stood += 1
        let answer = outcome.answer(after: AnalysisAnswer(diagnostics: before.diagnostics))
        #expect(answer?.diagnostics == graph.diagnostics, "step \(step)")
        if !outcome.missingKeys.isEmpty { missingChanged += 1 }
        if !outcome.satisfiedKeys.isEmpty { satisfied += 1 }
        if !toggles && !outcome.providers.addedKeys.union(outcome.providers.removedKeys).isEmpty { conformed += 1 }
        let rewired = Set(outcome.providers.rewiredKeys)
        if !rewired.isEmpty { rewirings += 1 }
        #expect(outcome.providers.rewired == outcome.providers.rewiredKeys.map { graph.resolved[$0]! }, "step \(step)")
        // Every other key's factory is the same, moved; the added keys' are the added ones.
        let changed = rewired.union(outcome.providers.addedKeys).union(outcome.providers.removedKeys)
        let moved = before.resolved.filter { !changed.contains($0.key) }.mapValues {
          $0.replacingRanges($0.ranges.map { outcome.moved($0) ?? .startOfFile("not moved") })!
        }
        #expect(graph.resolved.filter { !changed.contains($0.key) } == moved, "step \(step)")
        #expect(
          Set(outcome.providers.added) == Set(outcome.providers.addedKeys.map { graph.resolved[$0]! }), "step \(step)")
        #expect(outcome.keys == graph.keyFacts, "step \(step)")
        #expect(outcome.watched == graph.watchedNames, "step \(step)")
      } else {
        refused += 1
      }
      // A cycle or two providers of a key are not kept: most checks would be refused while
      // they last.
      if !graph.diagnostics.contains(where: { [.dependencyCycle, .ambiguousProvider].contains($0.code) }) {
        texts = after
      }
    }
    print(
      "rewired factories, seed \(seed): \(stood) stood (\(rewirings) rewiring, \(missingChanged) with a missing"
        + " dependency's error made again, \(satisfied) a needed key's first provider, \(conformed) a conformance"
        + " added or removed), \(refused) refused")
    #expect(rewirings >= 15, "\(rewirings) rewirings stood")
    #expect(missingChanged >= 3, "\(missingChanged) errors made again")
    #expect(satisfied >= 1, "\(satisfied) first providers")
    #expect(conformed >= 3, "\(conformed) conformances added or removed")
    #expect(refused >= 10, "\(refused) refused")
  }
}
