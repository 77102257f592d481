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
/// Container code (Dip, Swinject) reads declarations of any file by name: a changed file
/// that adds, removes or rewrites (beyond moving it) the declaration of a name the
/// container check looked up (recorded in ``WatchedNames/containerLookups``), or whose own
/// container code is not the same but for positions (``FileSummary/containerCodePositionFree``),
/// makes the answer "maybe"; container code that only moved moves the container check's
/// ranges with it. A factory made from a declaration under `#if` has the graph checked per
/// configuration: with one anywhere, before or after the change, the answer is always "maybe".
public enum UnchangedGraph {
  /// One file whose summary changed.
  public struct Change: Sendable {
    /// The summary the kept answer was made from.
    public var old: IndexedSummary
    /// The summary of the file now.
    public var new: IndexedSummary

    /// Container code, before or after: checked only when it is the same but for positions.
    var hasContainer: Bool { old.isContainer || new.isContainer }
    /// Declarations under `#if`, before or after: checked only when they make no factory.
    var hasIf: Bool { old.isConditional || new.isConditional }

    /// The change of one file from `old` to `new` (of the same path).
    public init(old: IndexedSummary, new: IndexedSummary) {
      self.old = old
      self.new = new
    }
  }

  /// What the check found when the graph is unchanged.
  public struct Outcome: Equatable, Sendable {
    /// The names looked up after the changes.
    public var watched: WatchedNames
    /// For each changed file, where each range of its analysis (factories, their
    /// parameters, problems) was and is now; the graph's ranges in that file are among them.
    public var moves: [String: [SourceRange: SourceRange]]
    /// The keys provided and needed after the changes; `nil` when the check was not given
    /// them.
    public var keys: KeyFacts?
    /// The providers (of keys nothing needs) the changes added or removed, and those they
    /// rewired (``ProviderChange``): the diagnostics
    /// are the same, the generated code is not.
    public var providers = ProviderChange.none
    /// `true` when the changes added, removed or rewired providers.
    public var providersChanged: Bool { !providers.isEmpty }
    /// The keys nothing provides, before the changes and after them, that a rewired factory
    /// requires before or after: each one's missing-dependency error changes with the
    /// factory's parameters among its consumers (``answer(after:)``), in key order.
    public var missingKeys: [DependencyKey] = []
    /// The keys something needs that the changes gave their first provider (when every
    /// factory needing them is its key's only one): their missing-dependency errors go.
    public var satisfiedKeys: [DependencyKey] = []
    /// `true` when the graph had a cycle and the changes broke every one: the answer's
    /// `dependency-cycle` errors go (``ProviderChange``).
    public var cyclesBroken = false
    /// The container registrations read that the changes added, less those they removed
    /// (``ContainerChange``).
    public var registrationsRead = 0
    /// The container resolves checked that the changes added, less those they removed.
    public var resolvesChecked = 0
    /// `true` when the changes added, removed or edited container registrations or
    /// resolves, leaving the container check's answer as it was (``ContainerChange``).
    public var containerCodeChanged = false

    /// Where `range` of the graph before the changes is now: itself in a file that did not
    /// change, `nil` for a range of a changed file that is not one of its analysis's.
    public func moved(_ range: SourceRange) -> SourceRange? {
      guard let moves = moves[range.file] else { return range }
      return moves[range]
    }
  }

  /// The outcome when the graph of the `others` files plus the new summaries of `changes`
  /// is the graph of `others` plus the old summaries but for the positions of the changed
  /// files' factories and problems, moved in the same order; `nil` when it may not be.
  /// `watched` are the names looked up before (``DependencyGraph/watchedNames``). With
  /// `keys`, the keys provided and needed before (``DependencyGraph/keyFacts``), the graph
  /// may also have gained or lost providers of keys nothing needs, or rewired providers
  /// (``ProviderChange``).
  ///
  /// When it can, only the few other files that declare a name the check asks about are
  /// read (``sparseCheck(others:changes:decoded:watched:keys:settings:)``).
  public static func check(
    others: OtherFiles, changes: [Change], watched: WatchedNames, keys: KeyFacts? = nil, settings: AnalysisSettings
  ) -> Outcome? {
    // ``isWorthChecking(_:settings:providers:)``, with each changed file decoded once.
    guard !changes.isEmpty, changes.allSatisfy({ $0.old.stored.path == $0.new.stored.path }) else { return nil }
    let decoded = changes.map { (old: $0.old.summary, new: $0.new.summary) }
    guard containerCodeAlike(changes, decoded, changesAllowed: keys?.container != nil),
      selectAlike(decoded, settings, providers: keys != nil)
    else {
      return nil
    }
    if let sparse = sparseCheck(
      others: others, changes: changes, decoded: decoded, watched: watched, keys: keys, settings: settings)
    {
      return sparse.outcome
    }
    guard let unchanged = others.all() else { return nil }
    return check(
      unchanged: unchanged, changes: changes, decoded: decoded, watched: watched, keys: keys, settings: settings,
      audit: nil)
  }

  /// `true` when a change declares, removes or rewrites a typealias or a nested type: the
  /// names container code writes may then name other types (``ContainerTypeLookup/canonical``).
  static func renamesKeys(_ decoded: [(old: FileSummary, new: FileSummary)]) -> Bool {
    func names(_ summary: FileSummary) -> [String] {
      summary.typealiases.map { "\($0.name)=\($0.lookupScope):\($0.target)" }
        + summary.types.map(\.name).filter { $0.contains(".") }
        + summary.protocols.map(\.name).filter { $0.contains(".") }
    }
    return decoded.contains { names($0.old) != names($0.new) }
  }

  /// The check itself, past the changed files' own tests, with the table of `unchanged`
  /// (and the changed files' old summaries) recording its questions in `audit`.
  static func check(
    unchanged: [IndexedSummary], changes: [Change], decoded: [(old: FileSummary, new: FileSummary)],
    watched: WatchedNames, keys: KeyFacts?, settings: AnalysisSettings, audit: SymbolAudit?
  ) -> Outcome? {
    // Container code names its keys through typealiases and nested names (SPEC 8.4): a change
    // of either has the graph built, with the container check (issue rule: no kept answer).
    guard keys?.container == .empty || !renamesKeys(decoded) else { return nil }
    let before =
      (unchanged + changes.map(\.old)).map { (path: $0.stored.path, interface: $0.interface) }.sorted {
        $0.path < $1.path
      }
    var symbols = SymbolTable(
      files: before, libraryFactories: settings.libraryFactories, moduleName: settings.moduleName, audit: audit)
    // A factory made from a declaration under `#if` has the graph checked per configuration.
    // The other files' factories stay as they are (no name they looked up changes meaning,
    // checked below), so the table before the change tells.
    for indexed in unchanged where indexed.isConditional {
      let summary = indexed.summary
      let factories = FileAnalysis(summary, symbols: symbols, settings: settings).factories
      guard !BuildConfigurations.makesConditionalFactory(factories, of: summary) else { return nil }
    }
    let old = decoded.map { FileAnalysis($0.old, symbols: symbols, settings: settings) }
    let interfaceChanges = changes.filter { $0.old.interface != $0.new.interface }.map {
      SymbolTable.Change(path: $0.new.stored.path, old: $0.old.interface, new: $0.new.interface)
    }
    let changedNames = interfaceChanges.isEmpty ? [] : symbols.update(interfaceChanges, reportingChanges: true)
    let new = decoded.map { FileAnalysis($0.new, symbols: symbols, settings: settings) }
    // Nor a changed file's, before or after.
    for (index, change) in changes.enumerated() where change.hasIf {
      guard !BuildConfigurations.makesConditionalFactory(old[index].factories, of: decoded[index].old),
        !BuildConfigurations.makesConditionalFactory(new[index].factories, of: decoded[index].new)
      else { return nil }
    }
    let providers = keys == nil ? .none : ProviderChange(old: old, new: new)
    // For each changed file with container code, where the container check's ranges go:
    // with its code that only moved, or with what stays of code added or removed that
    // leaves the check's answer as it was.
    var containerMoves: [Int: [(before: SourceRange, after: SourceRange)]] = [:]
    var containerChanges: [ContainerChange] = []
    for (index, change) in changes.enumerated() where change.hasContainer {
      let (old, new) = (decoded[index].old.containerCodePositionFree, decoded[index].new.containerCodePositionFree)
      guard old.written != new.written else {
        containerMoves[index] = zip(old.ranges, new.ranges).map { ($0, $1) }
        continue
      }
      guard keys?.container != nil,
        let containerChange = ContainerChange(old: decoded[index].old, new: decoded[index].new)
      else { return nil }
      containerMoves[index] = containerChange.moves
      containerChanges.append(containerChange)
    }
    var containerAfter = keys?.container
    // The names the container check would look up to type the sites added or removed.
    let containerWatch = NameWatch()
    if let facts = keys?.container, !containerChanges.isEmpty {
      let lookup = containerLookup(
        symbols: symbols, unchanged: unchanged,
        changed: changes.indices.map { (changes[$0].new.stored.path, decoded[$0].new) }, watch: containerWatch)
      // Code naming a type through a typealias, a nested name or a generic's arguments is
      // checked with the graph (SPEC 8.4).
      guard
        changes.indices.allSatisfy({
          lookup.writesCanonicalTypes(decoded[$0].old) && lookup.writesCanonicalTypes(decoded[$0].new)
        })
      else { return nil }
      containerAfter = ContainerChange.facts(
        after: containerChanges, given: facts, typing: { lookup.resolve($0.type) })
      guard containerAfter != nil else { return nil }
    }
    var moves: [String: [SourceRange: SourceRange]] = [:]
    for (index, (change, (before, after))) in zip(changes, zip(old, new)).enumerated() {
      // The container check's ranges in the file move with its container code.
      let container = containerMoves[index] ?? []
      guard
        let moved = movedRanges(
          from: providers.keeping(before: before), to: providers.keeping(after: after),
          adding: providers.rewiredRanges(in: change.new.stored.path) + container)
      else { return nil }
      moves[change.new.stored.path] = moved
    }
    var keysAfter = keys
    var missingKeys: [DependencyKey] = []
    var satisfiedKeys: [DependencyKey] = []
    var cyclesBroken = false
    if let keys, !providers.isEmpty {
      guard let after = providers.facts(after: keys, reportsMissing: settings.mode == .application) else { return nil }
      keysAfter = after.facts
      missingKeys = after.missing
      satisfiedKeys = after.satisfied
      cyclesBroken = after.cyclesBroken
    }
    keysAfter?.container = containerAfter
    var counts = watched
    for analysis in old {
      guard counts.add(analysis.watched, by: -1) else { return nil }
    }
    // A name another file looked up now means something else: that file's analysis may differ.
    guard !changedNames.contains(where: { counts.count(of: StableHash.of($0)) > 0 }) else { return nil }
    // The container check reads declarations of any file by name: no name a changed file
    // declares differently (apart from positions), nor any name whose meaning changed, may
    // be one it looked up.
    let rewritten = decoded.flatMap { rewrittenNames(from: $0.old, to: $0.new) }
    guard
      !(rewritten.map(SymbolTable.lastComponent) + Array(changedNames)).contains(where: {
        watched.containerLookedUp(StableHash.of($0))
      })
    else { return nil }
    for analysis in new { _ = counts.add(analysis.watched, by: 1) }
    counts.addContainerLookups(containerWatch.names)
    var outcome = Outcome(
      watched: counts, moves: moves, keys: keysAfter, providers: providers, missingKeys: missingKeys,
      satisfiedKeys: satisfiedKeys)
    outcome.cyclesBroken = cyclesBroken
    outcome.containerCodeChanged = !containerChanges.isEmpty
    outcome.registrationsRead = containerChanges.reduce(0) { $0 + $1.registrationsRead }
    outcome.resolvesChecked = containerChanges.reduce(0) { $0 + $1.resolvesChecked }
    return outcome
  }

  /// The names of the types, protocols, typealiases and extended types `new` declares
  /// otherwise than `old` (the same file before a change): added, removed, or written
  /// differently apart from their positions. The container check reads a type's
  /// declaration (its initializers' labels and types) and a protocol's inheritance by name,
  /// and none of their positions: a declaration that only moved gives it the same answer.
  static func rewrittenNames(from old: FileSummary, to new: FileSummary) -> [String] {
    var names: [String] = []
    func compare<Value: Equatable>(_ before: [(name: String, value: Value)], _ after: [(name: String, value: Value)]) {
      // Each name's declarations in file order: with a name declared twice, the first wins.
      let old = Dictionary(grouping: before, by: \.name).mapValues { $0.map(\.value) }
      let new = Dictionary(grouping: after, by: \.name).mapValues { $0.map(\.value) }
      for name in Set(old.keys).union(new.keys) where old[name] != new[name] { names.append(name) }
    }
    func types(_ summary: FileSummary) -> [(name: String, value: [UInt8])] {
      summary.types.map { ($0.name, TypeDeclaration.positionFree([$0]).written) }
    }
    func protocols(_ summary: FileSummary) -> [(name: String, value: [String])] {
      summary.protocols.map { ($0.name, ["\($0.access)"] + $0.inheritance.map(\.name)) }
    }
    compare(types(old), types(new))
    compare(protocols(old), protocols(new))
    compare(
      old.typealiases.map { ($0.name, [$0.target, $0.lookupScope]) },
      new.typealiases.map { ($0.name, [$0.target, $0.lookupScope]) })
    compare(
      old.extensions.map { ($0.extendedType, $0.inheritance.map(\.name)) },
      new.extensions.map { ($0.extendedType, $0.inheritance.map(\.name)) })
    return names.sorted()
  }

  /// `false` when ``check(others:changes:watched:keys:settings:)`` would surely answer
  /// `nil` for `changes`, told from the changed files alone: one's container code changed
  /// otherwise than in its positions, or a type the implicit filter selects was changed (but for
  /// its methods; with `providers`, its initializers and conformances too); or, unless
  /// the check may find `providers` added or removed (it is given the keys), added or
  /// removed (which nearly always makes other factories). A caller asks it before reading
  /// every other file for the check.
  public static func isWorthChecking(_ changes: [Change], settings: AnalysisSettings, providers: Bool = false)
    -> Bool
  {
    guard !changes.isEmpty else { return false }
    let decoded = changes.map { (old: $0.old.summary, new: $0.new.summary) }
    return containerCodeAlike(changes, decoded, changesAllowed: providers)
      && selectAlike(decoded, settings, providers: providers)
  }

  /// `true` when each changed file's container code is the same before and after but for
  /// its positions: the container check then gives the same answer, its ranges in the file
  /// moved (as long as no declaration it looked up changed, which the check tells). With
  /// `changesAllowed` (the check is given the keys registered and resolved), also when it
  /// only adds or removes what may leave that answer as it was (``ContainerChange``).
  static func containerCodeAlike(
    _ changes: [Change], _ decoded: [(old: FileSummary, new: FileSummary)], changesAllowed: Bool = false
  ) -> Bool {
    zip(changes, decoded).allSatisfy { change, summaries in
      !change.hasContainer
        || summaries.old.containerCodePositionFree.written == summaries.new.containerCodePositionFree.written
        || (changesAllowed && ContainerChange(old: summaries.old, new: summaries.new) != nil)
    }
  }

  /// Where each range of `before` is in `after`, when `after` is `before` with its ranges
  /// moved, each to one place and all in the same order (so that whatever the graph sorts by
  /// position stays in its order); `nil` otherwise. The pairs of `extra` (the rewired
  /// factories' ranges) move too, in the same order.
  static func movedRanges(
    from before: FileAnalysis, to after: FileAnalysis, adding extra: [(before: SourceRange, after: SourceRange)] = []
  ) -> [SourceRange: SourceRange]? {
    // Configuration classes are compared as written, their positions apart.
    let oldConfigurations = TypeDeclaration.positionFree(before.configurations)
    let newConfigurations = TypeDeclaration.positionFree(after.configurations)
    guard oldConfigurations.written == newConfigurations.written,
      let moved = before.replacingRanges(after.ranges),
      moved.factories == after.factories, moved.diagnostics == after.diagnostics
    else { return nil }
    let from = before.ranges + oldConfigurations.ranges + extra.map(\.before)
    let to = after.ranges + newConfigurations.ranges + extra.map(\.after)
    return orderedMoves(from: from, to: to)
  }

  /// Each range of `from` mapped to the range at the same index of `to`, when each goes to
  /// one place and all keep their order; `nil` otherwise.
  static func orderedMoves(from: [SourceRange], to: [SourceRange]) -> [SourceRange: SourceRange]? {
    var moves: [SourceRange: SourceRange] = [:]
    for (old, new) in zip(from, to) {
      guard moves.updateValue(new, forKey: old).map({ $0 == new }) ?? true else { return nil }
    }
    func place(_ range: SourceRange) -> (Int, Int) { (range.start.offset, range.end.offset) }
    let order = moves.sorted { place($0.key) < place($1.key) }
    for (first, second) in zip(order, order.dropFirst()) where !(place(first.value) < place(second.value)) {
      return nil
    }
    return moves
  }
}
