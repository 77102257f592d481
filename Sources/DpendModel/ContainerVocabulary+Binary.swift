// The binary form of a file's vocabulary facts (see `FileSummary+Binary`): new stored
// properties go at the end of their type (bump `FileSummary.binaryFormatVersion`).

extension VocabularyFacts: BinaryCoded {
  public init() { self.init(helpers: []) }

  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&helpers)
    try coder.code(&containerValues)
    try coder.code(&slots)
    try coder.code(&exportedImports)
    try coder.code(&containerAliases)
  }
}

extension ContainerAlias: BinaryCoded {
  public init() { self.init(name: "", dialect: .thesis, range: SourceRange()) }

  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&name)
    try coder.code(&dialect)
    try coder.code(&range)
  }
}

extension ContainerSlotDeclaration: BinaryCoded {
  public init() {
    self.init(slot: ContainerSlot(callee: "", label: nil, position: 0, dialect: .thesis), range: SourceRange())
  }

  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&slot.callee)
    try coder.codeOptionalString(&slot.label)
    try coder.code(&slot.position)
    try coder.code(&slot.dialect)
    try coder.code(&range)
  }
}

extension HelperDeclaration.Forward: BinaryCoded {
  public init() { self.init(name: "", receiver: "", passesType: false) }

  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&name)
    try coder.code(&receiver)
    try coder.code(&passesType)
  }
}

extension HelperDeclaration: BinaryCoded {
  public init() {
    self.init(
      role: .register, name: "", owner: nil, isStatic: false, keyPosition: nil, labels: [], nameLabel: nil,
      isOptional: false, scope: nil, fileDialects: [], forwards: [], range: SourceRange())
  }

  /// The key's position as -1 when there is none.
  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.codeCase(&role, of: Role.allCases, "helper role")
    try coder.code(&name)
    try coder.codeOptionalString(&owner)
    try coder.code(&isStatic)
    var position = keyPosition ?? -1
    try coder.code(&position)
    if coder.isReading { keyPosition = position < 0 ? nil : position }
    try coder.codeOptionalStrings(&labels)
    try coder.codeOptionalString(&nameLabel)
    try coder.code(&isOptional)
    try coder.codeOptionalString(&scope)
    try coder.code(&fileDialects)
    try coder.code(&forwards)
    try coder.code(&range)
    try coder.code(&runtimeArguments)
  }
}

extension ContainerValue: BinaryCoded {
  public init() { self.init(name: "", owner: nil, dialect: .thesis, range: SourceRange()) }

  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&name)
    try coder.codeOptionalString(&owner)
    try coder.code(&dialect)
    try coder.code(&range)
  }
}
