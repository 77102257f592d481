import DpendModel

extension UnchangedGraph {
  /// Container code a change added to one file or removed from it, the rest the same but for
  /// positions, when the container check's answer stays what it was but for its counts:
  ///
  /// - each registration added or removed is read, forwarded by no app function, under no
  ///   `#if` condition, not auto-wired, and nothing resolves its keys
  ///   (before or after, ``ContainerKeyFacts/resolved``): no site gains or loses an answer, so
  ///   no missing registration, runtime-argument count or cast changes, and nothing leads
  ///   into its keys, so they are on no cycle;
  /// - a registration added is the only one of its container and key (no duplicate comes),
  ///   and the check reported no protocol of its name that nothing registers (it could be
  ///   the concrete one such an error names, ``ContainerKeyFacts/scannedNames``); one
  ///   removed was the only one (no duplicate goes);
  /// - each resolve site added (outside registrations, or a need of one added) asks for a
  ///   type that can be known (written, or an initializer's parameter's, looked up as the
  ///   check does and recorded among its lookups), under no condition, for no property
  ///   wrapper's type, and a registration
  ///   under no condition answers it (with its runtime-argument count, for Swinject), with no
  ///   cast or one to that type: it is checked and reports nothing;
  /// - each site removed is read the same way; any diagnostic at its range would have no
  ///   place after the change, so an answer holding one is not kept (``Outcome/moved(_:)``);
  /// - a registration edited in place (written the same but for what its factory resolves
  ///   and its scope, ``DpendModel/FileSummary/registrationPartsPositionFree``) may be
  ///   resolved by anything: its keys answer as they did. Its needs gained and lost are
  ///   resolve sites added and removed (above), matched one by one as sites are. A need
  ///   gained or lost (property injection apart) is an edge of the cycle check: when
  ///   something resolves the registration's keys, the registrations had no cycle, and each
  ///   need gained leads to a key no edge leaves (``ContainerKeyFacts/edgeSources``) and no
  ///   registration edited now is of, so none comes (when nothing does, no edge leads into
  ///   it: it is on no cycle). A scope changed to or from `eagerSingleton` (Dip's; no other
  ///   dialect names a scope so) pairs nothing: the error of a missing need names an eager
  ///   singleton, so the two are a registration removed and one added, as above;
  /// - nothing added or removed holds a range of what stays (Resolver's `.implements(Q.self)`
  ///   is a second registration at the first one's ranges): a diagnostic there would move
  ///   although it was, or will be, about what came or went.
  ///
  /// The registrations and sites that stay keep their order, and their ranges move with them.
  struct ContainerChange {
    /// The ranges of the registrations and sites that stay, before and after.
    var moves: [(before: SourceRange, after: SourceRange)] = []
    /// The registrations added, with their identities (``ContainerKeyFacts/identities``).
    var added: [(registration: ContainerRegistration, identities: [UInt64])] = []
    /// The registrations removed, with their identities.
    var removed: [(registration: ContainerRegistration, identities: [UInt64])] = []
    /// The sites added: outside registrations, and the needs of those added.
    var addedSites: [ResolveSite] = []
    /// The sites removed.
    var removedSites: [ResolveSite] = []
    /// The registrations edited in place, after the change: the same but for what their
    /// factories resolve and their scopes (their needs gained and lost are among
    /// ``addedSites`` and ``removedSites``; ``edgesAdded`` and ``edgesRemoved`` count those
    /// that are edges of the cycle check).
    var edited: [ContainerRegistration] = []
    /// For each need an edited registration gained (property injection apart), the
    /// registration's place in ``edited`` and the need's in ``addedSites``: an edge of the
    /// cycle check.
    var edgesAdded: [(edited: Int, site: Int)] = []
    /// For each edited registration, how many needs it lost (property injection apart).
    var edgesRemoved: [Int] = []

    /// The change from `old` to `new` (one file's summaries), told from them alone; `nil`
    /// when it is not of the kind above.
    init?(old: FileSummary, new: FileSummary) {
      let before = old.containerElementsPositionFree
      let after = new.containerElementsPositionFree
      guard let registrations = Self.matching(before.registrations.map(\.written), after.registrations.map(\.written)),
        let sites = Self.matching(before.sites.map(\.written), after.sites.map(\.written))
      else { return nil }
      for (oldIndex, newIndex) in registrations {
        moves += zip(before.registrations[oldIndex].ranges, after.registrations[newIndex].ranges).map { ($0, $1) }
      }
      for (oldIndex, newIndex) in sites {
        moves += zip(before.sites[oldIndex].ranges, after.sites[newIndex].ranges).map { ($0, $1) }
      }
      // The places of what went and what came.
      let unmatched = Self.unmatched
      var gone = unmatched(old.registrations.count, registrations.map(\.0))
      var come = unmatched(new.registrations.count, registrations.map(\.1))
      let goneSites = unmatched(old.resolveSites.count, sites.map(\.0))
      let comeSites = unmatched(new.resolveSites.count, sites.map(\.1))
      var goneRanges = goneSites.flatMap { before.sites[$0].ranges }
      var comeRanges = comeSites.flatMap { after.sites[$0].ranges }
      guard let editedNeeds = pairEdited(old: old, new: new, gone: &gone, come: &come) else { return nil }
      goneRanges += editedNeeds.removedRanges
      comeRanges += editedNeeds.addedRanges
      let oldIdentities = ContainerKeyFacts.identities(of: old)
      let newIdentities = ContainerKeyFacts.identities(of: new)
      removed = gone.map { (old.registrations[$0], oldIdentities[$0]) }
      added = come.map { (new.registrations[$0], newIdentities[$0]) }
      removedSites =
        goneSites.map { old.resolveSites[$0] }
        + removed.flatMap { $0.registration.needs + $0.registration.propertyNeeds } + editedNeeds.removed
      let addedBefore =
        comeSites.map { new.resolveSites[$0] }
        + added.flatMap { $0.registration.needs + $0.registration.propertyNeeds }
      addedSites = addedBefore + editedNeeds.added
      edgesAdded = editedNeeds.edges.map { ($0.edited, addedBefore.count + $0.site) }
      guard (added + removed).allSatisfy({ Self.isPlain($0.registration) }),
        (addedSites + removedSites).allSatisfy(Self.isPlain)
      else { return nil }
      // What comes or goes must hold no range of what stays: a diagnostic there would move
      // with what stays although it was, or will be, about what came or went. Resolver's
      // `.implements(Q.self)` is a second registration at the first one's ranges, its needs
      // included.
      let stayingBefore = Set(moves.map(\.before))
      let stayingAfter = Set(moves.map(\.after))
      goneRanges += gone.flatMap { before.registrations[$0].ranges }
      comeRanges += come.flatMap { after.registrations[$0].ranges }
      guard !goneRanges.contains(where: stayingBefore.contains), !comeRanges.contains(where: stayingAfter.contains)
      else { return nil }
    }

    /// The places in `0..<count` that are not in `kept`.
    static func unmatched(_ count: Int, _ kept: [Int]) -> [Int] {
      let kept = Set(kept)
      return (0..<count).filter { !kept.contains($0) }
    }

    /// The registrations read minus those no longer (``AnalysisAnswer/registrationsRead``).
    var registrationsRead: Int { added.count - removed.count }

    /// The sites checked minus those no longer (``AnalysisAnswer/resolvesChecked``).
    var resolvesChecked: Int { addedSites.count - removedSites.count }

    /// The facts after `changes` (of files each changed once), given `facts` before them,
    /// each site typed by `typing` (``ContainerTypeLookup/resolve(_:)`` over the table after
    /// the changes: a type the sites removed asked for was looked up by the check before, so
    /// a declaration it read that changed makes the answer "maybe" anyway); `nil` when the
    /// container check's answer may differ (the rules of ``ContainerChange``).
    static func facts(
      after changes: [ContainerChange], given facts: ContainerKeyFacts, typing: (ResolveSite) -> String?
    ) -> ContainerKeyFacts? {
      // Each change's sites removed and added, typed.
      var types: [(removed: [String], added: [String])] = []
      for change in changes {
        guard let removed = Self.typed(change.removedSites, typing), let added = Self.typed(change.addedSites, typing)
        else { return nil }
        types.append((removed, added))
      }
      var after = facts
      for (change, typed) in zip(changes, types) {
        for (registration, identities) in change.removed {
          guard after.add(registration, identities: identities, by: -1),
            after.addEdges(from: registration, by: -facts.edgeCount(of: registration))
          else { return nil }
        }
        for (site, type) in zip(change.removedSites, typed.removed) {
          guard after.add(resolvedType: type, name: site.name, by: -1) else { return nil }
        }
        for (registration, identities) in change.added {
          guard after.add(registration, identities: identities, by: 1),
            after.addEdges(from: registration, by: facts.edgeCount(of: registration))
          else { return nil }
        }
        for (index, (registration, lost)) in zip(change.edited, change.edgesRemoved).enumerated() {
          let gained = change.edgesAdded.count { $0.edited == index }
          guard after.addEdges(from: registration, by: gained - lost) else { return nil }
        }
        for (site, type) in zip(change.addedSites, typed.added) {
          guard after.add(resolvedType: type, name: site.name, by: 1) else { return nil }
        }
      }
      // The keys of the registrations edited, on all files.
      let edited = Set(
        changes.flatMap(\.edited).flatMap { registration in
          registration.types.map { ContainerKeyFacts.resolvedHash(type: $0, name: registration.name) }
        })
      for (change, typed) in zip(changes, types) {
        for (registration, _) in change.added + change.removed {
          for type in registration.types {
            guard !facts.isResolved(type: type, name: registration.name),
              !after.isResolved(type: type, name: registration.name)
            else { return nil }
          }
        }
        guard change.added.allSatisfy({ !facts.isScanned($0.registration.name) }),
          change.added.allSatisfy({ $0.identities.allSatisfy { after.count(identity: $0) == 1 } }),
          change.removed.allSatisfy({ $0.identities.allSatisfy { facts.count(identity: $0) == 1 } })
        else { return nil }
        for (site, type) in zip(change.addedSites, typed.added) {
          guard after.isRegistered(site, type: type), site.conditionalCast == nil || site.conditionalCast == type else {
            return nil
          }
        }
        // Needs an edited registration lost or gained leave the cycles as they were when
        // nothing resolves its keys, before or after (no edge leads into it, so it is on no
        // cycle), or when the registrations had none and each new edge leads to a key no
        // edge leaves (none before, and no registration edited now).
        let resolved = change.edited.map { registration in
          registration.types.contains {
            facts.isResolved(type: $0, name: registration.name) || after.isResolved(type: $0, name: registration.name)
          }
        }
        let edgesRemoved = zip(change.edgesRemoved, resolved).contains { $0 > 0 && $1 }
        let edgesAdded = change.edgesAdded.filter { resolved[$0.edited] }
        guard !edgesRemoved && edgesAdded.isEmpty || !facts.hasCycle else { return nil }
        for (_, index) in edgesAdded {
          let (site, type) = (change.addedSites[index], typed.added[index])
          guard facts.edges(from: type, name: site.name) == 0,
            !edited.contains(ContainerKeyFacts.resolvedHash(type: type, name: site.name))
          else { return nil }
        }
      }
      return after
    }

    /// The type of each of `sites`; `nil` when one cannot be typed.
    private static func typed(_ sites: [ResolveSite], _ typing: (ResolveSite) -> String?) -> [String]? {
      var types: [String] = []
      for site in sites {
        guard let type = typing(site) else { return nil }
        types.append(type)
      }
      return types
    }

    /// `true` for a registration the rules above let come or go.
    static func isPlain(_ registration: ContainerRegistration) -> Bool {
      registration.unread == nil && !registration.isForwarded && registration.conditions.isEmpty
        && registration.autowired == nil && !registration.types.isEmpty
    }

    /// `true` for a site the rules above let come or go, when its type can be known: read,
    /// under no condition, for no property wrapper's type, passing no argument of a written
    /// type (the check compares those: ``ContainerCheck``'s `argument-type-mismatch`).
    private static func isPlain(_ site: ResolveSite) -> Bool {
      site.unread == nil && site.conditions.isEmpty && site.owner == nil && site.type != nil
        && site.argumentTypes.isEmpty
    }

    /// The pairs of places in `old` and `new` of equal elements, in order, as many as can be
    /// (the common prefix and suffix, and the longest common subsequence between them);
    /// `nil` when the parts between are too long to compare (over 65,536 pairs).
    static func matching(_ old: [[UInt8]], _ new: [[UInt8]]) -> [(Int, Int)]? {
      var prefix = 0
      while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
      var suffix = 0
      while suffix < old.count - prefix, suffix < new.count - prefix,
        old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
      {
        suffix += 1
      }
      var pairs = (0..<prefix).map { ($0, $0) }
      let oldMiddle = Array(prefix..<(old.count - suffix))
      let newMiddle = Array(prefix..<(new.count - suffix))
      if !oldMiddle.isEmpty, !newMiddle.isEmpty {
        guard oldMiddle.count * newMiddle.count <= 1 << 16 else { return nil }
        // lengths[i][j]: the longest common subsequence of the middles from i and j on.
        let columns = newMiddle.count + 1
        var lengths = [Int](repeating: 0, count: (oldMiddle.count + 1) * columns)
        for i in oldMiddle.indices.reversed() {
          for j in newMiddle.indices.reversed() {
            lengths[i * columns + j] =
              old[oldMiddle[i]] == new[newMiddle[j]]
              ? lengths[(i + 1) * columns + j + 1] + 1
              : max(lengths[(i + 1) * columns + j], lengths[i * columns + j + 1])
          }
        }
        var (i, j) = (0, 0)
        while i < oldMiddle.count, j < newMiddle.count {
          if old[oldMiddle[i]] == new[newMiddle[j]] {
            pairs.append((oldMiddle[i], newMiddle[j]))
            (i, j) = (i + 1, j + 1)
          } else if lengths[(i + 1) * columns + j] >= lengths[i * columns + j + 1] {
            i += 1
          } else {
            j += 1
          }
        }
      }
      pairs += (0..<suffix).map { (old.count - suffix + $0, new.count - suffix + $0) }
      return pairs
    }
  }
}

extension UnchangedGraph {
  /// The container check's type lookup over `symbols` (the table after the changes), reading
  /// declarations from the `changed` files' new summaries and the `unchanged` ones (each
  /// decoded once, when asked); every name looked up goes to `watch`, as the check's do.
  static func containerLookup(
    symbols: SymbolTable, unchanged: [IndexedSummary], changed: [(path: String, summary: FileSummary)],
    watch: NameWatch
  ) -> ContainerTypeLookup {
    final class Summaries {
      let changed: [String: FileSummary]
      let unchanged: [IndexedSummary]
      lazy var byPath = Dictionary(unchanged.map { ($0.stored.path, $0) }, uniquingKeysWith: { first, _ in first })
      var decoded: [String: FileSummary?] = [:]

      init(changed: [String: FileSummary], unchanged: [IndexedSummary]) {
        self.changed = changed
        self.unchanged = unchanged
      }

      func summary(of path: String) -> FileSummary? {
        if let summary = changed[path] { return summary }
        if let summary = decoded[path] { return summary }
        let summary = byPath[path]?.summary
        decoded[path] = summary
        return summary
      }
    }
    let summaries = Summaries(
      changed: Dictionary(changed, uniquingKeysWith: { first, _ in first }), unchanged: unchanged)
    return ContainerTypeLookup(
      symbols: symbols, declarations: { path in summaries.summary(of: path).map { ($0.types, $0.protocols) } },
      watch: watch)
  }
}
