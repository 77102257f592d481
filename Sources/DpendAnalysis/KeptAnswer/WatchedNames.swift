import DpendModel

/// For every name some file's analysis looked up in the ``SymbolTable`` (its last
/// component, as a ``StableHash``), how many files looked it up: what a kept answer needs to
/// tell whether a change of the table reaches a file other than the changed ones
/// (``UnchangedGraph``). Two names with one hash only make a check answer "maybe".
public struct WatchedNames: Hashable, Sendable {
  /// Each name's hash with how many files looked it up.
  private var names = HashCounts()
  /// The name hashes, sorted, each once.
  public var hashes: [UInt64] { names.hashes }
  /// How many files looked up the name of the hash at the same index; never 0.
  public var counts: [UInt32] { names.counts }
  /// The names the container check looked up (Dip, Swinject…: the types registered and
  /// resolved, their conformances), sorted, each once.
  public private(set) var containerLookups: [UInt64] = []

  /// No name looked up.
  public init() {}

  /// `hashes` with their `counts`, and the container check's lookups; `nil` unless the
  /// hashes and lookups are sorted and distinct, the counts positive and as many (bytes
  /// read back from a file).
  public init?(hashes: [UInt64], counts: [UInt32], containerLookups: [UInt64] = []) {
    guard let names = HashCounts(hashes: hashes, counts: counts),
      zip(containerLookups, containerLookups.dropFirst()).allSatisfy({ $0 < $1 })
    else { return nil }
    self.names = names
    self.containerLookups = containerLookups
  }

  /// `true` when the container check looked up a name of hash `hash`.
  public func containerLookedUp(_ hash: UInt64) -> Bool {
    let index = containerLookups.sortedIndex(of: hash)
    return index < containerLookups.count && containerLookups[index] == hash
  }

  /// The names the analyses of `files` looked up, and those the container check looked up.
  init(_ files: some Sequence<FileAnalysis>, containerLookups: [Substring] = []) {
    self.containerLookups = Set(containerLookups.map(StableHash.of)).sorted()
    names = HashCounts(counting: files.flatMap(\.watched))
  }

  /// Adds names the container check looks up (last components).
  mutating func addContainerLookups(_ lookups: [Substring]) {
    guard !lookups.isEmpty else { return }
    containerLookups = Set(containerLookups + lookups.map(StableHash.of)).sorted()
  }

  /// How many files looked up a name of hash `hash`.
  public func count(of hash: UInt64) -> UInt32 { names.count(of: hash) }

  /// Adds (`by` 1) or removes (`by` -1) one file's looked-up names (sorted, each once, as
  /// ``FileAnalysis/watched``); `false`, leaving the counts unusable, when a name to remove
  /// is not counted.
  mutating func add(_ watched: [UInt64], by delta: Int) -> Bool {
    watched.allSatisfy { names.add($0, by: delta) }
  }
}

extension DependencyGraph {
  /// The names every file's analysis looked up, counted (made when asked).
  public var watchedNames: WatchedNames { WatchedNames(files.byPath.values, containerLookups: containerLookups) }
}
