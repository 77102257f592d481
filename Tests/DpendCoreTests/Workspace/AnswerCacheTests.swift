import DpendAnalysis
import DpendModel
import DpendTestSupport
import DpendWorkspace
import Foundation
import Testing

/// The answer cache never changes an answer: a kept answer is used only when every input
/// is what it was computed from, and then equals the answer of a graph built from scratch;
/// any other run goes on from the host state, and its answer equals one too.
@Suite struct AnswerCacheTests {
  static let collection = CollectionSettings(dialects: [.thesis, .dip, .swinject, .resolver])

  /// How one run ended.
  struct Run {
    var answer: AnalysisAnswer
    var kept: Bool
    var parsed: Int
    /// `true` when the graph was built by the host the host state was made into.
    var restored = false
  }

  /// A command-line run over the caches in `cache`: the kept answer when the lookup finds
  /// it, else the graph's, kept for the next run, built by the host the kept host state
  /// makes when there is one, which the run keeps in its turn (what `dpend analyze` does).
  static func run(_ workspace: TemporaryWorkspace, cache: URL) throws -> Run {
    var settings = try settings(workspace)
    // The vocabulary the last run inferred, as the command line reads it (SPEC 8.1).
    settings.collection.vocabulary = VocabularyRecord.load(directory: cache)
    let summaries = SummaryCache(directory: cache, collection: settings.collection, build: "test")
    let answers = AnswerCache(directory: cache)
    let lookup = KeptAnswer.look(
      settings: settings, summaryIdentity: summaries.identity, loading: { summaries }, answers: answers)
    if let answer = lookup.answer {
      try summaries.save()
      return Run(answer: answer, kept: true, parsed: lookup.parsed)
    }
    let stateFile = HostStateFile(directory: cache)
    let identity = try #require(AnswerCache.identity(of: settings, summaryIdentity: summaries.identity))
    var restored: Workspace?
    if case .success(let state) = stateFile.load(identity: identity) {
      restored = try Workspace(settings: settings, store: summaries, knownTexts: lookup.texts, state: state)
    }
    let loaded =
      try restored ?? Workspace(settings: settings, store: summaries, knownTexts: lookup.texts, keepsState: true)
    let graph = loaded.analyze()
    let answer = AnalysisAnswer(graph: graph)
    try summaries.save()
    VocabularyRecord.save(loaded.vocabulary, directory: cache)
    if let state = loaded.persistedState() { try stateFile.save(state, identity: identity) }
    if let inputs = KeptAnswer.inputs(of: loaded, summaries: summaries) {
      try answers.save(inputs.record(of: answer))
    }
    return Run(answer: answer, kept: false, parsed: loaded.collected.parsed + lookup.parsed, restored: restored != nil)
  }

  /// The same analysis with no cache at all.
  static func plain(_ workspace: TemporaryWorkspace) throws -> AnalysisAnswer {
    AnalysisAnswer(graph: try Workspace(settings: try settings(workspace)).analyze())
  }

  static func settings(_ workspace: TemporaryWorkspace) throws -> WorkspaceSettings {
    var settings = try WorkspaceSettings.load(root: workspace.root.path)
    settings.collection = collection
    return settings
  }

  /// Random edit sequences over thesis and container files (thesis files only for seeds
  /// from 24), with edits that leave every summary's content alone (a comment appended,
  /// nothing touched) or only add a declaration nothing reads among them: at every step the
  /// cached run's answer equals the plain one, kept answers are used exactly when no content
  /// changed, and each is used at least a few times; the other runs go on from the host
  /// state the run before kept.
  @Test(arguments: [21, 22, 23, 24, 25])
  func aKeptAnswerIsUsedOnlyForUnchangedInputsAndEqualsAFreshOne(seed: UInt64) throws {
    let containers = seed < 24
    let workspace = try TemporaryWorkspace([".dpend.json": #"{"implicitFilters": [".*"]}"#])
    defer { workspace.remove() }
    let cache = workspace.url(".build/dpend")
    var random = SplitMix64(seed: seed)
    var texts: [String: String] = [:]
    // The app applies and calls the container files' assemblies and functions (none is only
    // counted as reached, which would build the graph after each edit of them).
    if containers { for (path, text) in ContainerWorkspaces.launch { try workspace.write(path, text) } }
    var keptRuns = 0
    var builtRuns = 0
    var restoredRuns = 0
    for step in 0..<40 {
      let path =
        random.below(3) == 0 && containers
        ? "Sources/Container\(random.below(3)).swift" : "Sources/F\(random.below(6)).swift"
      var contentChanged = true
      switch random.below(9) {
      case 0 where texts[path] != nil:
        texts[path] = nil
        try workspace.remove(path)
      case 1 where texts[path] != nil:
        let text = texts[path]!
        texts[path] = String(text.utf8.prefix(random.below(text.utf8.count + 1))) ?? ""
      case 2:
        contentChanged = false
      case 3 where texts[path] != nil:
        // A comment after the last declaration: the text changes, the content does not
        // (unless the file ends inside something still open, such as a cut-short type).
        texts[path]! += "\n// note \(step)\n"
        contentChanged = !(texts[path]!.filter { $0 == "{" }.count == texts[path]!.filter { $0 == "}" }.count)
      case 4 where texts[path] != nil:
        // A line inserted at the top: every declaration moves, nothing else changes.
        texts[path] = "\n" + texts[path]!
      case 6 where texts[path] != nil:
        // A declaration nothing reads, appended or above the others (which move, container
        // code among them): perhaps the answer stands.
        if random.below(2) == 0 {
          texts[path]! += "\nprotocol Unread\(step) {}\n"
        } else {
          texts[path] = "protocol Unread\(step) {}\n" + texts[path]!
        }
      case 7 where texts[path] != nil && !path.hasPrefix("Sources/Container"):
        // A provider of its own type (every type is one), perhaps needing a protocol: perhaps
        // nothing needs it, and the answer stands.
        let needs = random.below(2) == 0 ? "" : "p: P\(random.below(6))"
        texts[path]! += "\nfinal class Added\(step) { init(\(needs)) {} }\n"
      case 5 where texts[path] != nil:
        // A line inserted at a random line boundary: perhaps inside a declaration.
        var lines = texts[path]!.split(separator: "\n", omittingEmptySubsequences: false)
        lines.insert("", at: random.below(lines.count + 1))
        texts[path] = lines.joined(separator: "\n")
      default:
        let shape = random.next()
        texts[path] =
          path.hasPrefix("Sources/Container")
          ? RandomContainerFile.make(shape: shape, &random) : RandomSwiftFile.make(shape: shape, &random)
      }
      if let text = texts[path] { try workspace.write(path, text) }
      guard !texts.isEmpty else { continue }
      let cached = try Self.run(workspace, cache: cache)
      let plain = try Self.plain(workspace)
      #expect(cached.answer == plain, "step \(step)")
      if cached.kept { keptRuns += 1 } else { builtRuns += 1 }
      if cached.restored { restoredRuns += 1 }
      if step > 0 && !contentChanged {
        #expect(cached.kept, "step \(step): nothing but a comment changed, yet the graph was built")
      }

    }
    #expect(keptRuns >= 5, "\(keptRuns) kept answers")
    #expect(builtRuns >= 10, "\(builtRuns) graphs built")
    // Most graphs are built from the state a run before kept (not those after the inferred
    // vocabulary changed, which is part of the state's identity).
    #expect(restoredRuns * 4 >= builtRuns * 3, "\(restoredRuns) of \(builtRuns) graphs built from the host state")
  }

  static let files = [
    ".dpend.json": #"{"implicitFilters": [".*Impl"]}"#,
    "Sources/Store.swift": "protocol Store {}\nfinal class StoreImpl: Store {}\n",
    "Sources/Feed.swift": "final class FeedImpl { init(store: Store, clock: Clock) {} }\n",
    "Sources/Clock.swift": "protocol Clock {}\n",
  ]

  /// Each input the digest covers: a kept answer is not used once it changed.
  @Test func everyInputOfTheDigestMatters() throws {
    let workspace = try TemporaryWorkspace(Self.files)
    defer { workspace.remove() }
    let cache = workspace.url(".build/dpend")
    #expect(try Self.run(workspace, cache: cache).kept == false)
    let kept = try Self.run(workspace, cache: cache)
    #expect(kept.kept)
    #expect(kept.answer.diagnostics.map(\.code) == [.missingDependency])
    // A line inserted above a declaration moves its range: an input changed, whose graph
    // the host state builds.
    try workspace.write("Sources/Feed.swift", "\n" + Self.files["Sources/Feed.swift"]!)
    let moved = try Self.run(workspace, cache: cache)
    #expect(!moved.kept && moved.restored)
    #expect(moved.answer.diagnostics.first?.range.start.line == 2)
    #expect(moved.answer == (try Self.plain(workspace)))
    // A parameter added.
    try workspace.write(
      "Sources/Feed.swift", "\nfinal class FeedImpl { init(store: Store, clock: Clock, other: Clock) {} }\n")
    let reshaped = try Self.run(workspace, cache: cache)
    #expect(!reshaped.kept && reshaped.restored)
    #expect(reshaped.answer == (try Self.plain(workspace)))
    // Moved again; then nothing changed: the answer kept for those inputs.
    try workspace.write(
      "Sources/Feed.swift", "\n\n\nfinal class FeedImpl { init(store: Store, clock: Clock, other: Clock) {} }\n")
    let movedAgain = try Self.run(workspace, cache: cache)
    #expect(!movedAgain.kept && movedAgain.restored)
    #expect(movedAgain.answer == (try Self.plain(workspace)))
    let again = try Self.run(workspace, cache: cache)
    #expect(again.kept)
    #expect(again.answer == movedAgain.answer)
    // The settings.
    try workspace.write(".dpend.json", #"{"implicitFilters": [".*"]}"#)
    let filtered = try Self.run(workspace, cache: cache)
    #expect(!filtered.kept)
    #expect(filtered.answer == (try Self.plain(workspace)))
    // A file added (the missing key's first provider: its error goes), then removed again.
    try workspace.write("Sources/ClockImpl.swift", "final class ClockImpl: Clock {}\n")
    let added = try Self.run(workspace, cache: cache)
    #expect(!added.kept)
    #expect(added.answer == (try Self.plain(workspace)))
    #expect(added.answer.diagnostics.isEmpty)
    try workspace.remove("Sources/ClockImpl.swift")
    let removed = try Self.run(workspace, cache: cache)
    #expect(!removed.kept)
    #expect(removed.answer.diagnostics.map(\.code) == [.missingDependency])
    // A renamed file with the same text is another input.
    try workspace.write("Sources/Clock2.swift", Self.files["Sources/Clock.swift"]!)
    try workspace.remove("Sources/Clock.swift")
    #expect(try Self.run(workspace, cache: cache).kept == false)
  }

  /// The language server's workspace keeps the answer of its first graph after a reload,
  /// which the next session (``Workspace/keptAnswer()``) and the command line's lookup both
  /// find; never when a document changed before that graph, or is open when looking.
  @Test func theServersWorkspaceKeepsAndFindsAnswers() throws {
    let workspace = try TemporaryWorkspace(Self.files)
    defer { workspace.remove() }
    let cache = workspace.url(".build/dpend")
    let answerFile = cache.appendingPathComponent(AnswerCache.fileName).path
    let first = Workspace(root: workspace.root.path, cacheDirectory: cache)
    #expect(first.keptAnswer() == nil)
    first.apply(.reload)
    let answer = AnalysisAnswer(graph: first.analyze())
    #expect(
      answer.diagnostics.map(\.message) == [
        "missing dependency: nothing provides 'Clock', needed by 'FeedImpl.init(store:clock:)'"
      ])
    #expect(FileManager.default.fileExists(atPath: answerFile))

    let second = Workspace(root: workspace.root.path, cacheDirectory: cache)
    #expect(second.keptAnswer() == answer)
    second.apply(.reload)
    #expect(AnalysisAnswer(graph: second.analyze()) == answer)
    let settings = try WorkspaceSettings.load(root: workspace.root.path)
    let lookup = WarmStart.lookUp(settings, in: cache).lookup
    #expect(lookup.answer == answer)
    #expect(lookup.parsed == 0)

    // An open document is not the disk's text: no kept answer is offered.
    let feed = workspace.path("Sources/Feed.swift")
    let opened = Workspace(root: workspace.root.path, cacheDirectory: cache)
    opened.apply(.openDocument(path: feed, text: Self.files["Sources/Feed.swift"]!, version: 1))
    #expect(opened.keptAnswer() == nil)
    // A document edited between the reload and the graph: that graph's answer is not kept.
    try FileManager.default.removeItem(atPath: answerFile)
    let edited = Workspace(root: workspace.root.path, cacheDirectory: cache)
    edited.apply(.reload)
    edited.apply(.openDocument(path: feed, text: "final class FeedImpl { init(store: Store) {} }\n", version: 1))
    #expect(edited.analyze().diagnostics.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: answerFile))
    // A file changed on disk since the answer was kept: none is offered.
    let reloaded = Workspace(root: workspace.root.path, cacheDirectory: cache)
    reloaded.apply(.reload)
    #expect(AnalysisAnswer(graph: reloaded.analyze()) == answer)
    // A file added, even one that only gives the missing key its provider: none is offered.
    try workspace.write("Sources/ClockImpl.swift", "final class ClockImpl: Clock {}\n")
    #expect(Workspace(root: workspace.root.path, cacheDirectory: cache).keptAnswer() == nil)
  }

  /// A server's workspace of `workspace` with its caches in `cache`, loaded and analysed
  /// once: it keeps its answer and host state there.
  static func firstSession(_ workspace: TemporaryWorkspace, cache: URL) -> Workspace {
    let first = Workspace(root: workspace.root.path, cacheDirectory: cache)
    first.apply(.reload)
    _ = first.analyze()
    return first
  }

  /// The lines a kept answer's positions are converted against are those of the texts it
  /// was computed from, from their summaries: a file changed on disk after the lookup does
  /// not move them.
  @Test func aKeptAnswersLinesAreThoseOfTheTextsItWasComputedFrom() throws {
    let workspace = try TemporaryWorkspace(Self.files)
    defer { workspace.remove() }
    let cache = workspace.url(".build/dpend")
    _ = Self.firstSession(workspace, cache: cache)
    let session = Workspace(root: workspace.root.path, cacheDirectory: cache)
    let answer = try #require(session.keptAnswer())
    let feed = workspace.path("Sources/Feed.swift")
    #expect(answer.ranges.map(\.file).contains(feed))
    // Two lines inserted above, after the lookup read the file.
    try workspace.write("Sources/Feed.swift", "\n\n" + Self.files["Sources/Feed.swift"]!)
    #expect(session.keptLines(of: feed) == LineTable(Self.files["Sources/Feed.swift"]!))
    #expect(session.keptLines(of: feed) != LineTable("\n\n" + Self.files["Sources/Feed.swift"]!))
    // A file the answer does not point into has none.
    #expect(session.keptLines(of: workspace.path("Sources/Clock.swift")) == nil)
  }

  /// The server's workspace keeps its host's state with the first graph's answer, and the
  /// next session's first load goes on from it: only the file changed since is read into the
  /// host (the others' summaries are the state's, not handed to it again), and the graph is
  /// the one a fresh workspace builds.
  @Test func theNextSessionGoesOnFromTheKeptHostState() throws {
    let workspace = try TemporaryWorkspace(Self.files)
    defer { workspace.remove() }
    let cache = workspace.url(".build/dpend")
    let first = Self.firstSession(workspace, cache: cache)
    #expect(FileManager.default.fileExists(atPath: cache.appendingPathComponent(HostStateFile.fileName).path))
    #expect(first.collected == (parsed: 3, reused: 0))
    // A cycle made on disk between the sessions (`FeedImpl` needs `Clock`).
    try workspace.write("Sources/ClockImpl.swift", "final class ClockImpl: Clock { init(feed: FeedImpl) {} }\n")
    let second = Workspace(root: workspace.root.path, cacheDirectory: cache)
    second.apply(.reload)
    let graph = second.analyze()
    #expect(second.collected == (parsed: 1, reused: 0))
    #expect(AnalysisAnswer(graph: graph) == (try Self.plain(workspace)))
    #expect(graph.diagnostics.map(\.code) == [.dependencyCycle])
    // Without the state, the next session hands the host every file's cached summary.
    try FileManager.default.removeItem(at: cache.appendingPathComponent(HostStateFile.fileName))
    try workspace.write("Sources/ClockImpl.swift", "final class ClockImpl: Clock {}\n")
    let third = Workspace(root: workspace.root.path, cacheDirectory: cache)
    third.apply(.reload)
    #expect(third.analyze().diagnostics.isEmpty)
    #expect(third.collected == (parsed: 1, reused: 3))
  }

  /// A library's text is an input too.
  @Test func aLibraryIsAnInput() throws {
    var files = Self.files
    files[".dpend.json"] = #"{"implicitFilters": [".*Impl"], "libraries": ["Clock.dpendmodule"]}"#
    files["Clock.dpendmodule"] = "[]"
    let workspace = try TemporaryWorkspace(files)
    defer { workspace.remove() }
    let cache = workspace.url(".build/dpend")
    _ = try Self.run(workspace, cache: cache)
    #expect(try Self.run(workspace, cache: cache).kept)
    try workspace.write(
      "Clock.dpendmodule",
      #"[{"dependencies":[],"key":{"name":"Clock"},"kind":{"initializer":{"parameters":[],"type":"SystemClock"}},"requiredModules":[]}]"#
    )
    let changed = try Self.run(workspace, cache: cache)
    #expect(!changed.kept)
    #expect(changed.answer.diagnostics.isEmpty, "\(changed.answer.diagnostics)")
  }

  /// A workspace of ``files`` after one run: its cache directory and its answer file.
  static func keptAnswerFile() throws -> (workspace: TemporaryWorkspace, cache: URL, file: URL) {
    let workspace = try TemporaryWorkspace(Self.files)
    let cache = workspace.url(".build/dpend")
    _ = try Self.run(workspace, cache: cache)
    return (workspace, cache, cache.appendingPathComponent(AnswerCache.fileName))
  }

  /// A record reads back as it was saved; it was kept though the command line's graph keeps
  /// no summary of a file without container code.
  @Test func aRecordReadsBackAsItWasSaved() throws {
    let (workspace, cache, _) = try Self.keptAnswerFile()
    defer { workspace.remove() }
    let answers = AnswerCache(directory: cache)
    let record = try #require(answers.load())
    #expect(record.answer.diagnostics.map(\.code) == [.missingDependency])
    let store = SummaryCache(directory: cache, collection: Self.collection, build: "test")
    let graph = try Workspace(settings: try Self.settings(workspace), store: store).analyze()
    for path in ["Sources/Store.swift", "Sources/Feed.swift", "Sources/Clock.swift"] {
      #expect(graph.storedSummary(of: workspace.url(path).path) == nil, "\(path)")
    }
    try answers.save(record)
    #expect(answers.load() == record)
  }

  /// Damaged, foreign or truncated answer files are not used, and the next run keeps a
  /// good one again.
  @Test(arguments: ["truncated", "flipped", "garbage", "empty"])
  func aDamagedAnswerFileIsNotUsed(damage: String) throws {
    let (workspace, cache, file) = try Self.keptAnswerFile()
    defer { workspace.remove() }
    var bytes = [UInt8](try Data(contentsOf: file))
    switch damage {
    case "truncated": bytes.removeLast(bytes.count / 3)
    case "flipped": bytes[bytes.count / 2] ^= 0x20
    case "garbage": bytes = Array("not an answer".utf8)
    default: bytes = []
    }
    try Data(bytes).write(to: file)
    #expect(AnswerCache(directory: cache).load() == nil)
    let next = try Self.run(workspace, cache: cache)
    #expect(!next.kept)
    #expect(next.answer == (try Self.plain(workspace)))
    #expect(try Self.run(workspace, cache: cache).kept)
  }

  /// Every single-byte change of an answer file is refused (its checksum covers every byte).
  @Test func everyByteOfTheAnswerFileIsChecked() throws {
    let (workspace, cache, file) = try Self.keptAnswerFile()
    defer { workspace.remove() }
    let original = [UInt8](try Data(contentsOf: file))
    #expect(AnswerCache(directory: cache).load() != nil)
    for index in original.indices {
      var bytes = original
      bytes[index] ^= 0x01
      try Data(bytes).write(to: file)
      #expect(AnswerCache(directory: cache).load() == nil, "byte \(index)")
    }
  }
}

/// An answer's binary form reads back equal, and bytes that are not one never trap.
@Suite struct AnalysisAnswerBinaryTests {
  static let range = SourceRange(
    file: "Sources/Feed.swift", start: SourcePosition(line: 2, column: 3, offset: 40),
    end: SourcePosition(line: 2, column: 9, offset: 46))

  static let answer: AnalysisAnswer = {
    var answer = AnalysisAnswer(
      diagnostics: [
        Diagnostic(
          code: .missingDependency, message: "nothing provides 'Clock'", range: range,
          notes: [DiagnosticNote(message: "needed here", range: range)]),
        Diagnostic(code: .ambiguousProvider, severity: .warning, message: "two", range: range),
      ],
      unread: [Diagnostic(code: .unreadContainerCode, severity: .warning, message: "a computed key", range: range)],
      unprovidedKeys: [DependencyKey(name: "Clock"), DependencyKey(name: "Store", tag: "Remote")],
      outputs: ["dip": TextFingerprint(hash: 0xDEAD_BEEF_0123_4567, length: 1234), "library": TextFingerprint("[]")])
    answer.registrationsRead = 300
    answer.registrationsUnread = 2
    answer.resolvesChecked = 1_000_000
    answer.resolvesUnread = 7
    answer.configurations = [[], ["DEBUG"], ["os(iOS)", "targetEnvironment(simulator)"]]
    return answer
  }()

  @Test func anAnswerReadsBackEqual() throws {
    let bytes = Self.answer.binaryEncoded()
    let read = try bytes.withUnsafeBytes { try AnalysisAnswer(binary: $0) }
    #expect(read == Self.answer)
    #expect(read.outputs["dip"]?.length == 1234)
    let empty = AnalysisAnswer(diagnostics: [])
    #expect(try empty.binaryEncoded().withUnsafeBytes { try AnalysisAnswer(binary: $0) } == empty)
  }

  @Test func everyTruncationAndManyByteFlipsThrowOrReadSomethingWellFormed() {
    let bytes = Self.answer.binaryEncoded()
    for count in 0..<bytes.count {
      #expect(throws: SummaryDecodingError.self) {
        try Array(bytes.prefix(count)).withUnsafeBytes { try AnalysisAnswer(binary: $0) }
      }
    }
    var random = SplitMix64(seed: 5)
    for _ in 0..<500 {
      var flipped = bytes
      flipped[random.below(bytes.count)] ^= UInt8(truncatingIfNeeded: random.next() | 1)
      // Either an error or an answer; never a trap.
      _ = try? flipped.withUnsafeBytes { try AnalysisAnswer(binary: $0) }
    }
  }

  /// Two summaries that differ only in their line table (a comment appended) have one
  /// content digest; a moved range or a renamed declaration gives another.
  @Test func theDigestIgnoresOnlyTheLineTable() throws {
    var summary = FileSummary(path: "Sources/Feed.swift")
    summary.protocols = [ProtocolDeclaration(name: "Clock", access: .internal, range: Self.range)]
    summary.lines = LineTable("protocol Clock {}\n")
    var appended = summary
    appended.lines = LineTable("protocol Clock {}\n// a comment\n")
    var moved = summary
    moved.protocols[0].range.start.line = 3
    var renamed = summary
    renamed.protocols[0].name = "Clocks"
    let digest = summary.binaryEncodedWithDigests()
    #expect(digest.contentDigest == appended.binaryEncodedWithDigests().contentDigest)
    #expect(digest.bytes != appended.binaryEncodedWithDigests().bytes)
    #expect(digest.contentDigest != moved.binaryEncodedWithDigests().contentDigest)
    #expect(digest.contentDigest != renamed.binaryEncodedWithDigests().contentDigest)
    #expect(digest.bytes == summary.binaryEncoded())
  }
}
