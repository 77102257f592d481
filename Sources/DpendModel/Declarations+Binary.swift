// The binary form of ranges, declarations and diagnostics (see `FileSummary+Binary.swift`).
// Enums are written as their index in a fixed list: reordering a list changes the format
// (bump `FileSummary.binaryFormatVersion`), adding at the end does not.

extension SourceRange: BinaryCodable {
  /// The range's index in the writer's range table (``BinaryWriter/writeRange(_:)``).
  func write(to writer: inout BinaryWriter) {
    writer.writeRange(self)
  }

  init(from reader: inout BinaryReader) throws(SummaryDecodingError) {
    self = try reader.readRange()
  }
}

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

extension ProtocolDeclaration: BinaryCodable {
  func write(to writer: inout BinaryWriter) {
    writer.writeString(name)
    writer.writeCase(access, of: AccessLevel.binaryCases)
    writer.write(range)
    writer.write(inheritance)
  }

  init(from reader: inout BinaryReader) throws(SummaryDecodingError) {
    self.init(
      name: try reader.readString(), access: try reader.readCase(of: AccessLevel.binaryCases, "access level"),
      range: try reader.read(), inheritance: try reader.read())
  }
}

extension TypeDeclaration: BinaryCodable {
  func write(to writer: inout BinaryWriter) {
    writer.writeString(name)
    writer.writeCase(kind, of: TypeKind.binaryCases)
    writer.writeCase(access, of: AccessLevel.binaryCases)
    writer.writeBool(isGeneric)
    writer.write(inheritance)
    writer.write(initializers)
    writer.write(methods)
    writer.write(range)
    writer.write(conditions)
    writer.write(closingBrace)
    writer.writeBool(closingBraceStartsLine)
  }

  init(from reader: inout BinaryReader) throws(SummaryDecodingError) {
    self.init(
      name: try reader.readString(), kind: try reader.readCase(of: TypeKind.binaryCases, "type kind"),
      access: try reader.readCase(of: AccessLevel.binaryCases, "access level"), isGeneric: try reader.readBool(),
      inheritance: try reader.read(), initializers: try reader.read(), methods: try reader.read(),
      range: try reader.read())
    conditions = try reader.readStrings()
    closingBrace = try reader.read()
    closingBraceStartsLine = try reader.readBool()
  }
}

extension ExtensionDeclaration: BinaryCodable {
  func write(to writer: inout BinaryWriter) {
    writer.writeString(extendedType)
    writer.write(inheritance)
    writer.write(methods)
    writer.write(range)
    writer.write(conditions)
    writer.write(closingBrace)
  }

  init(from reader: inout BinaryReader) throws(SummaryDecodingError) {
    self.init(
      extendedType: try reader.readString(), inheritance: try reader.read(), methods: try reader.read(),
      range: try reader.read())
    conditions = try reader.readStrings()
    closingBrace = try reader.read()
  }
}

extension TypealiasDeclaration: BinaryCodable {
  func write(to writer: inout BinaryWriter) {
    writer.writeString(name)
    writer.writeString(target)
    writer.writeString(lookupScope)
    writer.write(range)
  }

  init(from reader: inout BinaryReader) throws(SummaryDecodingError) {
    self.init(
      name: try reader.readString(), target: try reader.readString(), lookupScope: try reader.readString(),
      range: try reader.read())
  }
}

extension TypeReference: BinaryCodable {
  func write(to writer: inout BinaryWriter) {
    writer.writeString(name)
    writer.writeOptionalString(tag)
    writer.writeBool(isOptional)
    writer.write(range)
  }

  init(from reader: inout BinaryReader) throws(SummaryDecodingError) {
    self.init(
      name: try reader.readString(), tag: try reader.readOptionalString(), isOptional: try reader.readBool(),
      range: try reader.read())
  }
}

extension Parameter: BinaryCodable {
  func write(to writer: inout BinaryWriter) {
    writer.writeString(label)
    writer.write(type)
    writer.writeBool(hasDefault)
  }

  init(from reader: inout BinaryReader) throws(SummaryDecodingError) {
    self.init(label: try reader.readString(), type: try reader.read(), hasDefault: try reader.readBool())
  }
}

extension Initializer: BinaryCodable {
  func write(to writer: inout BinaryWriter) {
    writer.write(parameters)
    writer.writeCase(access, of: AccessLevel.binaryCases)
    writer.writeBool(isThrowing)
    writer.writeBool(isImplicit)
    writer.write(range)
    writer.write(conditions)
  }

  init(from reader: inout BinaryReader) throws(SummaryDecodingError) {
    self.init(
      parameters: try reader.read(), access: try reader.readCase(of: AccessLevel.binaryCases, "access level"),
      isThrowing: try reader.readBool(), isImplicit: try reader.readBool(), range: try reader.read())
    conditions = try reader.readStrings()
  }
}

extension MethodDeclaration: BinaryCodable {
  func write(to writer: inout BinaryWriter) {
    writer.writeString(name)
    writer.write(parameters)
    writer.writeCase(access, of: AccessLevel.binaryCases)
    writer.write(registration)
    writer.writeOptionalString(returnType)
    writer.write(range)
    writer.write(conditions)
    writer.write(problems)
  }

  init(from reader: inout BinaryReader) throws(SummaryDecodingError) {
    self.init(
      name: try reader.readString(), parameters: try reader.read(),
      access: try reader.readCase(of: AccessLevel.binaryCases, "access level"), registration: try reader.read(),
      returnType: try reader.readOptionalString(), range: try reader.read())
    conditions = try reader.readStrings()
    problems = try reader.read()
  }
}

extension Registration: BinaryCodable {
  func write(to writer: inout BinaryWriter) {
    writer.write(type)
    writer.writeOptionalString(tag)
    writer.writeCase(scope, of: Scope.binaryCases)
    writer.writeBool(isThrowing)
  }

  init(from reader: inout BinaryReader) throws(SummaryDecodingError) {
    self.init(
      type: try reader.read(), tag: try reader.readOptionalString(),
      scope: try reader.readCase(of: Scope.binaryCases, "scope"), isThrowing: try reader.readBool())
  }
}

extension Diagnostic: BinaryCodable {
  /// The code as its raw value (codes are open-ended), the severity as written (it may
  /// differ from the code's default).
  func write(to writer: inout BinaryWriter) {
    writer.writeString(code.rawValue)
    writer.writeCase(severity, of: Severity.binaryCases)
    writer.writeString(message)
    writer.write(range)
    writer.write(notes)
  }

  init(from reader: inout BinaryReader) throws(SummaryDecodingError) {
    self.init(
      code: DiagnosticCode(rawValue: try reader.readString()),
      severity: try reader.readCase(of: Severity.binaryCases, "severity"), message: try reader.readString(),
      range: try reader.read(), notes: try reader.read())
  }
}

extension DiagnosticNote: BinaryCodable {
  func write(to writer: inout BinaryWriter) {
    writer.writeString(message)
    writer.write(range)
    writer.writeOptionalString(siteMessage)
  }

  init(from reader: inout BinaryReader) throws(SummaryDecodingError) {
    self.init(message: try reader.readString(), range: try reader.read(), siteMessage: try reader.readOptionalString())
  }
}
