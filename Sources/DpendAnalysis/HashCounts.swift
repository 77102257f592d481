/// A multiset of 64-bit hashes: each hash once, sorted, with how many times it was added.
/// The form a kept answer's facts take (names looked up, keys provided and needed): stable
/// across processes, written to a file as two arrays and read back checked.
public struct HashCounts: Hashable, Sendable {
  /// The hashes, sorted, each once.
  public private(set) var hashes: [UInt64] = []
  /// How many times the hash at the same index was added; never 0.
  public private(set) var counts: [UInt32] = []

  /// Nothing added.
  public init() {}

  /// `hashes` with their `counts`; `nil` unless the hashes are sorted and distinct, the
  /// counts positive and as many (bytes read back from a file).
  public init?(hashes: [UInt64], counts: [UInt32]) {
    guard hashes.count == counts.count, !counts.contains(0),
      zip(hashes, hashes.dropFirst()).allSatisfy({ $0 < $1 })
    else { return nil }
    self.hashes = hashes
    self.counts = counts
  }

  /// Every hash of `all`, counted (in any order, repeats counted); sorted in place when the
  /// caller hands over its only reference.
  init(counting all: consuming [UInt64]) {
    var sorted = consume all
    sorted.sort()
    for hash in sorted {
      if hashes.last == hash {
        counts[counts.count - 1] += 1
      } else {
        hashes.append(hash)
        counts.append(1)
      }
    }
  }

  /// How many times `hash` was added.
  public func count(of hash: UInt64) -> UInt32 {
    let index = hashes.sortedIndex(of: hash)
    return index < hashes.count && hashes[index] == hash ? counts[index] : 0
  }

  /// Adds `hash` `delta` times (removes it when negative); `false`, leaving the counts
  /// unusable, when more are removed than were added.
  mutating func add(_ hash: UInt64, by delta: Int) -> Bool {
    let index = hashes.sortedIndex(of: hash)
    if index < hashes.count && hashes[index] == hash {
      let count = Int(counts[index]) + delta
      guard count >= 0 else { return false }
      if count == 0 {
        hashes.remove(at: index)
        counts.remove(at: index)
      } else {
        counts[index] = UInt32(count)
      }
      return true
    }
    guard delta >= 0 else { return false }
    if delta > 0 {
      hashes.insert(hash, at: index)
      counts.insert(UInt32(delta), at: index)
    }
    return true
  }
}
