import DpendAnalysis
import DpendHost
import DpendModel
import DpendTestSupport

/// Analyses in-memory files, keyed by path, the way the command line would.
func analyze(
  _ files: [String: String], filters: [String] = [], mode: GenerationMode = .application,
  libraries: [Factory] = [], moduleName: String? = nil, collection: CollectionSettings = CollectionSettings(),
  configurations: [[String]]? = nil, targets: TargetMap? = nil
) throws -> DependencyGraph {
  var settings = AnalysisSettings(
    implicitFilter: try ImplicitFilter(patterns: filters), mode: mode, libraryFactories: libraries,
    moduleName: moduleName)
  settings.readsThesis = collection.readsThesis
  settings.configurations = configurations
  settings.targets = targets
  let host = AnalysisHost(settings: settings)
  host.collection = collection
  host.update(files.sorted { $0.key < $1.key }.map { (path: $0.key, text: $0.value) })
  return host.graph()
}

/// Analyses marked sources (see ``MarkedText``), keyed by path.
func analyze(
  marked files: [String: MarkedText], filters: [String] = [], mode: GenerationMode = .application,
  libraries: [Factory] = [], moduleName: String? = nil
) throws -> DependencyGraph {
  try analyze(files.mapValues(\.text), filters: filters, mode: mode, libraries: libraries, moduleName: moduleName)
}

extension Factory {
  /// `key ← displayName`, compact for assertions.
  var summaryLine: String { "\(key) ← \(displayName)" }
}
