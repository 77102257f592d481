import DpendModel
import Foundation

/// The analysis host's persisted state (``DpendHost/AnalysisHost/persistedState()``), kept
/// beside the summary cache: the next run of the command line makes its host from it and
/// hands it only the files that changed since, through the update the language server makes
/// after an edit. A checkpoint: it may be several runs old (``isWorthRewriting(changed:files:)``).
///
/// Layout, integers little-endian: the magic `DPNDHST3`, the identity (`u32` length, UTF-8:
/// dpend's build, the settings and the summaries' identity, ``AnswerCache/identity(of:summaryIdentity:projects:)``),
/// the state's bytes, then a ``DpendModel/StableHash`` checksum (`u64`, the hash of bytes
/// not counted first) of every byte before it: the state is written as it is made, its
/// length unknown until the end. A file that does not check out is refused with the reason
/// (``Refusal``), and the run builds its graph from scratch; writes are atomic, so of two
/// writers one whole file stays.
public struct HostStateFile: Sendable {
  /// The file.
  public let url: URL
  /// The file name inside the cache directory.
  public static let fileName = "host-state.bin"
  static let magic = Array("DPNDHST3".utf8)
  /// The magic's part that every version of this file shares.
  private static let family = Array("DPNDHST".utf8)

  /// Why a state file was not used.
  public enum Refusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// There is none.
    case missing
    /// Its bytes do not check out: cut short, or changed since written.
    case damaged
    /// Another version of dpend wrote it in another layout.
    case otherFormat
    /// It was kept by another build of dpend or for other settings.
    case otherIdentity
    /// The host could not take it up (``DpendAnalysis/BuilderStateError``).
    case unusable(String)

    public var description: String {
      switch self {
      case .missing: return "no state was kept"
      case .damaged: return "the state file is damaged (its checksum does not match)"
      case .otherFormat: return "the state file was written by another version of dpend"
      case .otherIdentity: return "the state was kept by another build of dpend or for other settings"
      case .unusable(let reason): return "the state cannot be used: \(reason)"
      }
    }
  }

  /// Whether a run whose host went on from the kept state, with `changed` of its `files`
  /// files added, changed or removed since, keeps its own state in its place. The kept state
  /// is a checkpoint: each run replays every change since onto it, which costs in proportion
  /// to those changes, while writing a state costs in proportion to the workspace (half a
  /// second at 10,000 files). So a state is written again once the changes since reach a
  /// thirty-second of the files, or 256 of them; a small workspace's, after any change.
  public static func isWorthRewriting(changed: Int, files: Int) -> Bool {
    changed > 0 && (changed >= 256 || changed * 32 >= files)
  }

  /// The state file in `directory`.
  public init(directory: URL) {
    url = directory.appendingPathComponent(Self.fileName)
  }

  /// The state kept for `identity`, or why there is none to use.
  public func load(identity: String) -> Result<ArraySlice<UInt8>, Refusal> {
    guard let bytes = TextFile.bytes(at: url.path) else { return .failure(.missing) }
    return Self.parse(bytes, identity: identity)
  }

  /// Keeps `state` for `identity`; atomic, and written piece by piece as it is (no copy of
  /// it is made).
  public func save(_ state: BytePieces, identity: String) throws {
    try save(identity: identity) { write in try write(state) }
  }

  /// Keeps for `identity` the state `produce` hands to the writer it is given, piece by piece
  /// as it is made (a graph built meanwhile streams its state, ``DpendHost/AnalysisHost/graph(extraDiagnostics:streamingStateTo:)``):
  /// atomic, and never whole in memory. What `produce` throws is thrown, and nothing is kept.
  public func save(identity: String, producing produce: (_ write: (BytePieces) throws -> Void) throws -> Void) throws {
    var head = Self.magic
    LittleEndian.append(UInt64(identity.utf8.count), width: 4, to: &head)
    head.append(contentsOf: identity.utf8)
    try AtomicFile.replace(at: url.path) { write in
      try withoutActuallyEscaping(write) { write in
        let file = HashedWrites(write)
        try file.add(head)
        try produce { state in for piece in state.pieces { try file.add(piece) } }
        var tail: [UInt8] = []
        LittleEndian.append(file.hash.finish(), width: 8, to: &tail)
        try tail.withUnsafeBytes { try write($0) }
      }
    }
  }

  /// Removes what killed writes of the state left (as a write does): for a run that keeps
  /// the state as it is.
  public func removeStaleTemporaries() {
    AtomicFile.removeStaleTemporaries(of: url)
  }

  static func parse(_ bytes: [UInt8], identity: String) -> Result<ArraySlice<UInt8>, Refusal> {
    guard bytes.count >= magic.count, bytes[0..<family.count].elementsEqual(family) else { return .failure(.damaged) }
    guard bytes[0..<magic.count].elementsEqual(magic) else { return .failure(.otherFormat) }
    guard bytes.count >= magic.count + 4 + 8 else { return .failure(.damaged) }
    let body = bytes.count - 8
    var hash = StableHash.Stream()
    bytes.withUnsafeBytes { hash.add(UnsafeRawBufferPointer(rebasing: $0[0..<body])) }
    guard hash.finish() == LittleEndian.read(bytes, at: body, width: 8) else { return .failure(.damaged) }
    var position = magic.count
    let identityLength = Int(LittleEndian.read(bytes, at: position, width: 4))
    position += 4
    guard identityLength <= body - position else { return .failure(.damaged) }
    guard bytes[position..<position + identityLength].elementsEqual(identity.utf8) else {
      return .failure(.otherIdentity)
    }
    return .success(bytes[position + identityLength..<body])
  }
}

/// Bytes written away and hashed as they go (``StableHash/Stream/init()``).
private final class HashedWrites {
  private let write: (UnsafeRawBufferPointer) throws -> Void
  private(set) var hash = StableHash.Stream()

  init(_ write: @escaping (UnsafeRawBufferPointer) throws -> Void) {
    self.write = write
  }

  func add(_ piece: [UInt8]) throws {
    try piece.withUnsafeBytes { bytes in
      hash.add(bytes)
      try write(bytes)
    }
  }
}
