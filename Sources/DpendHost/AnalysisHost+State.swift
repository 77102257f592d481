import DpendAnalysis
import DpendModel

extension AnalysisHost.Entry: BinaryCoded {
  mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&text)
  }
}

extension AnalysisHost {
  /// What the host keeps between changes, after its last graph: each file's text
  /// fingerprint, what the vocabulary is inferred from, and the graph builder's state
  /// (``DpendAnalysis/GraphBuilder/codeState(_:)``). A host made from it
  /// (``init(settings:collection:state:summary:)``) in another process takes the next
  /// change as this one would. `nil` while a document is open (its text is the editor's, not
  /// the disk's) or when the builder keeps nothing (``buildsOneGraph``). In pieces, to be
  /// written away one after another: the state is the largest thing a run writes.
  public func persistedState() -> BytePieces? {
    guard documents.isEmpty, builder.hasState else { return nil }
    var coder = BinaryCoder()
    // A writer throws nothing.
    try? codeState(&coder)
    return coder.writer.encodedPieces()
  }

  /// The graph (``graph(extraDiagnostics:)``) of a host that builds one graph
  /// (``buildsOneGraph``), its state written to `write` piece by piece as the graph is built
  /// (``DpendAnalysis/StateStream``): the tables ``persistedState()`` would give a host that
  /// keeps them, so the command line's first run keeps its state without holding it, or the
  /// tables only updates read, beside the graph. The error is what `write` threw, or
  /// ``DpendAnalysis/StateStream/Incomplete`` when no whole state could be written (a document
  /// is open, or the host keeps its tables).
  public func graph(
    extraDiagnostics: [Diagnostic] = [], streamingStateTo write: @escaping (BytePieces) throws -> Void
  ) -> (graph: DependencyGraph, problem: Error?) {
    let stream = StateStream(
      head: { [unowned self] coder in
        // A writer throws nothing.
        try? self.codeHostPart(&coder)
      }, write: write)
    let graph = builder.graph(extraDiagnostics: extraDiagnostics, streamingStateTo: documents.isEmpty ? stream : nil)
    do {
      try stream.finish()
      return (graph, nil)
    } catch {
      return (graph, error)
    }
  }

  /// A host that goes on from `state` (``persistedState()``'s bytes), reading files with
  /// `collection` and building graphs with `settings` — the caller checked they are the ones
  /// the state was made with. `summary` gives the stored summary of a path with the content
  /// digest given (``DpendAnalysis/GraphBuilder/adoptSummaries(_:)``).
  public convenience init(
    settings: AnalysisSettings, collection: CollectionSettings, state: ArraySlice<UInt8>,
    summary: (String, UInt64) -> StoredSummary?
  ) throws(BuilderStateError) {
    self.init(builder: GraphBuilder(settings: settings))
    // Set before what is read: a new collection forgets every file's fingerprint.
    self.collection = collection
    let read = state.withUnsafeBytes { buffer in
      Result { () throws(SummaryDecodingError) in
        var coder = BinaryCoder(reading: try BinaryReader(buffer))
        try codeState(&coder)
        try coder.reader.finish()
      }
    }
    if case .failure(let error) = read { throw .undecodable(error) }
    // A file whose summary is gone is read again at the next update, as a changed one.
    for path in builder.adoptSummaries(summary) {
      fingerprintsOfState[path] = entries[path]?.text
      entries[path]?.text = nil
    }
    for path in entries.keys { storedSummaries[path] = builder.storedSummary(of: path) }
  }

  /// The fingerprint of the text of `path` the host's persisted state was made from
  /// (``init(settings:collection:state:summary:)``); `nil` for a path it did not hold. Only
  /// before the first update: after it, the fingerprint of the text read.
  public func fingerprintOfState(_ path: String) -> TextFingerprint? {
    fingerprintsOfState[path] ?? entries[path]?.text
  }

  /// The stored summary of `path` the host's graph reads (while it keeps one).
  public func storedSummary(of path: String) -> StoredSummary? { builder.storedSummary(of: path) }

  /// Codes what the host keeps, then the builder's state.
  private func codeState(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try codeHostPart(&coder)
    try builder.codeState(&coder)
  }

  /// Codes what the host keeps besides its builder.
  private func codeHostPart(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&entries)
    try coder.code(&vocabularyFacts)
    try coder.code(&importedDialects)
    try coder.code(&receiverNames)
    try coder.code(&vocabularyFactsChanged)
  }
}
