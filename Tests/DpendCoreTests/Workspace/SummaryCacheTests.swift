import DpendAnalysis
import DpendCollect
import DpendHost
import DpendModel
import DpendTestSupport
import Foundation
import Testing

@testable import DpendWorkspace

/// The persistent summary cache never changes an answer: a run reusing it equals a run
/// without it, and a damaged, foreign or unwritable cache is refused, rebuilt or only costs
/// speed.
@Suite struct SummaryCacheTests {
  static let collection = CollectionSettings(dialects: [.thesis, .dip, .swinject, .resolver])

  /// A new process's analysis of `texts`: a fresh host over the cache in `directory`, saved
  /// afterwards.
  static func run(
    _ texts: [String: String], cacheIn directory: URL?, build: String = "test"
  ) throws -> (
    graph: DependencyGraph, parsed: Int, reused: Int, cache: SummaryCache?, vocabularyBefore: ContainerVocabulary,
    vocabularyAfter: ContainerVocabulary
  ) {
    let host = AnalysisHost(settings: AnalysisSettings(implicitFilter: try ImplicitFilter(patterns: [".*"])))
    var collection = collection
    // As the command line does: the files are read with the vocabulary the last run kept.
    if let directory { collection.vocabulary = VocabularyRecord.load(directory: directory) }
    host.collection = collection
    let cache = directory.map { SummaryCache(directory: $0, collection: collection, build: build) }
    host.summaryStore = cache
    host.update(texts.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    let graph = host.graph()
    try cache?.save()
    if let directory { VocabularyRecord.save(host.vocabulary, directory: directory) }
    return (graph, host.parseCount, host.storeHits, cache, collection.vocabulary, host.vocabulary)
  }

  /// Random edit sequences (the incremental-graph harness's files, thesis and container
  /// code): at every step a run over the cache the previous step saved equals a run without
  /// any cache, and reuses every unchanged file.
  @Test(arguments: [11, 12, 13])
  func aCacheNeverChangesAnAnswer(seed: UInt64) throws {
    let directory = try TemporaryWorkspace()
    defer { directory.remove() }
    var random = SplitMix64(seed: seed)
    var texts: [String: String] = [:]
    var reusedInAll = 0
    for step in 0..<40 {
      let path =
        random.below(3) == 0 ? "Sources/Container\(random.below(3)).swift" : "Sources/F\(random.below(6)).swift"
      var changed = 1
      switch random.below(6) {
      case 0 where texts[path] != nil:
        texts[path] = nil
      case 1 where texts[path] != nil:
        let text = texts[path]!
        texts[path] = String(text.utf8.prefix(random.below(text.utf8.count + 1))) ?? ""
      case 2:
        changed = 0
      default:
        let shape = random.next()
        texts[path] =
          path.hasPrefix("Sources/Container")
          ? RandomContainerFile.make(shape: shape, &random) : RandomSwiftFile.make(shape: shape, &random)
      }
      let cached = try Self.run(texts, cacheIn: directory.root)
      let plain = try Self.run(texts, cacheIn: nil)
      #expect(cached.graph.diagnostics == plain.graph.diagnostics, "step \(step)")
      #expect(cached.graph.resolved == plain.graph.resolved, "step \(step)")
      #expect(cached.graph.container == plain.graph.container, "step \(step)")
      for path in texts.keys {
        #expect(cached.graph.summary(of: path) == plain.graph.summary(of: path), "step \(step), \(path)")
      }
      // Every file but the one just written comes from the cache, unless the vocabulary
      // changed: then the files mentioning its changed words are read again.
      let vocabularyChanged = cached.vocabularyBefore != cached.vocabularyAfter
      if vocabularyChanged {
        #expect(cached.parsed + cached.reused >= texts.count, "step \(step)")
      } else {
        #expect(cached.parsed <= changed, "step \(step): \(cached.parsed) parsed")
        #expect(cached.parsed + cached.reused == texts.count, "step \(step)")
      }
      reusedInAll += cached.reused
    }
    #expect(reusedInAll >= 100, "\(reusedInAll) summaries reused")
  }

  static let files = [
    "Sources/Store.swift": "protocol Store {}\nfinal class StoreImpl: Store {}\n",
    "Sources/Feed.swift": "final class FeedImpl { init(store: Store, clock: Clock) {} }\n",
    "Sources/Setup.swift": """
    import Swinject

    func assemble(_ c: Container) {
      c.register(Store.self) { _ in StoreImpl() }
      _ = c.resolve(Clock.self)!
    }

    """,
  ]

  /// What a damaged or foreign file does: refused whole with its reason, every file parsed,
  /// the same answer, and a good file written in its place.
  @Test(arguments: ["truncated", "flipped", "otherBuild", "garbage", "empty"])
  func aDamagedOrForeignCacheIsRefusedAndRewritten(damage: String) throws {
    let directory = try TemporaryWorkspace()
    defer { directory.remove() }
    let first = try Self.run(Self.files, cacheIn: directory.root)
    let file = directory.url(SummaryCache.fileName)
    var bytes = [UInt8](try Data(contentsOf: file))
    var build = "test"
    let expected: SummaryCacheProblem
    switch damage {
    case "truncated":
      // The segment ends before its entries do.
      bytes.removeLast(bytes.count / 3)
      expected = .truncated
    case "flipped":
      bytes[bytes.count / 2] ^= 0x20
      expected = .checksumMismatch
    case "otherBuild":
      build = "another build"
      expected = .otherBuild
    case "garbage":
      bytes = Array("this is not a cache, just some text in its place".utf8)
      expected = .notACache
    default:
      bytes = []
      expected = .truncated
    }
    try Data(bytes).write(to: file)
    let damaged = try Self.run(Self.files, cacheIn: directory.root, build: build)
    #expect(damaged.cache?.loadProblem == expected)
    #expect(damaged.parsed == 3)
    #expect(damaged.reused == 0)
    #expect(damaged.graph.diagnostics == first.graph.diagnostics)
    #expect(damaged.graph.diagnostics.count == 2)
    // Rewritten: the next run reuses every file.
    let next = try Self.run(Self.files, cacheIn: directory.root, build: build)
    #expect(next.cache?.loadProblem == nil)
    #expect(next.parsed == 0)
    #expect(next.reused == 3)
  }

  /// Every single-byte change of the file is refused (the checksum covers every byte) and
  /// never crashes; other collection settings are another cache.
  @Test func everyByteOfTheFileIsCheckedAndSettingsAreOtherCaches() throws {
    let directory = try TemporaryWorkspace()
    defer { directory.remove() }
    _ = try Self.run(Self.files, cacheIn: directory.root)
    let file = directory.url(SummaryCache.fileName)
    let original = [UInt8](try Data(contentsOf: file))
    var random = SplitMix64(seed: 7)
    for _ in 0..<200 {
      var bytes = original
      let index = random.below(bytes.count)
      bytes[index] ^= UInt8(1 + random.below(255))
      try Data(bytes).write(to: file)
      let cache = SummaryCache(directory: directory.root, collection: Self.collection, build: "test")
      #expect(cache.loadProblem != nil, "byte \(index)")
    }
    try Data(original).write(to: file)
    let other = SummaryCache(
      directory: directory.root, collection: CollectionSettings(injectWrappers: ["Inject"]), build: "test")
    #expect(other.loadProblem == .otherBuild)
    #expect(SummaryCache(directory: directory.root, collection: Self.collection, build: "test").loadProblem == nil)
  }

  /// A run that only reuses summaries writes nothing; one that parsed a file writes the file
  /// again, without the summaries of files that are gone.
  @Test func onlyARunThatChangedSomethingWrites() throws {
    let directory = try TemporaryWorkspace()
    defer { directory.remove() }
    _ = try Self.run(Self.files, cacheIn: directory.root)
    let unchanged = try Self.run(Self.files, cacheIn: directory.root)
    #expect(try unchanged.cache?.save() == false)
    var fewer = Self.files
    fewer["Sources/Feed.swift"] = nil
    let removed = try Self.run(fewer, cacheIn: directory.root)
    #expect(removed.parsed == 0)
    // The run wrote it (the next run parses Feed.swift again); a second save writes nothing.
    #expect(try removed.cache?.save() == false)
    let after = try Self.run(Self.files, cacheIn: directory.root)
    #expect(after.parsed == 1)
    #expect(after.reused == 2)
  }

  /// A run that only summarized files appends a segment of their entries to the file it read,
  /// its bytes before left as they were, and a later run takes the later entry of a path;
  /// once the bytes replaced would outweigh the live ones, the file is written anew in one
  /// segment. An altered byte of an appended segment refuses the file whole.
  @Test func aRunThatOnlySummarizedFilesAppendsThem() throws {
    let directory = try TemporaryWorkspace()
    defer { directory.remove() }
    _ = try Self.run(Self.files, cacheIn: directory.root)
    let file = directory.url(SummaryCache.fileName)
    let identity = SummaryCache.identity(collection: Self.collection, build: "test")
    var segments: [Int] = []
    var previous = [UInt8](try Data(contentsOf: file))
    for step in 1...6 {
      var edited = Self.files
      edited["Sources/Store.swift"]! += "\n// edit \(step)\n"
      let run = try Self.run(edited, cacheIn: directory.root)
      #expect(run.parsed == 1 && run.reused == 2, "step \(step)")
      #expect(run.graph.diagnostics == (try Self.run(edited, cacheIn: nil)).graph.diagnostics)
      let bytes = [UInt8](try Data(contentsOf: file))
      let contents = try SummaryCacheFile.parse(bytes, identity: identity).get()
      segments.append(contents.segments)
      if contents.segments > 1 { #expect(Array(bytes.prefix(previous.count)) == previous, "step \(step)") }
      let live = Set(contents.entries.map(\.path)).count
      #expect(live == 3, "step \(step)")
      #expect(contents.entries.count == live + contents.segments - 1, "step \(step)")
      let reused = try Self.run(edited, cacheIn: directory.root)
      #expect(reused.parsed == 0 && reused.reused == 3, "step \(step)")
      previous = bytes
    }
    // Appended while the Store summaries replaced weigh less than the three live ones.
    #expect(segments.first == 2)
    #expect(segments.contains(1))
    #expect(segments.allSatisfy { $0 <= 4 }, "\(segments)")
    var bytes = [UInt8](try Data(contentsOf: file))
    #expect(segments.last! > 1)
    bytes[bytes.count - 12] ^= 0x20
    try Data(bytes).write(to: file)
    #expect(
      SummaryCache(directory: directory.root, collection: Self.collection, build: "test").loadProblem
        == .checksumMismatch)
  }

  /// A cache saved `releasing` its summaries' bytes (the command line's, before its graph)
  /// still answers everything, reading what is asked back from its file: digests, ranges and
  /// summaries equal to those it held. A second save writes nothing; one after a new summary
  /// appends it. A file replaced since answers nothing, never another file's bytes.
  @Test func aCacheThatLetItsBytesGoReadsThemBack() throws {
    let directory = try TemporaryWorkspace()
    defer { directory.remove() }
    let cache = SummaryCache(directory: directory.root, collection: Self.collection, build: "test")
    let host = AnalysisHost()
    host.collection = Self.collection
    host.summaryStore = cache
    host.update(Self.files.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    let texts = Self.files.mapValues { TextFingerprint($0) }
    func snapshot() -> [String: (UInt64?, [UInt8]?)] {
      texts.mapValues { _ in (nil, nil) }.merging(
        texts.map { path, text in
          (
            path,
            (
              cache.digest(path: path, text: text),
              cache.summary(path: path, text: text, collection: Self.collection).map { Array($0.stored.bytes) }
            )
          )
        }, uniquingKeysWith: { $1 })
    }
    let before = snapshot()
    #expect(before.values.allSatisfy { $0.0 != nil && !($0.1 ?? []).isEmpty })
    #expect(try cache.save(releasing: true))
    let after = snapshot()
    for path in texts.keys {
      #expect(after[path]!.0 == before[path]!.0, "\(path)")
      #expect(after[path]!.1 == before[path]!.1, "\(path)")
    }
    #expect(try cache.save() == false)
    // A new summary, appended: a new process reuses them all.
    let clock = "protocol Clock {}\n"
    cache.record(
      IndexedSummary(SummaryCollector.summarize(path: "Sources/Clock.swift", source: clock, settings: Self.collection)),
      text: TextFingerprint(clock), collection: Self.collection)
    #expect(try cache.save(releasing: true))
    var withClock = Self.files
    withClock["Sources/Clock.swift"] = clock
    let again = try Self.run(withClock, cacheIn: directory.root)
    #expect(again.parsed == 0 && again.reused == 4)
    let store = (path: "Sources/Store.swift", text: texts["Sources/Store.swift"]!)
    #expect(
      cache.summary(path: store.path, text: store.text, collection: Self.collection).map { Array($0.stored.bytes) }
        == before[store.path]!.1)
    // Another process's file in its place: the bytes are not where they were.
    _ = try Self.run(["Sources/Other.swift": "protocol Other {}\n"], cacheIn: directory.root)
    #expect(
      cache.summary(path: "Sources/Store.swift", text: texts["Sources/Store.swift"]!, collection: Self.collection)
        == nil)
  }

  /// A directory that cannot be written makes `save()` throw (the command line prints one
  /// line); the analysis itself is unchanged.
  @Test func anUnwritableDirectoryOnlyCostsSpeed() throws {
    let directory = try TemporaryWorkspace()
    defer { directory.remove() }
    try directory.write("blocker", "a file where the cache directory would be")
    let cache = SummaryCache(directory: directory.url("blocker"), collection: Self.collection, build: "test")
    let host = AnalysisHost(settings: AnalysisSettings(implicitFilter: try ImplicitFilter(patterns: [".*"])))
    host.collection = Self.collection
    host.summaryStore = cache
    host.update(Self.files.map { ($0.key, $0.value) })
    #expect(host.graph().diagnostics.map(\.code) == [.missingDependency, .missingDependency])
    #expect(throws: (any Error).self) { try cache.save() }
  }

  /// A file whose text the caller just read (`knownTexts`, what the answer lookup hands the
  /// run after it) is not read again when the cache has the summary of that text; a file
  /// the cache does not have, or whose fingerprint is not given, is read.
  @Test func aTextJustReadIsNotReadAgain() throws {
    let directory = try TemporaryWorkspace()
    defer { directory.remove() }
    _ = try Self.run(Self.files, cacheIn: directory.root)
    var edited = Self.files
    edited["Sources/Feed.swift"] = "final class FeedImpl { init(store: Store, bell: Bell) {} }\n"
    let changed = edited
    let host = AnalysisHost(settings: AnalysisSettings(implicitFilter: try ImplicitFilter(patterns: [".*"])))
    host.collection = Self.collection
    host.summaryStore = SummaryCache(directory: directory.root, collection: Self.collection, build: "test")
    let known = Dictionary(uniqueKeysWithValues: changed.map { ($0.key, TextFingerprint($0.value)) })
    let reads = Locked<[String]>([])
    let unreadable = host.update(paths: changed.keys.sorted(), knownTexts: known) { path in
      reads.withLock { $0.append(path) }
      return changed[path]
    }
    #expect(unreadable.isEmpty)
    #expect(reads.withLock { $0 } == ["Sources/Feed.swift"])
    #expect(host.parseCount == 1)
    #expect(host.storeHits == 2)
    #expect(
      host.graph().diagnostics.map(\.message) == [
        "missing dependency: nothing provides 'Bell', needed by 'FeedImpl.init(store:bell:)'",
        "missing dependency: nothing registers 'Clock'",
      ])
  }
}
