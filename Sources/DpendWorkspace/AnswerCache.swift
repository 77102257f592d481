import DpendAnalysis
import DpendModel
import Foundation

/// The last analysis's answer (``DpendModel/AnalysisAnswer``), kept beside the summary cache
/// with the digests of everything it was computed from: dpend's build, the settings, the
/// libraries' texts, and the path and digests of every source file's summary. A run whose
/// inputs have the same content digest answers without decoding a summary or building the
/// graph; one whose inputs have only the same *shape* digest (declarations moved, nothing
/// else: a line inserted, a body edited) answers the same with the ranges moved.
///
/// A run whose files changed shape may still answer the same when the change does not reach
/// the graph (``DpendAnalysis/UnchangedGraph``): the record keeps, for that, each file's
/// shape and the names the files' analyses looked up (``GraphFacts``).
///
/// Layout, integers little-endian: the magic `DPNDANS8`, the inputs' content digest
/// (`u64`), whether a shape digest follows (`u8`) and the shape digest (`u64`), the anchor
/// count (`u32`) and anchors (`u32` each), whether graph facts follow (`u8`) and the facts
/// (the paths' digest `u64`; the shape count `u32` and shapes `u64` each; the content count
/// `u32` and contents `u64` each; the looked-up names as counted hashes (below); the container
/// check's looked-up name count `u32` and hashes `u64` each; whether key facts follow (`u8`),
/// the provided, the needed and the needed-among-several keys as counted hashes, whether the graph had a cycle
/// (`u8`), and the edges between keys (their count `u32`, then their sources `u64` each,
/// their targets `u64` each, and their counts `u32` each), whether container key facts follow
/// (`u8`), and the resolved and the registered keys, the registrations' identities, the
/// names of the protocols found unregistered, the keys the edges between registrations leave
/// and the types declaring property-wrapper resolves as counted hashes, and whether the
/// registrations had a cycle (`u8`)), the answer (`u32` length, its binary form), then a
/// ``DpendModel/StableHash`` checksum (`u64`) of every byte before it. Counted hashes
/// (``DpendAnalysis/HashCounts``) are a count `u32`, the hashes `u64` each, then their
/// counts `u32` each. A file that does not
/// check out is not used; writes are atomic. It never changes an answer: the digests cover
/// every input the analysis reads, and a file's summary counts only through its digests.
public struct AnswerCache: Sendable {
  /// The cache file.
  public let url: URL

  /// The file name inside the cache directory.
  public static let fileName = "answer.cache"
  static let magic = Array("DPNDANS8".utf8)

  /// A kept answer and what it was computed from.
  public struct Record: Hashable, Sendable {
    /// The digest of the inputs with each file's content digest.
    public var digest: UInt64
    /// The digest of the inputs with each file's shape digest; `nil` when some range of the
    /// answer could not be anchored (then only the content digest can match).
    public var shapeDigest: UInt64?
    /// For each of the answer's ``DpendModel/AnalysisAnswer/ranges``: its index among the
    /// ranges of its file's summary (``DpendModel/FileSummary/ranges(binary:)``), or
    /// ``unanchored`` for a range in a file that is not a source file (a library).
    public var anchors: [UInt32]
    /// The answer.
    public var answer: AnalysisAnswer

    /// What a run whose files changed shape checks the answer against; `nil` when the
    /// answer was not kept from a graph (or without its facts).
    public var graphFacts: GraphFacts?

    /// The anchor of a range that stays where it is.
    public static let unanchored = UInt32.max

    /// A record.
    public init(
      digest: UInt64, shapeDigest: UInt64?, anchors: [UInt32], answer: AnalysisAnswer, graphFacts: GraphFacts? = nil
    ) {
      self.digest = digest
      self.shapeDigest = shapeDigest
      self.anchors = anchors
      self.answer = answer
      self.graphFacts = graphFacts
    }
  }

  /// What the graph an answer came from read of its files, beyond their digests: enough to
  /// tell which files changed shape since, and whether that reaches the graph.
  public struct GraphFacts: Hashable, Sendable {
    /// The digest of the inputs' identity and their paths (``pathsDigest(identity:paths:)``).
    public var pathsDigest: UInt64
    /// For each source file, the hash of its path with its summary's shape digest
    /// (``fileHash(path:digest:)``), sorted.
    public var shapes: [UInt64]
    /// For each source file, the hash of its path with its summary's content digest
    /// (``fileHash(path:digest:)``), sorted: which summary of a file whose shape
    /// changed the answer's positions are those of.
    public var contents: [UInt64]
    /// The names the files' analyses looked up in the symbol table.
    public var watched: WatchedNames
    /// The keys the graph's factories provided and needed; `nil` when not kept.
    public var keys: KeyFacts?

    /// Facts.
    public init(pathsDigest: UInt64, shapes: [UInt64], contents: [UInt64], watched: WatchedNames, keys: KeyFacts? = nil)
    {
      self.pathsDigest = pathsDigest
      self.shapes = shapes
      self.contents = contents
      self.watched = watched
      self.keys = keys
    }

    /// `true` when a file at `path` had a summary of shape digest `shape`.
    public func had(path: String, shape: UInt64) -> Bool {
      Self.contains(shapes, AnswerCache.fileHash(path: path, digest: shape))
    }

    /// `true` when a file at `path` had a summary of content digest `content`.
    public func had(path: String, content: UInt64) -> Bool {
      Self.contains(contents, AnswerCache.fileHash(path: path, digest: content))
    }

    private static func contains(_ sorted: [UInt64], _ hash: UInt64) -> Bool {
      let index = sorted.sortedIndex(of: hash)
      return index < sorted.count && sorted[index] == hash
    }
  }

  /// The digest of `identity` and the source paths, sorted.
  public static func pathsDigest(identity: String, paths: [String]) -> UInt64 {
    inputsDigest(identity: identity + "\npaths", files: paths.map { ($0, 0) })
  }

  /// The hash of a source file's path with one of its summary's digests (shape or content).
  public static func fileHash(path: String, digest: UInt64) -> UInt64 {
    var bytes = Array(path.utf8)
    LittleEndian.append(digest, width: 8, to: &bytes)
    return StableHash.of(bytes[...])
  }

  /// The answer cache in `directory` (the summary cache's).
  public init(directory: URL) {
    url = directory.appendingPathComponent(Self.fileName)
  }

  /// The kept record; `nil` when there is no whole answer file.
  public func load() -> Record? {
    guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
    return Self.parse([UInt8](data))
  }

  /// Keeps `record`, replacing any other.
  /// - Throws: the file system's error when the file cannot be written.
  public func save(_ record: Record) throws {
    // The directory is made if needed. Streamed from the one array (not copied into `Data`, nor compared with the old file:
    // at 100,000 files the record holds tens of megabytes of hashes).
    try AtomicFile.replace(at: url.path, with: Self.bytes(of: record))
  }

  /// The record `bytes` hold, or `nil` when they are not a whole answer file.
  static func parse(_ bytes: [UInt8]) -> Record? {
    guard bytes.count >= magic.count + 8, bytes[0..<magic.count].elementsEqual(magic) else { return nil }
    let body = bytes.count - 8
    guard StableHash.of(bytes[0..<body]) == LittleEndian.read(bytes, at: body, width: 8) else { return nil }
    var position = magic.count
    func integer(_ width: Int) -> UInt64? {
      guard body - position >= width else { return nil }
      defer { position += width }
      return LittleEndian.read(bytes, at: position, width: width)
    }
    guard let digest = integer(8), let hasShape = integer(1), hasShape <= 1, let shape = integer(8),
      let anchorCount = integer(4).map(Int.init), anchorCount <= (body - position) / 4
    else { return nil }
    var anchors: [UInt32] = []
    anchors.reserveCapacity(anchorCount)
    for _ in 0..<anchorCount { anchors.append(UInt32(integer(4)!)) }
    guard let hasFacts = integer(1), hasFacts <= 1 else { return nil }
    var facts: GraphFacts?
    if hasFacts == 1 {
      guard let pathsDigest = integer(8), let shapeCount = integer(4).map(Int.init),
        shapeCount <= (body - position) / 8
      else { return nil }
      let shapes = LittleEndian.readArray(bytes, at: position, count: shapeCount, width: 8)
      position += shapeCount * 8
      guard let contentCount = integer(4).map(Int.init), contentCount <= (body - position) / 8 else { return nil }
      let contents = LittleEndian.readArray(bytes, at: position, count: contentCount, width: 8)
      position += contentCount * 8
      func hashCounts() -> HashCounts? {
        guard let count = integer(4).map(Int.init), count <= (body - position) / 12 else { return nil }
        let hashes = LittleEndian.readArray(bytes, at: position, count: count, width: 8)
        let counts = LittleEndian.readArray(bytes, at: position + count * 8, count: count, width: 4).map { UInt32($0) }
        position += count * 12
        return HashCounts(hashes: hashes, counts: counts)
      }
      guard let names = hashCounts(), let lookupCount = integer(4).map(Int.init),
        lookupCount <= (body - position) / 8
      else { return nil }
      let lookups = LittleEndian.readArray(bytes, at: position, count: lookupCount, width: 8)
      position += lookupCount * 8
      guard zip(shapes, shapes.dropFirst()).allSatisfy({ $0 <= $1 }),
        zip(contents, contents.dropFirst()).allSatisfy({ $0 <= $1 }),
        let watched = WatchedNames(hashes: names.hashes, counts: names.counts, containerLookups: lookups),
        let hasKeys = integer(1), hasKeys <= 1
      else { return nil }
      var keys: KeyFacts?
      if hasKeys == 1 {
        guard let provided = hashCounts(), let needed = hashCounts(), let amongSeveral = hashCounts(),
          let hasCycle = integer(1), hasCycle <= 1,
          let edgeCount = integer(4).map(Int.init), edgeCount <= (body - position) / 20
        else { return nil }
        let sources = LittleEndian.readArray(bytes, at: position, count: edgeCount, width: 8)
        let targets = LittleEndian.readArray(bytes, at: position + edgeCount * 8, count: edgeCount, width: 8)
        let counts = LittleEndian.readArray(bytes, at: position + edgeCount * 16, count: edgeCount, width: 4)
        position += edgeCount * 20
        guard let edges = KeyEdges(sources: sources, targets: targets, counts: counts.map { UInt32($0) }) else {
          return nil
        }
        guard let hasContainer = integer(1), hasContainer <= 1 else { return nil }
        var container: ContainerKeyFacts?
        if hasContainer == 1 {
          guard let resolved = hashCounts(), let registered = hashCounts(), let identities = hashCounts(),
            let scanned = hashCounts(), let edgeSources = hashCounts(), let owners = hashCounts(),
            let containerCycle = integer(1), containerCycle <= 1
          else { return nil }
          container = ContainerKeyFacts(
            resolved: resolved, registered: registered, identities: identities, scannedNames: scanned,
            edgeSources: edgeSources, owners: owners, hasCycle: containerCycle == 1)
        }
        keys = KeyFacts(
          provided: provided, needed: needed, neededAmongSeveral: amongSeveral, hasCycle: hasCycle == 1, edges: edges,
          container: container)
      }
      facts = GraphFacts(pathsDigest: pathsDigest, shapes: shapes, contents: contents, watched: watched, keys: keys)
    }
    guard let length = integer(4).map(Int.init), length == body - position else { return nil }
    guard let answer = bytes[position..<body].withUnsafeBytes({ try? AnalysisAnswer(binary: $0) }),
      hasShape == 0 || anchors.count == answer.ranges.count
    else { return nil }
    return Record(
      digest: digest, shapeDigest: hasShape == 1 ? shape : nil, anchors: anchors, answer: answer, graphFacts: facts)
  }

  /// The file holding `record`.
  static func bytes(of record: Record) -> [UInt8] {
    let encoded = record.answer.binaryEncoded()
    var output = magic
    LittleEndian.append(record.digest, width: 8, to: &output)
    LittleEndian.append(record.shapeDigest == nil ? 0 : 1, width: 1, to: &output)
    LittleEndian.append(record.shapeDigest ?? 0, width: 8, to: &output)
    LittleEndian.append(UInt64(record.anchors.count), width: 4, to: &output)
    for anchor in record.anchors { LittleEndian.append(UInt64(anchor), width: 4, to: &output) }
    LittleEndian.append(record.graphFacts == nil ? 0 : 1, width: 1, to: &output)
    if let facts = record.graphFacts {
      LittleEndian.append(facts.pathsDigest, width: 8, to: &output)
      LittleEndian.append(UInt64(facts.shapes.count), width: 4, to: &output)
      LittleEndian.appendArray(facts.shapes, width: 8, to: &output)
      LittleEndian.append(UInt64(facts.contents.count), width: 4, to: &output)
      LittleEndian.appendArray(facts.contents, width: 8, to: &output)
      func append(_ hashes: [UInt64], _ counts: [UInt32]) {
        LittleEndian.append(UInt64(hashes.count), width: 4, to: &output)
        LittleEndian.appendArray(hashes, width: 8, to: &output)
        LittleEndian.appendArray(counts.lazy.map(UInt64.init), width: 4, to: &output)
      }
      append(facts.watched.hashes, facts.watched.counts)
      LittleEndian.append(UInt64(facts.watched.containerLookups.count), width: 4, to: &output)
      LittleEndian.appendArray(facts.watched.containerLookups, width: 8, to: &output)
      LittleEndian.append(facts.keys == nil ? 0 : 1, width: 1, to: &output)
      if let keys = facts.keys {
        append(keys.provided.hashes, keys.provided.counts)
        append(keys.needed.hashes, keys.needed.counts)
        append(keys.neededAmongSeveral.hashes, keys.neededAmongSeveral.counts)
        LittleEndian.append(keys.hasCycle ? 1 : 0, width: 1, to: &output)
        LittleEndian.append(UInt64(keys.edges.sources.count), width: 4, to: &output)
        LittleEndian.appendArray(keys.edges.sources, width: 8, to: &output)
        LittleEndian.appendArray(keys.edges.targets, width: 8, to: &output)
        LittleEndian.appendArray(keys.edges.counts.lazy.map(UInt64.init), width: 4, to: &output)
        LittleEndian.append(keys.container == nil ? 0 : 1, width: 1, to: &output)
        if let container = keys.container {
          append(container.resolved.hashes, container.resolved.counts)
          append(container.registered.hashes, container.registered.counts)
          append(container.identities.hashes, container.identities.counts)
          append(container.scannedNames.hashes, container.scannedNames.counts)
          append(container.edgeSources.hashes, container.edgeSources.counts)
          append(container.owners.hashes, container.owners.counts)
          LittleEndian.append(container.hasCycle ? 1 : 0, width: 1, to: &output)
        }
      }
    }
    LittleEndian.append(UInt64(encoded.count), width: 4, to: &output)
    output += encoded
    LittleEndian.append(StableHash.of(output[...]), width: 8, to: &output)
    return output
  }

  // MARK: The inputs' digest

  /// The digest of an analysis's inputs: `identity` (the build, collection and analysis
  /// settings, see ``identity(of:summaryIdentity:)``) and each file's path and digest (its
  /// summary's content or shape digest), in the order given (sorted by path).
  public static func inputsDigest(identity: String, files: [(path: String, digest: UInt64)]) -> UInt64 {
    var bytes = Array(identity.utf8)
    bytes.reserveCapacity(bytes.count + files.reduce(0) { $0 + $1.path.utf8.count + 12 })
    LittleEndian.append(UInt64(files.count), width: 8, to: &bytes)
    for file in files {
      LittleEndian.append(UInt64(file.path.utf8.count), width: 4, to: &bytes)
      bytes += file.path.utf8
      LittleEndian.append(file.digest, width: 8, to: &bytes)
    }
    return StableHash.of(bytes[...])
  }

  /// Everything but the source files an analysis under `settings` depends on, as text:
  /// `summaryIdentity` (format, build and collection settings), the implicit filters, the
  /// mode, the module name, the configurations, and each library's and project file's
  /// (`projects`, which say what each build target compiles) path and text fingerprint.
  /// `nil` when one cannot be read (that run reports a library, and keeps no answer).
  public static func identity(of settings: WorkspaceSettings, summaryIdentity: String, projects: [String] = [])
    -> String?
  {
    var parts = [
      summaryIdentity, "answer 1",
      "filters \(settings.implicitFilters.map { "\($0.utf8.count):\($0)" }.joined(separator: ","))",
      "mode \(settings.mode.rawValue)",
      "module \(settings.moduleName.map { "\($0.utf8.count):\($0)" } ?? "none")",
      "configurations \(settings.configurations.map { "\($0)" } ?? "derived")",
      "targets \(settings.targets) excluding \(settings.excludeTargets)",
    ]
    for library in settings.libraries {
      guard let data = FileManager.default.contents(atPath: library) else { return nil }
      let fingerprint = data.withUnsafeBytes { TextFingerprint(hash: StableHash.of($0), length: $0.count) }
      parts.append("library \(library.utf8.count):\(library) \(fingerprint.hash) \(fingerprint.length)")
    }
    for project in projects {
      guard let text = TextFile.text(at: project) else { return nil }
      let fingerprint = TextFingerprint(text)
      parts.append("project \(project.utf8.count):\(project) \(fingerprint.hash) \(fingerprint.length)")
    }
    return parts.joined(separator: "\n")
  }
}
