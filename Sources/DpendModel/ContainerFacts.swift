/// The `#if` conditions a fact is written under, outermost first: `DEBUG`, `!DEBUG` (in an
/// `#else`), `os(iOS)`. Empty outside any `#if`.
public typealias BuildConditions = [String]

/// What a registration or a resolve site asks for: a type, a name (Dip tag, Swinject name)
/// and how many runtime arguments it takes. A key known by its name alone (Stitcher's
/// `Dependency("auth", Auth.init)`, `@Injected("auth")`) has the empty type.
public struct ContainerKey: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The type as written, normalized (`Store`, `Outer.Inner`).
  public var type: String
  /// The literal name or tag (`"remote"`, `.remote`, `1`), as written; `nil` for none.
  public var name: String?
  /// Runtime arguments passed at resolution (Swinject `argument:`/`arguments:`, Dip
  /// `arguments:`).
  public var argumentCount: Int

  public init(type: String, name: String? = nil, argumentCount: Int = 0) {
    self.type = type
    self.name = name
    self.argumentCount = argumentCount
  }

  public static func < (lhs: ContainerKey, rhs: ContainerKey) -> Bool {
    (lhs.type, lhs.name ?? "", lhs.argumentCount) < (rhs.type, rhs.name ?? "", rhs.argumentCount)
  }

  /// `Store`, `Store (name "remote")`, `Store (2 arguments)`; `name "auth"` for a key known
  /// by its name alone.
  public var description: String {
    var text = type
    if let name { text += type.isEmpty ? "name \(name)" : " (name \(name))" }
    if argumentCount > 0 { text += " (\(argumentCount) argument\(argumentCount == 1 ? "" : "s"))" }
    return text
  }
}

/// How a resolve site's type is known.
public indirect enum ResolvedType: Hashable, Sendable {
  /// Written at the site: `resolve(P.self)`, `as P`, `let p: P = …`.
  case named(String)
  /// The type of the parameter the resolved value is passed to: argument `label` (`nil` for
  /// an unlabelled one) at `position` of a call constructing `type` (`Impl(store: try
  /// c.resolve())`). Found by matching the call's labels against `type`'s initializers.
  case parameter(of: String, labels: [String?], position: Int)
  /// The declared type of the instance property `name` of `type`, the value is assigned to
  /// (`presenter.view = r.resolve()`, `self.store = …` with `store` declared in another
  /// file); found in `type`'s declaration.
  case member(of: String, name: String)
  /// The type of the parameter at `position` of an initializer of the type `of` names, matched
  /// by labels like ``parameter(of:labels:position:)``: the value is passed to an implicit
  /// `.init(…)` written where that type is expected (`services: .init(api: resolve())`).
  case initializerParameter(of: ResolvedType, labels: [String?], position: Int)
  /// The result of the function type `of` names: the value is returned by a closure passed
  /// as a parameter of that type (`interceptor: { resolve() }` for `interceptor: () -> I`).
  case functionResult(of: ResolvedType)
  /// The declared type of the static property or enum case `name` of the type `of` names, or
  /// the declared result of its static method `name` (`AppConfiguration.restServer`,
  /// `Application.current()`, `WebComponent.accounts`): a factory's value; found in that
  /// type's declaration and its extensions'.
  case staticMember(of: String, name: String)
  /// The declared type of the instance property `name` of a value of the type `of` reads as,
  /// optional kept (`Services.shared.api`, `session.client`): a factory's value, found through
  /// the chain it is written as; the chain's links are other cases (a static member, a global,
  /// a written type).
  case property(of: ResolvedType, name: String)
  /// The declared type of the global variable `name` (its annotation or the type its value
  /// constructs), or the declared result of the global function `name`, that the analysed
  /// sources declare (`register { sharedLogger }`, `register { makeSession() }` where another
  /// file declares them).
  case global(String)
  /// An array literal's type, `[T]` where every element reads as the one type `T`
  /// (`register { [loggerMiddleware, routerMiddleware] }`); elements of different types are
  /// Swift's to join, which dpend does not.
  case array(of: [ResolvedType])
}

/// One place that asks a container for an instance.
public struct ResolveSite: Hashable, Sendable {
  public var dialect: Dialect
  /// The type asked for; `nil` when dpend cannot read it (see ``unread``).
  public var type: ResolvedType?
  /// The name or tag, as written.
  public var name: String?
  /// Runtime arguments passed.
  public var argumentCount: Int
  /// The types of the runtime arguments passed, in order, where each is known (a literal's,
  /// a declaration's as written), `""` where not; empty when none is known.
  public var argumentTypes: [String] = []
  /// `false` for an optional resolve (`try?`, `if let`, `?? fallback`, Swinject's plain
  /// `resolve` whose optional result is kept): nothing registered means `nil`, not a crash.
  public var isRequired: Bool
  /// `P` in `resolve(X.self) as? P`.
  public var conditionalCast: String?
  /// The resolve call.
  public var range: SourceRange
  /// Why the type could not be read; `nil` when it was.
  public var unread: String?
  public var conditions: BuildConditions
  /// The type whose initialization resolves this site: a property wrapper that resolves when
  /// its instance is made (Resolver's `@Injected var store: Store` declared in `Feed`). A
  /// registration constructing that type needs what it resolves, so a cycle can pass through
  /// it; `nil` for any other site.
  public var owner: String?
  /// What declares the site a requirement, as a message names it (`the container "Feed"` for
  /// Stitcher's `requires: { Requirement(.name("auth")) }`); `nil` for a resolve.
  public var requiredBy: String? = nil
  /// The type the site is written in (`BasketScreen` inside `extension BasketScreen`), from
  /// which its type's name is looked up (SPEC 8.4); `""` at the top level.
  public var lookupScope = ""
  /// The container instance it resolves from (SPEC 8.6); `nil` for any.
  public var instance: InstanceReference? = nil
  /// `true` for a parameter of a factory that its container fills either by resolving it
  /// (when the factory's key is resolved with no runtime arguments) or with the arguments a
  /// resolve passes (``DialectTraits/wiresParametersOnlyWithoutArguments``): Dip's `{ (l:
  /// Logger) in Feed(l) }`. It is a need only while a resolve without arguments reaches the
  /// factory (``ContainerStage``'s wiring).
  public var isFactoryArgument = false
  /// The value the call is made on, where only the workspace's vocabulary named it a
  /// container (`Services.shared.container` in a file that imports no container library):
  /// the container stage reads its type and drops the call when the sources declare that
  /// type and it is no container (SPEC 10). `nil` for a receiver the file types itself.
  public var receiverType: ResolvedType? = nil

  public init(
    dialect: Dialect, type: ResolvedType?, name: String? = nil, argumentCount: Int = 0, isRequired: Bool,
    conditionalCast: String? = nil, range: SourceRange, unread: String? = nil, conditions: BuildConditions = []
  ) {
    self.dialect = dialect
    self.type = type
    self.name = name
    self.argumentCount = argumentCount
    self.isRequired = isRequired
    self.conditionalCast = conditionalCast
    self.range = range
    self.unread = unread
    self.conditions = conditions
  }
}

/// One `register` call of a container.
public struct ContainerRegistration: Hashable, Sendable {
  public var dialect: Dialect
  /// The types it registers (the registered type first, then `.implements` ones); empty
  /// when dpend cannot read the key (see ``unread``).
  public var types: [String]
  /// The name or tag, as written.
  public var name: String?
  /// `true` when the name or tag is computed: the registration may answer any name.
  public var nameIsComputed = false
  /// For a factory whose registered type is not written: the type of the value it returns
  /// where another file declares it (`.staticMember(of: "URLSession", name: "shared")` for
  /// `register { URLSession.shared }`), typed by the lookup of the analysed sources. When the
  /// sources do not declare that type, the value is a library's, and the registration answers
  /// no type they declare.
  public var valueType: ResolvedType?
  /// Runtime arguments the factory takes.
  public var argumentCount: Int
  /// The types of the runtime arguments the factory takes, in order, as its closure's
  /// parameters annotate them (`{ (r, id: Int) in … }`), `""` where not; empty when none is
  /// written.
  public var argumentTypes: [String] = []
  /// The scope as written (`singleton`, `container`, …); `nil` for the container's default.
  public var scope: String?
  /// The type the factory constructs (`Impl` in `{ Impl(…) }`), when dpend sees it.
  public var constructedType: String?
  /// The type whose initializer's parameters are auto-wired needs (`autoregister(P.self,
  /// initializer: Impl.init)`, Dip's `factory: Impl.init`); resolved against the analysed
  /// sources, since the collector sees one file.
  public var autowired: String?
  /// What the factory resolves to make the instance.
  public var needs: [ResolveSite]
  /// What is resolved after the instance exists (Swinject `initCompleted`, Dip
  /// `resolvingProperties`): property injection, which breaks cycles.
  public var propertyNeeds: [ResolveSite]
  /// The `register` name.
  public var range: SourceRange
  /// Why the key could not be read; `nil` when it was.
  public var unread: String?
  public var conditions: BuildConditions
  /// The container registered on: as the dialect reads it (`container`, `self`), then, as
  /// the collector completes it, in its file and enclosing function or closure
  /// (`Setup.swift|container@120`); or, for a dialect whose containers merge into one graph,
  /// a name of its own across files (Stitcher's `stitcher`). Two registrations of one key are
  /// duplicates only within one.
  public var scopeName: String
  /// `true` for a generic registration inside one of the app's named register functions
  /// (`register<T>(_: T.Type, instance: T)`): its callers are read as registrations instead,
  /// so it answers nothing by itself and silences nothing.
  public var isForwarded = false
  /// The declaration it is written in that the app must reach for it to run (an assembly's
  /// `assemble(container:)`, a function on or taking a container); `nil` when it runs
  /// wherever it is written.
  public var gate: RegistrationGate? = nil
  /// The container instance it registers into (SPEC 8.6); `nil` for any.
  public var instance: InstanceReference? = nil
  /// Where the registered type is written, for edits: `Impl` in `register(Impl.self)`, in
  /// Dip's `type: Impl.self`, `{ () -> Impl in … }` or `{ … as Impl }`; `nil` when the type is
  /// read from what the factory constructs.
  public var typeRange: SourceRange?
  /// The expression of a factory made of that one expression, when the key is the type it
  /// constructs (`Impl()` in Dip's `register { Impl() }`): an edit can append `as P`.
  public var resultRange: SourceRange?
  /// Where Dip's `type:` argument goes when the type is not written (``typeRange`` is `nil`):
  /// `register(.singleton) { … }`, `register { … }`, `register(factory: Impl.init)`.
  public var typeArgumentInsertion: ArgumentInsertion?
  /// The type of the value a key stands for when the key is not itself a type: Belum's
  /// `\Deps.chat` provides the type of the property `Deps.chat`. `nil` for a type key, or when
  /// unknown.
  public var providedType: String? = nil
  /// The type the registration is written in, from which its types' names are looked up
  /// (SPEC 8.4); `""` at the top level.
  public var lookupScope = ""
  /// The statement making it, for quick fixes; `nil` when it is no statement of its own
  /// (`let service = c.register { … }`, an argument of another call).
  public var statement: RegistrationStatement? = nil
  /// The value the call is made on, where only the workspace's vocabulary named it a
  /// container (`Services.shared.container` in a file that imports no container library):
  /// the container stage reads its type and drops the call when the sources declare that
  /// type and it is no container (SPEC 10). `nil` for a receiver the file types itself.
  public var receiverType: ResolvedType? = nil

  public init(
    dialect: Dialect, types: [String], name: String? = nil, argumentCount: Int = 0, scope: String? = nil,
    constructedType: String? = nil, needs: [ResolveSite] = [], propertyNeeds: [ResolveSite] = [],
    range: SourceRange, unread: String? = nil, conditions: BuildConditions = [], scopeName: String = ""
  ) {
    self.dialect = dialect
    self.types = types
    self.name = name
    self.argumentCount = argumentCount
    self.scope = scope
    self.constructedType = constructedType
    self.autowired = nil
    self.needs = needs
    self.propertyNeeds = propertyNeeds
    self.range = range
    self.unread = unread
    self.conditions = conditions
    self.scopeName = scopeName
  }

  /// The keys the registration answers.
  public var keys: [ContainerKey] {
    types.map { ContainerKey(type: $0, name: name, argumentCount: argumentCount) }
  }
}

/// Where an argument can be added to a call, for edits: the text `prefix + argument + suffix`
/// is inserted at ``position``.
public struct ArgumentInsertion: Hashable, Sendable {
  /// The empty range where the text goes.
  public var position: SourceRange
  /// `(` for a call written without parentheses, `, ` after an argument; else empty.
  public var prefix: String
  /// `)` for a call written without parentheses, `, ` before an argument; else empty.
  public var suffix: String

  public init(position: SourceRange, prefix: String, suffix: String) {
    self.position = position
    self.prefix = prefix
    self.suffix = suffix
  }
}

/// A declaration that registers only when the app reaches it (SPEC 8.6): an `Assembly`'s
/// `assemble(container:)` runs when the app makes the assembly (and applies it); a function
/// declared on a library's container type (`extension Resolver { static func
/// registerBillingServices() }`) or taking a container (`func registerServices(in container:
/// Container)`) runs when the app calls it. A library's own entry points
/// (`registerAllServices()`) are none.
public struct RegistrationGate: Hashable, Sendable {
  /// The word that reaches it where the app mentions it: the assembly's type name
  /// (`PresentationAssembly()`), or the function's (`registerBillingServices()`).
  public var name: String
  /// How a message names the declaration: `PresentationAssembly.assemble(container:)`.
  public var declaration: String
  /// `true` for an assembly (made), `false` for a function (called).
  public var isAssembly: Bool

  public init(name: String, declaration: String, isAssembly: Bool) {
    self.name = name
    self.declaration = declaration
    self.isAssembly = isAssembly
  }

  /// Names a library calls itself on the app's declarations: Resolver's and Factory's
  /// registration entry points, Swinject's `Assembly` requirements.
  public static let libraryEntryPoints: Set<String> = ["registerAllServices", "autoRegister", "assemble", "loaded"]
}
