import DpendModel

/// The binary form of what an ``IndexedSummary`` adds to its summary (the interface and the
/// two flags), kept beside the summary in the summary cache: a file read from the cache then
/// needs no decoding for its interface, only for its analysis.
///
/// The bytes are a header (`DPIF` and a format version byte), then the flags, the interface
/// and the other facts written by ``BinaryWriter``; read by ``IndexedSummary/init(_:facts:)``,
/// which checks every read.
extension IndexedSummary {
  /// The version of the facts' binary form; bump it when ``FileInterface`` changes.
  static let factsFormatVersion: UInt8 = 8
  private static let factsHeader: [UInt8] = Array("DPIF".utf8) + [factsFormatVersion]
  /// The kinds and access levels as written, in an order that never changes.
  private static let kinds: [TypeKind] = [.class, .struct, .actor, .enum]
  private static let accessLevels: [AccessLevel] = [.private, .fileprivate, .internal, .package, .public, .open]

  /// The interface and flags in binary form.
  public func encodedFacts() -> [UInt8] {
    var writer = BinaryWriter()
    writer.writeBool(isContainer)
    writer.writeBool(isConditional)
    writer.writeArray(interface.types) { writer, type in
      writer.writeString(type.name)
      writer.writeCase(type.kind, of: Self.kinds)
      writer.writeCase(type.access, of: Self.accessLevels)
      writer.writeBool(type.isGeneric)
      writer.writeArray(type.inheritance) { $0.writeString($1) }
    }
    writer.writeArray(interface.protocols) { writer, entry in
      writer.writeString(entry.name)
      writer.writeCase(entry.access, of: Self.accessLevels)
    }
    writer.writeArray(interface.typealiases) { writer, entry in
      writer.writeString(entry.name)
      writer.writeString(entry.target)
      writer.writeString(entry.lookupScope)
    }
    writer.writeArray(interface.extensions) { writer, entry in
      writer.writeString(entry.extendedType)
      writer.writeArray(entry.inheritance) { $0.writeString($1) }
    }
    vocabulary.write(into: &writer)
    writer.writeArray(dialects) { writer, dialect in writer.writeString(dialect.rawValue) }
    writer.writeArray(receiverNames) { $0.writeString($1) }
    mentions.write(into: &writer)
    return writer.encoded(prefix: Self.factsHeader)
  }

  /// `stored` with the facts `facts` hold (``encodedFacts()``), or `nil` when they are not
  /// a whole, current encoding: the caller then decodes the summary instead.
  public init?(_ stored: StoredSummary, facts: ArraySlice<UInt8>) {
    let result = facts.withUnsafeBytes { buffer in
      Result { () throws(SummaryDecodingError) in try Self.readFacts(buffer) }
    }
    guard case .success(let read) = result else { return nil }
    self.init(
      stored, interface: read.interface, isContainer: read.isContainer, isConditional: read.isConditional,
      vocabulary: read.vocabulary, dialects: read.dialects, receiverNames: read.receiverNames,
      mentions: read.mentions)
  }

  private static func readFacts(_ buffer: UnsafeRawBufferPointer) throws(SummaryDecodingError) -> (
    interface: FileInterface, isContainer: Bool, isConditional: Bool, vocabulary: VocabularyFacts, dialects: [Dialect],
    receiverNames: [String], mentions: NameMentions
  ) {
    guard buffer.count >= factsHeader.count, buffer.prefix(factsHeader.count).elementsEqual(factsHeader) else {
      throw .malformed("not the facts of a summary")
    }
    var reader = try BinaryReader(buffer, stringTableAt: factsHeader.count)
    let isContainer = try reader.readBool()
    let isConditional = try reader.readBool()
    let types = try reader.readArray { (reader: inout BinaryReader) throws(SummaryDecodingError) in
      FileInterface.TypeEntry(
        name: try reader.readString(), kind: try reader.readCase(of: kinds, "type kind"),
        access: try reader.readCase(of: accessLevels, "access level"), isGeneric: try reader.readBool(),
        inheritance: try reader.readArray { (reader: inout BinaryReader) throws(SummaryDecodingError) in
          try reader.readString()
        })
    }
    let protocols = try reader.readArray { (reader: inout BinaryReader) throws(SummaryDecodingError) in
      FileInterface.ProtocolEntry(
        name: try reader.readString(), access: try reader.readCase(of: accessLevels, "access level"))
    }
    let typealiases = try reader.readArray { (reader: inout BinaryReader) throws(SummaryDecodingError) in
      FileInterface.TypealiasEntry(
        name: try reader.readString(), target: try reader.readString(), lookupScope: try reader.readString())
    }
    let extensions = try reader.readArray { (reader: inout BinaryReader) throws(SummaryDecodingError) in
      FileInterface.ExtensionEntry(
        extendedType: try reader.readString(),
        inheritance: try reader.readArray { (reader: inout BinaryReader) throws(SummaryDecodingError) in
          try reader.readString()
        })
    }
    let vocabulary = try VocabularyFacts.read(from: &reader)
    let dialects = try reader.readArray { (reader: inout BinaryReader) throws(SummaryDecodingError) in
      guard let dialect = Dialect(rawValue: try reader.readString()) else { throw .malformed("no dialect") }
      return dialect
    }
    let receiverNames = try reader.readArray { (reader: inout BinaryReader) throws(SummaryDecodingError) in
      try reader.readString()
    }
    let mentions = try NameMentions.read(from: &reader)
    try reader.finish()
    let interface = FileInterface(types: types, protocols: protocols, typealiases: typealiases, extensions: extensions)
    return (interface, isContainer, isConditional, vocabulary, dialects, receiverNames, mentions)
  }
}
