// The binary form of a file's vocabulary facts (see `FileSummary+Binary`): new stored
// properties go at the end of their type (bump `FileSummary.binaryFormatVersion`).

extension VocabularyFacts: BinaryCodable {
  /// Writes the facts (for a record beside the summary, such as the summary cache's facts).
  public func write(into writer: inout BinaryWriter) { write(to: &writer) }

  /// Reads what ``write(into:)`` wrote.
  public static func read(from reader: inout BinaryReader) throws(SummaryDecodingError) -> VocabularyFacts {
    try VocabularyFacts(from: &reader)
  }

  func write(to writer: inout BinaryWriter) {
    writer.write(helpers)
    writer.write(containerValues)
    writer.write(slots)
  }

  init(from reader: inout BinaryReader) throws(SummaryDecodingError) {
    self.init(helpers: try reader.read(), containerValues: try reader.read(), slots: try reader.read())
  }
}

extension ContainerSlotDeclaration: BinaryCodable {
  func write(to writer: inout BinaryWriter) {
    writer.writeString(slot.callee)
    writer.writeOptionalString(slot.label)
    writer.writeSigned(slot.position)
    writer.writeCase(slot.dialect, of: Dialect.binaryCases)
    writer.write(range)
  }

  init(from reader: inout BinaryReader) throws(SummaryDecodingError) {
    let slot = ContainerSlot(
      callee: try reader.readString(), label: try reader.readOptionalString(), position: try reader.readSigned(),
      dialect: try reader.readCase(of: Dialect.binaryCases, "dialect"))
    self.init(slot: slot, range: try reader.read())
  }
}

extension HelperDeclaration.Forward: BinaryCodable {
  func write(to writer: inout BinaryWriter) {
    writer.writeString(name)
    writer.writeString(receiver)
    writer.writeBool(passesType)
  }

  init(from reader: inout BinaryReader) throws(SummaryDecodingError) {
    self.init(name: try reader.readString(), receiver: try reader.readString(), passesType: try reader.readBool())
  }
}

extension HelperDeclaration: BinaryCodable {
  func write(to writer: inout BinaryWriter) {
    writer.writeCase(role, of: Role.allCases)
    writer.writeString(name)
    writer.writeOptionalString(owner)
    writer.writeBool(isStatic)
    writer.writeSigned(keyPosition ?? -1)
    writer.writeArray(labels) { writer, label in writer.writeOptionalString(label) }
    writer.writeOptionalString(nameLabel)
    writer.writeBool(isOptional)
    writer.writeOptionalString(scope)
    writer.writeArray(fileDialects) { writer, dialect in writer.writeCase(dialect, of: Dialect.binaryCases) }
    writer.write(forwards)
    writer.write(range)
    writer.writeSigned(runtimeArguments)
  }

  init(from reader: inout BinaryReader) throws(SummaryDecodingError) {
    let role = try reader.readCase(of: Role.allCases, "helper role")
    let name = try reader.readString()
    let owner = try reader.readOptionalString()
    let isStatic = try reader.readBool()
    let position = try reader.readSigned()
    let labels = try reader.readArray { reader throws(SummaryDecodingError) in try reader.readOptionalString() }
    let nameLabel = try reader.readOptionalString()
    let isOptional = try reader.readBool()
    let scope = try reader.readOptionalString()
    let dialects = try reader.readArray { reader throws(SummaryDecodingError) in
      try reader.readCase(of: Dialect.binaryCases, "dialect")
    }
    let forwards: [Forward] = try reader.read()
    self.init(
      role: role, name: name, owner: owner, isStatic: isStatic, keyPosition: position < 0 ? nil : position,
      labels: labels, nameLabel: nameLabel, isOptional: isOptional, scope: scope, fileDialects: dialects,
      forwards: forwards, range: try reader.read())
    runtimeArguments = try reader.readSigned()
  }
}

extension ContainerValue: BinaryCodable {
  func write(to writer: inout BinaryWriter) {
    writer.writeString(name)
    writer.writeOptionalString(owner)
    writer.writeCase(dialect, of: Dialect.binaryCases)
    writer.write(range)
  }

  init(from reader: inout BinaryReader) throws(SummaryDecodingError) {
    self.init(
      name: try reader.readString(), owner: try reader.readOptionalString(),
      dialect: try reader.readCase(of: Dialect.binaryCases, "dialect"), range: try reader.read())
  }
}
