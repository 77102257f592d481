import DpendModel

/// The binary form of what an ``IndexedSummary`` adds to its summary (the interface and the
/// two flags), kept beside the summary in the summary cache: a file read from the cache then
/// needs no decoding for its interface, only for its analysis.
///
/// The bytes are a header (`DPIF` and a format version byte), then the flags, the interface
/// and the other facts (``Facts``), coded by ``DpendModel/BinaryCoder``; read by
/// ``IndexedSummary/init(_:facts:)``, which checks every read.
extension IndexedSummary {
  /// The version of the facts' binary form; bump it when ``FileInterface`` changes.
  static let factsFormatVersion: UInt8 = 9
  private static let factsHeader: [UInt8] = Array("DPIF".utf8) + [factsFormatVersion]

  /// What the facts hold, in the order coded.
  private struct Facts: BinaryCoded {
    var isContainer = false
    var isConditional = false
    var interface = FileInterface()
    var vocabulary = VocabularyFacts()
    var dialects: [Dialect] = []
    var receiverNames: [String] = []
    var mentions = NameMentions()

    /// The dialects by name (a summary codes a dialect as its index).
    mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
      try coder.code(&isContainer)
      try coder.code(&isConditional)
      try coder.code(&interface)
      try coder.code(&vocabulary)
      try coder.codeArray(&dialects, blank: .thesis) { coder, dialect throws(SummaryDecodingError) in
        var name = dialect.rawValue
        try coder.code(&name)
        guard let named = Dialect(rawValue: name) else { throw .malformed("no dialect") }
        dialect = named
      }
      try coder.code(&receiverNames)
      try coder.code(&mentions)
    }
  }

  /// The interface and flags in binary form.
  public func encodedFacts() -> [UInt8] {
    let facts = Facts(
      isContainer: isContainer, isConditional: isConditional, interface: interface, vocabulary: vocabulary,
      dialects: dialects, receiverNames: receiverNames, mentions: mentions)
    return BinaryCoder.encoded(facts, prefix: Self.factsHeader)
  }

  /// `stored` with the facts `facts` hold (``encodedFacts()``), or `nil` when they are not
  /// a whole, current encoding: the caller then decodes the summary instead.
  public init?(_ stored: StoredSummary, facts: ArraySlice<UInt8>) {
    let result = facts.withUnsafeBytes { buffer in
      Result { () throws(SummaryDecodingError) -> Facts in
        try BinaryCoder.decoded(from: buffer, header: Self.factsHeader, what: "the facts of a summary")
      }
    }
    guard case .success(let read) = result else { return nil }
    self.init(
      stored, interface: read.interface, isContainer: read.isContainer, isConditional: read.isConditional,
      vocabulary: read.vocabulary, dialects: read.dialects, receiverNames: read.receiverNames,
      mentions: read.mentions)
  }
}
