// The model types that the graph builder's persisted state holds, as `BinaryCoded` values
// (those a summary holds are coded beside the summary's, in `*+Binary.swift`).

extension DependencyKey: BinaryCoded {
  public init() { self.init(name: "") }

  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&name)
    try coder.code(&tag)
  }
}

extension Scope: BinaryCoded {
  public init() { self = .unique }

  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.codeCase(&self, of: Scope.binaryCases, "scope")
  }
}

extension AccessLevel: BinaryCoded {
  public init() { self = .internal }

  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.codeCase(&self, of: AccessLevel.binaryCases, "access level")
  }
}

extension TypeKind: BinaryCoded {
  public init() { self = .class }

  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.codeCase(&self, of: TypeKind.binaryCases, "type kind")
  }
}

extension Dialect: BinaryCoded {
  public init() { self = .thesis }

  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.codeCase(&self, of: Dialect.binaryCases, "dialect")
  }
}

extension FactoryParameter: BinaryCoded {
  public init() { self.init(label: "", dependency: DependencyKey(), range: SourceRange()) }

  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&label)
    try coder.code(&dependency)
    try coder.code(&isOptional)
    try coder.code(&range)
  }
}

extension Factory.Kind: BinaryCoded {
  public init() { self = .initializer(type: "", parameters: []) }

  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    var tag = 0
    var type = ""
    var configuration = DependencyKey()
    var methodName = ""
    var parameters: [FactoryParameter] = []
    switch self {
    case .initializer(let written, let written2):
      (type, parameters) = (written, written2)
    case .configurationMethod(let written, let written2, let written3):
      (tag, configuration, methodName, parameters) = (1, written, written2, written3)
    }
    try coder.codeTag(&tag, below: 2, "factory kind")
    if tag == 0 {
      try coder.code(&type)
    } else {
      try coder.code(&configuration)
      try coder.code(&methodName)
    }
    try coder.code(&parameters)
    guard coder.isReading else { return }
    self =
      tag == 0
      ? .initializer(type: type, parameters: parameters)
      : .configurationMethod(configuration: configuration, methodName: methodName, parameters: parameters)
  }
}

extension TextFingerprint: BinaryCoded {
  public init() { self.init(hash: 0, length: 0) }

  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&hash)
    try coder.code(&length)
  }
}
