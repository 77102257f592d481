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

  init(
    _ displayName: String, modules: Set<String> = [], answersEveryDialect: Bool = false, checksPresence: Bool = true,
    writesKeyInArguments: Bool = true, countsRuntimeArguments: Bool = false,
    wiresParametersOnlyWithoutArguments: Bool = false, injectsEveryProvider: Bool = false,
    castsFactoryResult: Bool = false, keyNamesDefinition: Bool = false, nameNoun: String = "name",
    namedAdjective: String = "named", defaultScope: String? = nil, scopesResolvedAtLaunch: Set<String> = [],
    launchedNoun: String = "registration made at launch",
    metatypedClosureParameters: [String: Int] = [:]
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
    namedAdjective: "tagged",
    defaultScope: "shared", scopesResolvedAtLaunch: ["eagerSingleton"],
    launchedNoun: "eager singleton")
  private static let swinjectTraits = DialectTraits(
    "Swinject", modules: ["Swinject", "SwinjectAutoregistration", "SwinjectStoryboard"], countsRuntimeArguments: true,
    defaultScope: "graph", metatypedClosureParameters: ["storyboardInitCompleted": 1, "initCompleted": 1])
  private static let resolverTraits = DialectTraits(
    "Resolver", modules: ["Resolver"], castsFactoryResult: true, defaultScope: "graph")
  private static let factoryTraits = DialectTraits(
    "Factory", modules: ["Factory", "FactoryKit"], checksPresence: false, writesKeyInArguments: false,
    keyNamesDefinition: true, defaultScope: "unique")
  private static let stitcherTraits = DialectTraits("Stitcher", modules: ["Stitcher"], injectsEveryProvider: true)
  private static let belumTraits = DialectTraits("Belum", modules: ["Belum"])
  private static let locatorTraits = DialectTraits("locator", answersEveryDialect: true)
}
