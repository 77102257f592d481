// The binary form of container registrations and resolve sites (see
// `FileSummary+Binary.swift`).

extension ResolvedType {
  /// Codes an optional resolved type in one varint and what follows: 0 for `nil`, 1 for
  /// `named`, 2 for `parameter`, 3 for `member`, 4 for `initializerParameter` (its labels and
  /// position, then the type it is of), 5 for `functionResult` (then the type it is of), 6 for
  /// `staticMember` (like `member`), 7 for `property` (its name, then the type it is of), 8 for
  /// `global` (its name), 9 for `array` (its elements' count, then each).
  static func code(_ type: inout ResolvedType?, _ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    var tag = 0
    var name = ""
    var labels: [String?] = []
    var position = 0
    var outer: ResolvedType?
    switch type {
    case nil: break
    case .named(let written): (tag, name) = (1, written)
    case .parameter(let written, let written2, let written3):
      (tag, name, labels, position) = (2, written, written2, written3)
    case .member(let owner, let member): (tag, name, labels) = (3, owner, [member])
    case .initializerParameter(let of, let written, let at): (tag, outer, labels, position) = (4, of, written, at)
    case .functionResult(let of): (tag, outer) = (5, of)
    case .staticMember(let owner, let member): (tag, name, labels) = (6, owner, [member])
    case .property(let of, let member): (tag, outer, name) = (7, of, member)
    case .global(let written): (tag, name) = (8, written)
    case .array(let elements): (tag, position) = (9, elements.count)
    }
    try coder.codeTag(&tag, below: 10, "resolved type")
    if tag == 0 {
      type = nil
      return
    }
    if tag == 5 {
      try code(&outer, &coder)
      guard coder.isReading else { return }
      guard let outer else { throw .malformed("a function result of no type") }
      type = .functionResult(of: outer)
      return
    }
    if tag == 4 {
      try coder.codeOptionalStrings(&labels)
      try coder.code(&position)
      try code(&outer, &coder)
      guard coder.isReading else { return }
      guard let outer else { throw .malformed("an initializer parameter of no type") }
      type = .initializerParameter(of: outer, labels: labels, position: position)
      return
    }
    if tag == 9 {
      var elements: [ResolvedType] = []
      if case .array(let written)? = type { elements = written }
      try coder.code(&position)
      guard position >= 0, position <= 1 << 16 else { throw .malformed("an array of \(position) elements") }
      for index in 0..<position {
        var element: ResolvedType? = coder.isReading ? nil : elements[index]
        try code(&element, &coder)
        guard coder.isReading else { continue }
        guard let element else { throw .malformed("an array element of no type") }
        elements.append(element)
      }
      if coder.isReading { type = .array(of: elements) }
      return
    }
    if tag == 7 {
      try coder.code(&name)
      try code(&outer, &coder)
      guard coder.isReading else { return }
      guard let outer else { throw .malformed("a property of no type") }
      type = .property(of: outer, name: name)
      return
    }
    try coder.code(&name)
    if tag == 2 {
      try coder.codeOptionalStrings(&labels)
      try coder.code(&position)
    }
    if tag == 3 || tag == 6 { try coder.codeOptionalStrings(&labels) }
    guard coder.isReading else { return }
    switch tag {
    case 1: type = .named(name)
    case 2: type = .parameter(of: name, labels: labels, position: position)
    case 3: type = .member(of: name, name: labels.first.flatMap { $0 } ?? "")
    case 8: type = .global(name)
    default: type = .staticMember(of: name, name: labels.first.flatMap { $0 } ?? "")
    }
  }
}

extension BinaryCoder {
  /// Codes optional strings: their count, then each in one varint (``codeOptionalString(_:)``).
  mutating func codeOptionalStrings(_ strings: inout [String?]) throws(SummaryDecodingError) {
    try codeArray(&strings, blank: nil) { coder, string throws(SummaryDecodingError) in
      try coder.codeOptionalString(&string)
    }
  }
}

extension ResolveSite: BinaryCoded {
  public init() { self.init(dialect: .thesis, type: nil, isRequired: false, range: SourceRange()) }

  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&dialect)
    try ResolvedType.code(&type, &coder)
    try coder.codeOptionalString(&name)
    try coder.code(&argumentCount)
    try coder.code(&isRequired)
    try coder.codeOptionalString(&conditionalCast)
    try coder.code(&range)
    try coder.codeOptionalString(&unread)
    try coder.code(&conditions)
    try coder.codeOptionalString(&owner)
    try coder.codeOptionalString(&requiredBy)
    try coder.code(&lookupScope)
    try coder.code(&argumentTypes)
    try coder.code(&instance)
    try coder.code(&isFactoryArgument)
    try ResolvedType.code(&receiverType, &coder)
  }
}

extension ArgumentInsertion: BinaryCoded {
  public init() { self.init(position: SourceRange(), prefix: "", suffix: "") }

  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&position)
    try coder.code(&prefix)
    try coder.code(&suffix)
  }
}

extension ContainerRegistration: BinaryCoded {
  public init() { self.init(dialect: .thesis, types: [], range: SourceRange()) }

  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&dialect)
    try coder.code(&types)
    try coder.codeOptionalString(&name)
    try coder.code(&nameIsComputed)
    try coder.code(&argumentCount)
    try coder.codeOptionalString(&scope)
    try coder.codeOptionalString(&constructedType)
    try coder.codeOptionalString(&autowired)
    try coder.code(&needs)
    try coder.code(&propertyNeeds)
    try coder.code(&range)
    try coder.codeOptionalString(&unread)
    try coder.code(&conditions)
    try coder.code(&scopeName)
    try coder.code(&isForwarded)
    try coder.code(&typeRange)
    try coder.code(&resultRange)
    try coder.code(&typeArgumentInsertion)
    try coder.codeOptionalString(&providedType)
    try coder.code(&lookupScope)
    try coder.code(&argumentTypes)
    try coder.code(&gate)
    try coder.code(&instance)
    try coder.code(&statement)
    try ResolvedType.code(&valueType, &coder)
    try ResolvedType.code(&receiverType, &coder)
  }
}

extension RegistrationGate: BinaryCoded {
  public init() { self.init(name: "", declaration: "", isAssembly: false) }

  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&name)
    try coder.code(&declaration)
    try coder.code(&isAssembly)
  }
}
