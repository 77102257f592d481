/// The settings that change what the collector reads from a file: which container dialects
/// run, and an app's own register and resolve helpers (`.dpend.json` `dialects`,
/// `registerFunctions`, `resolveFunctions`, `injectWrappers`).
///
/// The default reads what the imports select and no app helper: what a workspace with no
/// `.dpend.json` gets.
public struct CollectionSettings: Hashable, Sendable {
  /// The dialects to run on every file, whatever it imports; `nil` lets each file's imports
  /// decide (``Dialect/selected(byImports:)``). Leaving `thesis` out ignores dpend's own
  /// `DependencyConfiguration` classes and implicit factories.
  public var dialects: [Dialect]?
  /// An app's functions that register into its container, `Locator.register(P.self,
  /// instance: Impl())`: the first argument's type is the key. Names as called (`register`,
  /// `Locator.register`).
  public var registerFunctions: [String]
  /// An app's functions that resolve, `func inject<T>() -> T`: the type asked for is the
  /// first `X.self` argument or, without one, the type the result is used as.
  public var resolveFunctions: [String]
  /// An app's property wrappers that resolve by declared type, `@Inject var store: Store`.
  public var injectWrappers: [String]
  /// The app's own helpers and container values, inferred from every file
  /// (``ContainerVocabulary``): what a workspace's host sets after reading its files.
  public var vocabulary = ContainerVocabulary()

  public init(
    dialects: [Dialect]? = nil, registerFunctions: [String] = [], resolveFunctions: [String] = [],
    injectWrappers: [String] = []
  ) {
    self.dialects = dialects
    self.registerFunctions = registerFunctions
    self.resolveFunctions = resolveFunctions
    self.injectWrappers = injectWrappers
  }

  /// `true` when the app names helpers of its own: every file is read for them.
  public var namesHelpers: Bool {
    !registerFunctions.isEmpty || !resolveFunctions.isEmpty || !injectWrappers.isEmpty
  }

  /// The container dialects to run on a file with `imports`.
  public func dialects(forImports imports: [String]) -> [Dialect] {
    if let dialects { return dialects.filter { $0 != .thesis } }
    // `@_exported import Resolver` somewhere: Resolver is imported here too (SPEC 10).
    guard !vocabulary.exportedModules.isEmpty else { return Dialect.selected(byImports: imports) }
    return Dialect.selected(byImports: imports + vocabulary.exportedModules)
  }

  /// The container dialects to run on a file with `imports` and text `source`: those the
  /// imports select, and the library of each of the vocabulary's container aliases the text
  /// writes (`provideDependencies(to container: DependencyContainer)` in a file importing
  /// only the module that declares `typealias DependencyContainer = Dip.DependencyContainer`),
  /// unless the file declares a type of the alias's name itself (`declares`).
  public func dialects(forImports imports: [String], source: String?, declares: (String) -> Bool) -> [Dialect] {
    var selected = dialects(forImports: imports)
    guard dialects == nil, !vocabulary.containerAliases.isEmpty else { return selected }
    for (name, dialect) in vocabulary.containerAliases.sorted(by: { $0.key < $1.key })
    where !selected.contains(dialect) && (source.map { TextSearch.containsWord($0, name) } ?? true) && !declares(name) {
      selected.append(dialect)
    }
    return Dialect.allCases.filter(selected.contains)
  }

  /// `true` when dpend's own style is read.
  public var readsThesis: Bool { dialects?.contains(.thesis) ?? true }
}
