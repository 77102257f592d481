import DpendModel

/// Why a persisted builder state (``GraphBuilder/codeState(_:)``) could not be taken up.
public enum BuilderStateError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The bytes do not decode.
  case undecodable(SummaryDecodingError)

  public var description: String {
    switch self {
    case .undecodable(let error): return "its bytes do not decode (\(error))"
    }
  }
}

extension GraphBuilder {
  /// `true` when the builder has a state to persist (``codeState(_:)``): no change is
  /// pending, a graph was made since the settings changed, and the builder keeps its tables
  /// (it does not build one graph).
  public var hasState: Bool {
    pending.isEmpty && !needsFullBuild && tablesIdentity == settingsIdentity && !buildsOneGraph && keepsSummaries
  }

  /// Takes up the summaries of the state just read (``codeState(_:)``): `summary` gives the
  /// stored summary of a path with the content digest given, `nil` when there is none.
  /// - Returns: the paths whose summary is not at hand (the summary cache was written since
  ///   with their new text), in path order. Their tables stay as the state has them; each
  ///   must be set again (or removed) before the next graph, which otherwise removes it, as
  ///   a graph from scratch leaves out a file it has no summary of.
  public func adoptSummaries(_ summary: (String, UInt64) -> StoredSummary?) -> [String] {
    var summaries: [String: StoredSummary] = Dictionary(minimumCapacity: paths.count)
    var missing: [String] = []
    for (path, digest) in zip(paths, readDigests) {
      if let stored = summary(path, digest), stored.contentDigest == digest {
        summaries[path] = stored
      } else {
        // Never decoded: the path is set or removed before the shelf reads it.
        summaries[path] = StoredSummary(path: path, bytes: [], contentDigest: digest)
        missing.append(path)
      }
    }
    self.summaries = summaries
    unsummarized = Set(missing)
    readDigests = []
    needsFullBuild = false
    return missing
  }

  /// The stored summary of `path` the builder holds (its last graph's, or one set since);
  /// `nil` for a path whose summary a state did not find (``adoptSummaries(_:)``).
  public func storedSummary(of path: String) -> StoredSummary? {
    unsummarized.contains(path) ? nil : summaries[path]
  }

  /// Writes what the builder keeps between updates, after its last graph (when
  /// ``hasState``), or reads it into a builder just made: every stage's tables (the symbol
  /// table, each file's interface and analysis, the per-key tables, the container stage) and
  /// each file's summary digest, in the order of ``paths`` (the summaries themselves are the
  /// summary cache's). A builder that read it takes up the summaries (``adoptSummaries(_:)``)
  /// before its next graph, which then updates the tables as the language server's would
  /// after an edit; unless the settings set by then have the identity the state was made
  /// with (``AnalysisSettings/identity``), that graph is built from scratch.
  ///
  /// The tables are in three sections (``StateSection``), each coded with its own string
  /// and range tables, so that reading decodes them in parallel. They are written as the
  /// writer's trailing parts (``DpendModel/BinaryWriter/appendTrailing(_:)``), not copied
  /// into its bytes: the state is the last thing a coder codes.
  public func codeState(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    let digests = try codeHead(&coder)
    guard coder.isReading else {
      for section in StateSection.allCases { coder.writer.appendTrailing(encoded(section)) }
      return
    }
    readDigests = digests
    var parts: [UnsafeRawBufferPointer] = []
    for _ in StateSection.allCases { parts.append(try coder.reader.readBytesInPlace()) }
    let read = SectionsRead(builder: self, parts: parts)
    let failures = Parallel.map(parts.count, minimum: 2) { index -> SummaryDecodingError? in
      do throws(SummaryDecodingError) {
        var part = BinaryCoder(reading: try BinaryReader(read.parts[index]))
        try read.builder.code(StateSection.allCases[index], &part)
        try part.reader.finish()
        return nil
      } catch {
        return error
      }
    }
    if let failure = failures.lazy.compactMap({ $0 }).first { throw failure }
  }

  /// The parts of the persisted state (``codeState(_:)``): what the container check keeps,
  /// the names (interfaces, the symbol table), and the files' analyses with the
  /// per-key tables (which share their factories, so they stay together). Each codes its own
  /// properties of the builder and no other's: the parts are read on separate threads.
  enum StateSection: CaseIterable {
    case container, names, keys
  }

  /// Codes what precedes the sections: the tables' identity, the paths and each path's
  /// summary digest (those read, when reading).
  fileprivate func codeHead(_ coder: inout BinaryCoder) throws(SummaryDecodingError) -> [UInt64] {
    try coder.code(&tablesIdentity)
    try coder.code(&paths)
    var digests = coder.isReading ? [] : paths.map { summaries[$0]?.contentDigest ?? 0 }
    try coder.code(&digests)
    guard digests.count == paths.count else { throw .malformed("\(digests.count) digests for \(paths.count) files") }
    return digests
  }

  /// `section` coded by a writer of its own, as a trailing part of the state.
  fileprivate func encoded(_ section: StateSection) -> BinaryWriter {
    var part = BinaryCoder()
    // A writer throws nothing.
    try? code(section, &part)
    return part.writer
  }

  /// Codes `section`'s properties.
  private func code(_ section: StateSection, _ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    switch section {
    case .container:
      try coder.code(&containerStage)
      try coder.code(&containerStageIsCurrent)
      try coder.code(&containerFiles)
      try coder.code(&vocabularyFacts)
      try coder.code(&gates)
      try coder.code(&conditionalFiles)
    case .names:
      try coder.code(&interfaces)
      try coder.code(&symbols)
    case .keys:
      try coder.code(&files)
      try coder.code(&keyStage)
    }
  }
}

/// The builder a state is read into and the bytes of each of its sections (in place, while
/// the state's buffer lives), handed to the threads that read the sections: each sets only
/// its own section's properties (``GraphBuilder/StateSection``).
private struct SectionsRead: @unchecked Sendable {
  let builder: GraphBuilder
  let parts: [UnsafeRawBufferPointer]
}

/// Where a one-graph builder writes the state it would keep as its stages finish
/// (``GraphBuilder/graph(extraDiagnostics:streamingStateTo:)``): what ``GraphBuilder/codeState(_:)``
/// writes, after what `head` codes (the host's own part), the tables ``AnalysisHost``'s
/// persisted state holds, handed to `write` piece by piece in order — the head once the files
/// are read, each section once the stages that make it are done. Once `write` throws, nothing
/// more is encoded.
public final class StateStream {
  private let head: (inout BinaryCoder) -> Void
  private let write: (BytePieces) throws -> Void
  private var sectionsWritten = 0
  private var wroteHead = false
  /// What `write` threw.
  private var failure: Error?

  /// A stream whose bytes start with what `head` codes and go to `write`.
  public init(head: @escaping (inout BinaryCoder) -> Void, write: @escaping (BytePieces) throws -> Void) {
    self.head = head
    self.write = write
  }

  /// A graph that did not write the whole state.
  public struct Incomplete: Error, CustomStringConvertible {
    public init() {}
    public var description: String { "the graph did not write its whole state" }
  }

  /// Throws what `write` threw, or ``Incomplete`` unless the head and every section were
  /// written.
  public func finish() throws {
    if let failure { throw failure }
    guard wroteHead, sectionsWritten == GraphBuilder.StateSection.allCases.count else { throw Incomplete() }
  }

  func writeHead(of builder: GraphBuilder) {
    guard !wroteHead, failure == nil else { return }
    var coder = BinaryCoder()
    head(&coder)
    // A writer throws nothing.
    _ = try? builder.codeHead(&coder)
    hand(coder.writer.encodedPieces())
    wroteHead = true
  }

  func write(_ section: GraphBuilder.StateSection, of builder: GraphBuilder) {
    let sections = GraphBuilder.StateSection.allCases
    guard wroteHead, failure == nil, sectionsWritten < sections.count, sections[sectionsWritten] == section else {
      return
    }
    hand(builder.encoded(section).encodedAsPart())
    sectionsWritten += 1
  }

  private func hand(_ pieces: BytePieces) {
    do { try write(pieces) } catch { failure = error }
  }
}
