/// Which container instance a registration or resolve is made on (SPEC 8.6), as the
/// collector writes it: the keys of the declarations the receiver may name, in lookup order
/// (`AppDelegate.container` before the global `container` inside `AppDelegate`); the analysis
/// takes the first that some file declares (``ContainerInstance``). A receiver dpend cannot
/// follow (a parameter, `self` in an extension of the container, a call's result) has none:
/// it may be any container.
public struct InstanceReference: Hashable, Sendable {
  /// Declaration keys: `container` (a global), `AppDelegate.container` (a property, static or
  /// not: every instance's is one property), `path@offset` (a local, in its file).
  public var candidates: [String]
  /// `true` for the resolver a factory is given (`{ r in r.resolve(…) }`): the container the
  /// registration is on, or any child of it that resolved through it.
  public var isFactoryResolver: Bool

  public init(candidates: [String], isFactoryResolver: Bool = false) {
    self.candidates = candidates
    self.isFactoryResolver = isFactoryResolver
  }
}

/// A global, property or local whose value is a container (SPEC 8.6): a container made there
/// (`let container = Container()`), the same container as another (`let resolver =
/// assembler.resolver`, `Assembler(container: c)`), or one dpend cannot follow (a `var`, a
/// value assigned elsewhere), which may be any container.
public struct ContainerInstance: Hashable, Sendable {
  /// The key references name it by (``InstanceReference/candidates``).
  public var key: String
  /// The variable's name, as a message names it.
  public var name: String
  /// How its value is known.
  public var value: Value
  /// The container it is a child of (`Container(parent: app)`, `Assembler(parentAssembler:)`).
  public var parent: InstanceReference?
  /// The variable's name where it is declared.
  public var range: SourceRange

  /// How a container variable's value is known.
  public enum Value: Hashable, Sendable {
    /// A container made here, once: `let` with a container's initializer.
    case made
    /// The container another reference names.
    case same(InstanceReference)
    /// Any container.
    case unknown
  }

  public init(key: String, name: String, value: Value, parent: InstanceReference? = nil, range: SourceRange) {
    self.key = key
    self.name = name
    self.value = value
    self.parent = parent
    self.range = range
  }
}

/// Two containers that answer each other's resolves: Dip's `a.collaborate(with: b)`.
public struct ContainerLink: Hashable, Sendable {
  public var first: InstanceReference
  public var second: InstanceReference

  public init(_ first: InstanceReference, _ second: InstanceReference) {
    self.first = first
    self.second = second
  }
}

/// The container instances a file declares and links (``FileSummary/instances``).
public struct InstanceFacts: Hashable, Sendable {
  public var declarations: [ContainerInstance] = []
  public var links: [ContainerLink] = []

  public init(declarations: [ContainerInstance] = [], links: [ContainerLink] = []) {
    self.declarations = declarations
    self.links = links
  }

  public var isEmpty: Bool { declarations.isEmpty && links.isEmpty }
}

extension InstanceReference: BinaryCodable {
  func write(to writer: inout BinaryWriter) {
    writer.write(candidates)
    writer.writeBool(isFactoryResolver)
  }

  init(from reader: inout BinaryReader) throws(SummaryDecodingError) {
    self.init(candidates: try reader.readStrings(), isFactoryResolver: try reader.readBool())
  }
}

extension ContainerInstance: BinaryCodable {
  func write(to writer: inout BinaryWriter) {
    writer.writeString(key)
    writer.writeString(name)
    switch value {
    case .made: writer.writeCount(0)
    case .same(let reference):
      writer.writeCount(1)
      writer.write(reference)
    case .unknown: writer.writeCount(2)
    }
    writer.write(parent)
    writer.write(range)
  }

  init(from reader: inout BinaryReader) throws(SummaryDecodingError) {
    let key = try reader.readString()
    let name = try reader.readString()
    let value: Value
    switch try reader.readUnsigned() {
    case 0: value = .made
    case 1: value = .same(try reader.read())
    case 2: value = .unknown
    case let tag: throw .malformed("\(tag) is no container value")
    }
    self.init(key: key, name: name, value: value, parent: try reader.read(), range: try reader.read())
  }
}

extension ContainerLink: BinaryCodable {
  func write(to writer: inout BinaryWriter) {
    writer.write(first)
    writer.write(second)
  }

  init(from reader: inout BinaryReader) throws(SummaryDecodingError) {
    self.init(try reader.read(), try reader.read())
  }
}

extension InstanceFacts: BinaryCodable {
  func write(to writer: inout BinaryWriter) {
    writer.write(declarations)
    writer.write(links)
  }

  init(from reader: inout BinaryReader) throws(SummaryDecodingError) {
    self.init(declarations: try reader.read(), links: try reader.read())
  }
}

extension FileSummary {
  /// A digest of what the file says of container instances, for the builder to tell whether
  /// an edit may change which container answers what (SPEC 8.6):
  /// with `full`, its declarations and links and the instance of each registration and resolve
  /// (which changes which registrations answer where instances are told apart); without, the
  /// containers it makes (which may start telling them apart). 0 when there is none.
  public func instanceDigest(full: Bool) -> UInt64 {
    let made = instances.declarations.filter { $0.value == .made }.map(\.key)
    guard full else { return made.isEmpty ? 0 : StableHash.of(made.joined(separator: "\n")[...]) }
    var references: [(Int, InstanceReference)] = []
    var index = 0
    for registration in registrations {
      for reference in [registration.instance] + registration.needs.map(\.instance)
        + registration.propertyNeeds.map(\.instance)
      {
        if let reference { references.append((index, reference)) }
        index += 1
      }
    }
    for site in resolveSites {
      if let reference = site.instance { references.append((index, reference)) }
      index += 1
    }
    guard !instances.isEmpty || !references.isEmpty else { return 0 }
    let written = BinaryWriter.positionFree { writer in
      writer.write(instances)
      writer.writeArray(references) { writer, reference in
        writer.writeUnsigned(UInt64(reference.0))
        writer.write(reference.1)
      }
    }.written
    return StableHash.of(written[...])
  }
}
