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
  /// Every declaration of the type with this qualified name, one a file, the winner first,
  /// when the sources declare it in more than one file (two modules' or two platforms' types,
  /// of which a file sees one); empty when in one, without reading it again.
  public var alternatives: (String) -> [TypeDeclaration] = { _ in [] }
  /// The initializers the extensions of the type with this qualified name add, in path order.
  public var extensionInitializers: (String) -> [Initializer] = { _ in [] }
  /// The types of the static members the extensions of the type with this qualified name add
  /// (``ExtensionDeclaration/staticTypes``), by name; a name two extensions type differently
  /// is left out.
  public var extensionStaticTypes: (String) -> [String: String] = { _ in [:] }
  /// The written types of the globals named this (``FileSummary/globalTypes``), one for each
  /// file declaring one, in path order.
  public var globalTypes: (String) -> [String] = { _ in [] }

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
      declarations: { path in summaries.declarations(of: path).map { ($0.types, $0.protocols) } },
      extensions: { summaries.declarations(of: $0)?.extensionMembers ?? [] }, watch: watch)
  }

  /// The lookups through `symbols`, reading the types and protocols a file declares from
  /// `declarations` (by path), recording names in `watch` as above.
  init(
    symbols: SymbolTable,
    declarations: @escaping (String) -> (types: [TypeDeclaration], protocols: [ProtocolDeclaration])?,
    extensions: @escaping (String) -> [ExtensionDeclaration], watch: NameWatch?
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
    alternatives = { name in
      record(name)
      let files = symbols.filesDeclaringType(named: name)
      guard files.count > 1 else { return [] }
      return files.compactMap { file in declarations(file)?.types.first { $0.name == name } }
    }
    canonical = { name, scope in
      // `FinderModel<RunLoop>`: the generic's name resolved, its arguments as written.
      guard let open = name.firstIndex(of: "<") else { return symbols.resolve(name, in: scope, watch: watch) }
      return symbols.resolve(String(name[..<open]), in: scope, watch: watch) + name[open...]
    }
    // `extension Client { convenience init(restServer:) }` in another file: the symbol table
    // reports the name when such an extension changes, and the file is read for its text.
    func extensionsOf(_ name: String) -> [ExtensionDeclaration] {
      record(name)
      return symbols.extensionFiles(of: name).flatMap { file in
        extensions(file).filter { symbols.resolve($0.extendedType, in: "") == name }
      }
    }
    extensionInitializers = { name in extensionsOf(name).flatMap(\.initializers) }
    globalTypes = { name in
      record(name)
      return symbols.globalTypes(named: name).map(\.value)
    }
    extensionStaticTypes = { name in
      var types: [String: String] = [:]
      var ambiguous: Set<String> = []
      for (member, type) in extensionsOf(name).flatMap(\.staticTypes.entries).map({ ($0.name, $0.type) })
      where !ambiguous.contains(member) {
        if let known = types[member], known != type {
          types[member] = nil
          ambiguous.insert(member)
        } else {
          types[member] = type
        }
      }
      return types
    }
  }

  /// What a site's type reads as: the type, or why the sources cannot tell it.
  public enum Reading: Equatable, Sendable {
    case type(String)
    /// Why the type is unknown (the note's text): the initializer Swift would pick is
    /// ambiguous, not declared, or generic in what the parameter names.
    case unread(String)

    /// The type read; `nil` when unread.
    public var type: String? {
      if case .type(let type) = self { return type }
      return nil
    }

    /// The reason the type is unknown; `nil` when read.
    public var reason: String? {
      if case .unread(let reason) = self { return reason }
      return nil
    }
  }

  /// The type a site asks for, `nil` when it cannot be known (``reading(_:)``).
  public func resolve(_ type: ResolvedType?) -> String? {
    reading(type).type
  }

  /// The type a site asks for, or why it cannot be known: a `.parameter` is the type of the
  /// parameter of the one initializer whose labels match the call's (defaulted parameters the
  /// call omits skipped); several that match are an overload Swift picks by the arguments'
  /// types, which dpend does not guess.
  public func reading(_ type: ResolvedType?) -> Reading {
    switch type {
    case .named(let name)?: return .type(name)
    case .parameter(let written, let labels, let position)?:
      // `Store<AppState>(…)`: the generic's initializers, its parameters given those arguments.
      let (owner, arguments) = Self.genericArguments(of: written)
      guard let (declaration, declaringType, inherited) = initializing(owner) else {
        return .unread("'\(owner)' is no type the analysed sources declare, so its initializers are unknown")
      }
      // Two modules' `StateMachine`s: the file sees one, which dpend does not tell; read
      // when every one gives the same answer.
      for name in owner == declaringType ? [owner] : [owner, declaringType] {
        if let agreed = readingByEachDeclaration(of: name, type, differingIn: "what this call is passed to") {
          return agreed
        }
      }
      let written = labels.map { $0 ?? "_" }
      let signature = "'\(owner).init(" + written.map { $0 + ":" }.joined() + ")'"
      // Its own and those its extensions add.
      let initializers = declaration.initializers + extensionInitializers(declaringType)
      let matching = initializers.compactMap { initializer in
        Self.parameterIndexes(of: written, in: initializer.parameters).map { (initializer, $0) }
      }
      guard matching.count < 2 else {
        return .unread(
          "\(signature) is overloaded (\(matching.count) initializers take these labels), "
            + "and Swift picks one by the arguments' types")
      }
      guard let (initializer, indexes) = matching.first, position < indexes.count else {
        return .unread("no initializer of '\(owner)' takes the labels of \(signature)")
      }
      var parameterType = initializer.parameters[indexes[position]].type.name
      let generics = declaration.genericParameters
      let openGeneric = Reading.unread(
        "the parameter's type '\(parameterType)' names generic parameters of '\(declaringType)' "
          + "that this call leaves to Swift to infer")
      // `Store<State>` in `Router<State>`, made as `Router<AppState>`: `Store<AppState>`; made as
      // `Wallet`, a `Group<Int>` writing no `init`, `Model` in `Group<Model>` is `Int`.
      let known = declaringType == owner ? arguments : inherited
      if !generics.isEmpty, generics.count == known.count, !known.contains(where: { $0.isEmpty || $0 == "_" }),
        !declaringType.contains(".")
      {
        parameterType = Self.substituting(Dictionary(zip(generics, known)) { first, _ in first }, in: parameterType)
      } else if declaration.isGeneric {
        // A generic type's parameter may be written with its generic parameters (`Store<State>`
        // in `Router<State>`, `State` itself): left open, it is no key. Where the generic
        // parameters are known (the type's own), any other type is one; else only a type the
        // sources declare (SPEC 10).
        if parameterType.contains("<") { return openGeneric }
        // Identifiers that name no member (`Outer.State` is none of `State`'s).
        let names = Self.typeNames(in: parameterType)
        // Nested (in a generic type, or a constrained extension): the enclosing parameters are unknown.
        if generics.isEmpty || declaration.name.contains(".") {
          if self.declaration(parameterType) == nil && !isProtocol(parameterType) { return openGeneric }
        } else if names.contains(where: generics.contains) {
          return openGeneric
        }
      }
      // Written in the initializer's type: looked up from there.
      return .type(canonical(parameterType, declaringType))
    case .initializerParameter(let outer, let labels, let position)?:
      guard var owner = reading(outer).type else { return reading(outer) }
      while owner.hasSuffix("?") || owner.hasSuffix("!") { owner.removeLast() }
      return reading(.parameter(of: owner, labels: labels, position: position))
    case .functionResult(let function)?:
      let parameter = reading(function)
      guard let written = parameter.type else { return parameter }
      return Self.functionResult(written).map(Reading.type)
        ?? .unread("the closure is passed as '\(written)', which is no function type returning a key")
    case .member(let owner, let name)?:
      // What is assigned to an optional property is its wrapped type.
      let property = propertyReading(of: owner, name)
      guard var written = property.type, written.hasSuffix("?") else { return property }
      written.removeLast()
      return .type(written)
    case .property(let value, let name)?:
      // `Services.shared.api`: the chain read link by link; `x!.y` unwraps `x`.
      guard var owner = reading(value).type else { return reading(value) }
      while owner.hasSuffix("?") || owner.hasSuffix("!") { owner.removeLast() }
      return propertyReading(of: owner, name)
    case .global(let name)?:
      let declared = globalTypes(name)
      guard let type = declared.first else {
        return .unread("the analysed sources declare no global '\(name)' with one written type")
      }
      guard declared.allSatisfy({ $0 == type }) else {
        return .unread(
          "'\(name)' is declared in \(declared.count) files of the analysed sources, which differ in "
            + "its type, and dpend does not tell which one the file sees")
      }
      let base = type.hasSuffix("?") ? String(type.dropLast()) : type
      return .type(canonical(base, "") + (base == type ? "" : "?"))
    case .array(let elements)?:
      // An element the file types is named from the top level, as the others are.
      let readings = elements.map { element in
        if case .named(let name) = element { return Reading.type(canonical(name, "")) }
        return reading(element)
      }
      if let unread = readings.first(where: { $0.type == nil }) { return unread }
      let types = readings.compactMap(\.type)
      guard let first = types.first, types.allSatisfy({ $0 == first }) else {
        return .unread(
          "the array's elements are of different types (\(Set(types).sorted().map { "'\($0)'" }.joined(separator: ", "))), "
            + "which Swift joins and dpend does not")
      }
      return .type("[\(first)]")
    case .staticMember(let written, let name)?:
      let owner = canonical(written, "")
      if let agreed = readingByEachDeclaration(of: owner, type, differingIn: "the type of '\(name)'") {
        return agreed
      }
      guard let declaration = declaration(owner) else {
        // A platform type's: an extension of the sources adds it, or the SDK declares it.
        if let type = extensionStaticTypes(owner)[name] ?? PlatformStatics.type(of: owner, member: name) {
          let base = type.hasSuffix("?") ? String(type.dropLast()) : type
          return .type(canonical(base, "") + (base == type ? "" : "?"))
        }
        return .unread(
          "'\(written)' is no type the analysed sources declare, so the type of '\(written).\(name)' is unknown")
      }
      guard let type = declaration.staticTypes[name] ?? extensionStaticTypes(owner)[name] else {
        return .unread(
          "the analysed sources declare no static member '\(name)' of '\(written)' with one written type")
      }
      let generics = declaration.genericParameters
      if Self.typeNames(in: type).contains(where: { generics.contains($0) || $0 == "Self" }) {
        return .unread("the type of '\(written).\(name)', '\(type)', names generic parameters of '\(owner)'")
      }
      // `static var name: String?` makes the key `String?`, which no resolve of `String` finds.
      let base = type.hasSuffix("?") ? String(type.dropLast()) : type
      return .type(canonical(base, owner) + (base == type ? "" : "?"))
    case nil: return .unread(Self.unknownParameter)
    }
  }

  /// The declared type of the instance property `name` of `owner`, optional kept:
  /// `Presenter<Feed>`'s `view` is `Feed` when declared `view: View` in `Presenter<View>`.
  private func propertyReading(of owner: String, _ name: String) -> Reading {
    let (base, arguments) = Self.genericArguments(of: owner)
    guard let declaration = declaration(base), var written = declaration.propertyTypes[name] else {
      return .unread("the analysed sources declare no property '\(name)' with a written type in '\(base)'")
    }
    let optional = written.hasSuffix("?")
    if optional { written.removeLast() }
    let generics = declaration.genericParameters
    if Self.typeNames(in: written).contains(where: generics.contains) {
      // `Presenter<_>`: an argument the code leaves to Swift (a generic parameter around).
      guard generics.count == arguments.count, !arguments.contains("_"), !base.contains(".") else {
        return .unread(
          "the property's type '\(written)' names generic parameters of '\(base)' that the code leaves "
            + "to Swift to infer")
      }
      written = Self.substituting(Dictionary(zip(generics, arguments)) { first, _ in first }, in: written)
    }
    return .type(canonical(written, base) + (optional ? "?" : ""))
  }

  /// For a type declared in several files (two modules' `StateMachine`s, of which a file sees
  /// one, which dpend does not tell): `type` as every declaration reads it when they agree,
  /// else unread with that reason; `nil` for a type declared once.
  private func readingByEachDeclaration(of name: String, _ type: ResolvedType?, differingIn what: String) -> Reading? {
    let alternatives = self.alternatives(name)
    guard alternatives.count > 1 else { return nil }
    let readings = alternatives.map { alternative in
      var one = self
      let others = self.declaration
      one.declaration = { $0 == name ? alternative : others($0) }
      one.alternatives = { _ in [] }
      return one.reading(type)
    }
    guard readings.allSatisfy({ $0 == readings[0] }) else {
      return .unread(
        "'\(name)' is declared in \(readings.count) files of the analysed sources, which differ in \(what), "
          + "and dpend does not tell which one the file sees")
    }
    return readings[0]
  }

  /// The reason for a site whose context names no type at all.
  public static let unknownParameter = "the parameter it is passed to was not found"

  /// The declaration whose initializers make `type`, with its name: `type`'s own, or, for a
  /// class that writes no `init`, its nearest superclass's that does (Swift's initializer
  /// inheritance), with the generic arguments the subclass writes for it (`Int` in `: Group<Int>`,
  /// empty for `type`'s own); `nil` when a type on the way is not declared in the analysed sources.
  func initializing(_ type: String) -> (declaration: TypeDeclaration, name: String, inherited: [String])? {
    var name = type
    guard var declaration = declaration(name) else { return nil }
    var seen: Set<String> = [name]
    var arguments: [String] = []
    while declaration.declaresNoInitializer, let written = declaration.inheritance.first?.name {
      // `DBGroup<Model>`: the generic class's initializers.
      let (base, written) = Self.genericArguments(of: written)
      let superclass = canonical(base, name)
      guard seen.insert(superclass).inserted, let inherited = self.declaration(superclass), inherited.kind == .class
      else { break }
      // Written in the subclass, named from there; a subclass's own generic parameter is open.
      let scope = name
      let generics = declaration.genericParameters
      arguments = written.map { argument in
        Self.typeNames(in: argument).contains(where: generics.contains) ? "" : canonical(argument, scope)
      }
      (declaration, name) = (inherited, superclass)
    }
    return (declaration, name, arguments)
  }

  /// The needs of `Impl.init` as a factory: each parameter of `Impl`'s only initializer, at the
  /// registration's range; one unread site when `Impl` has not exactly one.
  public func autowiredNeeds(of type: String, _ registration: ContainerRegistration) -> [ResolveSite] {
    guard let (declaration, declaringType, _) = initializing(type), declaration.initializers.count == 1 else {
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
        dialect: registration.dialect, type: .named(canonical(written, declaringType)),
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
