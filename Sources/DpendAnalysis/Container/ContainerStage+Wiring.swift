import DpendModel

/// Which factories' parameters are needs (``ResolveSite/isFactoryArgument``): a container that
/// fills a factory's parameters either by resolving them or with a resolve's runtime
/// arguments (Dip's auto-wiring) resolves them only for a resolve of its key that passes no
/// arguments. A factory is *wired* when such a resolve reaches it — a resolve site anywhere, a
/// need of another factory's body, a parameter of a wired factory (the least fixed point,
/// so two factories taking each other as arguments wire nothing by themselves), or the launch
/// (Dip's eager singletons) — and no
/// registration of its key taking no parameters answers that resolve first. The parameters of
/// the others are no resolves: the check, the cycles and the counts leave them out.
extension ContainerStage {
  /// `false` for a parameter of a factory nothing wires.
  func isNeed(_ site: ContainerCheck.Site) -> Bool {
    guard site.site.isFactoryArgument, let consumer = site.consumer else { return true }
    return !unwired.contains(consumer.range)
  }

  /// Finds the factories nothing wires again. Those that changed in files not typed again
  /// (`retyped` were, their sites' types already dirty) give the types of their parameters
  /// to `dirty`; their files are returned, whose edges between keys changed.
  mutating func rewire(retyped: Set<String>, dirty: inout Set<String>) -> Set<String> {
    guard !argumentFactories.isEmpty || !unwired.isEmpty else { return [] }
    let factories = argumentFactories.sorted(by: Self.registrationOrder).map {
      (ref: $0, registration: files[$0.path]!.registrations[$0.index])
    }
    let taking = Set(factories.map(\.registration.range))
    var wired: Set<SourceRange> = []
    var grew = true
    while grew {
      grew = false
      for factory in factories where !wired.contains(factory.registration.range) {
        guard isReachedWithoutArguments(factory.registration, wired: wired, taking: taking) else { continue }
        wired.insert(factory.registration.range)
        grew = true
      }
    }
    let now = taking.subtracting(wired)
    guard now != unwired else { return [] }
    let flipped = now.symmetricDifference(unwired)
    unwired = now
    var moved: Set<String> = []
    for factory in factories where flipped.contains(factory.registration.range) && !retyped.contains(factory.ref.path) {
      moved.insert(factory.ref.path)
      let facts = files[factory.ref.path]!
      for (index, site) in facts.sites.enumerated()
      where site.site.isFactoryArgument && site.consumer?.range == factory.registration.range {
        if let type = generalized[Ref(path: factory.ref.path, index: index)] ?? facts.siteTypes[index] {
          dirty.insert(type)
        }
      }
    }
    return moved
  }

  /// `true` when a resolve passing no arguments, itself a resolve (not the parameter of a
  /// factory outside `wired`), asks `factory`'s key and no registration of the key that takes
  /// no parameters (outside `taking`) answers it first.
  private func isReachedWithoutArguments(
    _ factory: ContainerRegistration, wired: Set<SourceRange>, taking: Set<SourceRange>
  ) -> Bool {
    guard factory.unread == nil else { return false }
    // An eager singleton is resolved at launch, with no arguments.
    if let scope = factory.scope, factory.dialect.traits.scopesResolvedAtLaunch.contains(scope) { return true }
    for type in factory.types {
      guard let bucket = buckets[type] else { continue }
      let answeredFirst = bucket.registrations.contains { ref in
        let other = files[ref.path]!.registrations[ref.index]
        return other.unread == nil && other.name == factory.name && !taking.contains(other.range)
      }
      if answeredFirst { continue }
      for ref in bucket.sites {
        let site = self.site(ref).site
        guard site.site.argumentCount == 0, factory.name == nil || site.site.name == factory.name,
          factory.dialect.answers(site.site.dialect)
        else { continue }
        if site.site.isFactoryArgument, let consumer = site.consumer, !wired.contains(consumer.range) { continue }
        return true
      }
    }
    return false
  }

  /// The registrations among `facts`' whose needs include a factory's parameter, by index.
  static func argumentFactoryIndexes(_ facts: ContainerFileFacts) -> [Int] {
    let consumers = Set(facts.sites.compactMap { $0.site.isFactoryArgument ? $0.consumer?.range : nil })
    guard !consumers.isEmpty else { return [] }
    return facts.registrations.indices.filter { consumers.contains(facts.registrations[$0].range) }
  }

  /// The parameters of unwired factories, typed and not: what the counts leave out.
  func unwiredParameters() -> (typed: Int, unread: Set<SourceRange>) {
    var typed = 0
    var unread: Set<SourceRange> = []
    for ref in argumentFactories {
      let facts = files[ref.path]!
      let range = facts.registrations[ref.index].range
      guard unwired.contains(range) else { continue }
      for (index, site) in facts.sites.enumerated() where site.site.isFactoryArgument && site.consumer?.range == range {
        if facts.siteTypes[index] == nil { unread.insert(site.site.range) } else { typed += 1 }
      }
    }
    return (typed, unread)
  }
}
