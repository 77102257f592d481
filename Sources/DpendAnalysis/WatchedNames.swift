import DpendModel

/// For every name some file's analysis looked up in the ``SymbolTable`` (its last
/// component, as a ``StableHash``), how many files looked it up: what a kept answer needs to
/// tell whether a change of the table reaches a file other than the changed ones
/// (``UnchangedGraph``). Two names with one hash only make a check answer "maybe".
public struct WatchedNames: Hashable, Sendable {
  /// The name hashes, sorted, each once.
  public private(set) var hashes: [UInt64] = []
  /// How many files looked up the name of the hash at the same index; never 0.
  public private(set) var counts: [UInt32] = []
  /// The names the container check looked up (Dip, Swinject…: the types registered and
  /// resolved, their conformances), sorted, each once.
  public private(set) var containerLookups: [UInt64] = []

  /// No name looked up.
  public init() {}

  /// `hashes` with their `counts`, and the container check's lookups; `nil` unless the
  /// hashes and lookups are sorted and distinct, the counts positive and as many (bytes
  /// read back from a file).
  public init?(hashes: [UInt64], counts: [UInt32], containerLookups: [UInt64] = []) {
    guard hashes.count == counts.count, !counts.contains(0),
      zip(hashes, hashes.dropFirst()).allSatisfy({ $0 < $1 }),
      zip(containerLookups, containerLookups.dropFirst()).allSatisfy({ $0 < $1 })
    else { return nil }
    self.hashes = hashes
    self.counts = counts
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
    var counts: [UInt64: UInt32] = [:]
    for file in files {
      for hash in file.watched { counts[hash, default: 0] += 1 }
    }
    hashes = counts.keys.sorted()
    self.counts = hashes.map { counts[$0]! }
  }

  /// How many files looked up a name of hash `hash`.
  public func count(of hash: UInt64) -> UInt32 {
    let index = position(of: hash)
    return index < hashes.count && hashes[index] == hash ? counts[index] : 0
  }

  /// Adds (`by` 1) or removes (`by` -1) one file's looked-up names (sorted, each once, as
  /// ``FileAnalysis/watched``); `false`, leaving the counts unusable, when a name to remove
  /// is not counted.
  mutating func add(_ watched: [UInt64], by delta: Int) -> Bool {
    for hash in watched {
      let index = position(of: hash)
      if index < hashes.count && hashes[index] == hash {
        let count = Int(counts[index]) + delta
        if count == 0 {
          hashes.remove(at: index)
          counts.remove(at: index)
        } else {
          counts[index] = UInt32(count)
        }
      } else if delta > 0 {
        hashes.insert(hash, at: index)
        counts.insert(UInt32(delta), at: index)
      } else {
        return false
      }
    }
    return true
  }

  /// The index of `hash`, or where it would be inserted.
  private func position(of hash: UInt64) -> Int {
    hashes.sortedIndex(of: hash)
  }
}

extension DependencyGraph {
  /// The names every file's analysis looked up, counted (made when asked).
  public var watchedNames: WatchedNames { WatchedNames(files.byPath.values, containerLookups: containerLookups) }
}
