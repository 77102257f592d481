// The binary form of container registrations and resolve sites (see
// `FileSummary+Binary.swift`).

extension FileSummary {
  /// The summary's container code (its registrations and resolve sites) apart from its
  /// positions (``BinaryWriter/positionFree(_:)``): two summaries whose container code is
  /// written the same register and resolve the same things, under the same conditions, in
  /// the same order, perhaps elsewhere in the file.
  ///
  /// A container named after its place in this file (``ContainerRegistration/scopeName``:
  /// the path and the enclosing body's place in the syntax tree, or its offset) is written
  /// as the order in which the file first names it: the check only tells registrations on
  /// one container from those on another, and a method added above moves those places.
  public var containerCodePositionFree: (written: [UInt8], ranges: [SourceRange]) {
    let registrations = registrationsNamingContainersInOrder
    return BinaryWriter.positionFree { writer in
      writer.write(registrations)
      writer.write(resolveSites)
    }
  }

  /// ``containerCodePositionFree`` element by element: each registration (its container
  /// named as there) and each resolve site outside registrations apart from its positions,
  /// with its ranges. The ranges of all of them, in order, are ``containerCodePositionFree``'s.
  public var containerElementsPositionFree:
    (registrations: [(written: [UInt8], ranges: [SourceRange])], sites: [(written: [UInt8], ranges: [SourceRange])])
  {
    (
      registrationsNamingContainersInOrder.map { registration in
        BinaryWriter.positionFree { $0.write(registration) }
      },
      resolveSites.map { site in BinaryWriter.positionFree { $0.write(site) } }
    )
  }

  /// Each registration as ``containerElementsPositionFree`` writes it, but with neither what
  /// its factory resolves nor its scope (`shape`, with the ranges left), and each of its needs
  /// and property needs apart from its positions: two registrations whose shapes are written
  /// the same differ at most in those.
  public var registrationPartsPositionFree:
    [(
      shape: (written: [UInt8], ranges: [SourceRange]), needs: [(written: [UInt8], ranges: [SourceRange])],
      propertyNeeds: [(written: [UInt8], ranges: [SourceRange])]
    )]
  {
    func sites(_ sites: [ResolveSite]) -> [(written: [UInt8], ranges: [SourceRange])] {
      sites.map { site in BinaryWriter.positionFree { $0.write(site) } }
    }
    return registrationsNamingContainersInOrder.map { registration in
      var shape = registration
      shape.needs = []
      shape.propertyNeeds = []
      shape.scope = nil
      return (
        BinaryWriter.positionFree { $0.write(shape) }, sites(registration.needs), sites(registration.propertyNeeds)
      )
    }
  }

  /// The registrations, each container named after its place in this file written as
  /// `#` and the order in which the file first names it.
  var registrationsNamingContainersInOrder: [ContainerRegistration] {
    zip(registrations, containersNamedInOrder).map { registration, container in
      var registration = registration
      registration.scopeName = container
      return registration
    }
  }

  /// Each registration's container (``ContainerRegistration/scopeName``), one named after
  /// its place in this file written as `#` and the order in which the file first names it.
  public var containersNamedInOrder: [String] {
    var containers: [String: Int] = [:]
    return registrations.map { registration in
      // Written `path|…` by the collector: the prefix is checked first, a search only after.
      guard
        registration.scopeName.utf8.starts(with: path.utf8) || registration.scopeName.contains(path)
      else { return registration.scopeName }
      let index = containers[registration.scopeName] ?? containers.count
      containers[registration.scopeName] = index
      return "#\(index)"
    }
  }
}

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
