import DpendModel

/// Container code's types as the sources declare them (SPEC 8.4), through
/// ``ContainerTypeLookup/canonical``.
extension ContainerTypeLookup {
  /// `registration` with its types as the sources declare them (``canonical``), looked up
  /// from where it is written.
  public func canonicalized(_ registration: ContainerRegistration) -> ContainerRegistration {
    var registration = registration
    registration.types = registration.types.map { canonical($0, registration.lookupScope) }
    // `register { AppConfiguration.restServer }`: the value's type as the sources declare it.
    if registration.unread != nil, let valueType = registration.valueType {
      // A type the file writes is named from where it is written.
      var value = reading(valueType)
      if case .named(let name) = valueType { value = .type(canonical(name, registration.lookupScope)) }
      switch value {
      case .type(let type):
        // The registered type first, then the `.implements` ones written beside it.
        registration.types.insert(type, at: 0)
        registration.unread = nil
      case .unread(let reason):
        // A type or global the sources declare, whose member does not tell: that is why it is unread.
        if declaresRoot(of: valueType) { registration.unread = reason }
      }
    }
    if !registration.argumentTypes.isEmpty {
      registration.argumentTypes = registration.argumentTypes.map { canonicalArgument($0, registration.lookupScope) }
    }
    registration.needs = registration.needs.map(canonicalized)
    registration.propertyNeeds = registration.propertyNeeds.map(canonicalized)
    return registration
  }

  /// `true` when the sources declare what a factory's value is found through: the type of
  /// `Type.member`, the global of `name`, the root of `a.b.c`.
  func declaresRoot(of value: ResolvedType) -> Bool {
    switch value {
    case .staticMember(let owner, _): declaration(canonical(owner, "")) != nil
    case .global(let name): !globalTypes(name).isEmpty
    case .property(let base, _): declaresRoot(of: base)
    case .named(let name): declaration(canonical(name, "")) != nil
    case .array(let elements): elements.allSatisfy(declaresRoot)
    case .parameter, .member, .initializerParameter, .functionResult: false
    }
  }

  /// `site` with the type it writes as the sources declare it (``canonical``).
  public func canonicalized(_ site: ResolveSite) -> ResolveSite {
    var site = site
    if !site.argumentTypes.isEmpty {
      site.argumentTypes = site.argumentTypes.map { canonicalArgument($0, site.lookupScope) }
    }
    guard case .named(let name)? = site.type else { return site }
    site.type = .named(canonical(name, site.lookupScope))
    return site
  }

  /// A runtime argument's type as the sources declare it: `Identifier?` for `ID?` when
  /// `typealias ID = Identifier`; `""` (unknown) stays.
  private func canonicalArgument(_ type: String, _ scope: String) -> String {
    guard !type.isEmpty else { return type }
    let base = type.reversed().drop { $0 == "?" }.reversed()
    return canonical(String(base), scope) + String(repeating: "?", count: type.count - base.count)
  }

  /// `summary` with the types of its container code as the sources declare them.
  public func canonicalized(_ summary: FileSummary) -> FileSummary {
    // Most files name their types as declared: those stay the same value, sharing their
    // storage, rather than a copy of every registration and site held beside the original.
    guard !isCanonical(summary) else { return summary }
    var summary = summary
    // A call on a value the sources type as no container is no container code (SPEC 10).
    summary.registrations = summary.registrations.filter { !isNoContainer($0.receiverType, $0.lookupScope) }
      .map(canonicalized)
    summary.resolveSites = summary.resolveSites.filter { !isNoContainer($0.receiverType, $0.lookupScope) }
      .map(canonicalized)
    return summary
  }

  /// `true` when the value a call is made on (``DpendModel/ContainerRegistration/receiverType``)
  /// is of a type the sources declare that is no container and inherits from none
  /// (`Storage.shared.container` with `let container = PersistentContainer()`): the workspace's
  /// vocabulary named it a container by its name alone. A library's container type
  /// (typealiases followed) or a type the sources do not declare leaves the call read.
  func isNoContainer(_ receiver: ResolvedType?, _ scope: String) -> Bool {
    guard let receiver else { return false }
    var reading = reading(receiver)
    if case .named(let name) = receiver { reading = .type(canonical(name, scope)) }
    guard var type = reading.type else { return false }
    while type.hasSuffix("?") || type.hasSuffix("!") { type.removeLast() }
    let declared = canonical(type, "")
    guard !ContainerVocabulary.isContainerType(declared), declaration(declared) != nil else { return false }
    return !conformances(declared).contains(where: ContainerVocabulary.isContainerType)
  }

  /// `true` when every type `summary`'s container code writes, its runtime arguments' too,
  /// is the one the sources declare under that name.
  private func isCanonical(_ summary: FileSummary) -> Bool {
    func same(_ type: String, _ scope: String) -> Bool { type.isEmpty || canonicalArgument(type, scope) == type }
    func plain(_ site: ResolveSite) -> Bool {
      if case .named(let name)? = site.type, canonical(name, site.lookupScope) != name { return false }
      guard site.receiverType == nil else { return false }
      return site.argumentTypes.allSatisfy { same($0, site.lookupScope) }
    }
    return summary.resolveSites.allSatisfy(plain)
      && summary.registrations.allSatisfy { registration in
        registration.valueType == nil && registration.receiverType == nil
          && registration.types.allSatisfy { canonical($0, registration.lookupScope) == $0 }
          && registration.argumentTypes.allSatisfy { same($0, registration.lookupScope) }
          && registration.needs.allSatisfy(plain) && registration.propertyNeeds.allSatisfy(plain)
      }
  }
}
