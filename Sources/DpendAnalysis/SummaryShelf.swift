import DpendModel

/// The summaries a graph was built from, kept in their binary form and decoded when first
/// read: the editor's lookups and the container check read a few files, never all of them.
final class SummaryShelf: Sendable {
  /// Every file's summary, by path.
  let stored: [String: StoredSummary]
  private let decoded = Locked<[String: FileSummary]>([:])

  init(_ stored: [String: StoredSummary]) {
    self.stored = stored
  }

  /// The summary of `path`, decoded once.
  func summary(of path: String) -> FileSummary? {
    if let done = decoded.withLock({ $0[path] }) { return done }
    guard let summary = stored[path]?.decoded() else { return nil }
    decoded.withLock { $0[path] = summary }
    return summary
  }
}
