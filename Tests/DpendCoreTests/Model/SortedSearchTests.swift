import DpendModel
import Testing

/// The one binary search the tables share: where an element is or would be inserted.
struct SortedSearchTests {
  @Test func theIndexIsWhereTheElementIsOrWouldBeInserted() {
    let sorted = [2, 4, 4, 7]
    #expect([0, 1, 2, 3, 4, 5, 7, 8].map { sorted.sortedIndex(of: $0) } == [0, 0, 0, 1, 1, 3, 3, 4])
    #expect([Int]().sortedIndex(of: 3) == 0)
    // After every element the predicate puts before: an insertion after equal elements.
    #expect(sorted.partitionIndex { $0 <= 4 } == 3)
    #expect(sorted.partitionIndex { _ in true } == 4)
    #expect(sorted.partitionIndex { _ in false } == 0)
  }

  /// Two sorted arrays share an element: the first, the last or one between, from either
  /// side; none when each falls outside or between the other's.
  @Test func twoSortedArraysShareAnElement() {
    let watched: [UInt64] = [3, 8, 15, 40, 41, 900]
    #expect(watched.sharesElement(withSorted: [3]))
    #expect(watched.sharesElement(withSorted: [900]))
    #expect(watched.sharesElement(withSorted: [1, 2, 41]))
    #expect([1, 2, 41].sharesElement(withSorted: watched))
    #expect(!watched.sharesElement(withSorted: [1, 9, 39, 42, 901]))
    #expect(![1, 9, 39, 42, 901, 1000, 1001].sharesElement(withSorted: watched))
    #expect(![UInt64]().sharesElement(withSorted: [3]))
    #expect(!watched.sharesElement(withSorted: []))
  }
}
