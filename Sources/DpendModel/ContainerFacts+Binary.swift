// The binary form of container registrations and resolve sites (see
// `FileSummary+Binary.swift`).

extension Dialect {
  /// The binary form's order: new dialects go at the end.
  static let binaryCases: [Dialect] = [.thesis, .dip, .swinject, .resolver, .factory, .stitcher, .belum, .locator]
}

extension ResolvedType {
  /// An optional resolved type in one varint and what follows: 0 for `nil`, 1 for
  /// `named`, 2 for `parameter`.
  static func write(_ type: ResolvedType?, to writer: inout BinaryWriter) {
    switch type {
    case nil:
      writer.writeCount(0)
    case .named(let name):
      writer.writeCount(1)
      writer.writeString(name)
    case .parameter(let owner, let labels, let position):
      writer.writeCount(2)
      writer.writeString(owner)
      writer.writeArray(labels) { writer, label in writer.writeOptionalString(label) }
      writer.writeSigned(position)
    }
  }

  /// Reads what ``write(_:to:)`` wrote.
  static func read(from reader: inout BinaryReader) throws(SummaryDecodingError) -> ResolvedType? {
    switch try reader.readUnsigned() {
    case 0: return nil
    case 1: return .named(try reader.readString())
    case 2:
      return .parameter(
        of: try reader.readString(),
        labels: try reader.readArray { reader throws(SummaryDecodingError) in try reader.readOptionalString() },
        position: try reader.readSigned())
    case let tag: throw .malformed("\(tag) is no resolved type")
    }
  }
}

extension ResolveSite: BinaryCodable {
  func write(to writer: inout BinaryWriter) {
    writer.writeCase(dialect, of: Dialect.binaryCases)
    ResolvedType.write(type, to: &writer)
    writer.writeOptionalString(name)
    writer.writeSigned(argumentCount)
    writer.writeBool(isRequired)
    writer.writeOptionalString(conditionalCast)
    writer.write(range)
    writer.writeOptionalString(unread)
    writer.write(conditions)
    writer.writeOptionalString(owner)
    writer.writeOptionalString(requiredBy)
    writer.writeString(lookupScope)
    writer.write(argumentTypes)
    writer.write(instance)
  }

  init(from reader: inout BinaryReader) throws(SummaryDecodingError) {
    self.init(
      dialect: try reader.readCase(of: Dialect.binaryCases, "dialect"), type: try ResolvedType.read(from: &reader),
      name: try reader.readOptionalString(), argumentCount: try reader.readSigned(), isRequired: try reader.readBool(),
      conditionalCast: try reader.readOptionalString(), range: try reader.read(),
      unread: try reader.readOptionalString(), conditions: try reader.readStrings())
    owner = try reader.readOptionalString()
    requiredBy = try reader.readOptionalString()
    lookupScope = try reader.readString()
    argumentTypes = try reader.readStrings()
    instance = try reader.read()
  }
}

extension ArgumentInsertion: BinaryCodable {
  func write(to writer: inout BinaryWriter) {
    writer.write(position)
    writer.writeString(prefix)
    writer.writeString(suffix)
  }

  init(from reader: inout BinaryReader) throws(SummaryDecodingError) {
    self.init(position: try reader.read(), prefix: try reader.readString(), suffix: try reader.readString())
  }
}

extension ContainerRegistration: BinaryCodable {
  func write(to writer: inout BinaryWriter) {
    writer.writeCase(dialect, of: Dialect.binaryCases)
    writer.write(types)
    writer.writeOptionalString(name)
    writer.writeBool(nameIsComputed)
    writer.writeSigned(argumentCount)
    writer.writeOptionalString(scope)
    writer.writeOptionalString(constructedType)
    writer.writeOptionalString(autowired)
    writer.write(needs)
    writer.write(propertyNeeds)
    writer.write(range)
    writer.writeOptionalString(unread)
    writer.write(conditions)
    writer.writeString(scopeName)
    writer.writeBool(isForwarded)
    writer.write(typeRange)
    writer.write(resultRange)
    writer.write(typeArgumentInsertion)
    writer.writeOptionalString(providedType)
    writer.writeString(lookupScope)
    writer.write(argumentTypes)
    writer.write(gate)
    writer.write(instance)
    writer.write(statement)
  }

  init(from reader: inout BinaryReader) throws(SummaryDecodingError) {
    // Read in the order written; the initializer takes them in another.
    let dialect = try reader.readCase(of: Dialect.binaryCases, "dialect")
    let types = try reader.readStrings()
    let name = try reader.readOptionalString()
    let nameIsComputed = try reader.readBool()
    let argumentCount = try reader.readSigned()
    let scope = try reader.readOptionalString()
    let constructedType = try reader.readOptionalString()
    let autowired = try reader.readOptionalString()
    let needs: [ResolveSite] = try reader.read()
    let propertyNeeds: [ResolveSite] = try reader.read()
    let range: SourceRange = try reader.read()
    let unread = try reader.readOptionalString()
    let conditions = try reader.readStrings()
    let scopeName = try reader.readString()
    self.init(
      dialect: dialect, types: types, name: name, argumentCount: argumentCount, scope: scope,
      constructedType: constructedType, needs: needs, propertyNeeds: propertyNeeds, range: range, unread: unread,
      conditions: conditions, scopeName: scopeName)
    self.nameIsComputed = nameIsComputed
    self.autowired = autowired
    isForwarded = try reader.readBool()
    typeRange = try reader.read()
    resultRange = try reader.read()
    typeArgumentInsertion = try reader.read()
    providedType = try reader.readOptionalString()
    lookupScope = try reader.readString()
    argumentTypes = try reader.readStrings()
    gate = try reader.read()
    instance = try reader.read()
    statement = try reader.read()
  }
}

extension RegistrationGate: BinaryCodable {
  func write(to writer: inout BinaryWriter) {
    writer.writeString(name)
    writer.writeString(declaration)
    writer.writeBool(isAssembly)
  }

  init(from reader: inout BinaryReader) throws(SummaryDecodingError) {
    self.init(name: try reader.readString(), declaration: try reader.readString(), isAssembly: try reader.readBool())
  }
}
