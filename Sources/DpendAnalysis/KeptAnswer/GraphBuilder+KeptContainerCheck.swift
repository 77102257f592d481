import DpendModel

/// The container check of a builder that makes one graph after another (the server's): a
/// build whose changes leave the check's inputs as they were keeps its answer, its ranges in
/// the changed files moved, instead of checking every registration and resolve site again.
///
/// The check reads each container file's container code, and declarations by name through
/// the symbol table (recorded, by last component, in the names it looked up). So its answer
/// stands when every changed file's container code is the same but for positions
/// (``DpendModel/FileSummary/containerCodePositionFree``) or for registrations nothing
/// resolves and resolves something registers, added or removed (``UnchangedGraph/ContainerChange``,
/// the counts then changed), no declaration a changed file
/// rewrote (``UnchangedGraph/rewrittenNames(from:to:)``) and no name whose meaning the
/// symbol table's update changed is one it looked up, and the build configurations are the
/// same: the rule ``UnchangedGraph`` keeps a command line's answer by.
extension GraphBuilder {
  /// What the last container check answered and read.
  struct KeptContainerCheck {
    var diagnostics: [Diagnostic]
    var report: ContainerReport
    /// The names it looked up, as ``checkContainers(configurations:)`` returns them.
    var lookups: [Substring]
    /// Their hashes.
    var lookedUp: Set<UInt64>
    var configurations: [[String]]?

    init(diagnostics: [Diagnostic], report: ContainerReport, lookups: [Substring], configurations: [[String]]?) {
      self.diagnostics = diagnostics
      self.report = report
      self.lookups = lookups
      lookedUp = Set(lookups.map(StableHash.of))
      self.configurations = configurations
    }
  }

  /// The last check's answer after this build's changes (``changedSinceLastGraph``,
  /// ``namesChangedSinceLastGraph``), its ranges in the changed files moved; `nil` when the
  /// check must run.
  func keptContainerCheck(configurations: [[String]]?, shelf: SummaryShelf) -> KeptContainerCheck? {
    // A graph drawing the registrations (`dpend.showTree`) checks again: the kept check drew none.
    guard !containerViews.contains(.tree), var kept = lastContainerCheck, kept.configurations == configurations,
      !namesChangedSinceLastGraph.contains(where: { kept.lookedUp.contains(StableHash.of($0)) })
    else { return nil }
    var moves: [String: [SourceRange: SourceRange]] = [:]
    var containerChanges: [UnchangedGraph.ContainerChange] = []
    let lookup = ContainerTypeLookup(symbols: symbols, summaries: shelf)
    for (path, old) in changedSinceLastGraph {
      let before = old?.decoded() ?? FileSummary(path: path)
      let after = shelf.summary(of: path) ?? FileSummary(path: path)
      // Keys named through typealiases, nested names or a generic's arguments (SPEC 8.4):
      // checked again.
      guard !UnchangedGraph.renamesKeys([(before, after)]),
        lookup.writesCanonicalTypes(before), lookup.writesCanonicalTypes(after)
      else { return nil }
      let (oldCode, newCode) = (before.containerCodePositionFree, after.containerCodePositionFree)
      var pairs = Array(zip(oldCode.ranges, newCode.ranges))
      if oldCode.written != newCode.written {
        // Registrations nothing resolves, or resolves something registers, added or removed.
        guard let change = UnchangedGraph.ContainerChange(old: before, new: after) else { return nil }
        containerChanges.append(change)
        pairs = change.moves
      }
      guard
        !UnchangedGraph.rewrittenNames(from: before, to: after).contains(where: {
          kept.lookedUp.contains(StableHash.of(SymbolTable.lastComponent($0)))
        }),
        let moved = UnchangedGraph.orderedMoves(from: pairs.map(\.0), to: pairs.map(\.1))
      else { return nil }
      moves[path] = moved
    }
    if !containerChanges.isEmpty {
      // The sites added or removed typed as the check types them, its lookups recorded.
      let watch = NameWatch()
      let lookup = ContainerTypeLookup(symbols: symbols, summaries: shelf, watch: watch)
      guard
        let facts = UnchangedGraph.ContainerChange.facts(
          after: containerChanges, given: kept.report.keyFacts, typing: { lookup.resolve($0.type) })
      else { return nil }
      kept.lookups += watch.names
      kept.lookedUp.formUnion(watch.names.map(StableHash.of))
      kept.report.keyFacts = facts
      kept.report.registrationsRead += containerChanges.reduce(0) { $0 + $1.registrationsRead }
      kept.report.resolvesChecked += containerChanges.reduce(0) { $0 + $1.resolvesChecked }
    }
    // The diagnostics and unread facts hold their ranges as an answer does.
    let answer = AnalysisAnswer(diagnostics: kept.diagnostics, unread: kept.report.unread)
    var ranges: [SourceRange] = []
    for range in answer.ranges {
      guard let fileMoves = moves[range.file] else {
        ranges.append(range)
        continue
      }
      guard let new = fileMoves[range] else { return nil }
      ranges.append(new)
    }
    guard let moved = answer.replacingRanges(ranges) else { return nil }
    kept.diagnostics = moved.diagnostics
    kept.report.unread = moved.unread
    return kept
  }
}
