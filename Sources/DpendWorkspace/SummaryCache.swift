import DpendAnalysis
import DpendHost
import DpendModel
import Foundation

/// The persistent summary cache: each file's ``FileSummary`` kept on disk between runs, keyed
/// by the file's path and the hash of its text, in a file whose identity names dpend's build
/// and the collection settings (``SummaryCacheFile``). The command line, the language server
/// and the plugins share it; it lives in the build directory (`.build/dpend/` of the
/// workspace, or a directory given).
///
/// It never changes an answer: a summary is reused only for exactly the text, path, settings
/// and build it was made from, and a damaged file is refused whole (``loadProblem``) and
/// rewritten by ``save()``. A file written anew is written atomically (a temporary file
/// renamed), a segment appended in one `write` to the end, so two processes writing at once
/// leave one complete file.
public final class SummaryCache: SummaryStore {
  /// The cache file.
  public let url: URL
  /// Why the file on disk was not used, when it existed but was refused.
  public let loadProblem: SummaryCacheProblem?
  /// The format, build and collection settings this cache's file must have been written with.
  public var identity: String { state.withLock { $0.identity } }
  /// The collection settings the summaries are read with.
  public var collection: CollectionSettings { state.withLock { $0.collection } }
  private let build: String
  private let state: Locked<State>

  private struct State {
    var identity: String
    var collection: CollectionSettings
    /// `true` once the vocabulary changed in this run: the file must be written anew.
    var adopted = false
    var kept: [String: SummaryCacheFile.Entry] = [:]
    /// Summaries made in this run, encoded.
    var fresh: [String: SummaryCacheFile.Entry] = [:]
    /// Every path asked for or recorded in this run: the entries the next file holds.
    var used: Set<String> = []
    /// `true` once this run wrote the file (a refused file is then replaced).
    var written = false
    /// `true` when the file on disk is one this cache read whole or wrote: one it may append to.
    var appendable = false
    /// The bytes of the file's entries that a later entry of their path replaced.
    var dead = 0
  }

  /// The file name inside the cache directory.
  public static let fileName = "summaries.cache"
  /// Bumped whenever the layout of ``SummaryCacheFile`` or of the summary encoding changes.
  static let formatVersion = 7

  /// Loads the cache in `directory` for files read with `collection`, by the build of dpend
  /// identified by `build`.
  public init(directory: URL, collection: CollectionSettings, build: String = SummaryCache.currentBuild()) {
    url = directory.appendingPathComponent(Self.fileName)
    self.build = build
    let identity = Self.identity(collection: collection, build: build)
    var state = State(identity: identity, collection: collection)
    var problem: SummaryCacheProblem?
    if let bytes = TextFile.bytes(at: url.path) {
      switch SummaryCacheFile.parse(bytes, identity: identity) {
      case .success(let contents):
        for entry in contents.entries {
          if let replaced = state.kept.updateValue(entry, forKey: entry.path) { state.dead += replaced.size }
        }
        state.appendable = true
      case .failure(let reason):
        problem = reason
      }
    }
    loadProblem = problem
    self.state = Locked(state)
  }

  // MARK: SummaryStore

  public func adopt(_ collection: CollectionSettings, keeping paths: Set<String>) {
    let identity = Self.identity(collection: collection, build: build)
    state.withLock { state in
      guard state.identity != identity else { return }
      state.identity = identity
      state.collection = collection
      state.kept = state.kept.filter { paths.contains($0.key) }
      state.fresh = state.fresh.filter { paths.contains($0.key) }
      state.used.formIntersection(paths)
      state.adopted = true
    }
  }

  public func summary(path: String, text: TextFingerprint, collection: CollectionSettings) -> IndexedSummary? {
    guard collection == self.collection, let entry = entry(path: path, text: text).flatMap(loaded) else {
      return nil
    }
    return Self.indexed(entry)
  }

  /// `entry` with its payload, read back from the file when it was let go; `nil` when the
  /// file no longer holds it there (another process replaced it since).
  private func loaded(_ entry: SummaryCacheFile.Entry) -> SummaryCacheFile.Entry? {
    guard entry.released else { return entry }
    guard let offset = entry.offset else { return nil }
    let header = SummaryCacheFile.header(of: entry)
    guard offset >= header.count,
      let bytes = TextFile.bytes(at: url.path, offset: offset - header.count, count: header.count + entry.payloadCount),
      bytes[..<header.count].elementsEqual(header)
    else { return nil }
    var whole = entry
    whole.payload = bytes[header.count...]
    whole.facts = []
    whole.factsCount = 0
    whole.released = false
    return whole
  }

  /// Counts `paths` as used in this run (the next file keeps their entries): a host made from
  /// a persisted state reads nothing of the files whose text did not change.
  public func keep(_ paths: [String]) {
    state.withLock { $0.used.formUnion(paths) }
  }

  /// The stored summary the cache file held for `path` when it was loaded, when its
  /// content digest is `contentDigest` (what a persisted host state was made from); `nil`
  /// otherwise. Decodes nothing.
  public func keptStoredSummary(path: String, contentDigest: UInt64) -> StoredSummary? {
    guard let entry = state.withLock({ $0.kept[path] }), entry.contentDigest == contentDigest,
      let loaded = loaded(entry)
    else { return nil }
    return StoredSummary(
      path: loaded.path, bytes: loaded.payload, contentDigest: loaded.contentDigest)
  }

  private static func indexed(_ entry: SummaryCacheFile.Entry) -> IndexedSummary {
    // The file's checksum was checked when it was read; the entry is of this path. Facts that
    // do not read back (never written so) cost a decoding of the summary, nothing else.
    let stored = StoredSummary(
      path: entry.path, bytes: entry.payload, contentDigest: entry.contentDigest)
    return IndexedSummary(stored, facts: entry.facts) ?? IndexedSummary(stored)
  }

  public func record(_ summary: IndexedSummary, text: TextFingerprint, collection: CollectionSettings) {
    guard collection == self.collection else { return }
    let stored = summary.stored
    let entry = SummaryCacheFile.Entry(
      path: stored.path, textHash: text.hash, textLength: text.length, contentDigest: stored.contentDigest,
      payload: stored.bytes, facts: summary.encodedFacts()[...])
    state.withLock { state in
      state.used.insert(stored.path)
      state.fresh[stored.path] = entry
    }
  }

  /// The content digest (``FileSummary/binaryEncodedWithDigests()``) of the summary kept or
  /// made in this run for exactly the text fingerprinted by `text` at `path`; `nil` when there
  /// is none. Decodes nothing.
  public func digest(path: String, text: TextFingerprint) -> UInt64? {
    entry(path: path, text: text)?.contentDigest
  }

  /// ``digest(path:text:)`` of each file, under one lock.
  public func digests(of files: [(path: String, text: TextFingerprint)]) -> [UInt64?] {
    state.withLock { state in
      files.map { path, text in
        state.used.insert(path)
        guard let entry = state.fresh[path] ?? state.kept[path], entry.textHash == text.hash,
          entry.textLength == text.length
        else { return nil }
        return entry.contentDigest
      }
    }
  }

  /// The entry made in this run or kept for exactly `text` at `path`; the path counts as
  /// used either way (the next file keeps it).
  private func entry(path: String, text: TextFingerprint) -> SummaryCacheFile.Entry? {
    let entry = state.withLock { state -> SummaryCacheFile.Entry? in
      state.used.insert(path)
      return state.fresh[path] ?? state.kept[path]
    }
    guard let entry, entry.textHash == text.hash, entry.textLength == text.length else { return nil }
    return entry
  }

  // MARK: Saving

  /// Writes the summaries of every file of this run when anything changed (a file parsed, a
  /// file gone, a refused file); a run that only reused summaries writes nothing. A run that
  /// only summarized files appends them to the file it read, as a segment of their entries,
  /// while the bytes of the entries they replace stay fewer than those of the live ones;
  /// otherwise the file is written anew, without the summaries of files that are gone.
  /// - Returns: `true` when the file was written.
  /// - Throws: the file system's error when the directory or the file cannot be written.
  ///
  /// `releasing` lets go of every written summary's bytes once the file is written: the
  /// command line writes the cache before building its graph, so that the summaries leave
  /// memory as the graph reads them. A summary asked for afterwards is read back from the file,
  /// checked against the entry's fields written before it; a file another process replaced
  /// since answers nothing, which costs only speed.
  @discardableResult
  public func save(releasing: Bool = false) throws -> Bool {
    let plan = state.withLock { state -> (entries: [SummaryCacheFile.Entry], appends: Bool)? in
      let gone = state.kept.keys.contains { !state.used.contains($0) }
      if state.fresh.isEmpty && !gone && !state.adopted && (loadProblem == nil || state.written) { return nil }
      let replaced = state.fresh.keys.reduce(0) { $0 + (state.kept[$1]?.size ?? 0) }
      let live =
        state.kept.values.reduce(0) { $0 + $1.size } - replaced + state.fresh.values.reduce(0) { $0 + $1.size }
      if state.appendable && !gone && !state.adopted && state.dead + replaced <= live {
        return (state.fresh.values.sorted { $0.path < $1.path }, true)
      }
      state.adopted = false
      return (Self.usedEntries(state), false)
    }
    guard let plan else { return false }
    if plan.appends, let offsets = try append(plan.entries) {
      keep(plan.entries, at: offsets, replacing: false, releasing: releasing)
      return true
    }
    // Bytes let go by an earlier save are read back (an entry the file no longer holds is left out).
    let listed = plan.appends ? state.withLock { Self.usedEntries($0) } : plan.entries
    let entries = listed.compactMap(loaded)
    var offsets = [Int](repeating: 0, count: entries.count)
    let identity = identity
    try AtomicFile.replace(at: url.path) { write in
      try SummaryCacheFile.write(entries, identity: identity, to: write) { offsets[$0] = $1 }
    }
    keep(entries, at: offsets, replacing: true, releasing: releasing)
    return true
  }

  /// The entry of every used path, in path order: what a file written anew holds.
  private static func usedEntries(_ state: State) -> [SummaryCacheFile.Entry] {
    state.used.sorted().compactMap { state.fresh[$0] ?? state.kept[$0] }
  }

  /// Appends a segment of `entries` to the file this cache read or wrote: the offsets of
  /// their payloads in it, or `nil` when the file is no longer one it may append to (another
  /// process replaced it with one of other settings, or removed it).
  private func append(_ entries: [SummaryCacheFile.Entry]) throws -> [Int]? {
    let descriptor = open(url.path, O_RDWR | O_APPEND | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    let start = SummaryCacheFile.start(identity: identity)
    var head = [UInt8](repeating: 0, count: start.count)
    guard pread(descriptor, &head, start.count, 0) == start.count, head == start else { return nil }
    var segment: [UInt8] = []
    var relative = [Int](repeating: 0, count: entries.count)
    SummaryCacheFile.segment(entries, to: { segment.append(contentsOf: $0) }, payloadOffsets: { relative[$0] = $1 })
    try segment.withUnsafeBytes { try AtomicFile.writeAll($0, to: descriptor) }
    // The end of what this write appended (other processes may append after it).
    let end = Int(lseek(descriptor, 0, SEEK_CUR))
    return relative.map { end - segment.count + $0 }
  }

  /// Keeps `entries`, just written with their payloads at `offsets`, as the file's (all of
  /// them, `replacing` what the cache held, or beside it), their bytes let go when `releasing`.
  private func keep(
    _ entries: [SummaryCacheFile.Entry], at offsets: [Int], replacing: Bool, releasing: Bool
  ) {
    state.withLock { state in
      state.written = true
      state.appendable = true
      state.fresh = [:]
      if replacing {
        state.kept = Dictionary(minimumCapacity: entries.count)
        state.dead = 0
      }
      // Only the entries written let go of their bytes: those of a file read stay with the
      // buffer it was read into, which the summaries a host state took up hold anyway.
      for (entry, offset) in zip(entries, offsets) {
        var kept = entry
        kept.offset = offset
        if releasing {
          kept.payload = []
          kept.facts = []
          kept.released = true
        }
        if let replaced = state.kept.updateValue(kept, forKey: entry.path) { state.dead += replaced.size }
      }
    }
  }

  // MARK: Identity

  /// The identity of a cache of files read with `collection` by this build of dpend (what
  /// ``identity`` is once it is loaded).
  public static func identity(collection: CollectionSettings) -> String {
    identity(collection: collection, build: currentBuild())
  }

  /// The format, the build and the settings a cache file must have been written with.
  static func identity(collection: CollectionSettings, build: String) -> String {
    let dialects = collection.dialects.map { $0.map(\.rawValue).joined(separator: ",") } ?? "imports"
    return [
      "format \(formatVersion).\(FileSummary.binaryFormatVersion)", "dpend \(DpendVersion.current)", "build \(build)",
      "dialects \(dialects)",
      "register \(collection.registerFunctions.joined(separator: ","))",
      "resolve \(collection.resolveFunctions.joined(separator: ","))",
      "wrappers \(collection.injectWrappers.joined(separator: ","))",
      "vocabulary \(collection.vocabulary.identity)",
    ].joined(separator: "\n")
  }

  /// The path of this executable (on Linux the kernel's link, which costs less than asking
  /// Foundation's bundle).
  private static func executablePath() -> String? {
    #if os(Linux)
      var buffer = [CChar](repeating: 0, count: 4096)
      let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
      if count > 0 { return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) }
    #endif
    return Bundle.main.executablePath
  }

  /// This executable's size and modification time: another build of dpend (even of the same
  /// version) reads files differently, so it starts its own cache.
  public static func currentBuild() -> String {
    let path = executablePath() ?? CommandLine.arguments.first ?? ""
    var status = stat()
    guard stat(path, &status) == 0 else { return "unknown" }
    #if canImport(Darwin)
      let modified = status.st_mtimespec
    #else
      let modified = status.st_mtim
    #endif
    return "\(status.st_size)@\(modified.tv_sec).\(modified.tv_nsec)"
  }
}
