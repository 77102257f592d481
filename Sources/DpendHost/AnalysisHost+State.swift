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
  /// (``DpendAnalysis/GraphBuilder/persistedState()``). A host made from it
  /// (``init(settings:collection:state:summary:)``) in another process takes the next
  /// change as this one would. `nil` while a document is open (its text is the editor's, not
  /// the disk's) or when the builder keeps nothing (``buildsOneGraph``).
  public func persistedState() -> [UInt8]? {
    guard documents.isEmpty, var builderState = builder.persistedState() else { return nil }
    var coder = BinaryCoder()
    // A writer throws nothing.
    try? codeState(&coder, builder: &builderState)
    return coder.writer.encoded()
  }

  /// A host that goes on from `state` (``persistedState()``), reading files with
  /// `collection` and building graphs with `settings` — the caller checked they are the ones
  /// the state was made with. `summary` gives the stored summary of a path with the content
  /// digest given (``DpendAnalysis/GraphBuilder/init(settings:state:summary:)``).
  public convenience init(
    settings: AnalysisSettings, collection: CollectionSettings, state: ArraySlice<UInt8>,
    summary: (String, UInt64) -> StoredSummary?
  ) throws(BuilderStateError) {
    var builderState: [UInt8] = []
    var entries: [String: Entry] = [:]
    var vocabularyFacts: [String: VocabularyFacts] = [:]
    var importedDialects: [String: [Dialect]] = [:]
    var receiverNames: [String: [String]] = [:]
    var vocabularyFactsChanged = false
    let read = state.withUnsafeBytes { buffer in
      Result { () throws(SummaryDecodingError) in
        var coder = BinaryCoder(reading: try BinaryReader(buffer))
        try coder.code(&entries)
        try coder.code(&vocabularyFacts)
        try coder.code(&importedDialects)
        try coder.code(&receiverNames)
        try coder.code(&vocabularyFactsChanged)
        try coder.codeBytes(&builderState)
        try coder.reader.finish()
      }
    }
    if case .failure(let error) = read { throw .undecodable(error) }
    let builder = try GraphBuilder(settings: settings, state: builderState, summary: summary)
    self.init(builder: builder)
    self.collection = collection
    self.entries = entries
    self.vocabularyFacts = vocabularyFacts
    self.importedDialects = importedDialects
    self.receiverNames = receiverNames
    self.vocabularyFactsChanged = vocabularyFactsChanged
    for path in entries.keys { storedSummaries[path] = builder.storedSummary(of: path) }
  }

  /// The stored summary of `path` the host's graph reads (while it keeps one).
  public func storedSummary(of path: String) -> StoredSummary? { builder.storedSummary(of: path) }

  private func codeState(_ coder: inout BinaryCoder, builder builderState: inout [UInt8]) throws(SummaryDecodingError) {
    try coder.code(&entries)
    try coder.code(&vocabularyFacts)
    try coder.code(&importedDialects)
    try coder.code(&receiverNames)
    try coder.code(&vocabularyFactsChanged)
    try coder.codeBytes(&builderState)
  }
}
