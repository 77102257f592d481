import DpendModel

/// Tells, without building the graph, that a change of some files' shapes leaves the graph
/// as it was: what lets a run whose files gained a declaration the graph does not read (a
/// helper type, a protocol nothing injects) report the answer kept by the run before.
///
/// The graph is made from each file's ``FileAnalysis`` alone, and a file's analysis depends
/// on the workspace only through the names it looked up in the ``SymbolTable``. So the graph
/// is unchanged when each changed file's analysis is equal before and after (factories,
/// configuration classes and problems, positions included), and no other file looked up a
/// name whose meaning the change altered. The ``GraphBuilder`` updates a graph by that same
/// rule.
///
/// Container code (Dip, Swinject) reads declarations of every file, and declarations under
/// `#if` are checked per configuration: with either anywhere, the answer is always "maybe".
public enum UnchangedGraph {
  /// One file whose summary changed.
  public struct Change: Sendable {
    /// The summary the kept answer was made from.
    public var old: IndexedSummary
    /// The summary of the file now.
    public var new: IndexedSummary

    /// The change of one file from `old` to `new` (of the same path).
    public init(old: IndexedSummary, new: IndexedSummary) {
      self.old = old
      self.new = new
    }
  }

  /// The names looked up after `changes` when the graph of `unchanged` files plus the new
  /// summaries of `changes` is the graph of `unchanged` plus the old summaries; `nil` when it
  /// may not be. `watched` are the names looked up before (``DependencyGraph/watchedNames``).
  public static func check(
    unchanged: [IndexedSummary], changes: [Change], watched: WatchedNames, settings: AnalysisSettings
  ) -> WatchedNames? {
    let everyChanged = changes.flatMap { [$0.old, $0.new] }
    guard !changes.isEmpty, !(unchanged + everyChanged).contains(where: { $0.isContainer || $0.isConditional }),
      changes.allSatisfy({ $0.old.stored.path == $0.new.stored.path })
    else { return nil }
    let before =
      (unchanged + changes.map(\.old)).map { (path: $0.stored.path, interface: $0.interface) }.sorted {
        $0.path < $1.path
      }
    var symbols = SymbolTable(
      files: before, libraryFactories: settings.libraryFactories, moduleName: settings.moduleName)
    let old = changes.map {
      FileAnalysis($0.old.decoded ?? $0.old.stored.decoded(), symbols: symbols, settings: settings)
    }
    let interfaceChanges = changes.filter { $0.old.interface != $0.new.interface }.map {
      SymbolTable.Change(path: $0.new.stored.path, old: $0.old.interface, new: $0.new.interface)
    }
    let changedNames = interfaceChanges.isEmpty ? [] : symbols.update(interfaceChanges, reportingChanges: true)
    let new = changes.map {
      FileAnalysis($0.new.decoded ?? $0.new.stored.decoded(), symbols: symbols, settings: settings)
    }
    for (before, after) in zip(old, new) {
      guard before.factories == after.factories, before.configurations == after.configurations,
        before.diagnostics == after.diagnostics
      else { return nil }
    }
    var counts = watched
    for analysis in old {
      guard counts.add(analysis.watched, by: -1) else { return nil }
    }
    // A name another file looked up now means something else: that file's analysis may differ.
    guard !changedNames.contains(where: { counts.count(of: StableHash.of($0)) > 0 }) else { return nil }
    for analysis in new { _ = counts.add(analysis.watched, by: 1) }
    return counts
  }
}
