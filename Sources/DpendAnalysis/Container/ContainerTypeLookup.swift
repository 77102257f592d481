import DpendModel

/// The lookups of the analysed sources' types that container code needs: a type's declaration
/// (its initializers type `.parameter` resolves and auto-wired factories), its conformances
/// and whether a name is a protocol. ``ContainerCheck`` and ``ContainerIndex`` share them, so
/// the checks and the editor answer with one reading.
public struct ContainerTypeLookup {
  /// The declaration of the type with this qualified name, if the sources declare one.
  public var declaration: (String) -> TypeDeclaration?
  /// The protocols and superclass a type conforms to, resolved.
  public var conformances: (String) -> [String]
  /// `true` for a protocol of the sources or a key of a library.
  public var isProtocol: (String) -> Bool
  /// The protocols a protocol of the sources inherits, as written; `nil` for one they do not
  /// declare.
  public var protocolInheritance: (String) -> [String]? = { _ in nil }
  /// The declared type a name written in a scope refers to (SPEC 8.4): a nested type from the
  /// scope outwards (`ViewModel` in `BasketScreen` is `BasketScreen.ViewModel`), typealiases
  /// followed, a generic's arguments kept; a name the sources do not declare, as written.
  public var canonical: (_ name: String, _ scope: String) -> String = { name, _ in name }

  public init(
    declaration: @escaping (String) -> TypeDeclaration?, conformances: @escaping (String) -> [String],
    isProtocol: @escaping (String) -> Bool
  ) {
    self.declaration = declaration
    self.conformances = conformances
    self.isProtocol = isProtocol
  }

  /// The lookups through `symbols`, reading declarations from `summaries`; each name looked
  /// up, and each name resolved for a conformance, is recorded in `watch` (its last
  /// component), so that the container stage can tell whether a change reaches what it typed
  /// or checked.
  init(symbols: SymbolTable, summaries: SummaryShelf, watch: NameWatch? = nil) {
    self.init(
      symbols: symbols,
      declarations: { path in summaries.declarations(of: path).map { ($0.types, $0.protocols) } }, watch: watch)
  }

  /// The lookups through `symbols`, reading the types and protocols a file declares from
  /// `declarations` (by path), recording names in `watch` as above.
  init(
    symbols: SymbolTable,
    declarations: @escaping (String) -> (types: [TypeDeclaration], protocols: [ProtocolDeclaration])?,
    watch: NameWatch?
  ) {
    func record(_ name: String) { watch?.names.append(SymbolTable.lastComponent(name)) }
    self.init(
      declaration: { name in
        record(name)
        guard let site = symbols.type(named: name) else { return nil }
        return declarations(site.file)?.types.first { $0.name == name }
      },
      conformances: { name in
        record(name)
        return symbols.conformances(of: name, watch: watch)
      },
      isProtocol: { name in
        record(name)
        return symbols.isKnownProtocol(name)
      })
    protocolInheritance = { name in
      record(name)
      guard let site = symbols.protocolDeclaration(named: name) else { return nil }
      return declarations(site.file)?.protocols.first { $0.name == name }?.inheritance.map(\.name)
    }
    canonical = { name, scope in
      // `FinderModel<RunLoop>`: the generic's name resolved, its arguments as written.
      guard let open = name.firstIndex(of: "<") else { return symbols.resolve(name, in: scope, watch: watch) }
      return symbols.resolve(String(name[..<open]), in: scope, watch: watch) + name[open...]
    }
  }

  /// The type a site asks for, `nil` when it cannot be known: a `.parameter` is the type of
  /// the parameter of the one initializer whose labels match the call's.
  public func resolve(_ type: ResolvedType?) -> String? {
    switch type {
    case .named(let name)?: return name
    case .parameter(let owner, let labels, let position)?:
      guard let declaration = declaration(owner) else { return nil }
      let written = labels.map { $0 ?? "_" }
      let matching = declaration.initializers.filter { initializer in
        let required = initializer.parameters.filter { !$0.hasDefault }
        return initializer.parameters.count >= labels.count && required.count <= labels.count
          && zip(initializer.parameters, written).allSatisfy { $0.label == $1 }
      }
      guard matching.count == 1, position < matching[0].parameters.count else { return nil }
      let parameterType = matching[0].parameters[position].type.name
      // A generic type's parameter may be written with its generic parameters (`Store<State>`
      // in `Router<State>`): left open, it is no key; only a type the sources declare as
      // written is one (SPEC 10).
      if declaration.isGeneric,
        parameterType.contains("<") || (self.declaration(parameterType) == nil && !isProtocol(parameterType))
      {
        return nil
      }
      // Written in the initializer's type: looked up from there.
      return canonical(parameterType, owner)
    case .member(let owner, let name)?:
      guard var written = declaration(owner)?.propertyTypes[name] else { return nil }
      if written.hasSuffix("?") { written.removeLast() }
      return canonical(written, owner)
    case nil: return nil
    }
  }

  /// The needs of `Impl.init` as a factory: each parameter of `Impl`'s only initializer, at the
  /// registration's range; one unread site when `Impl` has not exactly one.
  public func autowiredNeeds(of type: String, _ registration: ContainerRegistration) -> [ResolveSite] {
    guard let declaration = declaration(type), declaration.initializers.count == 1 else {
      return [
        ResolveSite(
          dialect: registration.dialect, type: nil, isRequired: true, range: registration.range,
          unread: "'\(type).init' is not one initializer of the analysed sources", conditions: registration.conditions)
      ]
    }
    return declaration.initializers[0].parameters.filter { !$0.hasDefault }.map { parameter in
      let optional = parameter.type.name.hasSuffix("?")
      let written = optional ? String(parameter.type.name.dropLast()) : parameter.type.name
      var site = ResolveSite(
        dialect: registration.dialect, type: .named(canonical(written, type)),
        argumentCount: 0, isRequired: !optional, range: registration.range, conditions: registration.conditions)
      site.isFactoryArgument = registration.dialect.traits.wiresParametersOnlyWithoutArguments
      return site
    }
  }
}

extension ContainerCheck {
  /// The type a site asks for (``ContainerTypeLookup/resolve(_:)``).
  func resolve(_ type: ResolvedType?) -> String? {
    lookup.resolve(type)
  }

  /// The needs of an auto-wired factory (``ContainerTypeLookup/autowiredNeeds(of:_:)``).
  func autowiredNeeds(of type: String, _ registration: ContainerRegistration) -> [ResolveSite] {
    lookup.autowiredNeeds(of: type, registration)
  }
}
