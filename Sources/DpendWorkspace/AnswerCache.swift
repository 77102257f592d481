import DpendAnalysis
import DpendModel
import Foundation

/// The last analysis's answer (``DpendModel/AnalysisAnswer``), kept beside the summary cache
/// with the digests of everything it was computed from: dpend's build, the settings, the
/// libraries' texts, and the path and digests of every source file's summary. A run whose
/// inputs have the same digest answers without decoding a summary or building the graph: the
/// one shortcut, "no input changed". Any change goes to the host state (``HostStateFile``),
/// which the changed files update.
///
/// Layout, integers little-endian: the magic `DPNDANSA`, the inputs' digest (`u64`), the
/// answer (`u32` length, its binary form), then a ``DpendModel/StableHash`` checksum (`u64`)
/// of every byte before it. A file that does not
/// check out is not used; writes are atomic. It never changes an answer: the digests cover
/// every input the analysis reads, and a file's summary counts only through its digests.
public struct AnswerCache: Sendable {
  /// The cache file.
  public let url: URL

  /// The file name inside the cache directory.
  public static let fileName = "answer.cache"
  static let magic = Array("DPNDANSA".utf8)

  /// A kept answer and what it was computed from.
  public struct Record: Hashable, Sendable {
    /// The digest of the inputs, with each file's summary's content digest.
    public var digest: UInt64
    /// The answer.
    public var answer: AnalysisAnswer

    /// A record.
    public init(digest: UInt64, answer: AnalysisAnswer) {
      self.digest = digest
      self.answer = answer
    }
  }

  /// The answer cache in `directory` (the summary cache's).
  public init(directory: URL) {
    url = directory.appendingPathComponent(Self.fileName)
  }

  /// The kept record; `nil` when there is no whole answer file.
  public func load() -> Record? {
    guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
    return Self.parse([UInt8](data))
  }

  /// Keeps `record`, replacing any other.
  /// - Throws: the file system's error when the file cannot be written.
  public func save(_ record: Record) throws {
    // The directory is made if needed. Streamed from the one array (not copied into `Data`, nor compared with the old file:
    // at 100,000 files the record holds tens of megabytes of hashes).
    try AtomicFile.replace(at: url.path, with: Self.bytes(of: record))
  }

  /// The record `bytes` hold, or `nil` when they are not a whole answer file.
  static func parse(_ bytes: [UInt8]) -> Record? {
    guard bytes.count >= magic.count + 8, bytes[0..<magic.count].elementsEqual(magic) else { return nil }
    let body = bytes.count - 8
    guard StableHash.of(bytes[0..<body]) == LittleEndian.read(bytes, at: body, width: 8) else { return nil }
    var position = magic.count
    func integer(_ width: Int) -> UInt64? {
      guard body - position >= width else { return nil }
      defer { position += width }
      return LittleEndian.read(bytes, at: position, width: width)
    }
    guard let digest = integer(8), let length = integer(4).map(Int.init), length == body - position,
      let answer = bytes[position..<body].withUnsafeBytes({ try? AnalysisAnswer(binary: $0) })
    else { return nil }
    return Record(digest: digest, answer: answer)
  }

  /// The file holding `record`.
  static func bytes(of record: Record) -> [UInt8] {
    let encoded = record.answer.binaryEncoded()
    var output = magic
    LittleEndian.append(record.digest, width: 8, to: &output)
    LittleEndian.append(UInt64(encoded.count), width: 4, to: &output)
    output += encoded
    LittleEndian.append(StableHash.of(output[...]), width: 8, to: &output)
    return output
  }

  // MARK: The inputs' digest

  /// The digest of an analysis's inputs: `identity` (the build, collection and analysis
  /// settings, see ``identity(of:summaryIdentity:)``) and each file's path and digest (its
  /// summary's content digest), in the order given (sorted by path).
  public static func inputsDigest(identity: String, files: [(path: String, digest: UInt64)]) -> UInt64 {
    var bytes = Array(identity.utf8)
    bytes.reserveCapacity(bytes.count + files.reduce(0) { $0 + $1.path.utf8.count + 12 })
    LittleEndian.append(UInt64(files.count), width: 8, to: &bytes)
    for file in files {
      LittleEndian.append(UInt64(file.path.utf8.count), width: 4, to: &bytes)
      bytes += file.path.utf8
      LittleEndian.append(file.digest, width: 8, to: &bytes)
    }
    return StableHash.of(bytes[...])
  }

  /// Everything but the source files an analysis under `settings` depends on, as text:
  /// `summaryIdentity` (format, build and collection settings), the implicit filters, the
  /// mode, the module name, the configurations, and each library's and project file's
  /// (`projects`, which say what each build target compiles) path and text fingerprint.
  /// `nil` when one cannot be read (that run reports a library, and keeps no answer).
  public static func identity(of settings: WorkspaceSettings, summaryIdentity: String, projects: [String] = [])
    -> String?
  {
    var parts = [
      summaryIdentity, "answer 1",
      "filters \(settings.implicitFilters.map { "\($0.utf8.count):\($0)" }.joined(separator: ","))",
      "mode \(settings.mode.rawValue)",
      "module \(settings.moduleName.map { "\($0.utf8.count):\($0)" } ?? "none")",
      "configurations \(settings.configurations.map { "\($0)" } ?? "derived")",
      "targets \(settings.targets) excluding \(settings.excludeTargets)",
    ]
    for library in settings.libraries {
      guard let data = FileManager.default.contents(atPath: library) else { return nil }
      let fingerprint = data.withUnsafeBytes { TextFingerprint(hash: StableHash.of($0), length: $0.count) }
      parts.append("library \(library.utf8.count):\(library) \(fingerprint.hash) \(fingerprint.length)")
    }
    for project in projects {
      guard let text = TextFile.text(at: project) else { return nil }
      let fingerprint = TextFingerprint(text)
      parts.append("project \(project.utf8.count):\(project) \(fingerprint.hash) \(fingerprint.length)")
    }
    return parts.joined(separator: "\n")
  }
}
