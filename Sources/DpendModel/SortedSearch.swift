extension Array {
  /// The first index whose element `isBefore` says is not before the one sought, in an array
  /// sorted so that `isBefore` holds for a prefix of it: where the sought element is, or
  /// would be inserted. Binary search.
  @inlinable public func partitionIndex(where isBefore: (Element) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if isBefore(self[middle]) { low = middle + 1 } else { high = middle }
    }
    return low
  }
}

extension Array where Element: Comparable {
  /// The index of `element` in this sorted array, or where it would be inserted.
  @inlinable public func sortedIndex(of element: Element) -> Int {
    partitionIndex { $0 < element }
  }

  /// `true` when this sorted array and the sorted `other` share an element: each element of
  /// the shorter searched in the longer, between its first and last.
  @inlinable public func sharesElement(withSorted other: [Element]) -> Bool {
    let (few, many) = count <= other.count ? (self, other) : (other, self)
    guard let first = many.first, let last = many.last else { return false }
    for element in few where element >= first && element <= last {
      let index = many.sortedIndex(of: element)
      if index < many.count, many[index] == element { return true }
    }
    return false
  }
}
