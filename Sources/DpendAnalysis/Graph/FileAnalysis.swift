import DpendModel

/// What one file contributes to the graph: its factories, the configuration classes it
/// declares and the problems found in them.
///
/// Depends on the file's summary and on the workspace only through the ``SymbolTable``,
/// so it is computed per file, in parallel, and kept until the file or the table changes.
struct FileAnalysis: Equatable, Sendable {
  /// Factories declared in the file, by position; factories at one position (one
  /// initializer providing several keys) in the order of their keys.
  var factories: [Factory] = []
  /// `DependencyConfiguration` classes declared in the file, in order.
  var configurations: [TypeDeclaration] = []
  var diagnostics: [Diagnostic] = []
  /// The stable hashes (``StableHash``) of the last components of the names the analysis
  /// looked up in the ``SymbolTable``, and of the whole names of the types the file
  /// declares (``SymbolTable/declarationWatch(of:)``), sorted, each once: while an update of the table
  /// changes none of those names, the analysis stays valid. Hashes, not names: a file keeps
  /// them for as long as it is analysed, and two names with one hash only cost an analysis
  /// made again. Stable across processes: the host state keeps them.
  var watched: [UInt64] = []

  static let empty = FileAnalysis()

  /// Collects the factories of `summary`: implicit ones for types the filter selects,
  /// explicit ones for configuration classes and their extensions' registration methods.
  init(_ summary: FileSummary, symbols: SymbolTable, settings: AnalysisSettings) {
    diagnostics = summary.problems
    guard settings.readsThesis else { return }
    let collector = Collector(path: summary.path, symbols: symbols, settings: settings, watch: NameWatch())
    var seen = SeenNames()
    for type in summary.types where seen.insert(type.name) {
      collector.watch.names.append(SymbolTable.declarationWatch(of: type.name))
      // A name declared twice belongs to its first declaration, in path order.
      guard symbols.type(named: type.name)?.file == summary.path else { continue }
      if symbols.isConfiguration(named: type.name) {
        collector.configuration(type, &self)
      } else {
        collector.implicit(type, &self)
      }
    }
    for declaration in summary.extensions {
      collector.configurationExtension(declaration, &self)
    }
    let order = factories.enumerated().sorted {
      ($0.element.range.start.offset, $0.offset) < ($1.element.range.start.offset, $1.offset)
    }
    factories = order.map(\.element)
    watched = Array(Set(collector.watch.names.map(StableHash.of))).sorted()
  }

  init() {}

  /// The state one file's collection shares.
  struct Collector {
    let path: String
    let symbols: SymbolTable
    let settings: AnalysisSettings
    /// Where the names looked up are recorded.
    let watch: NameWatch
    var library: Bool { settings.mode == .library }
    /// Modules generated code must import to call a factory (library mode only).
    var requiredModules: [String] {
      library ? settings.moduleName.map { [$0] } ?? [] : []
    }

    /// Parameters that are dependencies (no default value), with keys resolved in `scope`.
    func resolve(_ parameters: [Parameter], in scope: String) -> [FactoryParameter] {
      parameters.filter { !$0.hasDefault }.map { parameter in
        FactoryParameter(
          label: parameter.label,
          dependency: DependencyKey(
            name: symbols.resolve(parameter.type.name, in: scope, watch: watch),
            tag: parameter.type.tag.map { symbols.resolve($0, in: scope, watch: watch) }),
          isOptional: parameter.type.isOptional, range: parameter.type.range)
      }
    }
  }
}

/// Names met so far, for one file: a list while there are few (most files declare a handful
/// of types, and searching a short list costs less than filling a set), a set beyond.
private struct SeenNames {
  private var few: [String] = []
  private var many: Set<String>?

  /// `true` when `name` was not met before.
  mutating func insert(_ name: String) -> Bool {
    if many != nil { return many!.insert(name).inserted }
    guard !few.contains(name) else { return false }
    few.append(name)
    if few.count > 32 { many = Set(few) }
    return true
  }
}

extension FileAnalysis: BinaryCoded {
  mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&factories)
    try coder.code(&configurations)
    try coder.code(&diagnostics)
    try coder.code(&watched)
  }
}
