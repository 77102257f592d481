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
  ///
  /// The tables are in three sections (``StateSections``), each coded with its own string
  /// and range tables, so that reading decodes them in parallel.
  public func codeState(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&tablesIdentity)
    try coder.code(&paths)
    var digests = coder.isReading ? [] : paths.map { summaries[$0]?.contentDigest ?? 0 }
    try coder.code(&digests)
    guard digests.count == paths.count else { throw .malformed("\(digests.count) digests for \(paths.count) files") }
    guard coder.isReading else {
      for section in StateSections.all { section.write(self, &coder.writer) }
      return
    }
    readDigests = digests
    var buffers: [StateSections.Bytes] = []
    for _ in StateSections.all { buffers.append(StateSections.Bytes(buffer: try coder.reader.readBytesInPlace())) }
    let sections = buffers
    let read = Parallel.map(sections.count, minimum: 2) { index in
      Result { () throws(SummaryDecodingError) in try StateSections.all[index].decoded(sections[index].buffer) }
    }
    for (section, result) in zip(StateSections.all, read) { section.adopt(try result.get(), self) }
  }
}

/// The parts of a builder's persisted state (``GraphBuilder/codeState(_:)``): what the
/// container check keeps, the names (mentions, interfaces, the symbol table), and the files'
/// analyses with the per-key tables (which share their factories, so they stay together).
enum StateSections {
  /// One section: how it is encoded from a builder and decoded into one.
  struct Section: Sendable {
    /// Writes the section of a builder, with its own tables, as raw bytes.
    let write: @Sendable (GraphBuilder, inout BinaryWriter) -> Void
    let decoded: @Sendable (UnsafeRawBufferPointer) throws(SummaryDecodingError) -> Decoded
    let adopt: @Sendable (Decoded, GraphBuilder) -> Void
  }

  /// A section's decoded value, handed from the thread that decoded it.
  struct Decoded: @unchecked Sendable {
    let value: Any
  }

  /// A section's bytes, read in place while the state's buffer lives.
  struct Bytes: @unchecked Sendable {
    let buffer: UnsafeRawBufferPointer
  }

  static let all = [section(ContainerPart.self), section(NamePart.self), section(KeyPart.self)]

  private static func section<Part: StatePart>(_: Part.Type) -> Section {
    Section(
      write: { builder, writer in
        var coder = BinaryCoder()
        var part = Part(of: builder)
        // A writer throws nothing.
        try? part.code(&coder)
        writer.writeEncoded(coder.writer)
      },
      decoded: { bytes throws(SummaryDecodingError) in Decoded(value: try BinaryCoder.decoded(Part.self, from: bytes))
      },
      adopt: { decoded, builder in (decoded.value as! Part).adopt(into: builder) })
  }
}

/// A section of the persisted state: taken from a builder, coded, and put back into one.
private protocol StatePart: BinaryCoded, SendableMetatype {
  init(of builder: GraphBuilder)
  func adopt(into builder: GraphBuilder)
}

private struct ContainerPart: StatePart {
  var containerStage = ContainerStage()
  var containerStageIsCurrent = false
  var containerFiles: Set<String> = []
  var vocabularyFacts: [String: VocabularyFacts] = [:]
  var gateBodyNames: [String: Int] = [:]
  var lastAnswers = ContainerAnswers()
  var gateState = GateState()
  var gateMentionsChanged = false
  var conditionalFiles: Set<String> = []

  init() {}

  init(of builder: GraphBuilder) {
    containerStage = builder.containerStage
    containerStageIsCurrent = builder.containerStageIsCurrent
    containerFiles = builder.containerFiles
    vocabularyFacts = builder.vocabularyFacts
    gateBodyNames = builder.gateBodyNames
    lastAnswers = builder.lastAnswers
    gateState = builder.gateState
    gateMentionsChanged = builder.gateMentionsChanged
    conditionalFiles = builder.conditionalFiles
  }

  func adopt(into builder: GraphBuilder) {
    builder.containerStage = containerStage
    builder.containerStageIsCurrent = containerStageIsCurrent
    builder.containerFiles = containerFiles
    builder.vocabularyFacts = vocabularyFacts
    builder.gateBodyNames = gateBodyNames
    builder.lastAnswers = lastAnswers
    builder.gateState = gateState
    builder.gateMentionsChanged = gateMentionsChanged
    builder.conditionalFiles = conditionalFiles
  }

  mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&containerStage)
    try coder.code(&containerStageIsCurrent)
    try coder.code(&containerFiles)
    try coder.code(&vocabularyFacts)
    try coder.code(&gateBodyNames)
    try coder.code(&lastAnswers)
    try coder.code(&gateState)
    try coder.code(&gateMentionsChanged)
    try coder.code(&conditionalFiles)
  }
}

private struct NamePart: StatePart {
  var mentionsOfFile: [String: NameMentions] = [:]
  var interfaces = DeferredTable<String, FileInterface>()
  var symbols = SymbolTable(libraryFactories: [])

  init() {}

  init(of builder: GraphBuilder) {
    mentionsOfFile = builder.mentionsOfFile
    interfaces = builder.interfaces
    symbols = builder.symbols
  }

  func adopt(into builder: GraphBuilder) {
    builder.mentionsOfFile = mentionsOfFile
    builder.interfaces = interfaces
    builder.symbols = symbols
  }

  mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&mentionsOfFile)
    try coder.code(&interfaces)
    try coder.code(&symbols)
  }
}

private struct KeyPart: StatePart {
  var files: [String: FileAnalysis] = [:]
  var numbers = KeyNumbers()
  var slots: [NumberedFactories] = [.empty]
  var slotPaths: [String?] = [nil]
  var slotOfPath: [String: Int32] = [:]
  var freeSlots: [Int32] = []
  var providers: [[FactoryReference]] = []
  var dependents: [[Int32]] = []
  var selections: [ProviderSelection?] = []
  var resolved: [DependencyKey: Factory] = [:]
  var candidates: [DependencyKey: [Factory]] = [:]
  var ambiguities: [DependencyKey: Diagnostic] = [:]
  var missingFrom: [DependencyKey: Set<DependencyKey>] = [:]
  var missingErrors: [DependencyKey: Diagnostic] = [:]
  var cycles = CycleCheck.none

  init() {}

  init(of builder: GraphBuilder) {
    files = builder.files
    numbers = builder.numbers
    slots = builder.slots
    slotPaths = builder.slotPaths
    slotOfPath = builder.slotOfPath
    freeSlots = builder.freeSlots
    providers = builder.providers
    dependents = builder.dependents
    selections = builder.selections
    resolved = builder.resolved
    candidates = builder.candidates
    ambiguities = builder.ambiguities
    missingFrom = builder.missingFrom
    missingErrors = builder.missingErrors
    cycles = builder.cycles
  }

  func adopt(into builder: GraphBuilder) {
    builder.files = files
    builder.numbers = numbers
    builder.slots = slots
    builder.slotPaths = slotPaths
    builder.slotOfPath = slotOfPath
    builder.freeSlots = freeSlots
    builder.providers = providers
    builder.dependents = dependents
    builder.selections = selections
    builder.resolved = resolved
    builder.candidates = candidates
    builder.ambiguities = ambiguities
    builder.missingFrom = missingFrom
    builder.missingErrors = missingErrors
    builder.cycles = cycles
  }

  mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
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
