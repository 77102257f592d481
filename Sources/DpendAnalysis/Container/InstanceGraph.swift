import DpendModel

/// Which container instance answers which resolve (SPEC 8.6): registrations go into the
/// container they are made on, and a resolve is answered by its container and that
/// container's parents (`Container(parent:)`, `Assembler(parentAssembler:)`); containers that
/// collaborate (Dip's `collaborate(with:)`) are one. The resolver a factory is given may be the
/// registration's container or any child resolving through it, so it is answered by every
/// container related to that one.
///
/// What dpend cannot follow is any container: a reference naming no declaration it reads, a
/// variable that is not a `let` made here, a bare name inside a type when some type declares
/// a property of that name (an inherited one may be meant). Only two containers both known
/// and unrelated are told apart.
struct InstanceGraph: Equatable, Sendable {
  /// The declarations by key.
  private var declarations: [String: ContainerInstance]
  /// The names some type declares a container property of (the last part of `Owner.name`).
  private var memberNames: Set<String>
  /// Each made container's key: its number.
  private var numbers: [String: Int]
  /// Each container's representative among those that collaborate.
  private var same: [Int]
  /// Each representative's parents' representatives.
  private var parents: [Int: Set<Int>]
  /// Each representative's group of related containers (parents and children, transitively).
  private var family: [Int]
  /// The names of the made containers, by number, as messages name them.
  private var names: [String]

  /// `nil` when fewer than two containers are made where dpend reads them: nothing to tell apart.
  init?(_ summaries: [FileSummary]) {
    var declarations: [String: ContainerInstance] = [:]
    var links: [ContainerLink] = []
    for summary in summaries {
      for declaration in summary.instances.declarations where declarations[declaration.key] == nil {
        declarations[declaration.key] = declaration
      }
      links += summary.instances.links
    }
    let made = declarations.values.filter { $0.value == .made }.map(\.key).sorted()
    guard made.count > 1 else { return nil }
    self.declarations = declarations
    var memberNames: Set<String> = []
    for key in declarations.keys where !key.contains("@") {
      if let dot = key.lastIndex(of: ".") { memberNames.insert(String(key[key.index(after: dot)...])) }
    }
    self.memberNames = memberNames
    var numbers: [String: Int] = [:]
    for (index, key) in made.enumerated() { numbers[key] = index }
    self.numbers = numbers
    names = made.map { declarations[$0]!.name }
    // Collaborators are one container.
    var same = UnionFind(count: made.count)
    let partial = Self.Resolving(declarations: declarations, memberNames: memberNames, numbers: numbers)
    for link in links {
      if let first = partial.number(of: link.first), let second = partial.number(of: link.second) {
        same.union(first, second)
      }
    }
    var family = same
    var parents: [Int: Set<Int>] = [:]
    for key in made {
      guard let parentReference = declarations[key]!.parent, let parent = partial.number(of: parentReference) else {
        continue
      }
      let child = numbers[key]!
      parents[same.find(child), default: []].insert(same.find(parent))
      family.union(child, parent)
    }
    self.same = (0..<made.count).map { same.find($0) }
    self.parents = parents
    self.family = (0..<made.count).map { family.find($0) }
  }

  /// `true` when a registration on `registration` may answer a resolve on `site`.
  func answers(site: InstanceReference?, registration: InstanceReference?) -> Bool {
    guard let siteNumber = number(of: site), let registrationNumber = number(of: registration) else { return true }
    if site?.isFactoryResolver == true { return family[siteNumber] == family[registrationNumber] }
    return sees(same[siteNumber], same[registrationNumber])
  }

  /// `true` when the container `site` (a representative) resolves what `registration` holds:
  /// it is that container or one of its parents, transitively.
  private func sees(_ site: Int, _ registration: Int) -> Bool {
    var pending = [site]
    var seen: Set<Int> = []
    while let current = pending.popLast() {
      if current == registration { return true }
      guard seen.insert(current).inserted else { continue }
      pending += parents[current] ?? []
    }
    return false
  }

  /// The name of the container `reference` names, when dpend knows it (`previewContainer`).
  func name(of reference: InstanceReference?) -> String? { number(of: reference).map { names[$0] } }

  private func number(of reference: InstanceReference?) -> Int? {
    guard let reference else { return nil }
    return Resolving(declarations: declarations, memberNames: memberNames, numbers: numbers).number(of: reference)
  }

  /// Follows references to the made container they name.
  private struct Resolving {
    let declarations: [String: ContainerInstance]
    let memberNames: Set<String>
    let numbers: [String: Int]

    func number(of reference: InstanceReference, depth: Int = 0) -> Int? {
      guard depth < 8 else { return nil }
      for (index, candidate) in reference.candidates.enumerated() {
        guard let declaration = declarations[candidate] else { continue }
        // A bare name inside a type that reaches the global: a property of that name, perhaps
        // inherited, may be what is meant.
        if index > 0, index == reference.candidates.count - 1, memberNames.contains(candidate) { return nil }
        switch declaration.value {
        case .made: return numbers[candidate]
        case .same(let other): return number(of: other, depth: depth + 1)
        case .unknown: return nil
        }
      }
      return nil
    }
  }
}

/// Disjoint sets of numbers, each with a representative.
private struct UnionFind {
  private var parent: [Int]

  init(count: Int) { parent = Array(0..<count) }

  mutating func find(_ element: Int) -> Int {
    var root = element
    while parent[root] != root { root = parent[root] }
    var current = element
    while parent[current] != root {
      let next = parent[current]
      parent[current] = root
      current = next
    }
    return root
  }

  mutating func union(_ first: Int, _ second: Int) {
    let (a, b) = (find(first), find(second))
    if a != b { parent[max(a, b)] = min(a, b) }
  }
}

extension InstanceGraph: BinaryCoded {
  init() {
    declarations = [:]
    memberNames = []
    numbers = [:]
    same = []
    parents = [:]
    family = []
    names = []
  }

  mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&declarations)
    try coder.code(&memberNames)
    try coder.code(&numbers)
    try coder.code(&same)
    try coder.code(&parents)
    try coder.code(&family)
    try coder.code(&names)
  }
}
