// The binary form of factories: what a kept table of registrations is written as (see
// `KeptRegistrations` in DpendWorkspace), in the summaries' encoding (`Declarations+Binary.swift`).

extension DependencyKey: BinaryCodable {
  func write(to writer: inout BinaryWriter) {
    writer.writeString(name)
    writer.writeOptionalString(tag)
  }

  init(from reader: inout BinaryReader) throws(SummaryDecodingError) {
    self.init(name: try reader.readString(), tag: try reader.readOptionalString())
  }
}

extension FactoryParameter: BinaryCodable {
  func write(to writer: inout BinaryWriter) {
    writer.writeString(label)
    writer.write(dependency)
    writer.writeBool(isOptional)
    writer.write(range)
  }

  init(from reader: inout BinaryReader) throws(SummaryDecodingError) {
    self.init(
      label: try reader.readString(), dependency: try reader.read(), isOptional: try reader.readBool(),
      range: try reader.read())
  }
}

extension Factory: BinaryCodable {
  /// The kind as 0 (an initializer: the type) or 1 (a configuration method: the
  /// configuration's key and the method's name), then the parameters and the other fields.
  func write(to writer: inout BinaryWriter) {
    writer.write(key)
    switch kind {
    case .initializer(let type, let parameters):
      writer.writeUnsigned(0)
      writer.writeString(type)
      writer.write(parameters)
    case .configurationMethod(let configuration, let methodName, let parameters):
      writer.writeUnsigned(1)
      writer.write(configuration)
      writer.writeString(methodName)
      writer.write(parameters)
    }
    writer.writeCase(scope, of: Scope.binaryCases)
    writer.writeBool(isThrowing)
    writer.write(requiredModules)
    writer.write(range)
  }

  init(from reader: inout BinaryReader) throws(SummaryDecodingError) {
    let key: DependencyKey = try reader.read()
    let kind: Kind
    switch try reader.readUnsigned() {
    case 0:
      kind = .initializer(type: try reader.readString(), parameters: try reader.read())
    case 1:
      kind = .configurationMethod(
        configuration: try reader.read(), methodName: try reader.readString(), parameters: try reader.read())
    case let other:
      throw .malformed("\(other) is no factory kind")
    }
    self.init(
      key: key, kind: kind, scope: try reader.readCase(of: Scope.binaryCases, "scope"),
      isThrowing: try reader.readBool(), requiredModules: try reader.readStrings(), range: try reader.read())
  }
}

extension Factory {
  /// `factories` in binary form, after `prefix` (a format's header): the string and range
  /// tables, then the count and each factory.
  public static func binaryEncoded(_ factories: [Factory], prefix: [UInt8] = []) -> [UInt8] {
    var writer = BinaryWriter()
    writer.write(factories)
    return writer.encoded(prefix: prefix)
  }

  /// What ``binaryEncoded(_:prefix:)`` wrote, its tables starting at `offset` of `buffer`;
  /// throws unless every byte after `offset` was read.
  public static func binaryDecoded(_ buffer: UnsafeRawBufferPointer, at offset: Int) throws(SummaryDecodingError)
    -> [Factory]
  {
    var reader = try BinaryReader(buffer, stringTableAt: offset)
    let factories: [Factory] = try reader.read()
    try reader.finish()
    return factories
  }
}
