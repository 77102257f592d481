import DpendModel

/// A multiset: each element once, sorted, with how many times it was added. The form a kept
/// answer's facts take (``HashCounts``, ``KeyEdges``): stable across processes, written to
/// a file as arrays and read back checked.
public struct SortedCounts<Element: Comparable & Hashable & Sendable>: Hashable, Sendable {
  /// The elements, sorted, each once.
  public private(set) var elements: [Element] = []
  /// How many times the element at the same index was added; never 0.
  public private(set) var counts: [UInt32] = []

  /// Nothing added.
  public init() {}

  /// `elements` with their `counts`; `nil` unless the elements are sorted and distinct, the
  /// counts positive and as many (bytes read back from a file).
  public init?(elements: [Element], counts: [UInt32]) {
    guard elements.count == counts.count, !counts.contains(0),
      zip(elements, elements.dropFirst()).allSatisfy({ $0 < $1 })
    else { return nil }
    self.elements = elements
    self.counts = counts
  }

  /// Every element of `all`, counted (in any order, repeats counted); sorted in place when
  /// the caller hands over its only reference.
  init(counting all: consuming [Element]) {
    var sorted = consume all
    sorted.sort()
    for element in sorted {
      if elements.last == element {
        counts[counts.count - 1] += 1
      } else {
        elements.append(element)
        counts.append(1)
      }
    }
  }

  /// How many times `element` was added.
  public func count(of element: Element) -> UInt32 {
    let index = elements.sortedIndex(of: element)
    return index < elements.count && elements[index] == element ? counts[index] : 0
  }

  /// Adds `element` `delta` times (removes it when negative); `false`, leaving the counts
  /// unusable, when more are removed than were added.
  mutating func add(_ element: Element, by delta: Int) -> Bool {
    let index = elements.sortedIndex(of: element)
    if index < elements.count && elements[index] == element {
      let count = Int(counts[index]) + delta
      guard count >= 0 else { return false }
      if count == 0 {
        elements.remove(at: index)
        counts.remove(at: index)
      } else {
        counts[index] = UInt32(count)
      }
      return true
    }
    guard delta >= 0 else { return false }
    if delta > 0 {
      elements.insert(element, at: index)
      counts.insert(UInt32(delta), at: index)
    }
    return true
  }
}

/// A multiset of 64-bit hashes (names looked up, keys provided and needed).
public typealias HashCounts = SortedCounts<UInt64>

extension SortedCounts where Element == UInt64 {
  /// The hashes, sorted, each once.
  public var hashes: [UInt64] { elements }

  /// `hashes` with their `counts`; `nil` unless the hashes are sorted and distinct, the
  /// counts positive and as many (bytes read back from a file).
  public init?(hashes: [UInt64], counts: [UInt32]) {
    self.init(elements: hashes, counts: counts)
  }
}
