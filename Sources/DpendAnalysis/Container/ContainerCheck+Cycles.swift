import DpendModel

/// The checks of one configuration that read the registrations as a whole: a key registered
/// twice on one container, and cycles of resolves from registration to registration.
extension ContainerCheck {
  /// The registrations of `type` among `registrations` (read ones, in order) that another
  /// one of them overrides: the same key on the same container.
  func duplicates(of type: String, _ registrations: [ContainerRegistration]) -> [Diagnostic] {
    var seen: [String: SourceRange] = [:]
    var diagnostics: [Diagnostic] = []
    for registration in registrations where registration.unread == nil {
      for key in registration.exclusiveKeys where key.type == type {
        let identity = "\(registration.scopeName)|\(key)"
        if let first = seen[identity] {
          diagnostics.append(
            Diagnostic(
              code: .duplicateRegistration,
              message: "'\(key)' is registered twice in one configuration: only the last registration counts",
              range: registration.range, notes: [DiagnosticNote(message: "first registered here", range: first)]))
        } else {
          seen[identity] = registration.range
        }
      }
    }
    return diagnostics
  }

  /// One `dependency-cycle` per strongly connected group of registered types, through the
  /// resolves their factories make (property injection excluded), with one path.
  func cycles(_ sites: [(Site, String)], _ registrations: [ContainerRegistration]) -> [Diagnostic] {
    // Nodes are keys with their name or tag: a decorator registered under a tag that
    // resolves the untagged key (`{ Logging(feed: try c.resolve()) as Feed }` with `tag:`)
    // is no cycle.
    var edges: [String: [(to: String, site: Site)]] = [:]
    // A property wrapper resolving when its instance is made is a need of every registration
    // constructing the type that declares it (by their places in `registrations`).
    var constructing: [String: [Int]] = [:]
    for (index, registration) in registrations.enumerated() where registration.unread == nil {
      if let made = registration.constructedType { constructing[made, default: []].append(index) }
    }
    for (site, type) in sites where !site.isPropertyInjection {
      let target = ContainerKey(type: type, name: site.site.name).description
      func addEdges(from consumer: ContainerRegistration) {
        for key in consumer.types {
          edges[ContainerKey(type: key, name: consumer.name).description, default: []].append((target, site))
        }
      }
      if let consumer = site.consumer {
        if consumer.unread == nil { addEdges(from: consumer) }
      } else if let owner = site.site.owner {
        for index in constructing[owner] ?? [] { addEdges(from: registrations[index]) }
      }
    }
    var diagnostics: [Diagnostic] = []
    for component in SuccessorLists.cycles(of: edges.mapValues { $0.map(\.to) }) {
      let members = Set(component)
      let start = component.min()!
      // Follow the first edge that stays in the group until a type repeats.
      var path = [start]
      var steps: [ResolveSite] = []
      var current = start
      while let edge = edges[current]?.first(where: { members.contains($0.to) }) {
        steps.append(edge.site.site)
        path.append(edge.to)
        if path.dropLast().contains(edge.to) { break }
        current = edge.to
      }
      let notes = zip(path, path.dropFirst()).enumerated().map { index, pair in
        DiagnosticNote(message: "'\(pair.0)' resolves '\(pair.1)'", range: steps[index].range)
      }
      diagnostics.append(
        Diagnostic(
          code: .dependencyCycle, message: "dependency cycle: " + path.joined(separator: " -> "),
          range: steps[0].range, notes: notes))
    }
    return diagnostics
  }
}

extension ContainerRegistration {
  /// The keys no other registration on the same container (``scopeName``) may register in
  /// one configuration: the last one counts (`duplicate-registration`). Stitcher injects
  /// every provider of a supertype (as an array): only a registration's own key is kept once.
  public var exclusiveKeys: [ContainerKey] { dialect.traits.injectsEveryProvider ? Array(keys.prefix(1)) : keys }
}
