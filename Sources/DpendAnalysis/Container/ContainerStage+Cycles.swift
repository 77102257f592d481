import DpendModel

/// The container stage's cycles (``ContainerCycleGraph``).
extension ContainerStage {
  /// Looks for cycles where the edits since the last update may have made or changed one:
  /// with no cycle before, only from the edges they added; where a cycle was, again. A
  /// workspace with property-wrapper resolves (whose edges leave every registration
  /// constructing their owner, in other files) looks again whenever an edge changed.
  mutating func updateCycles(typed: [String], rebuild: Bool, edgesChanged: Bool) {
    guard ownerSites == 0, configurations.count <= ContainerCycleGraph.maximumConfigurations else {
      cycleGraphIsCurrent = false
      lastLookedForCycles = edgesChanged || cycles.count != configurations.count || cycles.contains { !$0.isEmpty }
      if lastLookedForCycles { findCycles() }
      return
    }
    if rebuild || !cycleGraphIsCurrent || cycles.count != configurations.count {
      cycleGraph.reset(configurations: configurations.count)
      cycleKeys = configurations.map { _ in [] }
      for path in paths { cycleGraph.replace(path, with: cycleEdges(of: files[path]!)) }
      cycleGraphIsCurrent = true
      cycles = []
      for configuration in configurations.indices { cycles.append(cycles(in: configuration)) }
      lastLookedForCycles = true
      return
    }
    var added = configurations.map { _ in [(Int32, Int32)]() }
    for path in typed {
      let edges = files[path].map { cycleEdges(of: $0) } ?? []
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

  /// The edges `facts` give the cycle check, on numbered keys, each with the configurations
  /// its site holds in (its conditions, its file compiled, its consumer's gate reached).
  mutating func cycleEdges(of facts: ContainerFileFacts) -> [ContainerCycleGraph.Edge] {
    var edges: [ContainerCycleGraph.Edge] = []
    for (index, site) in facts.sites.enumerated() where !site.isPropertyInjection && isNeed(site) {
      guard let consumer = site.consumer, consumer.unread == nil, let written = facts.siteTypes[index] else { continue }
      let type = generalized[Ref(path: facts.path, index: index)] ?? written
      var mask: UInt64 = 0
      let reached = filter.reach?.reaches(consumer, for: site.site) ?? true
      for (number, configuration) in configurations.enumerated()
      where reached && ContainerCheck.holds(site.site.conditions, in: configuration)
        && filter.compiles(facts.path, in: configuration)
      {
        mask |= 1 << number
      }
      guard mask != 0 else { continue }
      let target = cycleGraph.number(ContainerKey(type: type, name: site.site.name).description)
      for key in consumer.types {
        let source = cycleGraph.number(ContainerKey(type: key, name: consumer.name).description)
        edges.append(.init(from: source, to: target, site: Int32(index), mask: mask))
      }
    }
    return edges
  }

  /// The cycles of `configuration`: its components found on numbered keys, then told from
  /// the sites of their own edges, in the order the check reads sites.
  mutating func cycles(in configuration: Int, among keys: Set<Int32>? = nil) -> [Diagnostic] {
    let component = cycleGraph.cyclicComponents(in: configuration, among: keys)
    cycleKeys[configuration] = Set(component.keys)
    guard !component.isEmpty else { return [] }
    var refs: Set<Ref> = []
    for (path, edges) in cycleGraph.edges {
      for edge in edges where edge.mask & (1 << configuration) != 0 {
        if let from = component[edge.from], component[edge.to] == from {
          refs.insert(Ref(path: path, index: Int(edge.site)))
        }
      }
    }
    return ResolveCycleCheck().findings(refs.sorted(by: siteOrder).map { site($0) }, [])
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
