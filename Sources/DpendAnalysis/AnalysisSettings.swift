import DpendModel

/// What the analysis needs besides the summaries.
public struct AnalysisSettings: Sendable {
  /// Selects implicit dependencies by qualified type name.
  public var implicitFilter: ImplicitFilter
  /// Application or library mode.
  public var mode: GenerationMode
  /// Factories read from `--library` `.dpendmodule` files: extra providers.
  public var libraryFactories: [Factory]
  /// The analysed module's name; in library mode every factory requires it.
  public var moduleName: String?

  public init(
    implicitFilter: ImplicitFilter = ImplicitFilter(), mode: GenerationMode = .application,
    libraryFactories: [Factory] = [], moduleName: String? = nil
  ) {
    self.implicitFilter = implicitFilter
    self.mode = mode
    self.libraryFactories = libraryFactories
    self.moduleName = moduleName
  }
}

/// Application mode checks and registers everything; library mode exports public
/// factories and turns unsatisfied keys into requirements.
public enum GenerationMode: String, Sendable {
  case application, library

  /// The mode an output file implies: `.dpendmodule` means library mode.
  public init(outputFile: String?) {
    self = (outputFile?.hasSuffix(".dpendmodule") ?? false) ? .library : .application
  }
}

/// The `implicit-filter` regular expressions; a name is selected when one matches it whole.
public struct ImplicitFilter: @unchecked Sendable {
  // `Regex` is immutable once built; it is only read after `init`.
  private let expressions: [Regex<AnyRegexOutput>]
  /// The patterns as given.
  public let patterns: [String]

  /// A filter that selects nothing: no implicit dependencies.
  public init() {
    expressions = []
    patterns = []
  }

  /// Compiles the patterns. No pattern selects nothing.
  /// - Throws: ``InvalidFilterError`` for the first pattern that does not compile.
  public init(patterns: [String]) throws(InvalidFilterError) {
    var expressions: [Regex<AnyRegexOutput>] = []
    for pattern in patterns {
      do {
        expressions.append(try Regex(pattern))
      } catch {
        throw InvalidFilterError(pattern: pattern, reason: "\(error)")
      }
    }
    self.expressions = expressions
    self.patterns = patterns
  }

  /// `true` when some pattern matches the whole of `qualifiedName`.
  public func selects(_ qualifiedName: String) -> Bool {
    expressions.contains { (try? $0.wholeMatch(in: qualifiedName)) != nil }
  }
}

/// An `implicit-filter` that is not a valid regular expression.
public struct InvalidFilterError: Error, Hashable, Sendable, CustomStringConvertible {
  public var pattern: String
  public var reason: String
  public var description: String { "invalid implicit filter '\(pattern)': \(reason)" }
}
