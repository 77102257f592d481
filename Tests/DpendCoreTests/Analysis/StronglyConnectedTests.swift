import Testing

@testable import DpendAnalysis

/// The one strongly-connected-component search (`SuccessorLists`), which the cycle checks of
/// every style ask: compared with the definition (two nodes are in one component when each
/// reaches the other) on random graphs, in a fixed order, and deep enough that a recursive
/// search would overflow the stack.
@Suite struct StronglyConnectedTests {
  /// A deterministic generator (xorshift), so a failure names its graph.
  struct Generator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      return state
    }
  }

  /// Every node `node` reaches in `edges` by one edge or more.
  static func reached(from node: Int, _ edges: [Int: [Int]]) -> Set<Int> {
    var seen: Set<Int> = []
    var pending = edges[node] ?? []
    while let next = pending.popLast() {
      guard seen.insert(next).inserted else { continue }
      pending += edges[next] ?? []
    }
    return seen
  }

  @Test func theCyclesAreTheComponentsOfNodesReachingEachOther() {
    var generator = Generator(state: 0x9E37_79B9_7F4A_7C15)
    for round in 0..<300 {
      let count = Int.random(in: 1...12, using: &generator)
      var edges: [Int: [Int]] = [:]
      for _ in 0..<Int.random(in: 0...(count * 2), using: &generator) {
        edges[Int.random(in: 0..<count, using: &generator), default: []].append(
          Int.random(in: 0..<count, using: &generator))
      }
      let reach = Dictionary(uniqueKeysWithValues: (0..<count).map { ($0, Self.reached(from: $0, edges)) })
      var expected: Set<Set<Int>> = []
      for node in 0..<count where reach[node]!.contains(node) {
        expected.insert(Set((0..<count).filter { reach[node]!.contains($0) && reach[$0]!.contains(node) }))
      }
      let found = SuccessorLists.cycles(of: edges).map(Set.init)
      #expect(Set(found) == expected, "round \(round): \(edges)")
      #expect(found.count == expected.count, "round \(round): a component found twice in \(edges)")
    }
  }

  @Test func aNodeResolvingItselfIsACycleAndANodeAloneIsNot() {
    #expect(SuccessorLists.cycles(of: ["A": ["A"], "B": ["C"]]) == [["A"]])
    #expect(SuccessorLists.cycles(of: ["A": ["B"], "B": []]).isEmpty)
  }

  @Test func componentsComeInTheOrderOfTheSearchFromTheSortedNodes() {
    // From `A`, the search meets `C`'s loop before it closes `A`'s own: the component left
    // first is listed first, whatever order the dictionary keeps its keys in.
    let edges = ["A": ["B"], "B": ["C", "A"], "C": ["D"], "D": ["C"], "E": ["E"]]
    #expect(SuccessorLists.cycles(of: edges).map { $0.sorted() } == [["C", "D"], ["A", "B"], ["E"]])
  }

  @Test func aChainOfAHundredThousandNodesIsSearchedWithoutRecursion() {
    var lists = SuccessorLists()
    let count = 100_000
    for node in 0..<count {
      lists.targets.append(Int32((node + 1) % count))
      lists.endNode()
    }
    let cycles = lists.cycles()
    #expect(cycles.count == 1)
    #expect(cycles.first?.count == count)
    #expect(lists.hasCycle)
  }
}
