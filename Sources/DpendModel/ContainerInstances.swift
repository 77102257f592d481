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

extension InstanceReference: BinaryCoded {
  public init() { self.init(candidates: []) }

  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&candidates)
    try coder.code(&isFactoryResolver)
  }
}

extension ContainerInstance: BinaryCoded {
  public init() { self.init(key: "", name: "", value: .unknown, parent: nil, range: SourceRange()) }

  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&key)
    try coder.code(&name)
    try coder.code(&value)
    try coder.code(&parent)
    try coder.code(&range)
  }
}

extension ContainerInstance.Value: BinaryCoded {
  public init() { self = .unknown }

  /// Tag 0 for `made`, 1 and the reference for `same`, 2 for `unknown`.
  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    var tag = 2
    var reference = InstanceReference()
    switch self {
    case .made: tag = 0
    case .same(let written): (tag, reference) = (1, written)
    case .unknown: break
    }
    try coder.codeTag(&tag, below: 3, "container value")
    if tag == 1 { try coder.code(&reference) }
    guard coder.isReading else { return }
    self = tag == 0 ? .made : tag == 1 ? .same(reference) : .unknown
  }
}

extension ContainerLink: BinaryCoded {
  public init() { self.init(InstanceReference(), InstanceReference()) }

  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&first)
    try coder.code(&second)
  }
}

extension InstanceFacts: BinaryCoded {
  public init() { self.init(declarations: []) }

  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&declarations)
    try coder.code(&links)
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
    let written = BinaryCoder.positionFree { coder throws(SummaryDecodingError) in
      var instances = self.instances
      try coder.code(&instances)
      try coder.codeArray(&references, blank: (0, InstanceReference())) {
        coder, reference throws(SummaryDecodingError) in
        var index = UInt64(reference.0)
        try coder.codeUnsigned(&index)
        try coder.code(&reference.1)
      }
    }
    return StableHash.of(written[...])
  }
}
