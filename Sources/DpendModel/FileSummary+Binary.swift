/// The binary form of a summary, for a cache on disk: much cheaper to read than the file is
/// to parse again.
///
/// The bytes are a header (`DPSB` and a format version byte), a string table (each distinct
/// string once) and every stored property of the summary and of everything it holds, in
/// declaration order, strings as indices into the table (see ``BinaryWriter``). They are
/// read in one pass and checked on every read.
extension FileSummary {
  /// The version of the binary form: a cache written by another version is a miss. Bump it
  /// whenever a stored property is added, removed or reordered anywhere in the summary.
  public static let binaryFormatVersion: UInt8 = 11

  /// The bytes every binary summary starts with: `DPSB` and the format version.
  static let binaryHeader: [UInt8] = Array("DPSB".utf8) + [binaryFormatVersion]

  /// The summary's binary form, read back by ``init(binary:)`` to an equal summary.
  public func binaryEncoded() -> [UInt8] {
    binaryEncodedWithDigests().bytes
  }

  /// The summary's binary form and two ``StableHash``es of it.
  ///
  /// - The *content digest* covers all of it but the line table (the last thing written,
  ///   which uses no string of the table): two summaries whose content digests are equal
  ///   declare, register and resolve the same things at the same lines, columns and offsets,
  ///   so every analysis of them answers alike; their texts may differ after the last thing
  ///   read (a comment appended, say).
  /// - The *shape digest* leaves out the range table too: two summaries whose shape digests
  ///   are equal declare, register and resolve the same things in the same order, perhaps at
  ///   other positions (a line inserted above them, a body edited). Their ranges correspond
  ///   one to one, in the order of ``ranges(binary:)``.
  public func binaryEncodedWithDigests() -> (bytes: [UInt8], contentDigest: UInt64, shapeDigest: UInt64) {
    var writer = BinaryWriter()
    writer.writeString(path)
    writer.write(imports)
    writer.write(protocols)
    writer.write(types)
    writer.write(extensions)
    writer.write(typealiases)
    writer.write(problems)
    writer.write(registrations)
    writer.write(resolveSites)
    writer.write(siteEdits)
    writer.write(keyRanges)
    writer.write(vocabulary)
    writer.write(receiverNames)
    writer.write(mentions)
    writer.write(instances)
    let beforeLines = writer.bodyCount
    writer.write(lines)
    let linesSize = writer.bodyCount - beforeLines
    let (bytes, layout) = writer.encodedWithLayout(prefix: Self.binaryHeader)
    let end = bytes.count - linesSize
    let content = StableHash.of(bytes[..<end])
    let shape = StableHash.of(bytes[..<layout.rangeTable] + bytes[layout.values..<end])
    return (bytes, content, shape)
  }

  /// The ranges of a summary's binary form, in the order its values refer to them: the
  /// ranges of two summaries with equal shape digests (``binaryEncodedWithDigests()``)
  /// correspond index for index. Reads only the string and range tables.
  public static func ranges(binary bytes: UnsafeRawBufferPointer) throws(SummaryDecodingError) -> [SourceRange] {
    try reader(binary: bytes).ranges
  }

  /// The summary's ranges, in the order of ``ranges(binary:)``.
  public var ranges: [SourceRange] {
    binaryEncoded().withUnsafeBytes { (try? Self.ranges(binary: $0)) ?? [] }
  }

  /// A reader of a summary's binary form past its header and tables.
  private static func reader(binary bytes: UnsafeRawBufferPointer) throws(SummaryDecodingError) -> BinaryReader {
    let header = Self.binaryHeader
    guard bytes.count >= header.count else { throw .truncated }
    guard bytes.prefix(header.count - 1).elementsEqual(header.prefix(header.count - 1)) else {
      throw .malformed("not a binary summary")
    }
    let version = bytes[header.count - 1]
    guard version == Self.binaryFormatVersion else { throw .unsupportedVersion(Int(version)) }
    return try BinaryReader(bytes, stringTableAt: header.count)
  }

  /// Reads a summary's binary form (``binaryEncoded()``).
  ///
  /// - Throws: ``SummaryDecodingError``: `.unsupportedVersion` for bytes of another format
  ///   version, `.truncated` or `.malformed` for bytes that are not a whole binary summary.
  ///   Never traps and never reads outside `bytes`, whatever they hold.
  public init(binary bytes: UnsafeRawBufferPointer) throws(SummaryDecodingError) {
    var reader = try Self.reader(binary: bytes)
    self.init(path: try reader.readString())
    imports = try reader.readStrings()
    protocols = try reader.read()
    types = try reader.read()
    extensions = try reader.read()
    typealiases = try reader.read()
    problems = try reader.read()
    registrations = try reader.read()
    resolveSites = try reader.read()
    siteEdits = try reader.read()
    keyRanges = try reader.read()
    vocabulary = try reader.read()
    receiverNames = try reader.readStrings()
    mentions = try reader.read()
    instances = try reader.read()
    lines = try reader.read()
    try reader.finish()
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

extension LineTable: BinaryCodable {
  /// Tag 1 and the kept bytes, from which the table is rebuilt; or tag 0, the length and
  /// the line starts as distances from the previous one (each at least 1) for a text whose
  /// bytes are not kept.
  func write(to writer: inout BinaryWriter) {
    let stored = storedForm
    if let bytes = stored.bytes {
      writer.writeCount(1)
      writer.writeBytes(bytes)
      return
    }
    writer.writeCount(0)
    writer.writeCount(count)
    writer.writeCount(stored.lineStarts.count)
    var previous: UInt32 = 0
    for start in stored.lineStarts {
      // Wrapping: a text past 4 GiB (whose starts wrapped) writes a distance no reader accepts.
      writer.writeUnsigned(UInt64(start &- previous))
      previous = start
    }
  }

  /// Checks what it reads: the starts begin at 0, ascend and stay within the text, so every
  /// table read is one ``LineTable/init(buffer:)`` could have made.
  init(from reader: inout BinaryReader) throws(SummaryDecodingError) {
    switch try reader.readUnsigned() {
    case 0:
      let length = try reader.readUnsigned()
      guard length <= UInt64(UInt32.max) else { throw .malformed("a text of \(length) bytes") }
      var start: UInt64 = 0
      var isFirst = true
      let starts = try reader.readArray { (reader) throws(SummaryDecodingError) -> UInt32 in
        let distance = try reader.readUnsigned()
        guard isFirst ? distance == 0 : distance > 0 else { throw .malformed("line starts not ascending from 0") }
        guard distance <= length - start else { throw .malformed("a line start past the text") }
        isFirst = false
        start += distance
        return UInt32(start)
      }
      guard !starts.isEmpty else { throw .malformed("a line table without lines") }
      self.init(plainTextOfCount: Int(length), lineStarts: starts)
    case 1:
      self.init(bytes: try reader.readBytes())
    case let tag:
      throw .malformed("\(tag) is no line table")
    }
  }
}
