import DpendAnalysis
import DpendModel
import Foundation

/// The last analysis's answer (``DpendModel/AnalysisAnswer``), kept beside the summary cache
/// with the digest of everything it was computed from: dpend's build, the settings, the
/// libraries' texts, and the path and content digest of every source file's summary. A run
/// whose digest is the same answers without decoding a summary or building the graph.
///
/// Layout, integers little-endian: the magic `DPNDANS1`, the inputs' digest (`u64`), the
/// answer (`u32` length, its binary form), then a ``DpendModel/StableHash`` checksum (`u64`)
/// of every byte before it. A file that does not check out, or whose digest differs, is not
/// used; writes are atomic. It never changes an answer: the digest covers every input the
/// analysis reads, and a file's summary counts only through its content digest, which
/// differs whenever anything the analysis reads of that file differs.
public struct AnswerCache: Sendable {
  /// The cache file.
  public let url: URL

  /// The file name inside the cache directory.
  public static let fileName = "answer.cache"
  static let magic = Array("DPNDANS1".utf8)

  /// The answer cache in `directory` (the summary cache's).
  public init(directory: URL) {
    url = directory.appendingPathComponent(Self.fileName)
  }

  /// The kept answer and the digest of the inputs it was computed from; `nil` when there is
  /// no whole answer file.
  public func load() -> (digest: UInt64, answer: AnalysisAnswer)? {
    guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
    return Self.parse([UInt8](data))
  }

  /// Keeps `answer`, computed from inputs of digest `digest`, replacing any other.
  /// - Throws: the file system's error when the file cannot be written.
  public func save(_ answer: AnalysisAnswer, digest: UInt64) throws {
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try AtomicFile.write(Data(Self.bytes(of: answer, digest: digest)), to: url.path)
  }

  /// The answer `bytes` hold and its inputs' digest, or `nil` when they are not a whole
  /// answer file.
  static func parse(_ bytes: [UInt8]) -> (digest: UInt64, answer: AnalysisAnswer)? {
    let fixed = magic.count + 8 + 4
    guard bytes.count >= fixed + 8, bytes[0..<magic.count].elementsEqual(magic) else { return nil }
    let body = bytes.count - 8
    guard StableHash.of(bytes[0..<body]) == LittleEndian.read(bytes, at: body, width: 8) else { return nil }
    let length = Int(LittleEndian.read(bytes, at: magic.count + 8, width: 4))
    guard length == body - fixed else { return nil }
    guard let answer = bytes[fixed..<body].withUnsafeBytes({ try? AnalysisAnswer(binary: $0) }) else { return nil }
    return (LittleEndian.read(bytes, at: magic.count, width: 8), answer)
  }

  /// The file holding `answer` for `digest`.
  static func bytes(of answer: AnalysisAnswer, digest: UInt64) -> [UInt8] {
    let encoded = answer.binaryEncoded()
    var output = magic
    LittleEndian.append(digest, width: 8, to: &output)
    LittleEndian.append(UInt64(encoded.count), width: 4, to: &output)
    output += encoded
    LittleEndian.append(StableHash.of(output[...]), width: 8, to: &output)
    return output
  }

  // MARK: The inputs' digest

  /// The digest of an analysis's inputs: `identity` (the build, collection and analysis
  /// settings, see ``identity(of:summaryIdentity:)``) and each file's path and content
  /// digest, in the order given (sorted by path).
  public static func inputsDigest(identity: String, files: [(path: String, contentDigest: UInt64)]) -> UInt64 {
    var bytes = Array(identity.utf8)
    bytes.reserveCapacity(bytes.count + files.reduce(0) { $0 + $1.path.utf8.count + 12 })
    LittleEndian.append(UInt64(files.count), width: 8, to: &bytes)
    for file in files {
      LittleEndian.append(UInt64(file.path.utf8.count), width: 4, to: &bytes)
      bytes += file.path.utf8
      LittleEndian.append(file.contentDigest, width: 8, to: &bytes)
    }
    return StableHash.of(bytes[...])
  }

  /// Everything but the source files an analysis under `settings` depends on, as text:
  /// `summaryIdentity` (format, build and collection settings), the implicit filters, the
  /// mode, the module name, the configurations, and each library's path and text
  /// fingerprint. `nil` when a library cannot be read (that run reports it, and keeps no
  /// answer).
  public static func identity(of settings: WorkspaceSettings, summaryIdentity: String) -> String? {
    var parts = [
      summaryIdentity, "answer 1",
      "filters \(settings.implicitFilters.map { "\($0.utf8.count):\($0)" }.joined(separator: ","))",
      "mode \(settings.mode.rawValue)",
      "module \(settings.moduleName.map { "\($0.utf8.count):\($0)" } ?? "none")",
      "configurations \(settings.configurations.map { "\($0)" } ?? "derived")",
    ]
    for library in settings.libraries {
      guard let data = FileManager.default.contents(atPath: library) else { return nil }
      let fingerprint = data.withUnsafeBytes { TextFingerprint(hash: StableHash.of($0), length: $0.count) }
      parts.append("library \(library.utf8.count):\(library) \(fingerprint.hash) \(fingerprint.length)")
    }
    return parts.joined(separator: "\n")
  }
}
