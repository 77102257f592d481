/// Reads what a ``BinaryWriter`` wrote, in one pass over a byte buffer.
///
/// Every read checks the bytes left and throws ``SummaryDecodingError`` instead of trapping:
/// `.truncated` when the bytes end too early, `.malformed` when they hold something no
/// writer writes. A count is checked against the bytes left before anything is allocated
/// for it, so a corrupt count costs nothing. The buffer must outlive the reader.
public struct BinaryReader {
  /// The bytes read.
  private let buffer: UnsafeRawBufferPointer
  /// The offset of the next byte to read.
  public private(set) var offset: Int
  /// The string table, read first.
  private var strings: [String] = []
  /// The range table, read second: every range the values refer to, in order of writing.
  public private(set) var ranges: [SourceRange] = []

  /// A reader of `buffer`, which starts with `header` (a format's magic, its last byte the
  /// format's version), from the tables after it.
  /// - Throws: `.truncated` for fewer bytes than the header, `.malformed` for another magic
  ///   (`what` names the format: "not \(what)"), `.unsupportedVersion` for another version.
  public init(_ buffer: UnsafeRawBufferPointer, header: [UInt8], what: String) throws(SummaryDecodingError) {
    guard buffer.count >= header.count else { throw .truncated }
    guard buffer.prefix(header.count - 1).elementsEqual(header.prefix(header.count - 1)) else {
      throw .malformed("not \(what)")
    }
    let version = buffer[header.count - 1]
    guard version == header[header.count - 1] else { throw .unsupportedVersion(Int(version)) }
    try self.init(buffer, stringTableAt: header.count)
  }

  /// A reader of `buffer` whose string table starts at `offset` (after a format's header);
  /// reads the string and range tables.
  public init(_ buffer: UnsafeRawBufferPointer, stringTableAt offset: Int = 0) throws(SummaryDecodingError) {
    self.buffer = buffer
    guard offset >= 0 && offset <= buffer.count else { throw .truncated }
    self.offset = offset
    // Every string takes at least its length's byte.
    let count = try readCount(elementSize: 1)
    var strings: [String] = []
    strings.reserveCapacity(count)
    for _ in 0..<count { strings.append(try readUTF8()) }
    self.strings = strings
    // Every range takes at least seven bytes.
    let rangeCount = try readCount(elementSize: 7)
    var ranges: [SourceRange] = []
    ranges.reserveCapacity(rangeCount)
    for _ in 0..<rangeCount {
      let file = try readString()
      let start = SourcePosition(line: try readSigned(), column: try readSigned(), offset: try readSigned())
      let end = SourcePosition(
        line: start.line &+ (try readSigned()), column: start.column &+ (try readSigned()),
        offset: start.offset &+ (try readSigned()))
      ranges.append(SourceRange(file: file, start: start, end: end))
    }
    self.ranges = ranges
  }

  /// A reader of nothing (what a coder that writes holds).
  public init() {
    buffer = UnsafeRawBufferPointer(start: nil, count: 0)
    offset = 0
  }

  /// Reads a range: an index into the range table.
  public mutating func readRange() throws(SummaryDecodingError) -> SourceRange {
    let index = try readUnsigned()
    guard index < UInt64(ranges.count) else { throw .malformed("range \(index) past the table") }
    return ranges[Int(index)]
  }

  /// How many bytes are left.
  public var remaining: Int { buffer.count - offset }

  /// Throws unless every byte was read.
  public func finish() throws(SummaryDecodingError) {
    guard remaining == 0 else { throw .malformed("\(remaining) trailing bytes") }
  }

  /// Reads one byte.
  public mutating func readByte() throws(SummaryDecodingError) -> UInt8 {
    guard offset < buffer.count else { throw .truncated }
    let byte = buffer[offset]
    offset += 1
    return byte
  }

  /// Reads an unsigned LEB128 varint of at most 64 bits.
  public mutating func readUnsigned() throws(SummaryDecodingError) -> UInt64 {
    var result: UInt64 = 0
    var shift: UInt64 = 0
    while true {
      let byte = try readByte()
      // The tenth byte holds the 64th bit only.
      if shift == 63 && byte > 1 { throw .malformed("a varint longer than 64 bits") }
      result |= UInt64(byte & 0x7F) << shift
      if byte < 0x80 { return result }
      shift += 7
    }
  }

  /// Reads eight bytes, little-endian (``BinaryWriter/writeFixed64(_:)``).
  public mutating func readFixed64() throws(SummaryDecodingError) -> UInt64 {
    guard remaining >= 8 else { throw .truncated }
    let value = buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
    offset += 8
    return UInt64(littleEndian: value)
  }

  /// Reads a zig-zag encoded `Int`.
  public mutating func readSigned() throws(SummaryDecodingError) -> Int {
    let value = try readUnsigned()
    return Int(truncatingIfNeeded: Int64(bitPattern: (value >> 1) ^ (0 &- (value & 1))))
  }

  /// Reads a count of elements each taking at least `elementSize` bytes (at least 1), or
  /// an index: throws `.truncated` when the bytes left cannot hold that many, before
  /// anything is allocated.
  public mutating func readCount(elementSize: Int = 1) throws(SummaryDecodingError) -> Int {
    let value = try readUnsigned()
    guard value <= UInt64(remaining / max(elementSize, 1)) else { throw .truncated }
    return Int(value)
  }

  /// Reads a `Bool`: one byte, 0 or 1.
  public mutating func readBool() throws(SummaryDecodingError) -> Bool {
    switch try readByte() {
    case 0: return false
    case 1: return true
    case let byte: throw .malformed("\(byte) is no Bool")
    }
  }

  /// Reads a string: an index into the string table.
  public mutating func readString() throws(SummaryDecodingError) -> String {
    let index = try readUnsigned()
    guard index < UInt64(strings.count) else { throw .malformed("string \(index) past the table") }
    return strings[Int(index)]
  }

  /// Reads an optional string: 0 for `nil`, else an index into the string table plus one.
  public mutating func readOptionalString() throws(SummaryDecodingError) -> String? {
    let index = try readUnsigned()
    guard index > 0 else { return nil }
    guard index <= UInt64(strings.count) else { throw .malformed("string \(index - 1) past the table") }
    return strings[Int(index - 1)]
  }

  /// Reads raw bytes: their count, then the bytes.
  public mutating func readBytes() throws(SummaryDecodingError) -> [UInt8] {
    let count = try readCount()
    let bytes = [UInt8](buffer[offset..<offset + count])
    offset += count
    return bytes
  }

  /// Reads raw bytes as they lie in the buffer: their count, then a view of the bytes, valid
  /// as long as the buffer is (no copy).
  public mutating func readBytesInPlace() throws(SummaryDecodingError) -> UnsafeRawBufferPointer {
    let count = try readCount()
    let bytes = UnsafeRawBufferPointer(rebasing: buffer[offset..<offset + count])
    offset += count
    return bytes
  }

  /// Reads one of `cases` by its index: the stable small integer an enum is written as.
  public mutating func readCase<Value>(of cases: [Value], _ what: String) throws(SummaryDecodingError) -> Value {
    let index = try readUnsigned()
    guard index < UInt64(cases.count) else { throw .malformed("\(index) is no \(what)") }
    return cases[Int(index)]
  }

  /// Reads a string of the string table: its UTF-8 length, then its bytes, which must be
  /// valid UTF-8.
  private mutating func readUTF8() throws(SummaryDecodingError) -> String {
    let length = try readCount()
    guard length > 0, let base = buffer.baseAddress else { return "" }
    let bytes = UnsafeBufferPointer(start: (base + offset).assumingMemoryBound(to: UInt8.self), count: length)
    guard let string = String(validating: bytes, as: UTF8.self) else { throw .malformed("a string not UTF-8") }
    offset += length
    return string
  }
}
