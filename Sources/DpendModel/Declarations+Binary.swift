// The binary form of declarations and diagnostics (see `FileSummary+Binary.swift`), each
// type's in its one `code(_:)`. Enums are written as their index in a fixed list: reordering
// a list changes the format (bump `FileSummary.binaryFormatVersion`), adding at the end does
// not.

extension AccessLevel {
  /// The binary form's order.
  static let binaryCases: [AccessLevel] = [.private, .fileprivate, .internal, .package, .public, .open]
}

extension TypeKind {
  /// The binary form's order.
  static let binaryCases: [TypeKind] = [.class, .struct, .actor, .enum]
}

extension Scope {
  /// The binary form's order.
  static let binaryCases: [Scope] = [.unique, .shared, .singleton, .eagerSingleton, .weakSingleton]
}

extension Diagnostic.Severity {
  /// The binary form's order.
  static let binaryCases: [Diagnostic.Severity] = [.error, .warning]
}

extension ProtocolDeclaration: BinaryCoded {
  public init() { self.init(name: "", access: .internal, range: SourceRange()) }

  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&name)
    try coder.code(&access)
    try coder.code(&range)
    try coder.code(&inheritance)
  }
}

extension TypeDeclaration: BinaryCoded {
  public init() {
    self.init(
      name: "", kind: .class, access: .internal, isGeneric: false, inheritance: [], initializers: [], methods: [],
      range: SourceRange())
  }

  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&name)
    try coder.code(&kind)
    try coder.code(&access)
    try coder.code(&isGeneric)
    try coder.code(&inheritance)
    try coder.code(&initializers)
    try coder.code(&methods)
    try coder.code(&range)
    try coder.code(&conditions)
    try coder.code(&closingBrace)
    try coder.code(&closingBraceStartsLine)
    try coder.code(&declaresNoInitializer)
    try coder.code(&genericParameters)
    try coder.code(&propertyTypes)
    try coder.code(&staticTypes)
  }
}

extension ExtensionDeclaration: BinaryCoded {
  public init() { self.init(extendedType: "", inheritance: [], methods: [], range: SourceRange()) }

  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&extendedType)
    try coder.code(&inheritance)
    try coder.code(&methods)
    try coder.code(&range)
    try coder.code(&conditions)
    try coder.code(&closingBrace)
    try coder.code(&initializers)
    try coder.code(&staticTypes)
  }
}

extension TypealiasDeclaration: BinaryCoded {
  public init() { self.init(name: "", target: "", lookupScope: "", range: SourceRange()) }

  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&name)
    try coder.code(&target)
    try coder.code(&lookupScope)
    try coder.code(&range)
  }
}

extension TypeReference: BinaryCoded {
  public init() { self.init(name: "", range: SourceRange()) }

  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&name)
    try coder.codeOptionalString(&tag)
    try coder.code(&isOptional)
    try coder.code(&range)
  }
}

extension Parameter: BinaryCoded {
  public init() { self.init(label: "", type: TypeReference(), hasDefault: false) }

  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&label)
    try coder.code(&type)
    try coder.code(&hasDefault)
  }
}

extension Initializer: BinaryCoded {
  public init() {
    self.init(parameters: [], access: .internal, isThrowing: false, isImplicit: false, range: SourceRange())
  }

  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&parameters)
    try coder.code(&access)
    try coder.code(&isThrowing)
    try coder.code(&isImplicit)
    try coder.code(&range)
    try coder.code(&conditions)
  }
}

extension MethodDeclaration: BinaryCoded {
  public init() {
    self.init(name: "", parameters: [], access: .internal, registration: nil, returnType: nil, range: SourceRange())
  }

  /// The registration (kept out of line) as an optional value.
  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&name)
    try coder.code(&parameters)
    try coder.code(&access)
    var registration = self.registration
    try coder.code(&registration)
    if coder.isReading { self.registration = registration }
    try coder.codeOptionalString(&returnType)
    try coder.code(&range)
    try coder.code(&conditions)
    try coder.code(&problems)
  }
}

extension Registration: BinaryCoded {
  public init() { self.init(type: TypeReference(), tag: nil, scope: .unique, isThrowing: false) }

  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&type)
    try coder.codeOptionalString(&tag)
    try coder.code(&scope)
    try coder.code(&isThrowing)
  }
}

extension Diagnostic: BinaryCoded {
  public init() { self.init(code: DiagnosticCode(rawValue: ""), severity: .error, message: "", range: SourceRange()) }

  /// The code as its raw value (codes are open-ended), the severity as written (it may
  /// differ from the code's default).
  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&self.code.rawValue)
    try coder.codeCase(&severity, of: Severity.binaryCases, "severity")
    try coder.code(&message)
    try coder.code(&range)
    try coder.code(&notes)
  }
}

extension DiagnosticNote: BinaryCoded {
  public init() { self.init(message: "", range: SourceRange()) }

  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&message)
    try coder.code(&range)
    try coder.codeOptionalString(&siteMessage)
  }
}
