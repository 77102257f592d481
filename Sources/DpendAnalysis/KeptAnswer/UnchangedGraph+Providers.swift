import DpendModel

extension UnchangedGraph {
  /// The providers a change adds, removes or gives other dependencies without changing the
  /// answer. Added and removed: factories of keys the changed files provide only after the
  /// change (added) or only before it (removed), when nothing needs those keys. The rest of
  /// the graph is then the same, so its diagnostics are:
  ///
  /// - an added key had no factory and a removed one has none left: no ambiguity comes or
  ///   goes, and each added key has one provider;
  /// - no factory depends on either (``KeyFacts/needed``; but see below): no selection, missing dependency
  ///   or requirement of another key changes, and no edge leads to them, so they are on no
  ///   cycle;
  /// - every key an added or removed factory depends on is provided, and stays so: no missing
  ///   dependency or requirement comes or goes with them;
  /// - the graph has no cycle: one reached from an added or removed factory could be told
  ///   from it.
  ///
  /// An added key something needs (its first provider, ``Outcome/satisfiedKeys``) loses its
  /// missing-dependency error and changes nothing else when every factory depending on it is
  /// its key's only factory (``KeyFacts/neededAmongSeveral``: no selection among a key's
  /// factories changes), no dependency of the provider leads back to the key (no cycle
  /// comes), and the graph is an application's (a library lists such keys as requirements).
  ///
  /// Rewired: the only factory of a key, made by the same provider with the same scope, but
  /// with other parameters (added, removed, relabelled, made optional or not), or by another
  /// type's initializer (the class renamed: no other file looked up the old name, or the
  /// symbol table would say its meaning changed). Its
  /// diagnostics stay, but for the missing-dependency errors of the keys it requires that
  /// nothing provides (``Outcome/missingKeys``), when:
  ///
  /// - every key it requires has a factory before the change and after it (perhaps one the
  ///   change added, which nothing else needs), or has none before and none after: no key's
  ///   selection or ambiguity changes (they depend only on which keys have a provider, not
  ///   on who needs them), and the error of a key nothing provides changes only by the
  ///   factory's own parameters among its consumers (in library mode, where such keys are
  ///   requirements, every key it requires is provided);
  /// - its key has no other factory: an ambiguity would name it (with its labels);
  /// - the graph had no cycle, and no key it depends on only after the change reaches its
  ///   key (``KeyEdges``): any new cycle would pass through such an edge. Or the graph had a
  ///   cycle and the change added and removed no provider, gave no rewired factory a
  ///   dependency it did not have, and after it no key leads back to itself along any
  ///   factory's dependencies
  ///   (``KeyEdges/hasCycle``; the registrations had no cycle, ``ContainerKeyFacts/hasCycle``):
  ///   every `dependency-cycle` error goes (``Outcome/cyclesBroken``);
  /// - nothing in the answer is at its parameters or names it (its name shows its labels):
  ///   only its own range moves (``Outcome/moves``), so an answer holding any other of its
  ///   ranges is not kept.
  ///
  /// Alternatives: a key whose factories are all in the changed files, all of one provider,
  /// keeps its first (in position order; the same but for its positions) while others after
  /// it come, go or change (a second initializer added or removed). When the first's required
  /// keys are provided before and after, the graph chooses it (``ProviderSelection``): no
  /// diagnostic, edge of the graph or generated code changes, only the candidates.
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
    /// Keys whose only factory the changed files rewired, in key order.
    public private(set) var rewiredKeys: [DependencyKey] = []
    /// The rewired factories, as the changed files' analyses after have them, in key order.
    public private(set) var rewired: [Factory] = []
    /// The rewired factories as they were before, in key order.
    public private(set) var rewiredBefore: [Factory] = []
    /// Keys whose first factory stays while others after it change (alternatives, above),
    /// in key order.
    public private(set) var alternativeKeys: [DependencyKey] = []
    /// Every factory of each of ``alternativeKeys`` before the change, in position order.
    public private(set) var alternativesBefore: [[Factory]] = []
    /// Every factory of each of ``alternativeKeys`` after it, in position order.
    public private(set) var alternativesAfter: [[Factory]] = []

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
      let oldByKey = Dictionary(grouping: old.lazy.flatMap(\.factories), by: \.key)
      let newByKey = Dictionary(grouping: new.lazy.flatMap(\.factories), by: \.key)
      for (key, factories) in oldByKey.sorted(by: { $0.key < $1.key }) {
        guard factories.count == 1, let now = newByKey[key], now.count == 1, Self.rewires(factories[0], now[0])
        else { continue }
        rewiredKeys.append(key)
        rewiredBefore.append(factories[0])
        rewired.append(now[0])
      }
      for (key, factories) in oldByKey.sorted(by: { $0.key < $1.key }) {
        guard let now = newByKey[key], factories.count > 1 || now.count > 1 else { continue }
        let before = factories.sorted { $0.range < $1.range }
        let after = now.sorted { $0.range < $1.range }
        func same(_ old: Factory, _ new: Factory) -> Bool { old.replacingRanges(new.ranges) == new }
        guard
          (before + after).allSatisfy({
            ProviderSelection.sameProvider($0, before[0]) && $0.provider == before[0].provider
          }),
          same(before[0], after[0]), before.count != after.count || !zip(before, after).allSatisfy(same)
        else { continue }
        alternativeKeys.append(key)
        alternativesBefore.append(before)
        alternativesAfter.append(after)
      }
    }

    /// `true` when `new` is `old` with other parameters, or made by another type's
    /// initializer (a class renamed, or another class providing the key): the same key,
    /// scope, throwing and modules, and the same provider unless both are initializers.
    static func rewires(_ old: Factory, _ new: Factory) -> Bool {
      guard old.key == new.key, old.scope == new.scope, old.isThrowing == new.isThrowing,
        old.requiredModules == new.requiredModules
      else { return false }
      guard ProviderSelection.sameProvider(old, new), old.provider == new.provider else {
        guard case .initializer = old.kind, case .initializer = new.kind else { return false }
        return true
      }
      return !old.parameters.elementsEqual(new.parameters) {
        $0.label == $1.label && $0.dependency == $1.dependency && $0.isOptional == $1.isOptional
      }
    }

    /// The ranges that move in `path` of the factories the comparison of the analyses leaves
    /// out: each rewired factory's own range (not its parameters'), and every range of the
    /// first factory of a key whose alternatives changed (the same but for its positions).
    func rewiredRanges(in path: String) -> [(before: SourceRange, after: SourceRange)] {
      zip(rewiredBefore, rewired).filter { $0.1.range.file == path }.map { ($0.0.range, $0.1.range) }
        + zip(alternativesBefore, alternativesAfter).filter { $0.1[0].range.file == path }.flatMap {
          zip($0.0[0].ranges, $0.1[0].ranges).map { ($0, $1) }
        }
    }

    private init() {}

    /// `true` when nothing was added, removed or rewired, and no alternatives changed.
    public var isEmpty: Bool { removed.isEmpty && added.isEmpty && rewired.isEmpty && alternativeKeys.isEmpty }

    /// `analysis` (a changed file's, before the change) without the removed and rewired
    /// factories, nor the factories of keys whose alternatives changed.
    func keeping(before analysis: FileAnalysis) -> FileAnalysis {
      var kept = analysis
      let rewired = Set(rewiredKeys + alternativeKeys)
      kept.factories.removeAll { removedKeys.contains($0.key) || rewired.contains($0.key) }
      return kept
    }

    /// `analysis` (a changed file's, after the change) without the added and rewired
    /// factories, nor the factories of keys whose alternatives changed.
    func keeping(after analysis: FileAnalysis) -> FileAnalysis {
      var kept = analysis
      let rewired = Set(rewiredKeys + alternativeKeys)
      kept.factories.removeAll { addedKeys.contains($0.key) || rewired.contains($0.key) }
      return kept
    }

    /// The facts after the change when it leaves the answer as it was but for the
    /// missing-dependency errors of `missing` keys, those of `satisfied` keys, which go, and,
    /// when `cyclesBroken`, every `dependency-cycle` error, which goes too (see the type's
    /// rules), given `keys`, the facts before; `nil` otherwise.
    /// `reportsMissing` is `false` in library mode, where a key nothing provides is a
    /// requirement.
    func facts(after keys: KeyFacts, reportsMissing: Bool) -> (
      facts: KeyFacts, missing: [DependencyKey], satisfied: [DependencyKey], cyclesBroken: Bool
    )? {
      // With a cycle, no provider may come or go; rewired factories may break it (below).
      // Alternatives never break one: with only those, the check below refuses.
      guard !keys.hasCycle || (added.isEmpty && removed.isEmpty && keys.container.map { !$0.hasCycle } == true)
      else { return nil }
      for key in removedKeys {
        let count = removed.lazy.filter { $0.key == key }.count
        guard keys.providers(of: key) == count, !keys.isNeeded(key) else { return nil }
      }
      var satisfied: [DependencyKey] = []
      for key in addedKeys {
        guard keys.providers(of: key) == 0 else { return nil }
        if keys.isNeeded(key) {
          guard reportsMissing, !keys.isNeededAmongSeveral(key) else { return nil }
          satisfied.append(key)
        }
        let factories = added.filter { $0.key == key }
        guard factories.allSatisfy({ ProviderSelection.sameProvider($0, factories[0]) }) else { return nil }
      }
      for factory in added + removed {
        for key in factory.dependencies {
          guard keys.providers(of: key) > 0, !removedKeys.contains(key), !addedKeys.contains(key) else { return nil }
        }
      }
      var after = keys
      guard after.add(removed, by: -1), after.add(added, by: 1), after.add(rewiredBefore, by: -1),
        after.add(rewired, by: 1)
      else { return nil }
      // The first of a key's alternatives is chosen before and after: every factory of the
      // key is here, and what it requires is provided.
      for (old, new) in zip(alternativesBefore, alternativesAfter) {
        guard keys.providers(of: old[0].key) == old.count, after.add(old, by: -1), after.add(new, by: 1) else {
          return nil
        }
      }
      for (old, new) in zip(alternativesBefore, alternativesAfter) {
        guard old[0].requiredDependencies.allSatisfy({ keys.providers(of: $0.key) > 0 }),
          new[0].requiredDependencies.allSatisfy({ after.providers(of: $0.key) > 0 })
        else { return nil }
      }
      // Each key a rewired factory requires is provided before the change and after it (an
      // added provider may be what it now needs), or neither before nor after (then its
      // error changes).
      var missing: Set<DependencyKey> = []
      for (old, new) in zip(rewiredBefore, rewired) {
        guard keys.providers(of: new.key) == 1 else { return nil }
        let unprovided =
          old.requiredDependencies.filter { keys.providers(of: $0.key) == 0 }
          + new.requiredDependencies.filter { after.providers(of: $0.key) == 0 }
        for (key, _) in unprovided {
          guard reportsMissing, keys.providers(of: key) == 0, after.providers(of: key) == 0 else { return nil }
          missing.insert(key)
        }
      }
      // A cycle after the change would pass through a new edge into a key something needs:
      // one only a rewired factory has, or one from a key that had no provider.
      var newEdges: [(source: DependencyKey, target: DependencyKey)] = []
      for (old, new) in zip(rewiredBefore, rewired) {
        let before = Set(old.dependencies)
        newEdges += new.dependencies.filter { !before.contains($0) }.map { (new.key, $0) }
      }
      for factory in added where satisfied.contains(factory.key) {
        newEdges += factory.dependencies.map { (factory.key, $0) }
      }
      if keys.hasCycle {
        // Every cycle broken: no edge came, and none is left.
        guard newEdges.isEmpty, !after.edges.hasCycle else { return nil }
        after.hasCycle = false
        return (after, missing.sorted(), satisfied.sorted(), true)
      }
      guard !newEdges.contains(where: { after.reaches(from: $0.target, to: $0.source) }) else { return nil }
      return (after, missing.sorted(), satisfied.sorted(), false)
    }
  }

  /// `true` when the types the implicit filter selects are alike in each summary before and
  /// after: written the same by name, positions, methods and closing brace apart (its
  /// analysis makes factories of its initializers for the keys of its conformances; a method
  /// gives a factory only in a configuration class, whose methods the check compares,
  /// ``movedRanges(from:to:adding:)``, and the closing brace is where a fix-it inserts a
  /// configuration's method).
  ///
  /// With `providers` (the check is given the keys), initializers and conformances apart
  /// too, and a type may be added or removed whole: the check compares the factories those
  /// make (one rewired, or providers of other keys added and removed), and the symbol table
  /// tells which other files looked up a type whose conformances changed.
  static func selectAlike(
    _ decoded: [(old: FileSummary, new: FileSummary)], _ settings: AnalysisSettings, providers: Bool
  ) -> Bool {
    func selected(_ summary: FileSummary) -> [String: [UInt8]] {
      Dictionary(grouping: summary.types.filter { settings.implicitFilter.selects($0.name) }, by: \.name).mapValues {
        TypeDeclaration.positionFree(
          $0.map { type in
            var type = type
            type.methods = []
            type.closingBrace = nil
            type.closingBraceStartsLine = false
            if providers {
              type.initializers = []
              type.inheritance = []
            }
            return type
          }
        ).written
      }
    }
    return decoded.allSatisfy { change in
      let old = selected(change.old)
      let new = selected(change.new)
      guard providers else { return old == new }
      return old.allSatisfy { name, written in new[name].map { $0 == written } ?? true }
    }
  }
}
