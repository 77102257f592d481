import DpendModel

/// The container stage's cycles, on a graph of numbered keys kept between updates
/// (``ContainerCycleGraph``). Each file gives its own edges: from a registration's keys to
/// each key its factory resolves; for a property-wrapper resolve, from the node of its
/// owner's construction (``constructionNode(of:)``) to the key it resolves, and from each registration
/// constructing a type to that node, while some file has such a resolve. So no file's edges
/// read another's (but for that one fact, which the graph records it read), and an edit
/// replaces only its own files' edges.
extension ContainerStage {
  /// Looks for cycles where the edits since the last update may have made or changed one:
  /// with no cycle before, only from the edges they added (those of `edited`, sorted, the
  /// files whose facts, site types or wiring changed); where a cycle was, again. The graph
  /// is made again from every file when what its edges read (``CycleInputs``) changed.
  mutating func updateCycles(edited: [String]) {
    let read = CycleInputs(configurations: configurations, filter: filterGeneration, constructions: ownerSites > 0)
    if read != cycleGraphRead {
      cycleGraph.reset(configurations: configurations.count)
      cycleKeys = configurations.map { _ in [] }
      let stage = self
      let paths = self.paths
      let keyed = Parallel.map(paths.count, minimum: 256) { stage.cycleEdges(of: stage.files[paths[$0]]!) }
      for (path, edges) in zip(paths, keyed) { cycleGraph.replace(path, with: numbered(edges)) }
      cycleGraphRead = read
      cycles = []
      for configuration in configurations.indices { cycles.append(cycles(in: configuration)) }
      lastLookedForCycles = true
      return
    }
    var added = configurations.map { _ in [(Int32, Int32)]() }
    for path in edited {
      let edges = files[path].map { numbered(cycleEdges(of: $0)) } ?? []
      let new = cycleGraph.replace(path, with: edges)
      for configuration in added.indices { added[configuration] += new[configuration] }
    }
    lastLookedForCycles = false
    for configuration in configurations.indices {
      let closing = added[configuration].filter { cycleGraph.reaches($0.1, $0.0, in: configuration) }
      guard !cycles[configuration].isEmpty || !closing.isEmpty else { continue }
      // A cycle now is one of before (or part of it), or goes through an added edge: all
      // its keys are among the old cycles' and those an added edge's target leads to.
      var keys = cycleKeys[configuration]
      for (_, target) in closing { keys.formUnion(cycleGraph.reachable(from: target, in: configuration)) }
      cycles[configuration] = cycles(in: configuration, among: keys)
      lastLookedForCycles = true
    }
  }

  /// The node of making an instance of `type`: a name no key's description can have (none
  /// holds a control character).
  static func constructionNode(of type: String) -> String { "\u{1}new " + type }

  /// One edge of ``cycleEdges(of:)``, its ends by name.
  struct KeyedEdge: Sendable {
    var from: String
    var to: String
    var site: Int32
    var bank: Int32
    var mask: UInt64
  }

  /// The edges `facts` give the cycle check, each with the configurations it holds in (its
  /// site's or registration's conditions, its file compiled, a resolve's consumer's gate
  /// reached), one per bank of 64 configurations. A resolve's edge is told by its site's
  /// index; a construction's by `-1 - ` its registration's.
  func cycleEdges(of facts: ContainerFileFacts) -> [KeyedEdge] {
    var edges: [KeyedEdge] = []
    // The configurations compiling the file, then those of each list of conditions in it,
    // as one mask per bank.
    var compiled = [UInt64](repeating: 0, count: (configurations.count + 63) >> 6)
    for (number, configuration) in configurations.enumerated() where filter.compiles(facts.path, in: configuration) {
      compiled[number >> 6] |= 1 << UInt64(number & 63)
    }
    var known: [BuildConditions: [UInt64]] = [[]: compiled]
    func masks(_ conditions: BuildConditions, reached: Bool) -> [UInt64] {
      guard reached else { return [] }
      if let masks = known[conditions] { return masks }
      var made = [UInt64](repeating: 0, count: compiled.count)
      for (number, configuration) in configurations.enumerated() {
        let bit: UInt64 = 1 << UInt64(number & 63)
        if compiled[number >> 6] & bit != 0, ContainerCheck.holds(conditions, in: configuration) {
          made[number >> 6] |= bit
        }
      }
      known[conditions] = made
      return made
    }
    func add(_ sources: [String], _ target: String, site: Int, _ holds: [UInt64]) {
      for (bank, mask) in holds.enumerated() where mask != 0 {
        for source in sources {
          edges.append(KeyedEdge(from: source, to: target, site: Int32(site), bank: Int32(bank), mask: mask))
        }
      }
    }
    for (index, site) in facts.sites.enumerated() where !site.isPropertyInjection && isNeed(site) {
      guard let written = facts.siteTypes[index] else { continue }
      let sources: [String]
      let holds: [UInt64]
      if let consumer = site.consumer {
        guard consumer.unread == nil else { continue }
        holds = masks(site.site.conditions, reached: filter.reach?.reaches(consumer, for: site.site) ?? true)
        sources = consumer.types.map { ContainerKey(type: $0, name: consumer.name).description }
      } else if let owner = site.site.owner {
        holds = masks(site.site.conditions, reached: true)
        sources = [Self.constructionNode(of: owner)]
      } else {
        continue
      }
      let type = generalized[Ref(path: facts.path, index: index)] ?? written
      add(sources, ContainerKey(type: type, name: site.site.name).description, site: index, holds)
    }
    // A construction leads somewhere only through a property-wrapper resolve.
    guard ownerSites > 0 else { return edges }
    for (index, registration) in facts.registrations.enumerated() where registration.unread == nil {
      guard let made = registration.constructedType else { continue }
      let sources = registration.types.map { ContainerKey(type: $0, name: registration.name).description }
      add(sources, Self.constructionNode(of: made), site: -1 - index, masks(registration.conditions, reached: true))
    }
    return edges
  }

  /// `edges` on the cycle graph's numbers, numbering new names.
  mutating func numbered(_ edges: [KeyedEdge]) -> [ContainerCycleGraph.Edge] {
    edges.map {
      .init(from: cycleGraph.number($0.from), to: cycleGraph.number($0.to), site: $0.site, bank: $0.bank, mask: $0.mask)
    }
  }

  /// The cycles of `configuration`: its components found on numbered keys, then told from
  /// the sites and constructions of their own edges, in the order the check reads them.
  mutating func cycles(in configuration: Int, among keys: Set<Int32>? = nil) -> [Diagnostic] {
    let component = cycleGraph.cyclicComponents(in: configuration, among: keys)
    cycleKeys[configuration] = Set(component.keys)
    guard !component.isEmpty else { return [] }
    var sites: Set<Ref> = []
    var constructions: Set<Ref> = []
    for (path, edges) in cycleGraph.edges {
      for edge in edges where edge.holds(in: configuration) {
        guard let from = component[edge.from], component[edge.to] == from else { continue }
        if edge.site >= 0 {
          sites.insert(Ref(path: path, index: Int(edge.site)))
        } else {
          constructions.insert(Ref(path: path, index: Int(-1 - edge.site)))
        }
      }
    }
    return ResolveCycleCheck().findings(sortedSites(sites).map { site($0) }, sortedRegistrations(constructions))
  }
}
