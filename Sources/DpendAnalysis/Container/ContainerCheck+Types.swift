import DpendModel

// What the container check reads of the declared types beyond a site's type: whether a cast
// always fails, and each need's type in the graph `dpend tree` draws.

// MARK: Casts

extension ContainerCheck {
  /// The types `candidates` construct when none of them can be cast to `target`; `nil` when
  /// one can, or when dpend cannot know (a type or protocol outside the analysed sources, a
  /// constructed type it did not see).
  func impossibleCast(to target: String, _ candidates: [ContainerRegistration]) -> [String]? {
    guard lookup.isProtocol(target) || lookup.declaration(target) != nil else { return nil }
    var made: [String] = []
    for registration in candidates {
      guard let constructed = registration.constructedType ?? registration.autowired, constructed != target,
        let supertypes = knownSupertypes(of: constructed), !supertypes.contains(target)
      else { return nil }
      if !made.contains(constructed) { made.append(constructed) }
    }
    return made.isEmpty ? nil : made
  }

  /// Every type and protocol `type` inherits or conforms to, transitively; `nil` when one of
  /// them is not declared in the analysed sources (its own conformances are unknown).
  private func knownSupertypes(of type: String) -> Set<String>? {
    var seen: Set<String> = [type]
    var pending = [type]
    while let name = pending.popLast() {
      let next: [String]
      if lookup.declaration(name) != nil {
        next = lookup.conformances(name)
      } else if let inherited = lookup.protocolInheritance(name) {
        next = inherited
      } else {
        return nil
      }
      for supertype in next where seen.insert(supertype).inserted { pending.append(supertype) }
    }
    return seen
  }
}

// MARK: The graph

extension ContainerCheck {
  /// Every registration with what its factory needs, each need typed as the checks type it;
  /// the parameters of the factories in `unwired` (by range) are runtime arguments, no needs.
  func graph(of registrations: [ContainerRegistration], unwired: Set<SourceRange> = []) -> ContainerGraph {
    ContainerGraph(
      nodes: registrations.map { registration in
        var sites = registration.needs
        if let autowired = registration.autowired { sites += autowiredNeeds(of: autowired, registration) }
        if unwired.contains(registration.range) { sites.removeAll(where: \.isFactoryArgument) }
        let needs = (inOrder(sites).map { ($0, false) } + inOrder(registration.propertyNeeds).map { ($0, true) })
          .map { site, isPropertyInjection in
            let reading = lookup.reading(site.type)
            return ContainerGraph.Need(
              site: site, type: reading.type, unread: reading.reason,
              isPropertyInjection: isPropertyInjection)
          }
        return ContainerGraph.Node(
          registration: registration, needs: needs, targets: filter.targets(of: registration.range.file),
          container: instances?.name(of: registration.instance))
      }, filter: filter)
  }

  /// By position; sites at one position (an `Impl.init` factory's parameters) as read.
  private func inOrder(_ sites: [ResolveSite]) -> [ResolveSite] {
    sites.enumerated().sorted { ($0.element.range, $0.offset) < ($1.element.range, $1.offset) }.map(\.element)
  }
}
