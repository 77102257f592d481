extension Array {
  /// The first index whose element `isBefore` says is not before the one sought, in an array
  /// sorted so that `isBefore` holds for a prefix of it: where the sought element is, or
  /// would be inserted. Binary search.
  public func partitionIndex(where isBefore: (Element) -> Bool) -> Int {
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
  public func sortedIndex(of element: Element) -> Int {
    partitionIndex { $0 < element }
  }
}
