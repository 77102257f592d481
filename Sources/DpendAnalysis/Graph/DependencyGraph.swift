import DpendModel

/// The dependency graph of a workspace and every problem in it.
///
/// An immutable value: ``GraphBuilder`` makes a new one after every change, sharing what
/// did not change with the previous one. Building it touches no file and no syntax tree.
public struct DependencyGraph: Sendable {
  /// The mode the graph was built for.
  public let mode: GenerationMode
  /// Factories read from libraries.
  public let libraryFactories: [Factory]
  /// For each provided key, the factory that makes it.
  public var resolved: [DependencyKey: Factory] { resolvedTable.table }
  /// ``resolved`` in key order: each provided key, and its factory at the same index. A
  /// one-graph build's table is not made for it.
  public var resolvedInKeyOrder: (keys: [DependencyKey], factories: [Factory]) { resolvedTable.inKeyOrder }
  /// ``resolved``, made when first asked after a one-graph build.
  private let resolvedTable: ResolvedTable
  /// The keys with more than one factory, each with every factory of every provider in
  /// stable order; a key with one factory has only its ``resolved`` one.
  let severalCandidates: [DependencyKey: [Factory]]
  /// Keys that are needed but provided by nothing, in key order. In library mode these
  /// are the library's requirements; in application mode each is an error.
  public let unprovidedKeys: [DependencyKey]
  /// Every problem, in reporting order.
  public let diagnostics: [Diagnostic]
  let cycleComponents: [DependencyKey: Int]
  let files: FileResults
  /// What was read of the workspace's container code (Dip, Swinject), and what was not.
  public let container: ContainerReport
  /// Which registrations answer which resolve sites of that code, for the editor: made when
  /// first asked (``GraphBuilder/containerViews``); empty for a graph built without it.
  public var containerIndex: ContainerIndex { lazyContainerIndex.index }
  let lazyContainerIndex: LazyContainerIndex

  /// Builds the graph of `summaries` (in any order) from scratch; extra diagnostics (for
  /// example unreadable files) are merged into ``diagnostics``.
  public init(summaries: [FileSummary], settings: AnalysisSettings, extraDiagnostics: [Diagnostic] = []) {
    let builder = GraphBuilder(settings: settings)
    builder.buildsOneGraph = true
    builder.set(summaries)
    self = builder.graph(extraDiagnostics: extraDiagnostics)
  }

  init(
    mode: GenerationMode, libraryFactories: [Factory], resolved: ResolvedTable,
    candidates: [DependencyKey: [Factory]], unprovidedKeys: [DependencyKey], diagnostics: [Diagnostic],
    cycleComponents: [DependencyKey: Int], files: FileResults, container: ContainerReport = ContainerReport(),
    containerIndex: LazyContainerIndex = LazyContainerIndex(.empty)
  ) {
    self.mode = mode
    self.libraryFactories = libraryFactories
    self.resolvedTable = resolved
    self.severalCandidates = candidates
    self.unprovidedKeys = unprovidedKeys
    self.diagnostics = diagnostics
    self.cycleComponents = cycleComponents
    self.files = files
    self.container = container
    self.lazyContainerIndex = containerIndex
  }

  /// Every factory of every provider of `key`, in stable order; empty when nothing provides it.
  public func candidates(of key: DependencyKey) -> [Factory] {
    severalCandidates[key] ?? resolved[key].map { [$0] } ?? []
  }

  /// For each provided key, every factory of every provider, in stable order. Made when
  /// asked, for the whole graph: ``candidates(of:)`` reads one key.
  public var candidates: [DependencyKey: [Factory]] {
    resolved.mapValues { [$0] }.merging(severalCandidates) { _, several in several }
  }

  /// Factories of the analysed sources, in stable order (file, then position).
  public var localFactories: [Factory] { files.allFactories }

  /// Factories declared in the file at `path`, by position.
  public func localFactories(in path: String) -> [Factory] { files.byPath[path]?.factories ?? [] }

  /// The summary of the file at `path` the graph was built from: what was analysed, with
  /// the lines positions are converted against.
  public func summary(of path: String) -> FileSummary? { files.summaries.summary(of: path) }

  /// The summary of the file at `path` the graph was built from, in its binary form (its
  /// ranges and digests read without decoding it).
  public func storedSummary(of path: String) -> StoredSummary? { files.summaries.stored[path] }

  /// The `DependencyConfiguration` classes, in stable order (file, then position), in
  /// outline: names, ranges and closing braces, each method's name and range, but no
  /// parameters, registrations, initializers or inheritance (see ``summary(of:)`` for those).
  public var configurations: [TypeDeclaration] { files.paths.flatMap { files.byPath[$0]!.configurations } }

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
  /// Made from an index of every local parameter by key, built when first asked (an editor
  /// asks for many keys of one graph: code lenses, the call hierarchy).
  public func consumers(of key: DependencyKey) -> [(factory: Factory, parameter: FactoryParameter)] {
    var seen = Set<MissingDependencyCheck.Consumer>()
    var result: [(Factory, FactoryParameter)] = []
    let local = files.consumers(of: key)
    let library = libraryFactories.flatMap { factory in
      factory.parameters.filter { $0.dependency == key }.map { (factory: factory, parameter: $0) }
    }
    for (factory, parameter) in local + library {
      let consumer = MissingDependencyCheck.Consumer(factory: factory.displayName, range: parameter.range)
      guard seen.insert(consumer).inserted else { continue }
      result.append((factory, parameter))
    }
    return result
  }
}

/// The per-file part of a graph: shared with the builder, flattened only when asked.
final class FileResults: Sendable {
  let byPath: [String: FileAnalysis]
  /// The paths of `byPath`, sorted.
  let paths: [String]
  /// The summaries the graph was built from.
  let summaries: SummaryShelf
  private let flattened = Locked<[Factory]?>(nil)
  private let parametersByKey = Locked<[DependencyKey: [(factory: Factory, parameter: FactoryParameter)]]?>(nil)

  init(byPath: [String: FileAnalysis], paths: [String], summaries: SummaryShelf) {
    self.byPath = byPath
    self.paths = paths
    self.summaries = summaries
  }

  /// Every local factory's parameters needing `key`, in stable order (file, position,
  /// parameter), from an index made when first asked.
  func consumers(of key: DependencyKey) -> [(factory: Factory, parameter: FactoryParameter)] {
    let factories = allFactories
    return parametersByKey.withLock { cached in
      if let cached { return cached[key] ?? [] }
      var table: [DependencyKey: [(factory: Factory, parameter: FactoryParameter)]] = [:]
      for factory in factories {
        for parameter in factory.parameters { table[parameter.dependency, default: []].append((factory, parameter)) }
      }
      cached = table
      return table[key] ?? []
    }
  }

  var allFactories: [Factory] {
    flattened.withLock { cached in
      if let cached { return cached }
      let all = paths.flatMap { byPath[$0]!.factories }
      cached = all
      return all
    }
  }
}
