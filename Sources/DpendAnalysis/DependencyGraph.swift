import DpendModel

/// The dependency graph of a workspace and every problem in it, built in one pass.
///
/// Immutable: a new graph is built from the summaries after every change. Building it
/// touches no file and no syntax tree.
public struct DependencyGraph: Sendable {
  /// The mode the graph was built for.
  public let mode: GenerationMode
  /// Factories of the analysed sources, in stable order (file, then position).
  public let localFactories: [Factory]
  /// Factories read from libraries.
  public let libraryFactories: [Factory]
  /// For each provided key, the factory that makes it.
  public let resolved: [DependencyKey: Factory]
  /// For each provided key, every factory of every provider, in stable order.
  public let candidates: [DependencyKey: [Factory]]
  /// Keys that are needed but provided by nothing, in key order. In library mode these
  /// are the library's requirements; in application mode each is an error.
  public let unprovidedKeys: [DependencyKey]
  /// Every problem, in reporting order.
  public let diagnostics: [Diagnostic]
  /// The `DependencyConfiguration` classes, in stable order (file, then position).
  public let configurations: [TypeDeclaration]
  private let cycleComponents: [DependencyKey: Int]

  /// The passes, in order: factories must exist (and be in stable order) before providers
  /// are chosen, and the checks look only at chosen providers.
  static let passes: [any AnalysisPass] = [
    ImplicitFactoryCollector(),
    ConfigurationFactoryCollector(),
    StableFactoryOrder(),
    ProviderSelection(),
    MissingDependencyCheck(),
    CycleCheck(),
  ]

  /// Builds the graph. `summaries` may come in any order; extra diagnostics (for example
  /// unreadable files) are merged into ``diagnostics``.
  public init(summaries: [FileSummary], settings: AnalysisSettings, extraDiagnostics: [Diagnostic] = []) {
    let ordered = summaries.sorted { $0.path < $1.path }
    var state = AnalysisState(
      settings: settings, symbols: SymbolTable(summaries: ordered, libraryFactories: settings.libraryFactories))
    state.diagnostics = extraDiagnostics
    for pass in Self.passes { pass.run(&state) }
    mode = settings.mode
    localFactories = state.localFactories
    libraryFactories = settings.libraryFactories
    resolved = state.resolved
    candidates = state.candidates.mapValues { $0.flatMap { $0 } }
    unprovidedKeys = state.unprovided.sorted()
    diagnostics = state.diagnostics.sorted(by: Diagnostic.reportingOrder)
    cycleComponents = state.cycleComponents
    configurations = state.configurations
  }

  /// `true` when the dependency of `source` on `target` lies on a cycle.
  public func isCyclicEdge(from source: DependencyKey, to target: DependencyKey) -> Bool {
    guard let component = cycleComponents[source] else { return false }
    return cycleComponents[target] == component
  }

  /// `true` when some diagnostic is an error: generation refuses to write.
  public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

  /// Every parameter that needs `key`, with the first factory declaring it, in stable
  /// order. A parameter shared by several factories (one initializer of a type providing
  /// several keys) is listed once.
  public func consumers(of key: DependencyKey) -> [(factory: Factory, parameter: FactoryParameter)] {
    struct Consumer: Hashable {
      var factory: String
      var range: SourceRange
    }
    var seen = Set<Consumer>()
    var result: [(Factory, FactoryParameter)] = []
    for factory in localFactories + libraryFactories {
      for parameter in factory.parameters where parameter.dependency == key {
        guard seen.insert(Consumer(factory: factory.displayName, range: parameter.range)).inserted else { continue }
        result.append((factory, parameter))
      }
    }
    return result
  }
}
