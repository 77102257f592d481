import DpendModel

extension UnchangedGraph {
  /// The providers a change adds or removes without changing the answer: factories of keys
  /// the changed files provide only after the change (added) or only before it (removed),
  /// when nothing needs those keys. The rest of the graph is then the same, so its
  /// diagnostics are:
  ///
  /// - an added key had no factory and a removed one has none left: no ambiguity comes or
  ///   goes, and each added key has one provider;
  /// - no factory depends on either (``KeyFacts/needed``): no selection, missing dependency
  ///   or requirement of another key changes, and no edge leads to them, so they are on no
  ///   cycle;
  /// - every key an added or removed factory depends on is provided, and stays so: no missing
  ///   dependency or requirement comes or goes with them;
  /// - the graph has no cycle: one reached from an added or removed factory could be told
  ///   from it.
  ///
  /// What `dpend generate` writes does change: an answer kept for such a change keeps no
  /// output's fingerprint.
  public struct ProviderChange: Equatable, Sendable {
    /// Keys the changed files' factories provide only before the change.
    public private(set) var removedKeys: Set<DependencyKey> = []
    /// Keys the changed files' factories provide only after it.
    public private(set) var addedKeys: Set<DependencyKey> = []
    /// The factories of ``removedKeys``, as the changed files' analyses before had them.
    public private(set) var removed: [Factory] = []
    /// The factories of ``addedKeys``, as the changed files' analyses after have them.
    public private(set) var added: [Factory] = []

    /// No provider added or removed.
    public static let none = ProviderChange()

    /// The factories of keys `old` (the changed files' analyses before) provides and `new`
    /// (after) does not, and the other way around.
    init(old: [FileAnalysis], new: [FileAnalysis]) {
      let before = Set(old.lazy.flatMap(\.factories).map(\.key))
      let after = Set(new.lazy.flatMap(\.factories).map(\.key))
      removedKeys = before.subtracting(after)
      addedKeys = after.subtracting(before)
      removed = old.flatMap(\.factories).filter { removedKeys.contains($0.key) }
      added = new.flatMap(\.factories).filter { addedKeys.contains($0.key) }
    }

    private init() {}

    /// `true` when nothing was added or removed.
    public var isEmpty: Bool { removed.isEmpty && added.isEmpty }

    /// `analysis` (a changed file's, before the change) without the removed factories.
    func keeping(before analysis: FileAnalysis) -> FileAnalysis {
      var kept = analysis
      kept.factories.removeAll { removedKeys.contains($0.key) }
      return kept
    }

    /// `analysis` (a changed file's, after the change) without the added factories.
    func keeping(after analysis: FileAnalysis) -> FileAnalysis {
      var kept = analysis
      kept.factories.removeAll { addedKeys.contains($0.key) }
      return kept
    }

    /// The facts after the change when it leaves the answer as it was (see the type's
    /// rules), given `keys`, the facts before; `nil` otherwise.
    func facts(after keys: KeyFacts) -> KeyFacts? {
      guard !keys.hasCycle else { return nil }
      for key in removedKeys {
        let count = removed.lazy.filter { $0.key == key }.count
        guard keys.providers(of: key) == count, !keys.isNeeded(key) else { return nil }
      }
      for key in addedKeys {
        guard keys.providers(of: key) == 0, !keys.isNeeded(key) else { return nil }
        let factories = added.filter { $0.key == key }
        guard factories.allSatisfy({ ProviderSelection.sameProvider($0, factories[0]) }) else { return nil }
      }
      for factory in added + removed {
        for key in factory.dependencies {
          guard keys.providers(of: key) > 0, !removedKeys.contains(key), !addedKeys.contains(key) else { return nil }
        }
      }
      var after = keys
      guard after.add(removed, by: -1), after.add(added, by: 1) else { return nil }
      return after
    }
  }

  /// `true` when each type the implicit filter selects in both summaries (by name) is
  /// written the same, positions apart: the selected types differ at most by whole types
  /// added or removed.
  static func selectTheSameOrWhole(_ decoded: [(old: FileSummary, new: FileSummary)], _ settings: AnalysisSettings)
    -> Bool
  {
    func selected(_ summary: FileSummary) -> [String: [UInt8]] {
      Dictionary(grouping: summary.types.filter { settings.implicitFilter.selects($0.name) }, by: \.name).mapValues {
        TypeDeclaration.positionFree($0).written
      }
    }
    return decoded.allSatisfy { change in
      let old = selected(change.old)
      let new = selected(change.new)
      return old.allSatisfy { name, written in new[name].map { $0 == written } ?? true }
    }
  }
}
