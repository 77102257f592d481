/// The binary form of a summary, for a cache on disk: much cheaper to read than the file is
/// to parse again.
///
/// The bytes are a header (`DPSB` and a format version byte), a string table (each distinct
/// string once) and every stored property of the summary and of everything it holds, in
/// declaration order, strings as indices into the table (see ``BinaryWriter``), each type's
/// as its ``BinaryCoded/code(_:)`` codes it. They are read in one pass and checked on every
/// read.
extension FileSummary: BinaryCoded {
  /// The version of the binary form: a cache written by another version is a miss. Bump it
  /// whenever a stored property is added, removed or reordered anywhere in the summary.
  public static let binaryFormatVersion: UInt8 = 21

  /// The bytes every binary summary starts with: `DPSB` and the format version.
  static let binaryHeader: [UInt8] = Array("DPSB".utf8) + [binaryFormatVersion]

  /// The summary's binary form, read back by ``init(binary:)`` to an equal summary.
  public func binaryEncoded() -> [UInt8] {
    binaryEncodedWithDigests().bytes
  }

  /// The summary's binary form and its *content digest*, a ``StableHash`` of all of it but the
  /// line table (the last thing written, which uses no string of the table): two summaries
  /// whose content digests are equal declare, register and resolve the same things at the
  /// same lines, columns and offsets, so every analysis of them answers alike; their texts
  /// may differ after the last thing read (a comment appended, say).
  public func binaryEncodedWithDigests() -> (bytes: [UInt8], contentDigest: UInt64) {
    var coder = BinaryCoder()
    var summary = self
    // A writer throws nothing.
    try? summary.codeAllButLines(&coder)
    let beforeLines = coder.writer.bodyCount
    try? coder.code(&summary.lines)
    let linesSize = coder.writer.bodyCount - beforeLines
    let bytes = coder.writer.encodedWithLayout(prefix: Self.binaryHeader).bytes
    let end = bytes.count - linesSize
    return (bytes, bytes.withUnsafeBytes { StableHash.of(UnsafeRawBufferPointer(rebasing: $0[..<end])) })
  }

  /// An empty summary (to read into).
  public init() { self.init(path: "") }

  /// Every stored property, in declaration order: the line table last.
  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try codeAllButLines(&coder)
    try coder.code(&lines)
  }

  /// Every stored property but the line table.
  private mutating func codeAllButLines(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&path)
    try coder.code(&imports)
    try coder.code(&protocols)
    try coder.code(&types)
    try coder.code(&extensions)
    try coder.code(&typealiases)
    try coder.code(&globalTypes)
    try coder.code(&problems)
    try coder.code(&registrations)
    try coder.code(&resolveSites)
    try coder.code(&siteEdits)
    try coder.code(&keyRanges)
    try coder.code(&vocabulary)
    try coder.code(&receiverNames)
    try coder.code(&mentions)
    try coder.code(&instances)
  }

  /// A reader of a summary's binary form past its header and tables.
  private static func reader(binary bytes: UnsafeRawBufferPointer) throws(SummaryDecodingError) -> BinaryReader {
    try BinaryReader(bytes, header: binaryHeader, what: "a binary summary")
  }

  /// Reads a summary's binary form (``binaryEncoded()``).
  ///
  /// - Throws: ``SummaryDecodingError``: `.unsupportedVersion` for bytes of another format
  ///   version, `.truncated` or `.malformed` for bytes that are not a whole binary summary.
  ///   Never traps and never reads outside `bytes`, whatever they hold.
  public init(binary bytes: UnsafeRawBufferPointer) throws(SummaryDecodingError) {
    var coder = BinaryCoder(reading: try Self.reader(binary: bytes))
    self.init()
    try code(&coder)
    try coder.reader.finish()
  }

  /// Reads a summary's binary form held in an array (``init(binary:)``).
  public init(binary bytes: [UInt8]) throws(SummaryDecodingError) {
    // `withUnsafeBytes` rethrows untyped errors: the result carries the typed one out.
    let result = bytes.withUnsafeBytes { buffer in
      Result { () throws(SummaryDecodingError) in try FileSummary(binary: buffer) }
    }
    self = try result.get()
  }
}

extension LineTable: BinaryCoded {
  /// The table of an empty text (to read into).
  public init() { self.init(plainTextOfCount: 0, lineStarts: [0]) }

  /// Tag 1 and the kept bytes, from which the table is rebuilt; or tag 0, the length and
  /// the line starts as distances from the previous one (each at least 1) for a text whose
  /// bytes are not kept.
  ///
  /// Checks what it reads: the starts begin at 0, ascend and stay within the text, so every
  /// table read is one ``LineTable/init(buffer:)`` could have made.
  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    let stored = storedForm
    var tag = stored.bytes == nil ? 0 : 1
    try coder.codeTag(&tag, below: 2, "line table")
    if tag == 1 {
      var bytes = stored.bytes ?? []
      try coder.codeBytes(&bytes)
      if coder.isReading { self = LineTable(bytes: bytes) }
      return
    }
    var length = UInt64(count)
    try coder.codeUnsigned(&length)
    guard !coder.isReading || length <= UInt64(UInt32.max) else { throw .malformed("a text of \(length) bytes") }
    var starts = stored.lineStarts
    var previous: UInt32 = 0
    var isFirst = true
    try coder.codeArray(&starts, blank: 0) { coder, start throws(SummaryDecodingError) in
      // Wrapping: a text past 4 GiB (whose starts wrapped) writes a distance no reader accepts.
      var distance = UInt64(start &- previous)
      try coder.codeUnsigned(&distance)
      if coder.isReading {
        guard isFirst ? distance == 0 : distance > 0 else { throw .malformed("line starts not ascending from 0") }
        guard distance <= length - UInt64(previous) else { throw .malformed("a line start past the text") }
        start = previous + UInt32(distance)
      }
      isFirst = false
      previous = start
    }
    guard coder.isReading else { return }
    guard !starts.isEmpty else { throw .malformed("a line table without lines") }
    self = LineTable(plainTextOfCount: Int(length), lineStarts: starts)
  }
}
