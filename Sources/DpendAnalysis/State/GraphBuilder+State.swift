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
        summaries[path] = StoredSummary(path: path, bytes: [], contentDigest: digest, shapeDigest: 0)
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
  public func codeState(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&tablesIdentity)
    try coder.code(&paths)
    var digests = coder.isReading ? [] : paths.map { summaries[$0]?.contentDigest ?? 0 }
    try coder.code(&digests)
    guard digests.count == paths.count else { throw .malformed("\(digests.count) digests for \(paths.count) files") }
    if coder.isReading { readDigests = digests }
    try coder.code(&containerStage)
    try coder.code(&containerStageIsCurrent)
    try coder.code(&containerFiles)
    try coder.code(&vocabularyFacts)
    try coder.code(&mentionsOfFile)
    try coder.code(&gateBodyNames)
    try coder.code(&lastAnswers)
    try coder.code(&gateState)
    try coder.code(&gateMentionsChanged)
    try coder.code(&conditionalFiles)
    try coder.code(&interfaces)
    try coder.code(&symbols)
    try coder.code(&files)
    try coder.code(&numbers)
    try coder.code(&slots)
    try coder.code(&slotPaths)
    try coder.code(&slotOfPath)
    try coder.code(&freeSlots)
    try coder.code(&providers)
    try coder.code(&dependents)
    try coder.code(&selections)
    try coder.code(&resolved)
    try coder.code(&candidates)
    try coder.code(&ambiguities)
    try coder.code(&missingFrom)
    try coder.code(&missingErrors)
    try coder.code(&cycles)
  }
}
