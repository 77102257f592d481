/// A ``FileSummary`` kept in its binary form (``FileSummary/binaryEncodedWithDigests()``),
/// decoded each time it is read.
///
/// The binary form is about a seventh of the decoded summary's size, and the summary cache
/// holds it anyway: the host and the graph keep every file's summary this way, so a large
/// workspace holds its summaries in about 1.7 KB a file instead of 12, and reads them again
/// only for the files a stage looks at.
public struct StoredSummary: Sendable {
  /// The path of the summarized file.
  public let path: String
  /// The binary form; a slice, so summaries read from a cache file share its buffer.
  public let bytes: ArraySlice<UInt8>
  /// The digest of everything but the line table (``FileSummary/binaryEncodedWithDigests()``).
  public let contentDigest: UInt64

  /// Encodes `summary`.
  public init(_ summary: FileSummary) {
    let encoded = summary.binaryEncodedWithDigests()
    self.init(path: summary.path, bytes: encoded.bytes[...], contentDigest: encoded.contentDigest)
  }

  /// A summary already encoded, with the digests it was encoded with.
  public init(path: String, bytes: ArraySlice<UInt8>, contentDigest: UInt64) {
    self.path = path
    self.bytes = bytes
    self.contentDigest = contentDigest
  }

  /// The summary. Bytes that do not decode (which only a defect can produce: they were
  /// encoded by this build, or read from a cache file whose checksum matched) give an empty
  /// summary of `path` with a problem saying so, never a trap.
  public func decoded() -> FileSummary {
    let result = bytes.withUnsafeBytes { buffer in
      Result { () throws(SummaryDecodingError) in try FileSummary(binary: buffer) }
    }
    switch result {
    case .success(let summary) where summary.path == path:
      return summary
    case .success:
      return Self.unreadable(path, because: "it is of another file")
    case .failure(let error):
      return Self.unreadable(path, because: error.description)
    }
  }

  private static func unreadable(_ path: String, because reason: String) -> FileSummary {
    var summary = FileSummary(path: path)
    summary.problems = [
      Diagnostic(
        code: .unreadableFile,
        message: "dpend could not read its own summary of '\(path)' (\(reason)); run with --no-cache",
        range: .startOfFile(path))
    ]
    return summary
  }
}
