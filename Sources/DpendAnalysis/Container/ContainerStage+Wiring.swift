import DpendModel

/// Which factories' parameters are needs (``ResolveSite/isFactoryArgument``): a container that
/// fills a factory's parameters either by resolving them or with a resolve's runtime
/// arguments (Dip's auto-wiring) resolves them only for a resolve of its key that passes no
/// arguments. A factory is *wired* when such a resolve reaches it — a resolve site anywhere, a
/// need of another factory's body, a parameter of a wired factory (the least fixed point, so
/// two factories taking each other as arguments wire nothing by themselves), or the launch
/// (Dip's eager singletons) — and no registration of its key taking no parameters answers that
/// resolve first. The parameters of the others are no resolves: the check, the cycles and the
/// counts leave them out.
///
/// An update works out again only the factories a change can reach: those registering a type
/// it made dirty, and downstream of them, those registering a type their parameters ask for.
/// A factory's wiring depends only on the factories upstream of it, so the others keep theirs.
extension ContainerStage {
  /// What the wiring reads of a factory taking parameters, kept so that an update reads no
  /// file it does not type again.
  struct ArgumentFactory: Hashable, Sendable {
    var range = SourceRange()
    var types: [String] = []
    /// Its parameters' sites, by index among its file's sites, with their types as written.
    var parameters: [Int] = []
    var parameterTypes: [String?] = []
    /// Where its parameters dpend could not type are.
    var unreadParameters: [SourceRange] = []
    /// `true` when its scope is resolved at launch (``DialectTraits/scopesResolvedAtLaunch``).
    var atLaunch = false
  }

  /// `false` for a parameter of a factory nothing wires.
  func isNeed(_ site: ContainerCheck.Site) -> Bool {
    guard site.site.isFactoryArgument, let consumer = site.consumer else { return true }
    return !unwired.contains(consumer.range)
  }

  /// Records the factories taking parameters among `facts`' registrations.
  mutating func insertArgumentFactories(_ facts: ContainerFileFacts) {
    var parameters: [SourceRange: [Int]] = [:]
    for (index, site) in facts.sites.enumerated() where site.site.isFactoryArgument {
      if let consumer = site.consumer { parameters[consumer.range, default: []].append(index) }
    }
    guard !parameters.isEmpty else { return }
    for (index, registration) in facts.registrations.enumerated() {
      guard let sites = parameters[registration.range] else { continue }
      let ref = Ref(path: facts.path, index: index)
      var factory = ArgumentFactory(range: registration.range, types: registration.types, parameters: sites)
      factory.parameterTypes = sites.map { facts.siteTypes[$0] }
      factory.unreadParameters = sites.filter { facts.siteTypes[$0] == nil }.map { facts.sites[$0].site.range }
      factory.atLaunch =
        registration.scope.map(registration.dialect.traits.scopesResolvedAtLaunch.contains) == true
        && registration.unread == nil
      argumentFactories[ref] = factory
      for type in registration.types { argumentFactoriesByKey[type, default: []].insert(ref) }
    }
  }

  /// Forgets the factories of a file typed again or gone.
  mutating func removeArgumentFactories(_ facts: ContainerFileFacts) {
    for index in facts.registrations.indices {
      let ref = Ref(path: facts.path, index: index)
      guard let factory = argumentFactories.removeValue(forKey: ref) else { continue }
      unwired.remove(factory.range)
      for type in factory.types {
        argumentFactoriesByKey[type]?.remove(ref)
        if argumentFactoriesByKey[type]?.isEmpty == true { argumentFactoriesByKey[type] = nil }
      }
    }
  }

  /// Works out again the wiring of the factories `dirty` types reach. Those that changed in
  /// files not typed again (`retyped` were, their sites' types already dirty) give the types of
  /// their parameters to `dirty`; their files are returned, whose edges between keys changed.
  mutating func rewire(retyped: Set<String>, dirty: inout Set<String>) -> Set<String> {
    guard !argumentFactories.isEmpty else { return [] }
    // The factories a change reaches: keyed by a dirty type, then downstream.
    var affected: Set<Ref> = []
    var pending = dirty.flatMap { argumentFactoriesByKey[$0] ?? [] }
    while let ref = pending.popLast() {
      guard affected.insert(ref).inserted, let factory = argumentFactories[ref] else { continue }
      for type in parameterTypes(of: factory, in: ref.path) { pending += argumentFactoriesByKey[type] ?? [] }
    }
    guard !affected.isEmpty else { return [] }
    let order = affected.sorted(by: Self.registrationOrder)
    let ranges = Set(order.map { argumentFactories[$0]!.range })
    var wired: Set<SourceRange> = []
    // A consumer outside the affected factories keeps its wiring.
    func isWired(_ range: SourceRange) -> Bool {
      ranges.contains(range) ? wired.contains(range) : !unwired.contains(range)
    }
    var grew = true
    while grew {
      grew = false
      for ref in order {
        let factory = argumentFactories[ref]!
        guard !wired.contains(factory.range), isReached(ref, factory, isWired: isWired) else { continue }
        wired.insert(factory.range)
        grew = true
      }
    }
    var moved: Set<String> = []
    for ref in order {
      let factory = argumentFactories[ref]!
      let isUnwired = !wired.contains(factory.range)
      guard isUnwired != unwired.contains(factory.range) else { continue }
      if isUnwired { unwired.insert(factory.range) } else { unwired.remove(factory.range) }
      guard !retyped.contains(ref.path) else { continue }
      moved.insert(ref.path)
      dirty.formUnion(parameterTypes(of: factory, in: ref.path))
    }
    return moved
  }

  /// The types `factory`'s parameters are checked as.
  private func parameterTypes(of factory: ArgumentFactory, in path: String) -> [String] {
    zip(factory.parameters, factory.parameterTypes).compactMap { index, written in
      generalized[Ref(path: path, index: index)] ?? written
    }
  }

  /// `true` when the launch resolves `factory`, or a resolve passing no arguments, itself a
  /// resolve (not the parameter of a factory `isWired` says is not wired), asks its key and no
  /// registration of the key that takes no parameters answers it first.
  private func isReached(_ ref: Ref, _ factory: ArgumentFactory, isWired: (SourceRange) -> Bool) -> Bool {
    if factory.atLaunch { return true }
    let registration = files[ref.path]!.registrations[ref.index]
    guard registration.unread == nil else { return false }
    for type in factory.types {
      guard let bucket = buckets[type] else { continue }
      let answeredFirst = bucket.registrations.contains { other in
        argumentFactories[other] == nil && files[other.path]!.registrations[other.index].unread == nil
          && files[other.path]!.registrations[other.index].name == registration.name
      }
      if answeredFirst { continue }
      for siteRef in bucket.sites {
        let site = self.site(siteRef).site
        guard site.site.argumentCount == 0, registration.name == nil || site.site.name == registration.name,
          registration.dialect.answers(site.site.dialect)
        else { continue }
        if site.site.isFactoryArgument, let consumer = site.consumer, !isWired(consumer.range) { continue }
        return true
      }
    }
    return false
  }

  /// The parameters of unwired factories, typed and not: what the counts leave out.
  func unwiredParameters() -> (typed: Int, unread: Set<SourceRange>) {
    var typed = 0
    var unread: Set<SourceRange> = []
    for factory in argumentFactories.values where unwired.contains(factory.range) {
      typed += factory.parameterTypes.count { $0 != nil }
      unread.formUnion(factory.unreadParameters)
    }
    return (typed, unread)
  }
}

extension ContainerStage.ArgumentFactory: BinaryCoded {
  mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&range)
    try coder.code(&types)
    try coder.code(&parameters)
    try coder.code(&parameterTypes)
    try coder.code(&unreadParameters)
    try coder.code(&atLaunch)
  }
}
