/// Everything dpend needs from one Swift file, with no syntax tree attached.
///
/// The collector produces one summary per file; the graph is built from summaries only.
/// A summary depends on nothing but the file's text, so it can be cached by content.
public struct FileSummary: Hashable, Sendable {
  /// The file's path as the workspace knows it.
  public var path: String
  /// Module names of `import` declarations, in order.
  public var imports: [String] = []
  /// Protocols declared in the file, nested ones with qualified names.
  public var protocols: [ProtocolDeclaration] = []
  /// Classes, structs, actors and enums declared in the file, outer before inner.
  public var types: [TypeDeclaration] = []
  /// `extension` declarations, in order.
  public var extensions: [ExtensionDeclaration] = []
  /// `typealias` declarations, nested ones with qualified names.
  public var typealiases: [TypealiasDeclaration] = []
  /// The types of the file's global variables and functions where written, by name,
  /// normalized (``TypeDeclaration/staticTypes``, for the top level): what a factory
  /// returning one of them in another file makes (SPEC 10).
  public var globalTypes = MemberTypes()
  /// Problems with the file as a whole, such as nesting too deep to parse.
  public var problems: [Diagnostic] = []
  /// Container registrations (Dip, Swinject) read by the dialects the file's imports select.
  public var registrations: [ContainerRegistration] = []
  /// Resolve sites outside any registration (routers, view controllers, wrappers).
  public var resolveSites: [ResolveSite] = []
  /// Where the Swinject and Dip resolves' keys are written, for quick fixes (``SiteEdits``).
  public var siteEdits: [SiteEdits] = []
  /// Where registrations and resolves write their keys (``KeyRange``), for the editor.
  public var keyRanges: [KeyRange] = []
  /// The app's own helpers, inject wrappers and container values the file declares, which
  /// other files' container code is read with (``ContainerVocabulary``).
  public var vocabulary = VocabularyFacts()
  /// The names the file's `register`, `autoregister` and `resolve` calls are made on — each
  /// part of a receiver (`container`, `shared` in `App.shared.container`) but a root that a
  /// parameter hides — sorted: a container value of one of these names reads the file anew
  /// (SPEC 8.2), any other leaves its summary standing.
  public var receiverNames: [String] = []
  /// The names the file mentions: what reaches the app's assemblies and registration
  /// functions (``RegistrationGate``).
  public var mentions = NameMentions()
  /// The container instances the file declares and links (SPEC 8.6).
  public var instances = InstanceFacts()
  /// The lines of the text the summary was made from: positions in editors are converted
  /// against them, never against a newer text on disk.
  public var lines = LineTable("")

  /// Creates an empty summary for `path`.
  public init(path: String) {
    self.path = path
  }
}

/// A `protocol` declaration.
public struct ProtocolDeclaration: Hashable, Sendable {
  /// Qualified name, e.g. `Outer.Delegate`.
  public var name: String
  /// Effective access level (the lowest along the nesting chain).
  public var access: AccessLevel
  /// The protocol's name token.
  public var range: SourceRange
  /// The protocols it inherits, as written.
  public var inheritance: [TypeReference]

  public init(name: String, access: AccessLevel, range: SourceRange, inheritance: [TypeReference] = []) {
    self.name = name
    self.access = access
    self.range = range
    self.inheritance = inheritance
  }
}

/// The kind of a nominal type declaration.
public enum TypeKind: String, Hashable, Sendable {
  case `class`, `struct`, `actor`, `enum`
}

/// A class, struct, actor or enum declaration.
public struct TypeDeclaration: Hashable, Sendable {
  /// Qualified name, e.g. `SectionVM.Factory`.
  public var name: String
  /// What kind of type this is.
  public var kind: TypeKind
  /// Effective access level (the lowest along the nesting chain).
  public var access: AccessLevel
  /// `true` when the type or an enclosing one has generic parameters (or the type is
  /// declared in a constrained extension); such a type is never a candidate.
  public var isGeneric: Bool
  /// The inheritance clause as written: superclass and protocols, unresolved.
  public var inheritance: [TypeReference]
  /// Initializers that can make an instance, in declaration order: the declared
  /// non-private, non-failable ones, or the implicit one when none is declared.
  public var initializers: [Initializer]
  /// Instance methods that are not private, in declaration order; collected for classes
  /// only (configurations are classes).
  public var methods: [MethodDeclaration]
  /// The type's name token.
  public var range: SourceRange
  /// The `#if` conditions it is declared under, outermost first; empty outside any.
  public var conditions: BuildConditions = []
  /// The `}` closing the type's body; `nil` while it is not typed yet. Fix-its insert
  /// members before it.
  public var closingBrace: SourceRange?
  /// `true` when only spaces and tabs precede the closing `}` on its line: members are then
  /// inserted on a line of their own before that line.
  public var closingBraceStartsLine: Bool
  /// The instance properties whose type is written (`presenter` → `Presenter!`), or made by
  /// their initial value (`let store = Store()` → `Store`), by name, normalized: what an
  /// assignment to one expects, what a member chain through one reads (SPEC 10).
  public var propertyTypes = MemberTypes()
  /// The types of its static members where written, by name, normalized: a static or class
  /// property's annotation or the type its value constructs (`static let shared = Session()`),
  /// a static method's declared result (one name, one result), an enum case's enum: what a
  /// factory returning `Type.member` makes (SPEC 10).
  public var staticTypes = MemberTypes()
  /// `true` for a class that writes no `init`: it inherits its superclass's designated
  /// initializers, as Swift gives them (``initializers`` holds the implicit one, if any).
  public var declaresNoInitializer = false
  /// The names of the type's own generic parameters (`TObject` in `DBGroup<TObject: Model>`),
  /// in order; empty for a type with none.
  public var genericParameters: [String] = []

  public init(
    name: String, kind: TypeKind, access: AccessLevel, isGeneric: Bool,
    inheritance: [TypeReference], initializers: [Initializer], methods: [MethodDeclaration],
    range: SourceRange, closingBrace: SourceRange? = nil, closingBraceStartsLine: Bool = false
  ) {
    self.closingBrace = closingBrace
    self.closingBraceStartsLine = closingBraceStartsLine
    self.name = name
    self.kind = kind
    self.access = access
    self.isGeneric = isGeneric
    self.inheritance = inheritance
    self.initializers = initializers
    self.methods = methods
    self.range = range
  }
}

/// An `extension` declaration.
public struct ExtensionDeclaration: Hashable, Sendable {
  /// The extended type's name as written, normalized (`Outer.Inner`).
  public var extendedType: String
  /// Conformances added by the extension, unresolved.
  public var inheritance: [TypeReference]
  /// Instance methods that are not private, in declaration order.
  public var methods: [MethodDeclaration]
  /// The initializers it adds that can make an instance (a class's `convenience init`, a
  /// struct's), in declaration order: the container check matches calls against them too.
  public var initializers: [Initializer] = []
  /// The types of the static members it adds (``TypeDeclaration/staticTypes``).
  public var staticTypes = MemberTypes()
  /// The extended type's name in the extension header.
  public var range: SourceRange
  /// The `#if` conditions it is declared under, outermost first; empty outside any.
  public var conditions: BuildConditions = []
  /// The `}` closing the extension; `nil` while it is not typed yet.
  public var closingBrace: SourceRange?

  public init(
    extendedType: String, inheritance: [TypeReference], methods: [MethodDeclaration],
    range: SourceRange, closingBrace: SourceRange? = nil
  ) {
    self.closingBrace = closingBrace
    self.extendedType = extendedType
    self.inheritance = inheritance
    self.methods = methods
    self.range = range
  }
}

/// A `typealias` declaration.
public struct TypealiasDeclaration: Hashable, Sendable {
  /// Qualified name, e.g. `Outer.Handler`.
  public var name: String
  /// The aliased type, normalized like a ``TypeReference`` name.
  public var target: String
  /// The scope the target is written in (the enclosing type's name, or `""` at top level).
  public var lookupScope: String
  /// The alias's name token.
  public var range: SourceRange

  public init(name: String, target: String, lookupScope: String, range: SourceRange) {
    self.name = name
    self.target = target
    self.lookupScope = lookupScope
    self.range = range
  }
}

/// A type as written in source, normalized: white space removed, `any`/`some` dropped,
/// `Optional`/`?`/`!` and `Tagged<T, Tag>` unwrapped.
public struct TypeReference: Hashable, Sendable {
  /// The normalized, unresolved type name, e.g. `FooService` or `[Int]`.
  public var name: String
  /// The tag from `Tagged<T, Tag>`, normalized and unresolved.
  public var tag: String?
  /// `true` for `T?`, `T!` and `Optional<T>`.
  public var isOptional: Bool
  /// The type as written.
  public var range: SourceRange

  public init(name: String, tag: String? = nil, isOptional: Bool = false, range: SourceRange) {
    self.name = name
    self.tag = tag
    self.isOptional = isOptional
    self.range = range
  }
}

/// One parameter of an initializer or a registration method.
public struct Parameter: Hashable, Sendable {
  /// The argument label used at call sites, or `_` when there is none.
  public var label: String
  /// The parameter's type.
  public var type: TypeReference
  /// `true` when the parameter has a default value or is variadic: not a dependency.
  public var hasDefault: Bool

  public init(label: String, type: TypeReference, hasDefault: Bool) {
    self.label = label
    self.type = type
    self.hasDefault = hasDefault
  }
}

/// An initializer that can make an instance of its type.
public struct Initializer: Hashable, Sendable {
  /// Parameters in order, including those with default values.
  public var parameters: [Parameter]
  /// Effective access level.
  public var access: AccessLevel
  /// `true` for an `init` that `throws`.
  public var isThrowing: Bool
  /// `true` when the compiler synthesizes this init (`init()` or a memberwise init).
  public var isImplicit: Bool
  /// The `init` keyword, or the type's name for an implicit initializer.
  public var range: SourceRange
  /// The `#if` conditions it is declared under, outermost first; empty outside any.
  public var conditions: BuildConditions = []

  public init(
    parameters: [Parameter], access: AccessLevel, isThrowing: Bool, isImplicit: Bool,
    range: SourceRange
  ) {
    self.parameters = parameters
    self.access = access
    self.isThrowing = isThrowing
    self.isImplicit = isImplicit
    self.range = range
  }

  /// The Swift name of the initializer, e.g. `init(a:_:)`.
  public var signature: String {
    "init(" + parameters.map { "\($0.label):" }.joined() + ")"
  }
}

/// An instance method: a registration method when it returns `DependencyRegistration<T>`.
public struct MethodDeclaration: Hashable, Sendable {
  /// The base name, e.g. `fooService`.
  public var name: String
  /// Parameters in order.
  public var parameters: [Parameter]
  /// Effective access level.
  public var access: AccessLevel
  /// What the method registers, or `nil` when it does not return `DependencyRegistration<…>`.
  public var registration: Registration? {
    get { registrationStorage.first }
    set { registrationStorage = newValue.map { [$0] } ?? [] }
  }
  /// ``registration`` out of line (most methods register nothing): a method is then half
  /// the size, in summaries and in the configurations a graph keeps.
  private var registrationStorage: [Registration]
  /// The return type as written (normalized), `nil` when there is none.
  public var returnType: String?
  /// The method's name token.
  public var range: SourceRange
  /// The `#if` conditions it is declared under, outermost first; empty outside any.
  public var conditions: BuildConditions = []
  /// Problems in the registration (a non-literal tag or scope); reported only when the
  /// method belongs to a configuration class.
  public var problems: [Diagnostic]

  public init(
    name: String, parameters: [Parameter], access: AccessLevel, registration: Registration?,
    returnType: String?, range: SourceRange, problems: [Diagnostic] = []
  ) {
    self.name = name
    self.parameters = parameters
    self.access = access
    self.registrationStorage = registration.map { [$0] } ?? []
    self.returnType = returnType
    self.range = range
    self.problems = problems
  }

  /// The Swift name of the method, e.g. `barService(fooService:)`.
  public var signature: String {
    name + "(" + parameters.map { "\($0.label):" }.joined() + ")"
  }
}

/// What a registration method's `DependencyRegistration<T>(tag:scope:)` declares.
public struct Registration: Hashable, Sendable {
  /// `T`, unresolved.
  public var type: TypeReference
  /// The tag type's name from `tag: Tag.self`, unresolved.
  public var tag: String?
  /// The scope from `scope: .x`; `.unique` when absent.
  public var scope: Scope
  /// `true` when the method itself `throws`.
  public var isThrowing: Bool

  public init(type: TypeReference, tag: String?, scope: Scope, isThrowing: Bool) {
    self.type = type
    self.tag = tag
    self.scope = scope
    self.isThrowing = isThrowing
  }
}
