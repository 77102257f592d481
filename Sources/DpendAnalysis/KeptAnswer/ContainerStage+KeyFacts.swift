import DpendModel

/// What a kept answer needs of the container check (``ContainerKeyFacts``), for a builder
/// that makes one graph (the command line's).
extension ContainerStage {
  /// The keys registered and resolved, the names scanned for conforming types, the keys the
  /// edges between registrations leave and the property wrappers' owners.
  var keyFacts: ContainerKeyFacts {
    let typed = typedSites
    let (edgeSources, owners) = Self.edgeSources(typed, orderedRegistrations())
    return ContainerKeyFacts(
      summaries: canonicalSummaries, typed: typed.map { ($0.1, $0.0.site.name) }, scanned: scannedNames,
      edgeSources: edgeSources, owners: owners, hasCycle: hasCycle)
  }

  /// The keys the edges of ``ContainerCheck/cycles(_:_:)`` leave, one for each edge, over every
  /// configuration (``ContainerKeyFacts/edgeSources``), and the types declaring the typed
  /// property-wrapper resolves (``ContainerKeyFacts/owners``): `typed` are the typed sites.
  private static func edgeSources(_ typed: [(ContainerCheck.Site, String)], _ registrations: [ContainerRegistration])
    -> ([UInt64], [String])
  {
    // The registrations constructing a type that declares a property-wrapper resolve (few
    // types do), by places in `registrations`.
    let ownerTypes = Set(
      typed.lazy.filter { !$0.0.isPropertyInjection && $0.0.consumer == nil }.compactMap(\.0.site.owner))
    var constructing: [String: [Int]] = [:]
    if !ownerTypes.isEmpty {
      for (index, registration) in registrations.enumerated() where registration.unread == nil {
        if let made = registration.constructedType, ownerTypes.contains(made) {
          constructing[made, default: []].append(index)
        }
      }
    }
    var sources: [UInt64] = []
    sources.reserveCapacity(typed.count)
    var owners: [String] = []
    var bytes: [UInt8] = []
    for (site, _) in typed where !site.isPropertyInjection {
      func addEdges(from consumer: ContainerRegistration) {
        for type in consumer.types {
          sources.append(ContainerKeyFacts.resolvedHash(type: type, name: consumer.name, using: &bytes))
        }
      }
      if let consumer = site.consumer {
        if consumer.unread == nil { addEdges(from: consumer) }
      } else if let owner = site.site.owner {
        owners.append(owner)
        for index in constructing[owner] ?? [] { addEdges(from: registrations[index]) }
      }
    }
    return (sources, owners)
  }
}
