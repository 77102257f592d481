import DpendModel

/// The bytes of a summary cache file: a header, then segments that each checksum themselves,
/// so that a run that summarized a few files appends one segment instead of writing the
/// file again (``SummaryCache/save(releasing:)``).
///
/// Layout, integers little-endian: the magic `DPNDSUM3`; the identity (`u32` length, UTF-8),
/// which names the format, dpend's build and the collection settings; then one or more
/// segments, each the entry count (`u32`), the entries, and a ``DpendModel/StableHash``
/// checksum (`u64`) of the segment's bytes before it (the first one's from the magic on). An entry is its path (`u32` length,
/// UTF-8), text hash (`u64`), text length (`u32`), the summary's content digest (`u64`,
/// ``DpendModel/FileSummary/binaryEncodedWithDigests()``), the summary (`u32`
/// length, ``DpendModel/FileSummary`` binary encoding) and its facts (`u32` length,
/// ``DpendAnalysis/IndexedSummary/encodedFacts()``). An entry of a later segment replaces
/// one of an earlier segment with its path. A file with a segment truncated or altered, or
/// written by another build or with other settings, is refused as a whole, with the reason.
enum SummaryCacheFile {
  /// One kept summary, its encoding still undecoded.
  struct Entry {
    var path: String
    var textHash: UInt64
    var textLength: Int
    /// The digest of the summary but its line table.
    var contentDigest: UInt64
    var payload: ArraySlice<UInt8>
    /// The summary's interface and flags (``DpendAnalysis/IndexedSummary/encodedFacts()``).
    var facts: ArraySlice<UInt8> = []
    /// Where the payload is in the file it was read from or last written to; `nil` when it
    /// is in no file yet.
    var offset: Int?
    /// `true` once the cache let go of its bytes (``SummaryCache/save(releasing:)``):
    /// `payload` and `facts` are empty, the payload is read back from ``offset``.
    var released = false
    /// The lengths of the payload and the facts, in memory or in the file.
    var payloadCount: Int
    var factsCount: Int

    init(
      path: String, textHash: UInt64, textLength: Int, contentDigest: UInt64,
      payload: ArraySlice<UInt8>, facts: ArraySlice<UInt8> = [], offset: Int? = nil
    ) {
      self.path = path
      self.textHash = textHash
      self.textLength = textLength
      self.contentDigest = contentDigest
      self.payload = payload
      self.facts = facts
      self.offset = offset
      payloadCount = payload.count
      factsCount = facts.count
    }

    /// Its size in a segment.
    var size: Int { 4 + path.utf8.count + 8 + 4 + 8 + 4 + payloadCount + 4 + factsCount }
  }

  static let magic = Array("DPNDSUM3".utf8)

  /// The bytes of `entry`'s fields before its payload (path, text hash and length, digests,
  /// payload length), as written: what a payload read back from its offset is checked against.
  static func header(of entry: Entry) -> [UInt8] {
    var bytes: [UInt8] = []
    LittleEndian.append(UInt64(entry.path.utf8.count), width: 4, to: &bytes)
    bytes += entry.path.utf8
    LittleEndian.append(entry.textHash, width: 8, to: &bytes)
    LittleEndian.append(UInt64(entry.textLength), width: 4, to: &bytes)
    LittleEndian.append(entry.contentDigest, width: 8, to: &bytes)
    LittleEndian.append(UInt64(entry.payloadCount), width: 4, to: &bytes)
    return bytes
  }

  /// The file's magic and identity, as it begins.
  static func start(identity: String) -> [UInt8] {
    var bytes = magic
    LittleEndian.append(UInt64(identity.utf8.count), width: 4, to: &bytes)
    bytes += identity.utf8
    return bytes
  }

  /// What a file holds: its entries in the order read (a later one replaces an earlier one
  /// of its path), each with its payload's offset in the file.
  struct Contents {
    var entries: [Entry] = []
    var segments = 0
  }

  /// The entries of `bytes`, or why they cannot be used.
  static func parse(_ bytes: [UInt8], identity: String) -> Result<Contents, SummaryCacheProblem> {
    guard bytes.count >= magic.count + 4, bytes[0..<magic.count].elementsEqual(magic) else {
      return .failure(bytes.count < magic.count + 4 ? .truncated : .notACache)
    }
    var reader = Reader(bytes: bytes, position: magic.count, end: bytes.count)
    guard let written = reader.string() else { return .failure(.truncated) }
    guard written == identity else { return .failure(.otherBuild) }
    var contents = Contents()
    repeat {
      let start = contents.segments == 0 ? 0 : reader.position
      guard let count = reader.u32() else { return .failure(.truncated) }
      contents.entries.reserveCapacity(contents.entries.count + min(Int(count), bytes.count / 32))
      for _ in 0..<count {
        guard let path = reader.string(), let hash = reader.u64(), let length = reader.u32(),
          let digest = reader.u64(), let payload = reader.field(), let facts = reader.field()
        else { return .failure(.truncated) }
        contents.entries.append(
          Entry(
            path: path, textHash: hash, textLength: Int(length), contentDigest: digest,
            payload: payload, facts: facts, offset: payload.startIndex))
      }
      let body = reader.position
      guard let checksum = reader.u64() else { return .failure(.truncated) }
      guard StableHash.of(bytes[start..<body]) == checksum else { return .failure(.checksumMismatch) }
      contents.segments += 1
    } while reader.position < bytes.count
    return .success(contents)
  }

  /// The size in bytes of a segment holding `entries`.
  static func segmentSize(of entries: [Entry]) -> Int {
    4 + entries.reduce(0) { $0 + $1.size } + 8
  }

  /// The size in bytes of the file holding `entries` in one segment.
  static func size(of entries: [Entry], identity: String) -> Int {
    start(identity: identity).count + segmentSize(of: entries)
  }

  /// The file holding `entries` in one segment, in one array of its size.
  static func bytes(of entries: [Entry], identity: String) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(size(of: entries, identity: identity))
    write(entries, identity: identity) { output.append(contentsOf: $0) }
    return output
  }

  /// Hands the file holding `entries` in one segment to `write` in pieces of about a
  /// megabyte, so that it is never whole in memory (at 100,000 files it is 170 MB); the
  /// checksum is computed as the pieces go. `payloadOffsets` learns where each entry's
  /// payload is.
  static func write<Failure: Error>(
    _ entries: [Entry], identity: String, to write: (UnsafeRawBufferPointer) throws(Failure) -> Void,
    payloadOffsets: ((_ entry: Int, _ offset: Int) -> Void)? = nil
  ) throws(Failure) {
    try segment(entries, after: start(identity: identity), to: write, payloadOffsets: payloadOffsets)
  }

  /// Hands `start` (the file's, or nothing) and a segment holding `entries` to `write` in
  /// pieces of about a megabyte, the checksum covering both; `payloadOffsets` learns where
  /// each entry's payload is from the first byte written.
  static func segment<Failure: Error>(
    _ entries: [Entry], after start: [UInt8] = [], to write: (UnsafeRawBufferPointer) throws(Failure) -> Void,
    payloadOffsets: ((_ entry: Int, _ offset: Int) -> Void)? = nil
  ) throws(Failure) {
    let pieceSize = 1 << 20
    let size = start.count + segmentSize(of: entries)
    var hash = StableHash.Stream(count: size - 8)
    var piece = start
    piece.reserveCapacity(min(pieceSize, size) + 64)
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
    u32(entries.count)
    for (index, entry) in entries.enumerated() {
      piece.append(contentsOf: header(of: entry))
      payloadOffsets?(index, flushed + piece.count)
      piece.append(contentsOf: entry.payload)
      u32(entry.facts.count)
      piece.append(contentsOf: entry.facts)
      if piece.count >= pieceSize { try flush() }
    }
    try flush()
    LittleEndian.append(hash.finish(), width: 8, to: &piece)
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
