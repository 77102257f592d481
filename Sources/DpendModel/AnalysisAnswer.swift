/// What the command line reports of one analysis: kept beside the summary cache with a
/// digest of everything it was computed from, so that a run whose inputs are all unchanged
/// answers without building the graph. Holds exactly what `dpend analyze` and
/// `dpend generate` print, nothing of the graph itself.
public struct AnalysisAnswer: Hashable, Sendable {
  /// Every diagnostic, in reporting order.
  public var diagnostics: [Diagnostic]
  /// The notes `--verbose` lists: the app's inferred helpers, then the container
  /// registrations and resolve sites that could not be read.
  public var unread: [Diagnostic]
  /// The container code's counts: registrations read and unread, resolve sites checked and
  /// unread.
  public var registrationsRead = 0
  public var registrationsUnread = 0
  public var resolvesChecked = 0
  public var resolvesUnread = 0
  /// The build configurations the container check analysed.
  public var configurations: [[String]] = [[]]
  /// The keys the analysed code needs and does not provide (a library's requirements).
  public var unprovidedKeys: [DependencyKey]
  /// The fingerprint of each output `dpend generate` wrote from this analysis, by the
  /// container kind it was generated for (`dip`, `static`, `swinject`, or `library`).
  public var outputs: [String: TextFingerprint]

  /// Creates an answer.
  public init(
    diagnostics: [Diagnostic], unread: [Diagnostic] = [], unprovidedKeys: [DependencyKey] = [],
    outputs: [String: TextFingerprint] = [:]
  ) {
    self.diagnostics = diagnostics
    self.unread = unread
    self.unprovidedKeys = unprovidedKeys
    self.outputs = outputs
  }

  public static func == (lhs: AnalysisAnswer, rhs: AnalysisAnswer) -> Bool {
    lhs.diagnostics == rhs.diagnostics && lhs.unread == rhs.unread && lhs.registrationsRead == rhs.registrationsRead
      && lhs.registrationsUnread == rhs.registrationsUnread && lhs.resolvesChecked == rhs.resolvesChecked
      && lhs.resolvesUnread == rhs.resolvesUnread && lhs.configurations == rhs.configurations
      && lhs.unprovidedKeys == rhs.unprovidedKeys && lhs.outputs == rhs.outputs
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(diagnostics)
    hasher.combine(unread)
    hasher.combine(configurations)
    hasher.combine(outputs)
  }

  /// `true` when some diagnostic is an error.
  public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

  /// Every range the answer holds, in a fixed order: each diagnostic's range then its
  /// notes', the diagnostics before the unread.
  public var ranges: [SourceRange] {
    (diagnostics + unread).flatMap { [$0.range] + $0.notes.map(\.range) }
  }
}

extension AnalysisAnswer: BinaryCoded {
  /// The bytes every binary answer starts with: `DPAN` and a format version byte, bumped
  /// whenever a stored property changes.
  static let binaryHeader: [UInt8] = Array("DPAN".utf8) + [5]

  /// An empty answer (to read into).
  public init() { self.init(diagnostics: []) }

  /// The diagnostics and the unread, the four counts and the configurations' count (each at
  /// most `Int32.max` when read), the configurations, the unprovided keys (a key's tag in
  /// one varint) and the outputs, in the order of their container kinds.
  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&diagnostics)
    try coder.code(&unread)
    func number(_ value: inout Int) throws(SummaryDecodingError) {
      var wide = UInt64(value)
      try coder.codeUnsigned(&wide)
      guard !coder.isReading || wide <= UInt64(Int32.max) else { throw .malformed("a count of \(wide)") }
      value = Int(wide)
    }
    try number(&registrationsRead)
    try number(&registrationsUnread)
    try number(&resolvesChecked)
    try number(&resolvesUnread)
    var configurationCount = configurations.count
    try number(&configurationCount)
    try coder.code(&configurations)
    guard configurations.count == configurationCount else { throw .malformed("configurations miscounted") }
    try coder.codeArray(&unprovidedKeys, blank: DependencyKey()) { coder, key throws(SummaryDecodingError) in
      try coder.code(&key.name)
      try coder.codeOptionalString(&key.tag)
    }
    var outputList = outputs.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    try coder.codeArray(&outputList, blank: ("", TextFingerprint())) { coder, output throws(SummaryDecodingError) in
      try coder.code(&output.0)
      try coder.codeUnsigned(&output.1.hash)
      var length = UInt64(output.1.length)
      try coder.codeUnsigned(&length)
      guard length <= UInt64(Int.max) else { throw .malformed("an output of \(length) bytes") }
      output.1.length = Int(length)
    }
    if coder.isReading { outputs = Dictionary(outputList, uniquingKeysWith: { _, last in last }) }
  }

  /// The answer's binary form, read back by ``init(binary:)`` to an equal answer.
  public func binaryEncoded() -> [UInt8] {
    BinaryCoder.encoded(self, prefix: Self.binaryHeader)
  }

  /// Reads an answer's binary form (``binaryEncoded()``).
  /// - Throws: ``SummaryDecodingError`` for bytes that are not a whole binary answer of this
  ///   format; never traps and never reads outside `bytes`.
  public init(binary bytes: UnsafeRawBufferPointer) throws(SummaryDecodingError) {
    self = try BinaryCoder.decoded(from: bytes, header: Self.binaryHeader, what: "a binary answer")
  }
}
