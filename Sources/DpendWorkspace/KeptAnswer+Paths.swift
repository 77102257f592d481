import DpendAnalysis
import DpendModel

extension KeptAnswer {
  /// How the inputs' paths differ from those a kept answer was made from.
  public enum PathChange: Equatable, Sendable {
    /// The same paths.
    case same
    /// One more: the input at this index was added.
    case added(Int)
    /// One fewer: the file at this path was removed.
    case removed(String)
  }

  /// How `paths` (the inputs', sorted) differ from the paths of `facts`: the same, or one file
  /// added (the one among the `changed` indices without which the paths are the answer's), or
  /// one removed (the one path `summaries` kept a summary of, not among `paths`, with which
  /// they are); `nil` otherwise.
  static func pathChange(
    facts: AnswerCache.GraphFacts, identity: String, paths: [String], changed: [Int], summaries: SummaryCache
  ) -> PathChange? {
    func matches(_ paths: [String]) -> Bool {
      facts.pathsDigest == AnswerCache.pathsDigest(identity: identity, paths: paths)
    }
    switch facts.shapes.count - paths.count {
    case 0:
      return matches(paths) ? .same : nil
    case -1:
      return changed.first { matches(Array(paths[..<$0] + paths[($0 + 1)...])) }.map { .added($0) }
    case 1:
      let present = Set(paths)
      return summaries.keptPaths.first { path in
        guard !present.contains(path) else { return false }
        let index = paths.sortedIndex(of: path)
        return matches(Array(paths[..<index] + [path] + paths[index...]))
      }.map { .removed($0) }
    default:
      return nil
    }
  }
}
