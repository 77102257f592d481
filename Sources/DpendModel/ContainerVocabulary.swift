/// What an app's own code declares that reaches a container (SPEC 8.1, 8.2), as one file
/// declares it: generic functions whose bodies register or resolve one of their generic
/// parameters (its *helpers*), property wrappers that resolve their value, and values typed
/// as a container. Read from the file's text alone; ``ContainerVocabulary`` decides, over
/// every file, which of them reach a container.
public struct VocabularyFacts: Hashable, Sendable {
  /// The helper candidates: each generic declaration that forwards one of its generic
  /// parameters as a key.
  public var helpers: [HelperDeclaration] = []
  /// Globals and properties whose declared type or initializer is a container.
  public var containerValues: [ContainerValue] = []
  /// Parameters and struct properties of function types taking a container: a closure
  /// passed there receives one.
  public var slots: [ContainerSlotDeclaration] = []
  /// The container libraries the file imports with `@_exported`: visible in the files of
  /// its module and in those importing it.
  public var exportedImports: [String] = []
  /// The file's top-level typealiases naming a library's container type
  /// (`typealias DependencyContainer = Dip.DependencyContainer`): a file that writes the
  /// alias calls that library through it, whatever it imports.
  public var containerAliases: [ContainerAlias] = []

  public init(
    helpers: [HelperDeclaration] = [], containerValues: [ContainerValue] = [], slots: [ContainerSlotDeclaration] = []
  ) {
    self.helpers = helpers
    self.containerValues = containerValues
    self.slots = slots
  }

  /// `true` when the file declares nothing of the kind.
  public var isEmpty: Bool {
    helpers.isEmpty && containerValues.isEmpty && slots.isEmpty && exportedImports.isEmpty
      && containerAliases.isEmpty
  }

  /// `true` when `other` declares the same, perhaps at other positions.
  public func equalsPositionFree(_ other: VocabularyFacts) -> Bool {
    guard helpers.count == other.helpers.count, containerValues.count == other.containerValues.count,
      slots.map(\.slot) == other.slots.map(\.slot), exportedImports == other.exportedImports,
      containerAliases.map(\.name) == other.containerAliases.map(\.name),
      containerAliases.map(\.dialect) == other.containerAliases.map(\.dialect)
    else {
      return false
    }
    let sameHelpers = zip(helpers, other.helpers).allSatisfy { mine, theirs in
      var moved = theirs
      moved.range = mine.range
      return mine == moved
    }
    let sameValues = zip(containerValues, other.containerValues).allSatisfy { mine, theirs in
      var moved = theirs
      moved.range = mine.range
      return mine == moved
    }
    return sameHelpers && sameValues
  }
}

/// A generic function, method, initializer or property wrapper that forwards one of its
/// generic parameters as the key of a register or resolve call.
public struct HelperDeclaration: Hashable, Sendable {
  /// What calls of the helper do.
  public enum Role: String, Hashable, Sendable, CaseIterable, Codable {
    /// `container.register(VideoPlayer.self, isolatedFactory: { r in … })`.
    case register
    /// `DI.resolve(Screen.self)`, `let router: Router = inject()`.
    case resolve
    /// `@Inject var store: Store`: the wrapper's type name is the helper's name.
    case wrapper
  }

  /// What the forwarded call is: a library's register or resolve (the file's imports, or a
  /// container value as receiver, tell which library), or a call of another helper.
  public struct Forward: Hashable, Sendable {
    /// The called name: `register`, `resolve`, `inject`.
    public var name: String
    /// The receiver's text: `container`, `assembler.resolver`, `Self`; empty for none.
    public var receiver: String
    /// `true` when the forwarded key is the call's own `X.self`-like argument (Swinject's
    /// `resolve(t)`); `false` when it is the call's context (Dip's `try resolve() as T`).
    public var passesType: Bool

    public init(name: String, receiver: String, passesType: Bool) {
      self.name = name
      self.receiver = receiver
      self.passesType = passesType
    }
  }

  public var role: Role
  /// The function's name (`register`, `resolve`, `inject`), or the wrapper type's (`Inject`).
  public var name: String
  /// The type the helper is declared in or extends (`Container`, `DI`); `nil` for a free function.
  public var owner: String?
  /// `true` for a `static` or `class` method.
  public var isStatic: Bool
  /// The position among the parameters of the `T.Type` parameter that carries the key;
  /// `nil` when the key is the call's context (`func inject<T>() -> T`).
  public var keyPosition: Int?
  /// The argument labels of the parameters, `nil` for an unlabelled one (`_ t: T.Type`).
  public var labels: [String?]
  /// The label of the parameter forwarded as the library's `name:` or `tag:`.
  public var nameLabel: String?
  /// `true` when a miss is `nil`: the resolve helper returns `T?`, the wrapper's value is
  /// optional. `false` when it traps (it returns `T`: only a crash can stand for a miss).
  public var isOptional: Bool
  /// The scope a register helper applies (`.inObjectScope(.container)` → `container`).
  public var scope: String?
  /// The dialects the declaring file's imports select.
  public var fileDialects: [Dialect]
  /// The calls the body forwards the key to.
  public var forwards: [Forward]
  /// The helper's name where it is declared.
  public var range: SourceRange
  /// The runtime arguments the body passes along (`resolve(t, argument: a)`: 1), which a
  /// registration must take.
  public var runtimeArguments = 0

  public init(
    role: Role, name: String, owner: String?, isStatic: Bool = false, keyPosition: Int?, labels: [String?],
    nameLabel: String? = nil, isOptional: Bool = false, scope: String? = nil, fileDialects: [Dialect] = [],
    forwards: [Forward], range: SourceRange
  ) {
    self.role = role
    self.name = name
    self.owner = owner
    self.isStatic = isStatic
    self.keyPosition = keyPosition
    self.labels = labels
    self.nameLabel = nameLabel
    self.isOptional = isOptional
    self.scope = scope
    self.fileDialects = fileDialects
    self.forwards = forwards
    self.range = range
  }
}

/// A global or property whose declared type or initializer is a container or resolver of a
/// library: `let container = DependencyContainer()`, `static let shared = Container()`,
/// `var resolver: Resolver`.
public struct ContainerValue: Hashable, Sendable {
  /// The variable's name.
  public var name: String
  /// The type declaring it; `nil` for a global.
  public var owner: String?
  /// The library whose container it is.
  public var dialect: Dialect
  /// Its name where it is declared.
  public var range: SourceRange

  public init(name: String, owner: String?, dialect: Dialect, range: SourceRange) {
    self.name = name
    self.owner = owner
    self.dialect = dialect
    self.range = range
  }
}

/// A top-level typealias whose target is a container library's container type, qualified by
/// the library's module (`typealias DependencyContainer = Dip.DependencyContainer`) or
/// written bare in a file whose imports select the library (`typealias DI = Container` beside
/// `import Swinject`).
public struct ContainerAlias: Hashable, Sendable {
  /// The alias's name.
  public var name: String
  /// The library whose container type it names.
  public var dialect: Dialect
  /// Its name where it is declared.
  public var range: SourceRange

  public init(name: String, dialect: Dialect, range: SourceRange) {
    self.name = name
    self.dialect = dialect
    self.range = range
  }

  /// The aliases among `typealiases` (a file's, with its `imports`) that name a library's
  /// container type; nested and generic ones are left out (their name is not the file's).
  public static func aliases(in typealiases: [TypealiasDeclaration], imports: [String]) -> [ContainerAlias] {
    guard !typealiases.isEmpty else { return [] }
    let imported = Dialect.selected(byImports: imports)
    return typealiases.compactMap { alias in
      guard alias.lookupScope.isEmpty, !alias.name.contains(".") else { return nil }
      let parts = alias.target.split(separator: ".").map(String.init)
      guard let last = parts.last, parts.count <= 2, last != alias.name || parts.count == 2 else { return nil }
      let dialects = Dialect.allCases.filter { ContainerVocabulary.containerTypes[$0]?.contains(last) == true }
      let dialect =
        parts.count == 2
        ? dialects.first { $0.traits.modules.contains(parts[0]) } : dialects.first { imported.contains($0) }
      return dialect.map { ContainerAlias(name: alias.name, dialect: $0, range: alias.range) }
    }
  }
}

/// A closure parameter that receives a container (SPEC 8.2): the `position`th parameter of a
/// closure passed as argument `label` to `callee` — a function, or a type's initializer
/// (a struct's memberwise one for its properties) — declared as `(Resolver) -> T`:
/// `Route(factory: { r in r.resolve(X.self)! })` resolves from Swinject's resolver in a file
/// that never imports Swinject.
public struct ContainerSlot: Hashable, Sendable, Codable {
  /// The function's name, or the type's for its initializers.
  public var callee: String
  /// The argument's label; `nil` for an unlabelled one.
  public var label: String?
  /// The place of the container among the closure's parameters.
  public var position: Int
  /// The library whose container it receives.
  public var dialect: Dialect

  public init(callee: String, label: String?, position: Int, dialect: Dialect) {
    self.callee = callee
    self.label = label
    self.position = position
    self.dialect = dialect
  }
}

/// A ``ContainerSlot`` where it is declared.
public struct ContainerSlotDeclaration: Hashable, Sendable {
  public var slot: ContainerSlot
  /// The parameter's or property's name.
  public var range: SourceRange

  public init(slot: ContainerSlot, range: SourceRange) {
    self.slot = slot
    self.range = range
  }
}
