#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why bytes are not a binary summary (``FileSummary/init(binary:)``): a cache treats any of
/// these as a miss and summarizes the file again.
public enum SummaryDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The bytes end in the middle of a value, or a count asks for more elements than the
  /// bytes left could hold.
  case truncated
  /// The bytes hold something no encoder writes: an unknown enum case, a string index past
  /// the string table, invalid UTF-8, bytes after the end, ….
  case malformed(String)
  /// The bytes were written by another version of the format (the version found).
  case unsupportedVersion(Int)

  public var description: String {
    switch self {
    case .truncated: return "truncated binary summary"
    case .malformed(let reason): return "malformed binary summary: \(reason)"
    case .unsupportedVersion(let version): return "binary summary of unsupported format version \(version)"
    }
  }
}

/// Writes values in dpend's compact binary form, read back by ``BinaryReader``.
///
/// Integers are LEB128 varints (signed ones zig-zag encoded first), a `Bool` one byte, an
/// array its count then its elements. Each distinct string is written once, in a string
/// table before the values, and referred to by its index: a summary repeats its file's path
/// in every range. Each range is written to a range table after the string table, in order
/// of writing, and the values hold its index: the values alone say what a summary declares
/// and where in its structure, the range table where in the text (``Layout``).
/// ``encoded(prefix:)`` gives the tables followed by the values.
public struct BinaryWriter {
  /// The values written so far, without the tables.
  private var body: [UInt8] = []
  /// The strings referred to, in order of first use.
  private var strings: [String] = []
  /// The index of each string in ``strings``.
  /// The number of each string in ``strings``, by the hash of its bytes.
  private var indices = OpenTable()
  /// The range table's entries, encoded as each range is written (its file's string index,
  /// its start's line, column and offset, and its end as distances from the start): a few
  /// bytes a range, where the ranges themselves would hold a string and six integers each.
  private var rangeEntries: [UInt8] = []
  /// How many ranges were written.
  private var rangeCount = 0
  /// The file of the last range written and its string index: a summary's ranges are
  /// nearly all in its own file, whose path then is not hashed again for each one.
  private var lastFile: (path: String, index: Int)?
  /// The encodings of the writers whose bytes follow every value this one writes
  /// (``appendTrailing(_:)``).
  private var trailing: [BytePieces] = []

  /// Where the parts of ``encoded(prefix:)``'s bytes start.
  public struct Layout: Sendable {
    /// The range table's first byte (the string table ends there).
    public var rangeTable: Int
    /// The values' first byte (the range table ends there).
    public var values: Int
  }

  /// An empty writer, with room for a typical summary's values.
  public init() {
    self.init(capacity: 2048)
  }

  /// An empty writer with room for `capacity` bytes of values.
  public init(capacity: Int) {
    body.reserveCapacity(capacity)
  }

  /// `true` when `a` and `b` have the same UTF-8 bytes (not only equal characters).
  fileprivate static func sameBytes(_ a: String, _ b: String) -> Bool {
    var a = a
    var b = b
    guard a.utf8.count == b.utf8.count else { return false }
    return a.withUTF8 { left in
      b.withUTF8 { right in left.isEmpty || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0 }
    }
  }

  /// Writes `value` as an unsigned LEB128 varint: 7 bits a byte, low bits first, the high
  /// bit set on every byte but the last.
  public mutating func writeUnsigned(_ value: UInt64) {
    Self.append(value, to: &body)
  }

  /// Appends `value` to `bytes` as a LEB128 varint.
  private static func append(_ value: UInt64, to bytes: inout [UInt8]) {
    var rest = value
    while rest >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
      rest >>= 7
    }
    bytes.append(UInt8(truncatingIfNeeded: rest))
  }

  /// Appends `value` to `bytes` zig-zag encoded, as ``writeSigned(_:)`` writes it.
  private static func appendSigned(_ value: Int, to bytes: inout [UInt8]) {
    let wide = Int64(value)
    append(UInt64(bitPattern: (wide << 1) ^ (wide >> 63)), to: &bytes)
  }

  /// Writes a count or an index (never negative).
  public mutating func writeCount(_ count: Int) {
    writeUnsigned(UInt64(UInt(bitPattern: count)))
  }

  /// Writes any `Int`, zig-zag encoded so that small negative values stay small.
  public mutating func writeSigned(_ value: Int) {
    let wide = Int64(value)
    writeUnsigned(UInt64(bitPattern: (wide << 1) ^ (wide >> 63)))
  }

  /// Writes `value` whole: eight bytes, little-endian (a hash, whose bits are all used,
  /// would take ten as a varint).
  public mutating func writeFixed64(_ value: UInt64) {
    withUnsafeBytes(of: value.littleEndian) { body.append(contentsOf: $0) }
  }

  /// How many bytes of values have been written (the string table not counted).
  public var bodyCount: Int { body.count }

  /// Writes `value` as one byte, 0 or 1.
  public mutating func writeBool(_ value: Bool) {
    body.append(value ? 1 : 0)
  }

  /// Writes `value` as its index in the string table, adding it to the table on first use.
  public mutating func writeString(_ value: String) {
    writeCount(index(of: value))
  }

  /// Writes an optional string in one varint: 0 for `nil`, else its index plus one.
  public mutating func writeOptionalString(_ value: String?) {
    guard let value else { return writeCount(0) }
    writeCount(index(of: value) + 1)
  }

  /// Writes raw bytes: their count, then the bytes themselves.
  public mutating func writeBytes(_ bytes: [UInt8]) {
    writeCount(bytes.count)
    body.append(contentsOf: bytes)
  }

  /// Writes raw bytes: their count, then the bytes themselves.
  public mutating func writeBytes(_ bytes: ArraySlice<UInt8>) {
    writeCount(bytes.count)
    body.append(contentsOf: bytes)
  }

  /// Writes `value` as its index in `cases`: the stable small integer an enum is written as
  /// (`cases` lists every case, in an order that never changes). A value missing from
  /// `cases` is a programming error.
  public mutating func writeCase<Value: Equatable>(_ value: Value, of cases: [Value]) {
    guard let index = cases.firstIndex(of: value) else { preconditionFailure("\(value) missing from its case list") }
    writeCount(index)
  }

  /// Writes `range` as its index in the range table (a new entry each time).
  public mutating func writeRange(_ range: SourceRange) {
    writeCount(rangeCount)
    rangeCount += 1
    let file: Int
    if let lastFile, Self.sameBytes(lastFile.path, range.file) {
      file = lastFile.index
    } else {
      file = index(of: range.file)
      lastFile = (range.file, file)
    }
    Self.append(UInt64(file), to: &rangeEntries)
    Self.appendSigned(range.start.line, to: &rangeEntries)
    Self.appendSigned(range.start.column, to: &rangeEntries)
    Self.appendSigned(range.start.offset, to: &rangeEntries)
    Self.appendSigned(range.end.line &- range.start.line, to: &rangeEntries)
    Self.appendSigned(range.end.column &- range.start.column, to: &rangeEntries)
    Self.appendSigned(range.end.offset &- range.start.offset, to: &rangeEntries)
  }

  /// The string table, the range table and everything written, after `prefix` (a format's
  /// header).
  public func encoded(prefix: [UInt8] = []) -> [UInt8] {
    encodedWithLayout(prefix: prefix).bytes
  }

  /// ``encoded(prefix:)``'s bytes as the pieces they are made of, none copied into one
  /// array: for bytes written away piece by piece (a large file would otherwise be in
  /// memory twice while it is written).
  public func encodedPieces(prefix: [UInt8] = []) -> BytePieces {
    BytePieces([tables(prefix: prefix, room: 0).writer.body, body] + trailingPieces())
  }

  /// The pieces of the trailing parts' encodings, each after its count.
  private func trailingPieces() -> [[UInt8]] {
    trailing.flatMap { Self.part($0).pieces }
  }

  /// ``encodedPieces(prefix:)`` as a trailing part of another writer's bytes would be
  /// (``appendTrailing(_:)``): after its count. For a file written part by part.
  public func encodedAsPart() -> BytePieces {
    Self.part(encodedPieces())
  }

  /// `encoded` after its count.
  private static func part(_ encoded: BytePieces) -> BytePieces {
    var count = BinaryWriter(capacity: 10)
    count.writeCount(encoded.count)
    return BytePieces([count.body] + encoded.pieces)
  }

  /// ``encoded(prefix:)``'s bytes and where their parts start. A range is its file (a
  /// string index), its start's line, column and offset, and its end as distances from the
  /// start: small numbers, so one or two bytes each.
  public func encodedWithLayout(prefix: [UInt8] = []) -> (bytes: [UInt8], layout: Layout) {
    let rest = BytePieces(trailingPieces())
    var (table, rangeTable) = tables(prefix: prefix, room: body.count + rest.count)
    let values = table.body.count
    table.body.append(contentsOf: body)
    for piece in rest.pieces { table.body.append(contentsOf: piece) }
    // Kept for as long as the file is analysed (``StoredSummary``): no slack.
    let exact = [UInt8](unsafeUninitializedCapacity: table.body.count) { buffer, count in
      count = buffer.initialize(fromContentsOf: table.body)
    }
    return (exact, Layout(rangeTable: rangeTable, values: values))
  }

  /// Writes what `other` wrote, as ``encoded(prefix:)`` gives it, as raw bytes (their count,
  /// then the bytes) after every value this writer writes, before this call or after it: a
  /// part of a larger file with tables of its own, which a reader reads after everything
  /// else. It is encoded now, so that what it kept to make its tables (its strings' index,
  /// its ranges) can go while the next part is written; its bytes are not copied into this
  /// writer's: ``encodedPieces(prefix:)`` hands them on as they are.
  public mutating func appendTrailing(_ other: BinaryWriter) {
    trailing.append(other.encodedPieces())
  }

  /// `prefix`, then the string and range tables, with room for `room` bytes more; and where
  /// the range table starts.
  private func tables(prefix: [UInt8], room: Int) -> (writer: BinaryWriter, rangeTable: Int) {
    var table = BinaryWriter()
    table.body.reserveCapacity(
      prefix.count + 16 + strings.reduce(0) { $0 + $1.utf8.count + 2 } + rangeEntries.count + 10 + room)
    table.body.append(contentsOf: prefix)
    table.writeCount(strings.count)
    for string in strings {
      table.writeCount(string.utf8.count)
      table.body.append(contentsOf: string.utf8)
    }
    let rangeTable = table.body.count
    table.writeCount(rangeCount)
    table.body.append(contentsOf: rangeEntries)
    return (table, rangeTable)
  }

  /// `value`'s index in the string table, added on first use. Strings Swift calls equal
  /// may differ in their bytes (`é` composed or not): each spelling gets its own entry, so
  /// every string reads back byte for byte.
  private mutating func index(of value: String) -> Int {
    var value = value
    let hash = value.withUTF8 { StableHash.of($0) }
    if let index = indices.number(hash: hash, matches: { Self.sameBytes(strings[$0], value) }) { return index }
    strings.append(value)
    indices.insert(hash: hash)
    return strings.count - 1
  }
}
