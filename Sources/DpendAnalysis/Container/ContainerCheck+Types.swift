import DpendModel

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
