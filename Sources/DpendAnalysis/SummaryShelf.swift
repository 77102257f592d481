import DpendModel

/// The summaries a graph was built from, kept in their binary form and decoded when first
/// read: the editor's lookups and the container check read a few files, never all of them.
final class SummaryShelf: Sendable {
  /// Every file's summary, by path.
  let stored: [String: StoredSummary]
  private let decoded: Locked<[String: FileSummary]>

  /// The shelf of `stored`, keeping the summaries `kept` were decoded from
  /// (``decodedSummaries``) that are still the same bytes: after an edit the files the editor
  /// reads again (each one with a problem, for its lines) are not decoded again.
  init(_ stored: [String: StoredSummary], keeping kept: [String: (StoredSummary, FileSummary)] = [:]) {
    self.stored = stored
    var still: [String: FileSummary] = [:]
    for (path, (old, summary)) in kept {
      guard let new = stored[path], Self.sameBytes(old, new) else { continue }
      still[path] = summary
    }
    decoded = Locked(still)
  }

  /// What was decoded so far, with the stored summaries it was decoded from: all a next
  /// shelf needs of this one (holding on to the shelf itself would keep its whole table of
  /// stored summaries shared, and the builder's next change would copy it).
  var decodedSummaries: [String: (StoredSummary, FileSummary)] {
    var result: [String: (StoredSummary, FileSummary)] = [:]
    for (path, summary) in decoded.withLock({ $0 }) {
      if let bytes = stored[path] { result[path] = (bytes, summary) }
    }
    return result
  }

  /// The summary of `path`, decoded once.
  func summary(of path: String) -> FileSummary? {
    if let done = decoded.withLock({ $0[path] }) { return done }
    guard let summary = stored[path]?.decoded() else { return nil }
    decoded.withLock { $0[path] = summary }
    return summary
  }

  /// The paths decoded so far, sorted (for tests).
  var decodedPaths: [String] { decoded.withLock { $0.keys.sorted() } }

  /// `true` when both hold the same bytes: the same buffer (a summary kept as it was), or
  /// equal contents.
  private static func sameBytes(_ lhs: StoredSummary, _ rhs: StoredSummary) -> Bool {
    guard lhs.bytes.count == rhs.bytes.count, lhs.contentDigest == rhs.contentDigest else { return false }
    let sameBuffer = lhs.bytes.withUnsafeBytes { left in
      rhs.bytes.withUnsafeBytes { right in left.baseAddress == right.baseAddress }
    }
    return sameBuffer || lhs.bytes.elementsEqual(rhs.bytes)
  }
}
