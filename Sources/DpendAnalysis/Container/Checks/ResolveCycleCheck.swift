import DpendModel

/// `dependency-cycle`: the registrations of one configuration whose factories resolve each
/// other, from registration to registration, found by the one search (``SuccessorLists``).
struct ResolveCycleCheck: Sendable {
  static let code = DiagnosticCode.dependencyCycle

  static func message(_ path: [String]) -> String { "dependency cycle: " + path.joined(separator: " -> ") }

  /// One `dependency-cycle` per strongly connected group of registered types, through the
  /// resolves their factories make (property injection excluded), with one path.
  func findings(_ sites: [(ContainerCheck.Site, String)], _ registrations: [ContainerRegistration]) -> [Diagnostic] {
    // Nodes are keys with their name or tag: a decorator registered under a tag that
    // resolves the untagged key (`{ Logging(feed: try c.resolve()) as Feed }` with `tag:`)
    // is no cycle.
    var edges: [String: [(to: String, site: ContainerCheck.Site)]] = [:]
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
          code: Self.code, message: Self.message(path),
          range: steps[0].range, notes: notes))
    }
    return diagnostics
  }
}
