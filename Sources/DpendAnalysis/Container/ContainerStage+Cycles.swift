import DpendModel

/// The container stage's cycles, on a graph of numbered keys kept between updates
/// (``ContainerCycleGraph``). Each file gives its own edges: from a registration's keys to
/// each key its factory resolves; for a property-wrapper resolve, from the node of its
/// owner's construction (``constructionNode(of:)``) to the key it resolves, and from each registration
/// constructing a type to that node. So no file's edges read another's, and an edit replaces
/// only its own files' edges.
extension ContainerStage {
  /// Looks for cycles where the edits since the last update may have made or changed one:
  /// with no cycle before, only from the edges they added (those of `edited`, sorted, the
  /// files whose facts, site types or wiring changed); where a cycle was, again. The graph
  /// is made again from every file when what its edges read (``CycleInputs``) changed.
  mutating func updateCycles(edited: [String]) {
    guard configurations.count <= ContainerCycleGraph.maximumConfigurations else {
      // More configurations than an edge's mask holds: every update looks again, from every site.
      cycleGraphRead = nil
      findCycles()
      lastLookedForCycles = true
      return
    }
    let read = CycleInputs(configurations: configurations, filter: filterGeneration)
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
    var mask: UInt64
  }

  /// The edges `facts` give the cycle check, each with the configurations it holds in (its
  /// site's or registration's conditions, its file compiled, a resolve's consumer's gate
  /// reached). A resolve's edge is told by its site's index; a construction's by `-1 - ` its
  /// registration's.
  func cycleEdges(of facts: ContainerFileFacts) -> [KeyedEdge] {
    var edges: [KeyedEdge] = []
    // The configurations compiling the file, then those of each list of conditions in it.
    var compiled: UInt64 = 0
    for (number, configuration) in configurations.enumerated() where filter.compiles(facts.path, in: configuration) {
      compiled |= 1 << number
    }
    var masks: [BuildConditions: UInt64] = [[]: compiled]
    func mask(_ conditions: BuildConditions, reached: Bool) -> UInt64 {
      guard reached else { return 0 }
      if let known = masks[conditions] { return known }
      var mask: UInt64 = 0
      for (number, configuration) in configurations.enumerated()
      where compiled & (1 << number) != 0 && ContainerCheck.holds(conditions, in: configuration) {
        mask |= 1 << number
      }
      masks[conditions] = mask
      return mask
    }
    for (index, site) in facts.sites.enumerated() where !site.isPropertyInjection && isNeed(site) {
      guard let written = facts.siteTypes[index] else { continue }
      let sources: [String]
      let holds: UInt64
      if let consumer = site.consumer {
        guard consumer.unread == nil else { continue }
        holds = mask(site.site.conditions, reached: filter.reach?.reaches(consumer, for: site.site) ?? true)
        guard holds != 0 else { continue }
        sources = consumer.types.map { ContainerKey(type: $0, name: consumer.name).description }
      } else if let owner = site.site.owner {
        holds = mask(site.site.conditions, reached: true)
        guard holds != 0 else { continue }
        sources = [Self.constructionNode(of: owner)]
      } else {
        continue
      }
      let type = generalized[Ref(path: facts.path, index: index)] ?? written
      let target = ContainerKey(type: type, name: site.site.name).description
      for source in sources { edges.append(KeyedEdge(from: source, to: target, site: Int32(index), mask: holds)) }
    }
    for (index, registration) in facts.registrations.enumerated() where registration.unread == nil {
      guard let made = registration.constructedType else { continue }
      let holds = mask(registration.conditions, reached: true)
      guard holds != 0 else { continue }
      let target = Self.constructionNode(of: made)
      for key in registration.types {
        let source = ContainerKey(type: key, name: registration.name).description
        edges.append(KeyedEdge(from: source, to: target, site: Int32(-1 - index), mask: holds))
      }
    }
    return edges
  }

  /// `edges` on the cycle graph's numbers, numbering new names.
  mutating func numbered(_ edges: [KeyedEdge]) -> [ContainerCycleGraph.Edge] {
    edges.map { .init(from: cycleGraph.number($0.from), to: cycleGraph.number($0.to), site: $0.site, mask: $0.mask) }
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
      for edge in edges where edge.mask & (1 << configuration) != 0 {
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

  /// Looks for cycles in every configuration again.
  mutating func findCycles() {
    let reach = filter.reach
    var free: [(ContainerCheck.Site, String)] = []
    var needs: [(ContainerCheck.Site, String)] = []
    for path in paths {
      let facts = files[path]!
      for index in facts.sites.indices where facts.siteTypes[index] != nil {
        let (site, type) = self.site(Ref(path: path, index: index))
        guard isNeed(site) else { continue }
        if index < facts.freeSiteCount { free.append((site, type)) } else { needs.append((site, type)) }
      }
    }
    let all = free + needs
    let registrations = orderedRegistrations()
    let filter = self.filter
    cycles = configurations.map { configuration in
      let sites = all.filter { site, _ in
        ContainerCheck.holds(site.site.conditions, in: configuration)
          && filter.compiles(site.site.range.file, in: configuration)
          && (site.consumer.map { reach?.reaches($0, for: site.site) ?? true } ?? true)
      }
      let inConfiguration = registrations.filter {
        ContainerCheck.holds($0.conditions, in: configuration) && filter.compiles($0.range.file, in: configuration)
      }
      return ResolveCycleCheck().findings(sites, inConfiguration)
    }
  }
}
