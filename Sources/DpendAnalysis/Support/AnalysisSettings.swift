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
  /// `false` when `.dpend.json` leaves dpend's own dialect out: no implicit factory and no
  /// `DependencyConfiguration` class is read.
  public var readsThesis = true
  /// The build configurations container code is checked in; `nil` derives them from the
  /// `#if` conditions found.
  public var configurations: [[String]]?
  /// The build targets compiling each file: a resolve is answered only by what its process
  /// registers (``TargetVisibility``). `nil`: every registration answers every resolve.
  public var targets: TargetMap? {
    didSet { visibility = TargetVisibility(targets) }
  }
  /// ``targets`` as the container check reads them; `nil` when they split nothing.
  var visibility: TargetVisibility?

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
///
/// Patterns that are a literal with `.*` at either end are matched without a regex at all;
/// when some pattern needs a regex, decisions are remembered per name, so re-analysing
/// after an edit asks no regex again.
public struct ImplicitFilter: @unchecked Sendable {
  // `Regex` is immutable once built and only read after `init`; `decisions` is locked.
  private let expressions: [Regex<AnyRegexOutput>]
  private let literals: [LiteralPattern?]
  private let decisions = DecisionCache()
  /// The patterns as given.
  public let patterns: [String]

  /// A filter that selects nothing: no implicit dependencies.
  public init() {
    expressions = []
    literals = []
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
    self.literals = patterns.map(LiteralPattern.init)
    self.patterns = patterns
  }

  /// `true` when some pattern matches the whole of `qualifiedName`.
  public func selects(_ qualifiedName: String) -> Bool {
    // Literal patterns are cheaper to match than a shared cache is to consult.
    if literals.allSatisfy({ $0 != nil }) {
      return literals.contains { $0!.matches(qualifiedName) }
    }
    if let known = decisions.value(for: qualifiedName) { return known }
    let selected = zip(expressions, literals).contains { expression, literal in
      if let literal { return literal.matches(qualifiedName) }
      return (try? expression.wholeMatch(in: qualifiedName)) != nil
    }
    decisions.store(selected, for: qualifiedName)
    return selected
  }
}

/// A pattern that is a literal, optionally with `.*` before and/or after it (`.*Impl`,
/// `Feature\..*`), matched with string comparisons.
struct LiteralPattern {
  let literal: String
  let anyPrefix: Bool
  let anySuffix: Bool

  /// `nil` when the pattern uses any other regex feature.
  init?(_ pattern: String) {
    var body = Substring(pattern)
    anyPrefix = body.hasPrefix(".*")
    if anyPrefix { body = body.dropFirst(2) }
    anySuffix = body.hasSuffix(".*") && !body.hasSuffix("\\.*")
    if anySuffix { body = body.dropLast(2) }
    var literal = ""
    var escaped = false
    for character in body {
      if escaped {
        guard character == "." else { return nil }
        literal.append(character)
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character.isLetter || character.isNumber || character == "_" {
        literal.append(character)
      } else {
        return nil
      }
    }
    guard !escaped else { return nil }
    self.literal = literal
  }

  func matches(_ name: String) -> Bool {
    switch (anyPrefix, anySuffix) {
    case (false, false): return name == literal
    case (true, false): return name.hasSuffix(literal)
    case (false, true): return name.hasPrefix(literal)
    case (true, true): return literal.isEmpty || name.contains(literal)
    }
  }
}

/// Remembered filter decisions, shared by every copy of a filter.
final class DecisionCache: Sendable {
  private let decisions = Locked<[String: Bool]>([:])
  func value(for name: String) -> Bool? { decisions.withLock { $0[name] } }
  func store(_ value: Bool, for name: String) { decisions.withLock { $0[name] = value } }
}

/// An `implicit-filter` that is not a valid regular expression.
public struct InvalidFilterError: Error, Hashable, Sendable, CustomStringConvertible {
  public var pattern: String
  public var reason: String
  public var description: String { "invalid implicit filter '\(pattern)': \(reason)" }
}

extension AnalysisSettings {
  /// Everything a graph reads of the settings, written out the same way in every process:
  /// two settings of one identity build the same graphs from the same summaries.
  public var identity: String {
    var lines = [
      "filter \(implicitFilter.patterns)", "mode \(mode.rawValue)", "module \(moduleName ?? "")",
      "thesis \(readsThesis)", "configurations \(configurations.map { "\($0)" } ?? "read")",
      "libraries \(StableHash.of(BinaryCoder.encoded(libraryFactories)[...]))",
    ]
    if let targets {
      for target in targets.targets {
        lines.append(
          "target \(target.name) \(target.kind.rawValue) \(target.dependencies) \(target.isRead) \(target.platforms)")
      }
      for path in targets.targetsOfFile.keys.sorted() { lines.append("file \(path) \(targets.targetsOfFile[path]!)") }
    }
    return lines.joined(separator: "\n")
  }

  /// The ``identity``'s stable hash.
  var identityDigest: UInt64 { StableHash.of(identity[...]) }
}
