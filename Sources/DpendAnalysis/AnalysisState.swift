import DpendModel

/// What the passes share while building a ``DependencyGraph``.
struct AnalysisState {
  let settings: AnalysisSettings
  let symbols: SymbolTable
  /// Factories of the analysed sources; in stable order (file, then position) once
  /// ``StableFactoryOrder`` has run.
  var localFactories: [Factory] = []
  /// Every factory: local ones, then the libraries'.
  var allFactories: [Factory] { localFactories + settings.libraryFactories }
  /// For each key, its providers in stable order, each with its factories in declaration order.
  var candidates: [DependencyKey: [[Factory]]] = [:]
  /// For each key, the factory that will make it.
  var resolved: [DependencyKey: Factory] = [:]
  /// Keys needed but provided by nothing (library mode: the requirements).
  var unprovided: Set<DependencyKey> = []
  /// For each key on a cycle, the number of its strongly connected component.
  var cycleComponents: [DependencyKey: Int] = [:]
  /// Configuration classes, in stable order.
  var configurations: [TypeDeclaration] = []
  var diagnostics: [Diagnostic] = []
}

/// One step of the analysis. Passes run in the order of ``DependencyGraph/passes``.
protocol AnalysisPass: Sendable {
  func run(_ state: inout AnalysisState)
}
