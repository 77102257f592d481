import DpendModel

/// The edges between registrations the container check's cycles follow, kept between updates
/// on numbered keys (a key's description, or a construction's node), each edge with the configurations it holds in: what lets
/// an edit look for a cycle only from the edges it added, by the rule of the key stages'
/// stage 5 — with no cycle before, only an added edge can close one, and only if its target
/// reaches its source. A component is taken apart into its diagnostics from its own edges.
struct ContainerCycleGraph {
  /// One edge, in the configurations of `mask`'s bits within its `bank` of 64 (bit `b` of
  /// bank `k` is configuration `64 k + b`; an edge holding in two banks is two edges): from a
  /// key of a registration to the key one of its factory's resolves asks for, made by the
  /// site at `site` of its file (or from the construction of a property wrapper's owner); or,
  /// `site` negative, from a key of the registration at `-1 - site` of its file to the
  /// construction of what it makes.
  struct Edge: Hashable, Sendable {
    var from: Int32
    var to: Int32
    var site: Int32
    var bank: Int32
    var mask: UInt64

    /// `true` when the edge holds in `configuration`.
    func holds(in configuration: Int) -> Bool {
      configuration >> 6 == Int(bank) && mask & (1 << UInt64(configuration & 63)) != 0
    }

    /// The configurations it holds in, in order.
    var configurations: Configurations { Configurations(base: Int(bank) << 6, bits: mask) }

    /// The configurations of a mask's bits, without an array made.
    struct Configurations: Sequence, IteratorProtocol {
      let base: Int
      var bits: UInt64

      mutating func next() -> Int? {
        guard bits != 0 else { return nil }
        let bit = bits.trailingZeroBitCount
        bits &= bits - 1
        return base + bit
      }
    }
  }

  private var numbers: [String: Int32] = [:]
  /// For each configuration, each key's targets with how many edges lead there.
  private var adjacency: [[Int32: [Int32: Int32]]] = []
  /// Each file's edges.
  private(set) var edges: [String: [Edge]] = [:]

  /// The number of `key`, numbering it when new.
  mutating func number(_ key: String) -> Int32 {
    if let number = numbers[key] { return number }
    let number = Int32(numbers.count)
    numbers[key] = number
    return number
  }

  /// Forgets every edge and keeps `configurations` adjacency lists.
  mutating func reset(configurations: Int) {
    adjacency = Array(repeating: [:], count: configurations)
    edges = [:]
  }

  /// Replaces the edges of `path` by `new`; returns, for each configuration, the edges that
  /// were not there before in it.
  @discardableResult
  mutating func replace(_ path: String, with new: [Edge]) -> [[(Int32, Int32)]] {
    var added = adjacency.map { _ in [(Int32, Int32)]() }
    for edge in edges[path] ?? [] {
      for configuration in edge.configurations {
        let count = adjacency[configuration][edge.from]?[edge.to] ?? 0
        adjacency[configuration][edge.from]?[edge.to] = count > 1 ? count - 1 : nil
        if adjacency[configuration][edge.from]?.isEmpty == true { adjacency[configuration][edge.from] = nil }
      }
    }
    for edge in new {
      for configuration in edge.configurations {
        let count = adjacency[configuration][edge.from]?[edge.to] ?? 0
        adjacency[configuration][edge.from, default: [:]][edge.to] = count + 1
        if count == 0 { added[configuration].append((edge.from, edge.to)) }
      }
    }
    edges[path] = new.isEmpty ? nil : new
    return added
  }

  /// `true` when `target` leads back to `source` in `configuration`: the edge between them
  /// closes a cycle.
  func reaches(_ target: Int32, _ source: Int32, in configuration: Int) -> Bool {
    var seen: Set<Int32> = [target]
    var pending = [target]
    while let node = pending.popLast() {
      if node == source { return true }
      for next in adjacency[configuration][node]?.keys ?? [:].keys where seen.insert(next).inserted {
        pending.append(next)
      }
    }
    return false
  }

  /// Every key `start` leads to in `configuration`, `start` included.
  func reachable(from start: Int32, in configuration: Int) -> Set<Int32> {
    var seen: Set<Int32> = [start]
    var pending = [start]
    while let node = pending.popLast() {
      for next in adjacency[configuration][node]?.keys ?? [:].keys where seen.insert(next).inserted {
        pending.append(next)
      }
    }
    return seen
  }

  /// For each key in a cycle of `configuration` (a component of several keys, or one that
  /// resolves itself), the number of its component; only among `keys` when given, which
  /// must hold every key of every such component (a component's keys all lead to each other,
  /// so the keys a cycle's member leads to hold it).
  func cyclicComponents(in configuration: Int, among keys: Set<Int32>? = nil) -> [Int32: Int] {
    var successors: [Int32: [Int32]] = [:]
    for (key, targets) in adjacency[configuration] where keys?.contains(key) ?? true {
      let kept = targets.keys.filter { keys?.contains($0) ?? true }
      if !kept.isEmpty { successors[key] = kept }
    }
    var result: [Int32: Int] = [:]
    for (number, component) in SuccessorLists.cycles(of: successors).enumerated() {
      for member in component { result[member] = number }
    }
    return result
  }
}

extension ContainerCycleGraph: BinaryCoded {
  mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&numbers)
    try coder.code(&adjacency)
    try coder.code(&edges)
  }
}

extension ContainerCycleGraph.Edge: BinaryCoded {
  init() { self.init(from: 0, to: 0, site: 0, bank: 0, mask: 0) }

  mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&from)
    try coder.code(&to)
    try coder.code(&site)
    try coder.code(&bank)
    try coder.code(&mask)
  }
}
