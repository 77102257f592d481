import DpendGenerate
import DpendModel
import Foundation

/// The registrations `dpend generate` last wrote application-mode code from (each provided
/// key's factory, in key order), kept beside the answer cache with the fingerprint of the
/// code written.
///
/// After a change that only adds or removes providers of keys nothing needs, or gives a
/// provider other dependencies that change no diagnostic, the kept answer stands
/// (``DpendAnalysis/UnchangedGraph/ProviderChange``), and so does every other registration: the code is then the kept registrations with those providers applied, and
/// `generate` writes it without building the graph. It does so only when the kept answer
/// had the same code's fingerprint before the change
/// (``KeptAnswer/Lookup/keptOutputs``): the answer's graph made this table, positions apart,
/// which generated code never shows.
///
/// Layout, integers little-endian: the magic `DPNDREG1`, the hash of the build's identity
/// and the container kind (`u64`), the code's fingerprint (hash `u64`, length `u64`), the
/// factories (``RegistrationsFormat``, without positions), then a
/// ``DpendModel/StableHash`` checksum (`u64`) of every byte before it. A file that does not
/// check out is not used (the header is read first, the rest only when needed, checked
/// then); writes are atomic.
public struct KeptRegistrations: Sendable {
  /// The file.
  public let url: URL

  /// The file name inside the cache directory.
  public static let fileName = "registrations.cache"
  static let magic = Array("DPNDREG1".utf8)
  private static let headerSize = magic.count + 24

  /// A kept table: its header read, its factories read, checked and decoded when asked
  /// (a run that does not need them pays for no more than the header).
  public struct Table: Sendable {
    /// The fingerprint of the code generated from it.
    public let output: TextFingerprint
    fileprivate let url: URL
    fileprivate let header: [UInt8]

    /// The factories, in key order, without positions; `nil` when the file no longer has
    /// this header, does not check out, or cannot be decoded.
    public func factories() -> [Factory]? {
      guard let bytes = TextFile.bytes(at: url.path), bytes.count >= header.count + 8,
        bytes[0..<header.count].elementsEqual(header)
      else { return nil }
      let body = bytes.count - 8
      guard StableHash.of(bytes[0..<body]) == LittleEndian.read(bytes, at: body, width: 8) else { return nil }
      return bytes.withUnsafeBytes { buffer in
        RegistrationsFormat.factories(UnsafeRawBufferPointer(rebasing: buffer[header.count..<body]))
      }
    }

    /// The registrations of the code after the change `lookup` kept its answer for, when
    /// that change only added or removed providers of keys nothing needs, rewired factories,
    /// or changed a key's alternatives (its first factory, chosen, moved): these, with them
    /// applied. `nil` when this table is not what the kept answer's code for `kind` was
    /// generated from (another fingerprint), or the providers do not fit
    /// (``DpendGenerate/Registrations/replacing(removed:added:)``).
    public func registrations(after lookup: KeptAnswer.Lookup, kind: String) -> Registrations? {
      guard lookup.providersChanged, lookup.keptOutputs[kind] == output,
        let kept = factories().flatMap(Registrations.init(sorted:))
      else { return nil }
      let providers = lookup.providers
      return kept.replacing(
        removed: providers.removedKeys.union(providers.rewiredKeys).union(providers.alternativeKeys),
        added: providers.added + providers.rewired + providers.alternativesAfter.map { $0[0] })
    }
  }

  /// The build and the collection settings (``SummaryCache/identity``): a table kept by
  /// another build is not read, whose generators or format may differ.
  private let identity: String

  /// The kept registrations in `directory` (the summary cache's), for files read with
  /// `collection` by the build of dpend identified by `build`.
  public init(directory: URL, collection: CollectionSettings, build: String = SummaryCache.currentBuild()) {
    url = directory.appendingPathComponent(Self.fileName)
    identity = SummaryCache.identity(collection: collection, build: build)
  }

  /// The table kept for the container `kind`, from its header; `nil` when there is none,
  /// or the header is another build's or another container's. Whether the rest checks out
  /// is told by ``Table/factories()``.
  public func load(kind: String) -> Table? {
    guard let header = TextFile.bytes(at: url.path, offset: 0, count: Self.headerSize),
      header[0..<Self.magic.count].elementsEqual(Self.magic),
      LittleEndian.read(header, at: Self.magic.count, width: 8) == Self.identityHash(identity, kind)
    else { return nil }
    let output = TextFingerprint(
      hash: LittleEndian.read(header, at: Self.magic.count + 8, width: 8),
      length: Int(truncatingIfNeeded: LittleEndian.read(header, at: Self.magic.count + 16, width: 8)))
    return Table(output: output, url: url, header: header)
  }

  /// Keeps `registrations` as those the code of fingerprint `output` was generated from, for
  /// the container `kind`.
  /// - Throws: the file system's error when the file cannot be written.
  public func save(_ registrations: Registrations, output: TextFingerprint, kind: String) throws {
    var factories: [UInt8] = []
    RegistrationsFormat.append(registrations.factories, to: &factories)
    try save(encoded: factories, output: output, kind: kind)
  }

  /// Keeps registrations whose factories `factories` encode (``Encoded``) as those of the
  /// code of fingerprint `output`.
  public func save(encoded factories: [UInt8], output: TextFingerprint, kind: String) throws {
    var bytes = Self.magic
    LittleEndian.append(Self.identityHash(identity, kind), width: 8, to: &bytes)
    LittleEndian.append(output.hash, width: 8, to: &bytes)
    LittleEndian.append(UInt64(output.length), width: 8, to: &bytes)
    bytes += factories
    LittleEndian.append(StableHash.of(bytes[...]), width: 8, to: &bytes)
    try AtomicFile.replace(at: url.path, with: bytes)
  }

  /// Registrations no code is generated from (an answer with errors, whose registrations
  /// may need keys nothing provides, or go round a cycle), encoded once: their factories'
  /// encoding, and the fingerprint of that encoding, which stands for their code as the
  /// answer's output so that the change that fixes it is written from them.
  public struct Encoded: Sendable {
    public let registrations: Registrations
    public let factories: [UInt8]
    public let fingerprint: TextFingerprint

    public init(_ registrations: Registrations) {
      self.registrations = registrations
      var factories: [UInt8] = []
      RegistrationsFormat.append(registrations.factories, to: &factories)
      self.factories = factories
      // Hashed as the text "registrations", a line break and the encoding.
      let prefix = Array("registrations\n".utf8)
      fingerprint = TextFingerprint(
        hash: StableHash.of((prefix + factories)[...]), length: prefix.count + factories.count)
    }
  }

  private static func identityHash(_ identity: String, _ kind: String) -> UInt64 {
    StableHash.of(Array("\(identity)\nregistrations for \(kind)".utf8)[...])
  }
}
