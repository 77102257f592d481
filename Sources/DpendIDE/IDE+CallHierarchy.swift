import DpendAnalysis
import DpendModel

/// The call hierarchy of the dependency graph, for every dialect and dpend's own
/// configurations: incoming calls are who needs a key, outgoing calls what it needs.
extension IDE {
  /// The nodes the hierarchy starts from at UTF-8 `offset` of `path`: a registration or
  /// provider itself; for a resolve or dependency, what answers it, else the key missing
  /// there; on a type's declaration, the registrations of it or constructing it and its
  /// providers; empty when nothing of the graph is at the offset.
  public func hierarchyNodes(at offset: Int, in path: String) -> [KeyNode] {
    let nodes = KeyNodes(graph: graph)
    if let found = symbol(at: offset, in: path)?.symbol {
      switch found {
      case .provider(let factories), .providerType(_, let factories): return factories.map(nodes.node)
      case .dependency(let parameter, _):
        if let factory = graph.resolved[parameter.dependency] { return [nodes.node(factory)] }
        return [nodes.missing(parameter.dependency.description, at: parameter.range)]
      }
    }
    let container = containerSymbol(at: offset, in: path)?.symbol
    if container == nil, let type = declaredType(at: offset, in: path) {
      // A type's declaration: what registers or provides it, as itself or as what it is made for.
      let registrations = graph.containerIndex.registrations.filter {
        $0.types.contains(type) || $0.constructedType == type
      }
      let providers = graph.localFactories.filter { $0.key.name == type && $0.key.tag == nil }
      return registrations.map(nodes.node) + providers.map(nodes.node)
    }
    switch container {
    case .registration(let registration)?: return [nodes.node(registration)]
    case .resolve(let site)?:
      let answering = graph.containerIndex.registrations(answering: site)
      if !answering.isEmpty { return answering.map(nodes.node) }
      if nodes.isUnregistered(site), let key = site.key { return [nodes.missing(key.description, at: site.site.range)] }
      return site.consumer == nil ? [nodes.node(resolve: site)] : []
    case nil: return []
    }
  }

  /// The node named `name` at UTF-8 `offset` of `path`, as an editor sends a node back: one
  /// ``hierarchyNodes(at:in:)`` starts from, or the resolve outside registrations there.
  public func hierarchyNode(named name: String, at offset: Int, in path: String) -> KeyNode? {
    if let node = hierarchyNodes(at: offset, in: path).first(where: { $0.name == name }) { return node }
    guard case .resolve(let site)? = containerSymbol(at: offset, in: path)?.symbol, site.consumer == nil else {
      return nil
    }
    let node = KeyNodes(graph: graph).node(resolve: site)
    return node.name == name ? node : nil
  }

  /// Who needs `node`'s key: each registration or provider whose factory asks for it, and
  /// each resolve outside registrations, with the places asking.
  public func incoming(_ node: KeyNode) -> [(from: KeyNode, at: [SourceRange])] {
    let nodes = KeyNodes(graph: graph)
    var calls = CallsByNode()
    let index = graph.containerIndex
    for site in containerSites(askingFor: node) {
      calls.add(site.consumer.map { nodes.node(index.registrations[$0]) } ?? nodes.node(resolve: site), site.site.range)
    }
    for factory in factories(of: node) {
      for (consumer, parameter) in graph.consumers(of: factory.key) { calls.add(nodes.node(consumer), parameter.range) }
    }
    if node.kind == .missing,
      case .dependency(let parameter, _)? = symbol(at: node.range.start.offset, in: node.range.file)?.symbol
    {
      for (consumer, parameter) in graph.consumers(of: parameter.dependency) {
        calls.add(nodes.node(consumer), parameter.range)
      }
    }
    return calls.grouped.map { (from: $0.node, at: $0.at) }
  }

  /// What `node` needs: for each resolve in its factory (or parameter of its provider), what
  /// answers it, or the key missing there.
  public func outgoing(_ node: KeyNode) -> [(to: KeyNode, at: [SourceRange])] {
    let nodes = KeyNodes(graph: graph)
    var calls = CallsByNode()
    let index = graph.containerIndex
    var asking: [ContainerSite] = []
    switch node.kind {
    case .registration:
      if let registration = registration(of: node), let position = index.position(of: registration) {
        asking = index.sites.filter { $0.consumer == position }
      }
    case .resolve:
      asking = index.sites.filter { $0.site.range == node.range && $0.consumer == nil }
    case .provider, .missing: break
    }
    for site in asking {
      let answering = index.registrations(answering: site)
      if answering.isEmpty, nodes.isUnregistered(site), let key = site.key {
        calls.add(nodes.missing(key.description, at: site.site.range), site.site.range)
      }
      for registration in answering { calls.add(nodes.node(registration), site.site.range) }
    }
    for factory in factories(of: node) {
      for parameter in factory.parameters {
        if let provider = graph.resolved[parameter.dependency] {
          calls.add(nodes.node(provider), parameter.range)
        } else if !parameter.isOptional {
          calls.add(nodes.missing(parameter.dependency.description, at: parameter.range), parameter.range)
        }
      }
    }
    return calls.grouped.map { (to: $0.node, at: $0.at) }
  }

  /// The name of the class, struct, actor, enum or protocol declared at UTF-8 `offset` of
  /// `path` (its name token); `nil` elsewhere.
  private func declaredType(at offset: Int, in path: String) -> String? {
    guard let summary = graph.summary(of: path) else { return nil }
    func holds(_ range: SourceRange) -> Bool { range.start.offset <= offset && offset <= range.end.offset }
    return summary.types.first { holds($0.range) }?.name ?? summary.protocols.first { holds($0.range) }?.name
  }

  /// The container registration `node` stands for.
  private func registration(of node: KeyNode) -> ContainerRegistration? {
    guard node.kind == .registration else { return nil }
    return graph.containerIndex.registrations.first { $0.range == node.range }
  }

  /// The providers `node` stands for.
  private func factories(of node: KeyNode) -> [Factory] {
    guard node.kind == .provider else { return [] }
    return graph.localFactories(in: node.range.file).filter { $0.range == node.range }
  }

  /// The container resolves asking for what `node` registers, or for the key missing at it.
  private func containerSites(askingFor node: KeyNode) -> [ContainerSite] {
    let index = graph.containerIndex
    if let registration = registration(of: node) { return index.sites(answeredBy: registration) }
    guard node.kind == .missing, let missing = index.sites.first(where: { $0.site.range == node.range }),
      let key = missing.key
    else { return [] }
    return index.sites.filter { $0.key == key && $0.site.dialect == missing.site.dialect }
  }
}

/// The places of a hierarchy's calls, grouped by the node they come from or go to, in the
/// order first met.
private struct CallsByNode {
  private(set) var grouped: [(node: KeyNode, at: [SourceRange])] = []

  mutating func add(_ node: KeyNode, _ range: SourceRange) {
    if let index = grouped.firstIndex(where: { $0.node == node }) {
      grouped[index].at.append(range)
    } else {
      grouped.append((node, [range]))
    }
  }
}
