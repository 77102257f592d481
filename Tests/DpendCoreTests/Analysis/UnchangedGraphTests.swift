import DpendCollect
import DpendModel
import DpendTestSupport
import Testing

@testable import DpendAnalysis

/// ``UnchangedGraph`` says "unchanged" only when the graph built from scratch is the same,
/// and says it for declarations the graph does not read.
struct UnchangedGraphTests {
  static let collection = CollectionSettings(dialects: [.thesis, .dip, .swinject, .resolver])

  static func indexed(_ path: String, _ text: String) -> IndexedSummary {
    IndexedSummary(SummaryCollector.summarize(path: path, source: text, settings: collection))
  }

  static func settings(_ filter: String) throws -> AnalysisSettings {
    AnalysisSettings(implicitFilter: try ImplicitFilter(patterns: [filter]))
  }

  static func graph(_ texts: [String: String], _ settings: AnalysisSettings) -> DependencyGraph {
    DependencyGraph(
      summaries: texts.keys.sorted().map {
        SummaryCollector.summarize(path: $0, source: texts[$0]!, settings: collection)
      },
      settings: settings)
  }

  /// The check of `path` going from its text in `before` to `text`, given the keys provided
  /// and needed before unless `keys` is `false`. The check reading only the files it needs
  /// (the sparse check) gives the outcome of the check reading every file; `read` counts the
  /// other files it read, and `sparse` the checks that did without some.
  static func check(
    _ before: [String: String], _ path: String, to text: String, _ settings: AnalysisSettings, keys: Bool = true,
    read: Reads = Reads()
  ) -> UnchangedGraph.Outcome? {
    let unchanged = before.keys.sorted().filter { $0 != path }.map { indexed($0, before[$0]!) }
    let graph = graph(before, settings)
    let changes = [UnchangedGraph.Change(old: indexed(path, before[path]!), new: indexed(path, text))]
    let others = UnchangedGraph.OtherFiles(
      count: unchanged.count, declared: { unchanged[$0].declaredNames },
      summary: { index in
        read.files.insert(index)
        return unchanged[index]
      },
      all: {
        read.files.formUnion(unchanged.indices)
        return unchanged
      })
    read.files = []
    let outcome = UnchangedGraph.check(
      others: others, changes: changes, watched: graph.watchedNames, keys: keys ? graph.keyFacts : nil,
      settings: settings)
    if read.files.count < unchanged.count { read.sparse += 1 }
    // The same check with a table of every file.
    let decoded = changes.map { (old: $0.old.summary, new: $0.new.summary) }
    let whole = UnchangedGraph.check(
      unchanged: unchanged, changes: changes, decoded: decoded, watched: graph.watchedNames,
      keys: keys ? graph.keyFacts : nil, settings: settings, audit: nil)
    if UnchangedGraph.isWorthChecking(changes, settings: settings, providers: keys) {
      #expect(outcome == whole, "\(path): \(text)")
    }
    return outcome
  }

  /// The check of `path` with `added` appended (which must say "unchanged"), and the other
  /// files it read, by path.
  static func appending(
    _ added: String, to path: String, of files: [String: String], _ settings: AnalysisSettings
  ) throws -> (outcome: UnchangedGraph.Outcome, read: [String]) {
    let reads = Reads()
    let outcome = try #require(Self.check(files, path, to: files[path]! + added, settings, read: reads))
    #expect(reads.sparse == 1)
    let others = files.keys.sorted().filter { $0 != path }
    return (outcome, reads.files.sorted().map { others[$0] })
  }

  /// What the sparse checks read.
  final class Reads {
    /// The other files the last check read.
    var files: Set<Int> = []
    /// How many checks read fewer than all of them.
    var sparse = 0
  }

  static let files = [
    "Sources/Store.swift": "protocol Store {}\nfinal class StoreImpl: Store {}\n",
    "Sources/Feed.swift": "final class FeedImpl { init(store: Store, clock: Clock) {} }\n",
  ]

  @Test func aDeclarationNothingReadsLeavesTheGraphAndAnyOtherDoesNot() throws {
    let settings = try Self.settings(".*Impl")
    let store = Self.files["Sources/Store.swift"]!
    let feed = Self.files["Sources/Feed.swift"]!
    let factory = try #require(Self.graph(Self.files, settings).resolved[DependencyKey(name: "Store")])
    // Read by nothing: a protocol, a helper class the filter does not select, a method.
    for added in ["protocol Unread {}\n", "final class Helper { init(store: Store) {} }\n", "func helper() {}\n"] {
      let outcome = Self.check(Self.files, "Sources/Store.swift", to: store + added, settings)
      var after = Self.files
      after["Sources/Store.swift"] = store + added
      #expect(outcome?.watched == Self.graph(after, settings).watchedNames, "\(added)")
      #expect(outcome?.moved(factory.range) == factory.range, "\(added)")
    }
    // A method of a selected type (no configuration): its factories do not read it, with the
    // keys or without.
    let method = store.replacing("StoreImpl: Store {}", with: "StoreImpl: Store {\n  func flush(_ all: Bool) {}\n}")
    var methodAfter = Self.files
    methodAfter["Sources/Store.swift"] = method
    for keys in [true, false] {
      let outcome = try #require(Self.check(Self.files, "Sources/Store.swift", to: method, settings, keys: keys))
      #expect(outcome.providers.isEmpty && outcome.moved(factory.range) == factory.range)
      #expect(outcome.watched == Self.graph(methodAfter, settings).watchedNames)
    }
    // Declared above the factory: its range moves with it (line 2 to 3).
    let above = try #require(
      Self.check(Self.files, "Sources/Store.swift", to: "protocol Unread {}\n" + store, settings))
    var after = Self.files
    after["Sources/Store.swift"] = "protocol Unread {}\n" + store
    let moved = try #require(Self.graph(after, settings).resolved[DependencyKey(name: "Store")])
    #expect(factory.range.start.line == 2 && moved.range.start.line == 3)
    #expect(above.moves == ["Sources/Store.swift": [factory.range: moved.range]])
    #expect(above.moved(factory.range) == moved.range)
    // A range that is not one of the changed file's factories or problems has no new place;
    // one in a file that did not change stays.
    #expect(above.moved(.startOfFile("Sources/Store.swift")) == nil)
    #expect(above.moved(.startOfFile("Sources/Feed.swift")) == .startOfFile("Sources/Feed.swift"))
    // A provider; a name the other file looked up; a parameter added to a factory (without
    // the keys, which tell whether its key is the only one it rewires).
    #expect(
      Self.check(
        Self.files, "Sources/Store.swift", to: store + "final class ClockImpl: Clock {}\n", settings, keys: false)
        == nil)
    #expect(Self.check(Self.files, "Sources/Store.swift", to: store + "protocol Clock {}\n", settings) == nil)
    #expect(
      Self.check(
        Self.files, "Sources/Feed.swift", to: feed.replacing("clock: Clock", with: "clock: Clock, c: Store"), settings,
        keys: false) == nil)
    // The changed file's own lookups: a name only it looked up may change meaning.
    #expect(Self.check(Self.files, "Sources/Feed.swift", to: feed + "protocol Clock {}\n", settings) != nil)
  }

  /// A configuration class moved by a declaration above it: its methods' factories move, and
  /// so do the warning about `Store`'s two providers and the error about the helper method
  /// (lines 3 and 4 to 4 and 5).
  @Test func aConfigurationClassMovesWithItsFactoriesAndProblems() throws {
    let settings = try Self.settings(".*Impl")
    let configuration = """
      import DpendRuntime
      final class Registrations: DependencyConfiguration {
        func store() -> DependencyRegistration<Store> { DependencyRegistration(scope: .singleton) { StoreImpl() } }
        func helper() -> Int { 0 }
      }

      """
    var files = Self.files
    files["Sources/Registrations.swift"] = configuration
    let text = "protocol Unread {}\n" + configuration
    let outcome = try #require(Self.check(files, "Sources/Registrations.swift", to: text, settings))
    var after = files
    after["Sources/Registrations.swift"] = text
    let before = Self.graph(files, settings).diagnostics.filter { $0.range.file == "Sources/Registrations.swift" }
    let now = Self.graph(after, settings).diagnostics.filter { $0.range.file == "Sources/Registrations.swift" }
    #expect(before.map(\.range.start.line) == [3, 4])
    #expect(now.map(\.range.start.line) == [4, 5])
    #expect(before.map { outcome.moved($0.range) } == now.map(\.range))
    let moves = try #require(outcome.moves["Sources/Registrations.swift"])
    #expect(moves.count >= 3)
    #expect(moves.allSatisfy { $0.value.start.line == $0.key.start.line + 1 })
  }

  /// Providers of keys nothing needs, added or removed, leave every diagnostic as it was
  /// (the outcome says so, with the keys after); a provider of a key something needs or
  /// another factory provides, or one needing a key nothing provides, may not.
  @Test func providersOfKeysNothingNeedsLeaveTheDiagnostics() throws {
    let settings = try Self.settings(".*Impl")
    let store = Self.files["Sources/Store.swift"]!
    func expectStands(_ path: String, _ text: String, _ files: [String: String] = Self.files) throws {
      let outcome = try #require(Self.check(files, path, to: text, settings), "\(text)")
      var after = files
      after[path] = text
      let before = Self.graph(files, settings)
      let now = Self.graph(after, settings)
      #expect(outcome.providersChanged, "\(text)")
      #expect(outcome.keys == now.keyFacts, "\(text)")
      #expect(outcome.watched == now.watchedNames, "\(text)")
      #expect(now.diagnostics.map(\.message) == before.diagnostics.map(\.message), "\(text)")
      #expect(Set(now.resolved.keys) != Set(before.resolved.keys), "\(text)")
      // Without the keys the check cannot tell.
      #expect(Self.check(files, path, to: text, settings, keys: false) == nil, "\(text)")
    }
    // Added: a provider needing nothing, one needing a provided key, a type with two
    // initializers (one provider), a tagged key's provider is the type itself.
    try expectStands("Sources/Store.swift", store + "final class CacheImpl {}\n")
    try expectStands("Sources/Store.swift", store + "final class CacheImpl { init(store: Store) {} }\n")
    try expectStands("Sources/Store.swift", store + "final class CacheImpl { init() {}\n init(store: Store) {} }\n")
    try expectStands("Sources/Store.swift", "final class CacheImpl {}\n" + store)
    // Removed, and renamed.
    var files = Self.files
    files["Sources/Cache.swift"] = "final class CacheImpl { init(store: Store) {} }\n"
    try expectStands("Sources/Cache.swift", "", files)
    try expectStands("Sources/Cache.swift", "final class DiskImpl { init(store: Store) {} }\n", files)
    // The key is needed (`FeedImpl` needs `Clock`), or provided elsewhere (ambiguous), or
    // the provider needs a key nothing provides, or another new key, or two types provide it.
    for added in [
      "final class ClockImpl: Clock {}\nprotocol Clock {}\n", "final class OtherStoreImpl: Store {}\n",
      "final class CacheImpl { init(clock: Clock) {} }\n",
      "final class CacheImpl { init(disk: DiskImpl) {} }\nfinal class DiskImpl {}\n",
      "protocol Cache {}\nfinal class CacheImpl: Cache {}\nfinal class DiskImpl: Cache {}\n",
      "final class CacheImpl { init(clock: Clock?) {} }\n",
    ] {
      #expect(Self.check(Self.files, "Sources/Store.swift", to: store + added, settings) == nil, "\(added)")
    }
    // Removed: a provider something needs (`FeedImpl` needs `Store`).
    #expect(Self.check(Self.files, "Sources/Store.swift", to: "protocol Store {}\n", settings) == nil)
    // A provider whose only factory moved to another file is no change to be told apart:
    // the key is both removed and added across the two changes, so each file is compared.
    let withCache = Self.files.merging(["Sources/Cache.swift": "final class CacheImpl {}\n"]) { $1 }
    #expect(
      Self.check(withCache, "Sources/Cache.swift", to: "final class CacheImpl {}\n\n", settings)?.providersChanged
        == false)
  }

  /// What the changed files alone tell: a selected type added or changed, or container code,
  /// is not worth checking; a declaration the filter does not select is.
  @Test func theChangedFilesAloneTellWhenTheCheckIsNotWorthIt() throws {
    let settings = try Self.settings(".*Impl")
    let store = Self.files["Sources/Store.swift"]!
    func change(_ text: String) -> [UnchangedGraph.Change] {
      [
        UnchangedGraph.Change(
          old: Self.indexed("Sources/Store.swift", store), new: Self.indexed("Sources/Store.swift", text))
      ]
    }
    #expect(UnchangedGraph.isWorthChecking(change(store + "protocol Unread {}\n"), settings: settings))
    #expect(UnchangedGraph.isWorthChecking(change("protocol Unread {}\n" + store), settings: settings))
    #expect(!UnchangedGraph.isWorthChecking(change(store + "final class ClockImpl {}\n"), settings: settings))
    #expect(
      !UnchangedGraph.isWorthChecking(
        change(store.replacing("StoreImpl: Store {}", with: "StoreImpl: Store { init(clock: Clock) {} }")),
        settings: settings))
    #expect(
      !UnchangedGraph.isWorthChecking(
        change(store + "import Swinject\nfunc setUp(_ c: Container) { c.register(Store.self) { _ in StoreImpl() } }\n"),
        settings: settings))
    #expect(!UnchangedGraph.isWorthChecking([], settings: settings))
    // A selected type's methods are not read (but for a configuration's, which the check
    // compares): a method added, or its closing brace moved, is worth the check.
    let method = store.replacing("StoreImpl: Store {}", with: "StoreImpl: Store {\n  func flush() {}\n}")
    #expect(UnchangedGraph.isWorthChecking(change(method), settings: settings))
    #expect(UnchangedGraph.isWorthChecking(change(method), settings: settings, providers: true))
    #expect(
      !UnchangedGraph.isWorthChecking(
        change(store.replacing("StoreImpl: Store {}", with: "StoreImpl: Store, Clock {}")), settings: settings))
    // Given the keys, the check may find a selected type added or removed harmless, or one
    // with other initializers (a factory rewired) or conformances (providers of other keys);
    // never one otherwise changed.
    #expect(
      UnchangedGraph.isWorthChecking(change(store + "final class ClockImpl {}\n"), settings: settings, providers: true))
    #expect(
      UnchangedGraph.isWorthChecking(change("protocol Store {}\n"), settings: settings, providers: true))
    #expect(
      UnchangedGraph.isWorthChecking(
        change(store.replacing("StoreImpl: Store {}", with: "StoreImpl: Store { init(clock: Clock) {} }")),
        settings: settings, providers: true))
    #expect(
      UnchangedGraph.isWorthChecking(
        change(store.replacing("StoreImpl: Store {}", with: "StoreImpl: Store, Clock {}")), settings: settings,
        providers: true))
    for other in [
      "struct StoreImpl: Store {}", "public final class StoreImpl: Store {}", "final class StoreImpl<T>: Store {}",
    ] {
      #expect(
        !UnchangedGraph.isWorthChecking(
          change(store.replacing("final class StoreImpl: Store {}", with: other)), settings: settings, providers: true),
        "\(other)")
    }
  }

  /// Container code reads declarations by name: a change declaring a name it looked up (or
  /// of container code) is "maybe", one it did not read is not. Declarations under `#if`
  /// that make a factory anywhere make it "maybe".
  @Test func containerCodeReadsByNameAndConditionsAnywhereMakeItMaybe() throws {
    let settings = try Self.settings(".*Impl")
    var files = Self.files
    files["Sources/Other.swift"] = "protocol Other {}\n"
    // The resolves' types are read from FeedImpl's initializer.
    // `Plain` is a type the filter does not select: only the container code reads it.
    files["Sources/Plain.swift"] = "final class Plain { init(store: Store) {} }\n"
    files["Sources/Setup.swift"] =
      "import Swinject\nfunc assemble(_ c: Container) {\n"
      + "  c.register(FeedImpl.self) { r in FeedImpl(store: r.resolve()!, clock: r.resolve()!) }\n"
      + "  c.register(Plain.self) { r in Plain(store: r.resolve()!) }\n}\n"
    let feed = files["Sources/Feed.swift"]!
    let plain = files["Sources/Plain.swift"]!
    let lookups = Self.graph(files, settings).watchedNames.containerLookups
    #expect(lookups.contains(StableHash.of("FeedImpl"[...])))
    #expect(lookups.contains(StableHash.of("Plain"[...])))
    // Feed.swift and Plain.swift declare names the container code read, but only moved or
    // beside new declarations it did not read they give it the same answer.
    #expect(Self.check(files, "Sources/Feed.swift", to: feed + "protocol Unread {}\n", settings) != nil)
    #expect(Self.check(files, "Sources/Plain.swift", to: "protocol Unread {}\n\n" + plain, settings) != nil)
    // `Plain`'s initializer rewritten: the resolves it types are read again.
    #expect(
      Self.check(
        files, "Sources/Plain.swift", to: "final class Plain { init(store: Store, clock: Clock) {} }\n", settings)
        == nil)
    #expect(Self.check(files, "Sources/Plain.swift", to: "struct Plain { init(store: Store) {} }\n", settings) == nil)
    #expect(Self.check(files, "Sources/Plain.swift", to: "protocol Unread {}\n", settings) == nil)
    // Other.swift declares nothing it read ...
    let outcome = Self.check(files, "Sources/Other.swift", to: "protocol Other {}\nprotocol Unread {}\n", settings)
    #expect(outcome?.watched.containerLookups == lookups)
    // ... unless it starts declaring such a name. A file with container code is checked when
    // its container code stays as it was (``UnchangedContainerTests``).
    #expect(Self.check(files, "Sources/Other.swift", to: "protocol Other {}\nextension FeedImpl {}\n", settings) == nil)
    let setup = files["Sources/Setup.swift"]!
    #expect(Self.check(files, "Sources/Setup.swift", to: setup + "protocol Unread {}\n", settings) != nil)
    // A need of a registration removed: it is edited in place (``EditedRegistrationTests``).
    #expect(
      Self.check(files, "Sources/Setup.swift", to: setup.replacing("clock: r.resolve()!", with: "clock: nil"), settings)
        != nil)
    // A registration put under `#if`: the check must run in each configuration.
    let conditionalSetup = setup.replacing(
      "  c.register(Plain.self) { r in Plain(store: r.resolve()!) }\n",
      with: "  #if DEBUG\n  c.register(Plain.self) { r in Plain(store: r.resolve()!) }\n  #endif\n")
    #expect(conditionalSetup != setup)
    #expect(Self.check(files, "Sources/Setup.swift", to: conditionalSetup, settings) == nil)
    var conditional = Self.files
    conditional["Sources/Debug.swift"] = "#if DEBUG\nfinal class DebugImpl {}\n#endif\n"
    let store = Self.files["Sources/Store.swift"]!
    #expect(Self.check(conditional, "Sources/Store.swift", to: store + "protocol Unread {}\n", settings) == nil)
    #expect(Self.check(Self.files, "Sources/Store.swift", to: store + "protocol Unread {}\n", settings) != nil)
    // `#if` around a type no filter selects makes no factory: nothing is checked per configuration.
    conditional["Sources/Debug.swift"] = "#if DEBUG\nfinal class DebugTools { init(store: Store) {} }\n#endif\n"
    #expect(Self.check(conditional, "Sources/Store.swift", to: store + "protocol Unread {}\n", settings) != nil)
  }

  /// A provider added to one file of seven is checked with four others read: the one
  /// declaring what its neighbour needs (`Store`), the one with a typealias, the one
  /// extending that typealias and the one extending the class behind the module's name,
  /// which make the added class a provider of `Shown` and `Listed`. The two that declare
  /// nothing asked about are not read, and the outcome is the check's with every file read.
  @Test func aProviderAddedIsCheckedWithTheFilesDeclaringWhatItAsksAbout() throws {
    let settings = AnalysisSettings(
      implicitFilter: try ImplicitFilter(patterns: [".*Impl", "Late"]), moduleName: "App")
    let files = [
      "Sources/Alias.swift": "typealias Named = Late\n",
      "Sources/Clock.swift": "protocol Clock {}\nfinal class ClockImpl: Clock {}\n",
      "Sources/Conforms.swift": "protocol Shown {}\nextension Named: Shown {}\n",
      "Sources/Feed.swift": "final class FeedImpl { init(store: Store) {} }\n",
      "Sources/Helper.swift": "final class Helper { init(clock: Clock) {} }\n",
      "Sources/Module.swift": "protocol Listed {}\nextension App.Late: Listed {}\n",
      "Sources/Store.swift": "protocol Store {}\nfinal class StoreImpl: Store {}\n",
    ]
    let path = "Sources/Feed.swift"
    let (outcome, read) = try Self.appending("final class Late {}\n", to: path, of: files, settings)
    #expect(outcome.providers.addedKeys == [DependencyKey(name: "Shown"), DependencyKey(name: "Listed")])
    #expect(outcome.providers.removedKeys.isEmpty)
    #expect(read == ["Sources/Alias.swift", "Sources/Conforms.swift", "Sources/Module.swift", "Sources/Store.swift"])
    // A typealias added makes the table decide again for every class whether it is a
    // configuration: `Marked` now is one, and its file (which names nothing asked about)
    // looked its own name up, so the graph may differ. Every file is read to tell.
    var marked = files
    marked["Sources/Marked.swift"] = "final class Marked: Marker {\n  init() {}\n}\n"
    #expect(
      Self.check(marked, path, to: files[path]! + "typealias Marker = DependencyConfiguration\n", settings) == nil)
  }

  /// A name looked up from inside nested scopes is asked about in each of them: the added
  /// provider's `Inner` is `Outer.Inner`, declared in a file that names neither `Mid` nor
  /// the provider, which is read for it.
  @Test func aNameLookedUpFromNestedScopesReadsTheFileDeclaringItInOne() throws {
    let settings = try Self.settings(".*Impl")
    let files = [
      "Sources/Feed.swift": "final class FeedImpl {}\n",
      "Sources/Inner.swift": "extension Outer {\n  protocol Inner {}\n}\n",
      "Sources/InnerImpl.swift": "final class InnerImpl: Outer.Inner {}\n",
      "Sources/Other.swift": "protocol Clock {}\nfinal class ClockImpl: Clock {}\n",
      "Sources/Outer.swift": "enum Outer {\n  enum Mid {}\n}\n",
    ]
    let added = "extension Outer.Mid {\n  final class TImpl { init(inner: Inner) {} }\n}\n"
    let (outcome, read) = try Self.appending(added, to: "Sources/Feed.swift", of: files, settings)
    #expect(outcome.providers.added.map(\.key) == [DependencyKey(name: "Outer.Mid.TImpl")])
    #expect(outcome.providers.added.flatMap(\.dependencies) == [DependencyKey(name: "Outer.Inner")])
    #expect(read == ["Sources/Inner.swift"])
  }

  /// Whether a class is a configuration is asked with its extensions: a registration added
  /// in an extension of `Registrations` reads the file declaring the class, then the one
  /// whose extension makes it a configuration.
  @Test func aConfigurationIsAskedAboutWithItsExtensions() throws {
    let settings = try Self.settings(".*Impl")
    let files = [
      "Sources/Conformance.swift": "import DpendRuntime\nextension Registrations: DependencyConfiguration {}\n",
      "Sources/Extra.swift": "import DpendRuntime\nprotocol Cache {}\n",
      "Sources/Other.swift": "protocol Clock {}\nfinal class ClockImpl: Clock {}\n",
      "Sources/Registrations.swift": "import DpendRuntime\nfinal class Registrations {\n  init() {}\n}\n",
    ]
    let added = """
      extension Registrations {
        func cache() -> DependencyRegistration<Cache> { DependencyRegistration(scope: .unique) { fatalError() } }
      }

      """
    let (outcome, read) = try Self.appending(added, to: "Sources/Extra.swift", of: files, settings)
    #expect(outcome.providers.addedKeys == [DependencyKey(name: "Cache")])
    #expect(read == ["Sources/Conformance.swift", "Sources/Registrations.swift"])
  }

  /// Names the symbol table takes for one another are read: a spelling that is not ASCII of
  /// the class's name (the Kelvin sign is a `K` to a Swift string) in either file, and the
  /// class's name behind the module's name twice. Each extension makes the class a
  /// configuration, so the method added to it is a registration, and the graph is built.
  @Test func extensionsUnderNamesTheTableTakesForTheClassesAreRead() throws {
    let settings = AnalysisSettings(implicitFilter: try ImplicitFilter(patterns: [".*Impl"]), moduleName: "App")
    let path = "Sources/Kelvin.swift"
    let method =
      "  func logger() -> DependencyRegistration<Logger> { DependencyRegistration(scope: .unique) { fatalError() } }\n"
    for (name, extended) in [("Kelvin", "\u{212A}elvin"), ("\u{212A}elvin", "Kelvin"), ("Kelvin", "App.App.Kelvin")] {
      let before = "import DpendRuntime\nprotocol Logger {}\nfinal class \(name) {\n  init() {}\n}\n"
      let after = before.replacing("  init() {}\n", with: "  init() {}\n" + method)
      let files = [
        path: before,
        "Sources/Conformance.swift": "import DpendRuntime\nextension \(extended): DependencyConfiguration {}\n",
        "Sources/Other.swift": "protocol Clock {}\nfinal class ClockImpl: Clock {}\n",
      ]
      var changed = files
      changed[path] = after
      #expect(Self.graph(changed, settings).resolved[DependencyKey(name: "Logger")] != nil, "\(extended)")
      #expect(Self.check(files, path, to: after, settings) == nil, "\(extended)")
    }
  }

  /// A file with a declaration under `#if` is always read (its factories decide whether the
  /// graph is checked per configuration), and so is every file declaring a name it asks
  /// about: here the earlier declaration of `XImpl`, which makes the one under `#if` no
  /// factory at all.
  @Test func aConditionalFileIsReadWithTheFilesDeclaringItsNames() throws {
    let settings = try Self.settings(".*Impl")
    let files = [
      "Sources/A.swift": "final class XImpl {}\n",
      "Sources/D.swift": "#if DEBUG\nfinal class XImpl {}\n#endif\n",
      "Sources/Feed.swift": "final class FeedImpl {}\n",
      "Sources/Other.swift": "protocol Clock {}\nfinal class ClockImpl: Clock {}\n",
    ]
    let (outcome, read) = try Self.appending("final class LateImpl {}\n", to: "Sources/Feed.swift", of: files, settings)
    #expect(outcome.providers.addedKeys == [DependencyKey(name: "LateImpl")])
    #expect(read == ["Sources/A.swift", "Sources/D.swift"])
  }

  /// Random files (the incremental-graph harness's), each step a block of random
  /// declarations appended to one file or inserted at its top, or the file rewritten:
  /// whenever the check says "unchanged", the graph built from scratch has the diagnostics
  /// of the answer made from the kept one (moved, and without the errors of keys given their
  /// first provider), the same providers, requirements and container report but for the
  /// moved positions, and the names looked up are the new graph's. Half the seeds have
  /// container files too; seeds 212, 220 and 255 give needed keys their first providers, and
  /// seed 330 rewires a factory from one key nothing provides to another.
  /// Each check reading only the files it asks about gives the outcome of reading all.
  @Test(arguments: [31, 32, 33, 34, 212, 220, 255, 330])
  func unchangedMeansTheSameGraph(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    let settings = try Self.settings(seed % 2 == 0 ? ".*" : "T.*")
    var texts: [String: String] = [:]
    for index in 0..<6 { texts["Sources/F\(index).swift"] = RandomSwiftFile.make(shape: random.next(), &random) }
    // A type under `#if` that makes no factory (with the filter `T.*`): nothing is checked
    // per configuration.
    if seed % 2 == 1 { texts["Sources/Debug.swift"] = "#if DEBUG\nfinal class Debug { init(p: P0) {} }\n#endif\n" }
    // Container code too for half the seeds: it stays, the thesis files change.
    if seed >= 33 {
      for index in 0..<2 {
        texts["Sources/Container\(index).swift"] = RandomContainerFile.make(shape: random.next(), &random)
      }
    }
    var unchanged = 0
    var moved = 0
    var changed = 0
    var providers = 0
    var rewirings = 0
    var satisfied = 0
    var missingChanged = 0
    let reads = Reads()
    for step in 0..<80 {
      let path = "Sources/F\(random.below(6)).swift"
      var after = texts
      let block = RandomSwiftFile.make(shape: random.next(), &random).replacing("import DpendRuntime\n", with: "")
      switch random.below(8) {
      case 0: after[path] = RandomSwiftFile.make(shape: random.next(), &random)
      case 1: after[path]! += "protocol Unread\(random.below(3)) {}\n"
      case 6:
        // A provider of its own type, needing a protocol or nothing, perhaps one a step before
        // added: perhaps nothing needs it.
        let needs = random.below(2) == 0 ? "" : "p: P\(random.below(6))"
        after[path]! += "final class TAdded\(random.below(4)) { init(\(needs)) {} }\n"
      case 7:
        // Perhaps a provider a step before added, removed.
        let lines = after[path]!.split(separator: "\n", omittingEmptySubsequences: false)
        after[path] = lines.filter { !$0.hasPrefix("final class TAdded") }.joined(separator: "\n")
      case 2: after[path] = "protocol Unread\(random.below(3)) {}\n\n" + after[path]!
      case 3: after[path] = block + after[path]!
      default: after[path]! += block
      }
      let before = Self.graph(texts, settings)
      let graph = Self.graph(after, settings)
      if let outcome = Self.check(texts, path, to: after[path]!, settings, read: reads) {
        unchanged += 1
        if outcome.moves[path]!.contains(where: { $0.key != $0.value }) { moved += 1 }
        // Every range of the answer has a new place (nothing is at a rewired factory's parameters).
        let answer = outcome.answer(after: AnalysisAnswer(diagnostics: before.diagnostics))
        #expect(answer?.diagnostics == graph.diagnostics, "step \(step)")
        // The keys provided before or after only: nothing needs them, and only a change of
        // providers has them.
        let removed = Set(before.resolved.keys).subtracting(graph.resolved.keys)
        let added = Set(graph.resolved.keys).subtracting(before.resolved.keys)
        let rewired = Set(outcome.providers.rewiredKeys)
        #expect(outcome.providersChanged == !(removed.isEmpty && added.isEmpty && rewired.isEmpty), "step \(step)")
        if outcome.providersChanged { providers += 1 }
        if !rewired.isEmpty { rewirings += 1 }
        // A rewired key is made by its factory after the change, and was by the one before.
        for (key, (old, new)) in zip(
          outcome.providers.rewiredKeys, zip(outcome.providers.rewiredBefore, outcome.providers.rewired))
        {
          #expect(before.resolved[key] == old && graph.resolved[key] == new, "step \(step): \(key)")
          #expect(outcome.moved(old.range) == new.range, "step \(step): \(key)")
        }
        for key in removed.union(added) where !outcome.satisfiedKeys.contains(key) {
          #expect(!before.keyFacts.isNeeded(key) && !graph.keyFacts.isNeeded(key), "step \(step): \(key)")
        }
        // A needed key given its first provider loses its error (``UnchangedGraph/Outcome/answer(after:)``).
        for key in outcome.satisfiedKeys {
          #expect(added.contains(key) && before.keyFacts.isNeeded(key), "step \(step): \(key)")
          satisfied += 1
        }
        #expect(outcome.keys == graph.keyFacts, "step \(step)")
        let movedFactories = before.resolved.filter { !removed.contains($0.key) && !rewired.contains($0.key) }
          .mapValues { $0.replacingRanges($0.ranges.map { outcome.moved($0) ?? .startOfFile("not moved") })! }
        #expect(
          graph.resolved.filter { !added.contains($0.key) && !rewired.contains($0.key) } == movedFactories,
          "step \(step)")
        // A key nothing provides that a rewired factory no longer needs, or now needs, may
        // leave the requirements or join them (its error goes or comes with it).
        let unsettled = Set(outcome.satisfiedKeys + outcome.missingKeys)
        if !outcome.missingKeys.isEmpty { missingChanged += 1 }
        #expect(
          graph.unprovidedKeys.filter { !unsettled.contains($0) }
            == before.unprovidedKeys.filter { !unsettled.contains($0) }, "step \(step)")
        #expect(Set(outcome.satisfiedKeys).isDisjoint(with: graph.unprovidedKeys), "step \(step)")
        #expect(graph.container == before.container, "step \(step)")
        #expect(outcome.watched.hashes == graph.watchedNames.hashes, "step \(step)")
        #expect(outcome.watched.counts == graph.watchedNames.counts, "step \(step)")
      } else {
        changed += 1
      }
      texts = after
    }
    #expect(unchanged >= 10, "\(unchanged) unchanged")
    // With container code too: a declaration the container code read that only moved gives
    // it the same answer.
    #expect(moved >= 3, "\(moved) unchanged with positions moved")
    #expect(changed >= 10, "\(changed) changed")
    // Some checks read only some of the other files (and gave the outcome of reading all).
    #expect(reads.sparse >= 5, "\(reads.sparse) checks read only some files")
    // Seeds 31 and 33 have a cycle at most steps, and a change of providers is then refused.
    if seed % 2 == 0 { #expect(providers >= 3, "\(providers) unchanged with providers added or removed") }
    // (Seeds 255 and 330 reach these too, but with container code their steps that add or
    // remove a nested type now build the graph: container keys may name it, SPEC 8.4.)
    if [212, 220].contains(seed) { #expect(satisfied >= 1, "\(satisfied) keys given their first provider") }
    print(
      "unchanged graph, seed \(seed): \(unchanged) unchanged, \(changed) changed, \(providers) with providers changed, \(rewirings) with factories rewired, \(satisfied) keys given their first provider"
    )
  }
}
