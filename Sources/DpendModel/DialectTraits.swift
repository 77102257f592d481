/// A style of dependency-injection container dpend reads (a *dialect*).
public enum Dialect: String, Hashable, Sendable, CaseIterable, Codable {
  /// dpend's own: implicit factories and `DependencyConfiguration` classes.
  case thesis
  /// Dip: `container.register(.scope) { … }` and `try container.resolve()`.
  case dip
  /// Swinject: `container.register(P.self) { r in … }` and `r.resolve(P.self)`.
  case swinject
  /// Resolver: `register { Impl() as P }` in `registerAllServices()`, `resolve()`, and
  /// `@Injected var x: P`.
  case resolver
  /// Factory: `var x: Factory<P> { self { Impl() } }` in a container, `@Injected(\.x)` and
  /// `Container.shared.x()`. The key is the definition, written `\Container.x`.
  case factory
  /// Stitcher: `DependencyContainer { Dependency("name", Impl.init) } requires: { … }` and
  /// `@Injected("name")`. A dependency is known by its type or by its name.
  case stitcher
  /// Belum: `registrar.register({ Impl($0) }, for: \.key, dependencies: \.a)`. The key is
  /// the key path, written `\Dependencies.key`.
  case belum
  /// An app's own locator: the register and resolve functions and property wrappers
  /// `.dpend.json` names. Any container's registrations may answer its resolves (an app's
  /// `inject()` usually wraps one), and its registrations any resolve.
  case locator

  /// `true` when a registration of this dialect may answer a resolve of `site`'s: the same
  /// container, or an app's own locator on either side.
  public func answers(_ site: Dialect) -> Bool {
    self == site || traits.answersEveryDialect || site.traits.answersEveryDialect
  }

  /// `false` when a resolve nothing in the analysed sources answers is no mistake
  /// (``DialectTraits/checksPresence``). Such a resolve is never a `missing-dependency`,
  /// `registered-as-concrete-type` or `unregistered-optional-resolve`; it is still counted as
  /// checked (its key is read, and cycles through it are checked).
  public var checksPresence: Bool { traits.checksPresence }

  /// `false` when a call's arguments are not its key (``DialectTraits/writesKeyInArguments``).
  public var writesKeyInArguments: Bool { traits.writesKeyInArguments }

  /// The modules of the container libraries (`Swinject`, `Dip`, `Resolver`, …): a name they
  /// qualify (`Swinject.Resolver`) is the library's type.
  public static let libraryModules: Set<String> = Set(allCases.flatMap(\.traits.modules))

  /// The modules whose import selects each container dialect.
  static let modules: [(dialect: Dialect, modules: Set<String>)] = allCases.compactMap { dialect in
    dialect.traits.modules.isEmpty ? nil : (dialect, dialect.traits.modules)
  }

  /// The dialects a file's imports select: `import Dip` reads Dip, `import Swinject` (or
  /// `SwinjectAutoregistration`, `SwinjectStoryboard`, which make Swinject's types' members
  /// visible) Swinject, `import Resolver`, `import Factory` (or
  /// `FactoryKit`), `import Stitcher` and `import Belum` theirs.
  public static func selected(byImports imports: [String]) -> [Dialect] {
    modules.filter { !$0.modules.isDisjoint(with: imports) }.map(\.dialect)
  }
}

/// What sets one dialect's container code apart, as data: the checker, the index and the
/// editor read these, never a dialect's name. Every dialect's are in one list
/// (``Dialect/traits``).
public final class DialectTraits: Sendable {
  /// The library's name as its users write it: `Dip`, `Swinject`.
  public let displayName: String
  /// The modules whose import selects the dialect.
  public let modules: Set<String>
  /// `true` when its registrations may answer any dialect's resolves, and its resolves be
  /// answered by any dialect's registrations (an app's own locator usually wraps another
  /// container).
  public let answersEveryDialect: Bool
  /// `false` when a resolve nothing in the analysed sources answers is no mistake (Factory's
  /// compiler checks that every definition used exists).
  public let checksPresence: Bool
  /// `false` when a call's arguments are not its key (Factory's are the definition's
  /// parameters, `Container.shared.feed(url)`).
  public let writesKeyInArguments: Bool
  /// `true` when resolves pass runtime arguments that a registration must take as many of
  /// (Swinject's `resolve(_:argument:)`); elsewhere a factory's own parameters are wired.
  public let countsRuntimeArguments: Bool
  /// `true` when a factory's typed parameters are resolved by the container only when its key
  /// is resolved with no runtime arguments, and are those arguments otherwise (Dip's
  /// auto-wiring): a parameter is then a need only while such a resolve reaches the factory.
  public let wiresParametersOnlyWithoutArguments: Bool
  /// `true` when every provider of a supertype is injected together (Stitcher, as an array):
  /// a registration is then exclusive only for its own key.
  public let injectsEveryProvider: Bool
  /// `true` when a registration is retyped by casting its factory's result
  /// (`register { Impl() as P }`).
  public let castsFactoryResult: Bool
  /// `true` when a registration's key names its definition, not what it makes (Factory's
  /// `\Container.x`).
  public let keyNamesDefinition: Bool
  /// What a key's name is called (Dip's tag, Swinject's name), and a key that has one.
  public let nameNoun: String
  public let namedAdjective: String
  /// The scope a registration that names none has, as the library documents it.
  public let defaultScope: String?
  /// The scopes whose registrations the container resolves at launch, without runtime
  /// arguments (Dip's `.eagerSingleton`, in `bootstrap()`).
  public let scopesResolvedAtLaunch: Set<String>
  /// How a message names a registration of one of those scopes (`eager singleton`).
  public let launchedNoun: String
  /// The library's calls taking a closure whose parameter at the given index is of the type
  /// the call's metatype argument names, or the metatype argument of the call it is chained
  /// on (Swinject's `storyboardInitCompleted(C.self) { r, controller in … }`, `register(P.self)
  /// { … }.initCompleted { r, service in … }`): the library's signatures, as Swift types them.
  public let metatypedClosureParameters: [String: Int]
  /// The library's types whose values an app makes and registers into (`Container`,
  /// `Assembler`): dpend tells their instances apart (SPEC 8.6).
  public let containerTypes: Set<String>
  /// The library's types a factory or an app resolves from that are no container it made
  /// (Swinject's `Resolver`, Resolver's `Resolver`).
  public let resolverTypes: Set<String>
  /// `true` when the app's own helpers may forward to the library's register and resolve
  /// (``ContainerVocabulary``).
  public let readsHelpers: Bool
  /// How a resolve says the type it asks for: Swinject's pass `X.self`, Dip's take it from the
  /// context, others do either.
  public let resolveType: ResolveTypeArgument
  /// `true` when a registration's factory is given the resolver as its first parameter
  /// (`register(P.self) { r in … }`).
  public let passesResolverToFactory: Bool
  /// The library's type whose static register and resolve are its own (Resolver's
  /// `Resolver.register`), so a static helper of that name is the library's.
  public let staticContainerType: String?
  /// The scopes a register call may take as its first, unlabelled argument (Dip's
  /// `register(.singleton)`), as written.
  public let scopeArguments: Set<String>
  /// `false` for a dialect `.dpend.json`'s `dialects` may not name (an app's own locator,
  /// which its `registerFunctions` and `resolveFunctions` make).
  public let isNamedInSettings: Bool
  /// The words a file with the dialect's container code spells (`register`, `~>`,
  /// `Injected`): what decides which files read anew when a library becomes visible
  /// everywhere.
  public let words: Set<String>

  /// How a resolve says the type it asks for (``DialectTraits/resolveType``).
  public enum ResolveTypeArgument: Sendable {
    case metatype, context, either
  }

  /// `true` when dpend tells the dialect's container instances apart (SPEC 8.6): an app makes
  /// them (``containerTypes``), where a root swapped at run time is no instance it can tell.
  public var tellsInstancesApart: Bool { !containerTypes.isEmpty }

  init(
    _ displayName: String, modules: Set<String> = [], answersEveryDialect: Bool = false, checksPresence: Bool = true,
    writesKeyInArguments: Bool = true, countsRuntimeArguments: Bool = false,
    wiresParametersOnlyWithoutArguments: Bool = false, injectsEveryProvider: Bool = false,
    castsFactoryResult: Bool = false, keyNamesDefinition: Bool = false, nameNoun: String = "name",
    namedAdjective: String = "named", defaultScope: String? = nil, scopesResolvedAtLaunch: Set<String> = [],
    launchedNoun: String = "registration made at launch",
    metatypedClosureParameters: [String: Int] = [:], containerTypes: Set<String> = [],
    resolverTypes: Set<String> = [], readsHelpers: Bool = false, resolveType: ResolveTypeArgument = .either,
    passesResolverToFactory: Bool = false, staticContainerType: String? = nil, scopeArguments: Set<String> = [],
    isNamedInSettings: Bool = true, words: Set<String> = []
  ) {
    self.displayName = displayName
    self.modules = modules
    self.answersEveryDialect = answersEveryDialect
    self.checksPresence = checksPresence
    self.writesKeyInArguments = writesKeyInArguments
    self.countsRuntimeArguments = countsRuntimeArguments
    self.wiresParametersOnlyWithoutArguments = wiresParametersOnlyWithoutArguments
    self.injectsEveryProvider = injectsEveryProvider
    self.castsFactoryResult = castsFactoryResult
    self.keyNamesDefinition = keyNamesDefinition
    self.nameNoun = nameNoun
    self.namedAdjective = namedAdjective
    self.defaultScope = defaultScope
    self.metatypedClosureParameters = metatypedClosureParameters
    self.scopesResolvedAtLaunch = scopesResolvedAtLaunch
    self.launchedNoun = launchedNoun
    self.containerTypes = containerTypes
    self.resolverTypes = resolverTypes
    self.readsHelpers = readsHelpers
    self.resolveType = resolveType
    self.passesResolverToFactory = passesResolverToFactory
    self.staticContainerType = staticContainerType
    self.scopeArguments = scopeArguments
    self.isNamedInSettings = isNamedInSettings
    self.words = words
  }
}

extension Dialect {
  /// The dialect's traits: the one list of what sets each dialect apart.
  public var traits: DialectTraits {
    switch self {
    case .thesis: Self.thesisTraits
    case .dip: Self.dipTraits
    case .swinject: Self.swinjectTraits
    case .resolver: Self.resolverTraits
    case .factory: Self.factoryTraits
    case .stitcher: Self.stitcherTraits
    case .belum: Self.belumTraits
    case .locator: Self.locatorTraits
    }
  }

  private static let thesisTraits = DialectTraits("dpend")
  private static let dipTraits = DialectTraits(
    "Dip", modules: ["Dip"], wiresParametersOnlyWithoutArguments: true, castsFactoryResult: true, nameNoun: "tag",
    namedAdjective: "tagged", defaultScope: "shared", scopesResolvedAtLaunch: ["eagerSingleton"],
    launchedNoun: "eager singleton", containerTypes: ["DependencyContainer"], readsHelpers: true,
    resolveType: .context, scopeArguments: [".unique", ".shared", ".singleton", ".eagerSingleton", ".weakSingleton"],
    words: ["register", "resolve"])
  private static let swinjectTraits = DialectTraits(
    "Swinject", modules: ["Swinject", "SwinjectAutoregistration", "SwinjectStoryboard"], countsRuntimeArguments: true,
    defaultScope: "graph", metatypedClosureParameters: ["storyboardInitCompleted": 1, "initCompleted": 1],
    containerTypes: ["Container", "Assembler"], resolverTypes: ["Resolver"], readsHelpers: true,
    resolveType: .metatype, passesResolverToFactory: true, words: ["register", "resolve", "autoregister", "~>"])
  private static let resolverTraits = DialectTraits(
    "Resolver", modules: ["Resolver"], castsFactoryResult: true, defaultScope: "graph", resolverTypes: ["Resolver"],
    readsHelpers: true, passesResolverToFactory: true, staticContainerType: "Resolver",
    words: ["register", "resolve", "optional", "Injected"])
  private static let factoryTraits = DialectTraits(
    "Factory", modules: ["Factory", "FactoryKit"], checksPresence: false, writesKeyInArguments: false,
    keyNamesDefinition: true, defaultScope: "unique", words: ["Factory", "Injected"])
  private static let stitcherTraits = DialectTraits(
    "Stitcher", modules: ["Stitcher"], injectsEveryProvider: true, words: ["Dependency", "Injected"])
  private static let belumTraits = DialectTraits("Belum", modules: ["Belum"], words: ["register"])
  private static let locatorTraits = DialectTraits(
    "locator", answersEveryDialect: true, isNamedInSettings: false, words: ["Inject"])
}

extension Dialect {
  /// The binary form's order: new dialects go at the end.
  static let binaryCases: [Dialect] = [.thesis, .dip, .swinject, .resolver, .factory, .stitcher, .belum, .locator]
}
