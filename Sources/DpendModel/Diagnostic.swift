/// A problem found by dpend: data, not text. Front ends render it (compiler lines, JSON,
/// LSP diagnostics); the core never formats for a particular output.
public struct Diagnostic: Hashable, Sendable {
  /// How serious the problem is.
  public enum Severity: String, Hashable, Sendable {
    case error, warning
  }

  /// A stable identifier such as `missing-dependency`.
  public var code: DiagnosticCode
  /// Error or warning.
  public var severity: Severity
  /// One sentence that names the types involved.
  public var message: String
  /// Where the problem is reported.
  public var range: SourceRange
  /// Related locations: every consumer of a missing key, every step of a cycle, ….
  public var notes: [DiagnosticNote]

  /// Creates a diagnostic; the severity defaults to the code's own.
  public init(
    code: DiagnosticCode, severity: Severity? = nil, message: String, range: SourceRange,
    notes: [DiagnosticNote] = []
  ) {
    self.code = code
    self.severity = severity ?? code.defaultSeverity
    self.message = message
    self.range = range
    self.notes = notes
  }

  /// The order in which diagnostics are reported: by location, then code, then message.
  public static func reportingOrder(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
    if lhs.range != rhs.range { return lhs.range < rhs.range }
    if lhs.code != rhs.code { return lhs.code.rawValue < rhs.code.rawValue }
    return lhs.message < rhs.message
  }
}

/// A related location of a ``Diagnostic``.
public struct DiagnosticNote: Hashable, Sendable {
  /// What this location has to do with the problem.
  public var message: String
  /// The location.
  public var range: SourceRange
  /// What the problem says where an editor shows it at this location: a key nothing
  /// registers, at one of its resolves, names that resolve's own consumer. `nil`: the
  /// diagnostic's message.
  public var siteMessage: String?

  public init(message: String, range: SourceRange, siteMessage: String? = nil) {
    self.message = message
    self.range = range
    self.siteMessage = siteMessage
  }
}

/// The stable identifier of a kind of diagnostic.
public struct DiagnosticCode: RawRepresentable, Hashable, Sendable {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }

  /// A required key has no provider.
  public static let missingDependency = DiagnosticCode(rawValue: "missing-dependency")
  /// Factories depend on each other in a loop.
  public static let dependencyCycle = DiagnosticCode(rawValue: "dependency-cycle")
  /// Several types provide the same key.
  public static let ambiguousProvider = DiagnosticCode(rawValue: "ambiguous-provider")
  /// A declaration dpend cannot read, such as a non-literal tag.
  public static let invalidDeclaration = DiagnosticCode(rawValue: "invalid-declaration")
  /// A `.dpendmodule` file that cannot be read or decoded.
  public static let invalidLibrary = DiagnosticCode(rawValue: "invalid-library")
  /// An input that cannot be read.
  public static let unreadableFile = DiagnosticCode(rawValue: "unreadable-file")
  /// A `.dpend.json` that cannot be used (the language server shows it on the file).
  public static let invalidConfiguration = DiagnosticCode(rawValue: "invalid-configuration")

  /// A protocol is resolved, nothing registers it, and a registration provides a type
  /// conforming to it under its own type.
  public static let registeredAsConcreteType = DiagnosticCode(rawValue: "registered-as-concrete-type")
  /// An optional resolve of a key nothing registers: it silently yields `nil`.
  public static let unregisteredOptionalResolve = DiagnosticCode(rawValue: "unregistered-optional-resolve")
  /// A resolve passes a different number of runtime arguments than the registration takes.
  public static let argumentCountMismatch = DiagnosticCode(rawValue: "argument-count-mismatch")
  /// A resolve passes runtime arguments of other types than the registration's factory
  /// takes: Swinject's key holds the arguments' types, so it finds nothing (`Int` is not
  /// `Int?`).
  public static let argumentTypeMismatch = DiagnosticCode(rawValue: "argument-type-mismatch")
  /// One key registered twice in one configuration: only the last counts.
  public static let duplicateRegistration = DiagnosticCode(rawValue: "duplicate-registration")

  /// `resolve(X.self) as? P` where every registration of `X` constructs a type that does
  /// not conform to `P`: the cast always fails.
  public static let impossibleCast = DiagnosticCode(rawValue: "impossible-cast")

  /// A registration or resolve whose key dpend cannot read (listed by `--verbose`; never an
  /// error, since its key is unknown).
  public static let unreadContainerCode = DiagnosticCode(rawValue: "unread-registration")

  /// A registration gate (an assembly, a registration function) counted as reached because
  /// nothing dpend reads reaches any gate of its kind (a note `--verbose` lists).
  public static let assumedReached = DiagnosticCode(rawValue: "assumed-reached")

  /// One of the app's own register or resolve helpers or inject wrappers, inferred from its
  /// body (a note `--verbose` lists).
  public static let inferredHelper = DiagnosticCode(rawValue: "inferred-helper")

  /// Every code dpend emits, for documentation and reporters.
  public static let all: [DiagnosticCode] = [
    .missingDependency, .dependencyCycle, .ambiguousProvider, .invalidDeclaration,
    .invalidLibrary, .unreadableFile, .invalidConfiguration, .registeredAsConcreteType,
    .unregisteredOptionalResolve, .argumentCountMismatch, .argumentTypeMismatch, .duplicateRegistration,
    .impossibleCast,
  ]

  /// The severity used unless a check says otherwise.
  public var defaultSeverity: Diagnostic.Severity {
    [.ambiguousProvider, .unregisteredOptionalResolve, .duplicateRegistration, .impossibleCast].contains(self)
      ? .warning : .error
  }
}
