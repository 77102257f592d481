import DpendModel

/// The check from a few of the workspace's files: a one-file change asks the symbol table
/// about a few dozen names, and only the files declaring them need to be read and put in
/// the table (``SymbolAudit`` tells why the answers are then the whole workspace's).
extension UnchangedGraph {
  /// The files that did not change, as the check reads them: what each declares first, its
  /// summary only when the check needs it.
  public struct OtherFiles {
    /// How many there are.
    public let count: Int
    /// What file `index` declares; `nil` when that is not known without decoding it.
    let declared: (Int) -> DeclaredNames?
    /// The summary of file `index`; `nil` when it is missing.
    let summary: (Int) -> IndexedSummary?
    /// Every file's summary, in any order; `nil` when one is missing.
    let all: () -> [IndexedSummary]?

    /// `count` files, told by `declared`, `summary` and `all` (see the properties).
    public init(
      count: Int, declared: @escaping (Int) -> DeclaredNames?, summary: @escaping (Int) -> IndexedSummary?,
      all: @escaping () -> [IndexedSummary]?
    ) {
      self.count = count
      self.declared = declared
      self.summary = summary
      self.all = all
    }

  }

  /// The outcome of a check that went without reading every file.
  struct Decided {
    var outcome: Outcome?
  }

  /// The rounds of a sparse check before it gives up (each round reads the files declaring
  /// the names the one before asked about beyond its set; a name reached through a
  /// typealias or a conformance needs one more).
  static let sparseRounds = 6

  /// The check with a table of only the files of `others` that declare a name of a set or
  /// extend one of a second, every file with a typealias, every file with declarations
  /// under `#if` and every file declaring a name that is not ASCII. Both sets start with the
  /// names the changed files declare and those of every typealias; while the check asks
  /// about a name outside them (``SymbolAudit``), the name joins them and the check runs
  /// again. `nil` (then every file is read) when a
  /// file's names are unknown, when the check decided for every class whether it is a
  /// configuration or asked about a name that is not ASCII, or after ``sparseRounds``.
  static func sparseCheck(
    others: OtherFiles, changes: [Change], decoded: [(old: FileSummary, new: FileSummary)], watched: WatchedNames,
    keys: KeyFacts?, settings: AnalysisSettings
  ) -> Decided? {
    var declared: [DeclaredNames] = []
    declared.reserveCapacity(others.count)
    for index in 0..<others.count {
      guard let names = others.declared(index) else { return nil }
      declared.append(names)
    }
    var names = Set(changes.flatMap { $0.old.declaredNames.names + $0.new.declaredNames.names })
    for marker in SymbolTable.configurationMarkers { names.insert(StableHash.of(Substring(marker))) }
    var read: [Int: IndexedSummary] = [:]
    // Every typealias is in the table, and its name in the sets: a name written through one
    // (an extension's, say) may become any other.
    for index in declared.indices where declared[index].hasTypealiases {
      guard let summary = others.summary(index) else { return nil }
      read[index] = summary
      for alias in summary.interface.typealiases { names.insert(StableHash.of(Substring(alias.name))) }
    }
    var extended = names
    for _ in 0..<sparseRounds {
      for index in declared.indices where read[index] == nil {
        let file = declared[index]
        guard file.isConditional || file.hasNonASCIINames || file.declaresAny(of: names, extending: extended)
        else { continue }
        guard let summary = others.summary(index) else { return nil }
        read[index] = summary
      }
      let audit = SymbolAudit()
      let outcome = check(
        unchanged: Array(read.values), changes: changes, decoded: decoded, watched: watched, keys: keys,
        settings: settings, audit: audit)
      guard !audit.askedOfEveryClass, !audit.askedNonASCII else { return nil }
      let asked = audit.asked
      let askedExtensions = audit.askedExtensions
      if asked.isSubset(of: names) && askedExtensions.isSubset(of: extended) { return Decided(outcome: outcome) }
      names.formUnion(asked)
      extended.formUnion(askedExtensions)
    }
    return nil
  }
}
