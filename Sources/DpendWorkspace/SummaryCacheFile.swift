import DpendModel

/// The bytes of a summary cache file, read in one pass and checked whole.
///
/// Layout, integers little-endian: the magic `DPNDSUM1`; the identity (`u32` length, UTF-8),
/// which names the format, dpend's build and the collection settings; the entry count
/// (`u32`); each entry's path (`u32` length, UTF-8), text hash (`u64`), text length (`u32`),
/// the summary's content and shape digests (`u64` each,
/// ``DpendModel/FileSummary/binaryEncodedWithDigests()``), the summary (`u32` length,
/// ``DpendModel/FileSummary`` binary encoding) and its facts (`u32` length,
/// ``DpendAnalysis/IndexedSummary/encodedFacts()``); then a ``DpendModel/StableHash``
/// checksum (`u64`) of every byte before it. A file that is
/// truncated, altered, or written by another build or with other settings is refused as a
/// whole, with the reason.
enum SummaryCacheFile {
  /// One kept summary, its encoding still undecoded.
  struct Entry {
    var path: String
    var textHash: UInt64
    var textLength: Int
    /// The digest of the summary but its line table.
    var contentDigest: UInt64
    /// The digest of the summary but its line table and its ranges.
    var shapeDigest: UInt64
    var payload: ArraySlice<UInt8>
    /// The summary's interface and flags (``DpendAnalysis/IndexedSummary/encodedFacts()``).
    var facts: ArraySlice<UInt8> = []
    /// Where the payload is in the file last written, and its length, once the cache let
    /// go of its bytes (``SummaryCache/save(releasing:)``: `payload` and `facts` are empty).
    var released: (offset: Int, count: Int)?
  }

  static let magic = Array("DPNDSUM1".utf8)

  /// The bytes of `entry`'s fields before its payload (path, text hash and length, digests,
  /// payload length), as written: what a payload read back from its offset is checked against.
  static func header(of entry: Entry, payloadCount: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    LittleEndian.append(UInt64(entry.path.utf8.count), width: 4, to: &bytes)
    bytes += entry.path.utf8
    LittleEndian.append(entry.textHash, width: 8, to: &bytes)
    LittleEndian.append(UInt64(entry.textLength), width: 4, to: &bytes)
    LittleEndian.append(entry.contentDigest, width: 8, to: &bytes)
    LittleEndian.append(entry.shapeDigest, width: 8, to: &bytes)
    LittleEndian.append(UInt64(payloadCount), width: 4, to: &bytes)
    return bytes
  }

  /// The entries of `bytes`, or why they cannot be used.
  static func parse(_ bytes: [UInt8], identity: String) -> Result<[Entry], SummaryCacheProblem> {
    guard bytes.count >= magic.count + 8, bytes[0..<magic.count].elementsEqual(magic) else {
      return .failure(bytes.count < magic.count + 8 ? .truncated : .notACache)
    }
    let body = bytes.count - 8
    guard StableHash.of(bytes[0..<body]) == LittleEndian.read(bytes, at: body, width: 8) else {
      return .failure(.checksumMismatch)
    }
    var reader = Reader(bytes: bytes, position: magic.count, end: body)
    guard let written = reader.string() else { return .failure(.truncated) }
    guard written == identity else { return .failure(.otherBuild) }
    guard let count = reader.u32() else { return .failure(.truncated) }
    var entries: [Entry] = []
    entries.reserveCapacity(min(Int(count), body / 32))
    for _ in 0..<count {
      guard let path = reader.string(), let hash = reader.u64(), let length = reader.u32(),
        let digest = reader.u64(), let shape = reader.u64(), let payload = reader.field(), let facts = reader.field()
      else { return .failure(.truncated) }
      entries.append(
        Entry(
          path: path, textHash: hash, textLength: Int(length), contentDigest: digest, shapeDigest: shape,
          payload: payload, facts: facts))
    }
    guard reader.position == body else { return .failure(.truncated) }
    return .success(entries)
  }

  /// The size in bytes of the file holding `entries`: the header, each entry's path, payload
  /// and facts with their lengths and four fields, and the checksum.
  static func size(of entries: [Entry], identity: String) -> Int {
    magic.count + 4 + identity.utf8.count + 4
      + entries.reduce(0) { $0 + 4 + $1.path.utf8.count + 8 + 4 + 8 + 8 + 4 + $1.payload.count + 4 + $1.facts.count }
      + 8
  }

  /// The file holding `entries`, in one array of its size.
  static func bytes(of entries: [Entry], identity: String) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(size(of: entries, identity: identity))
    write(entries, identity: identity) { output.append(contentsOf: $0) }
    return output
  }

  /// Hands the file holding `entries` to `write` in pieces of about a megabyte, so that it
  /// is never whole in memory (at 100,000 files it is 170 MB); the checksum is computed as
  /// the pieces go.
  static func write<Failure: Error>(
    _ entries: [Entry], identity: String, to write: (UnsafeRawBufferPointer) throws(Failure) -> Void,
    payloadOffsets: ((_ entry: Int, _ offset: Int) -> Void)? = nil
  ) throws(Failure) {
    let pieceSize = 1 << 20
    var hash = StableHash.Stream(count: size(of: entries, identity: identity) - 8)
    var piece: [UInt8] = []
    piece.reserveCapacity(pieceSize + 64)
    var flushed = 0
    func flush(hashing: Bool = true) throws(Failure) {
      guard !piece.isEmpty else { return }
      flushed += piece.count
      let result = piece.withUnsafeBytes { bytes in
        if hashing { hash.add(bytes) }
        return Result { () throws(Failure) in try write(bytes) }
      }
      try result.get()
      piece.removeAll(keepingCapacity: true)
    }
    func u32(_ value: Int) { LittleEndian.append(UInt64(value), width: 4, to: &piece) }
    func u64(_ value: UInt64) { LittleEndian.append(value, width: 8, to: &piece) }
    func string(_ text: String) {
      u32(text.utf8.count)
      piece.append(contentsOf: text.utf8)
    }
    piece.append(contentsOf: magic)
    string(identity)
    u32(entries.count)
    for (index, entry) in entries.enumerated() {
      string(entry.path)
      u64(entry.textHash)
      u32(entry.textLength)
      u64(entry.contentDigest)
      u64(entry.shapeDigest)
      u32(entry.payload.count)
      payloadOffsets?(index, flushed + piece.count)
      piece.append(contentsOf: entry.payload)
      u32(entry.facts.count)
      piece.append(contentsOf: entry.facts)
      if piece.count >= pieceSize { try flush() }
    }
    try flush()
    u64(hash.finish())
    try flush(hashing: false)
  }

  /// Reads fields, refusing to read past `end`.
  private struct Reader {
    let bytes: [UInt8]
    var position: Int
    let end: Int

    mutating func integer(width: Int) -> UInt64? {
      guard end - position >= width else { return nil }
      defer { position += width }
      return LittleEndian.read(bytes, at: position, width: width)
    }

    mutating func u32() -> UInt32? { integer(width: 4).map { UInt32($0) } }
    mutating func u64() -> UInt64? { integer(width: 8) }

    mutating func field() -> ArraySlice<UInt8>? {
      guard let length = u32().map(Int.init), end - position >= length else { return nil }
      defer { position += length }
      return bytes[position..<(position + length)]
    }

    mutating func string() -> String? {
      field().map { String(decoding: $0, as: UTF8.self) }
    }
  }
}

/// Why a summary cache file was not used; it is then rebuilt.
public enum SummaryCacheProblem: String, Error, Sendable, CustomStringConvertible {
  case notACache = "not a dpend summary cache"
  case truncated = "truncated"
  case checksumMismatch = "its checksum does not match its contents"
  case otherBuild = "written by another build of dpend or with other collection settings"
  case unreadable = "unreadable"

  public var description: String { rawValue }
}
