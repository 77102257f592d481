import DpendModel

/// The part of a file's summary that other files' factories depend on: declared names and
/// kinds, access, generics, inheritance, typealiases and the conformances extensions add.
///
/// While a file's interface stays the same, an edit can change only that file's own
/// factories, so ``GraphBuilder`` re-collects that one file instead of the workspace.
struct FileInterface: Hashable, Sendable {
  struct TypeEntry: Hashable, Sendable {
    var name: String
    var kind: TypeKind
    var access: AccessLevel
    var isGeneric: Bool
    /// The inheritance clause's names, unresolved.
    var inheritance: [String]
  }

  /// What the symbol table keeps of a type: a ``TypeEntry`` without the name it is filed
  /// under (a table of every type of a large workspace holds it once per type).
  struct TypeFacts: Hashable, Sendable {
    /// The inheritance clause's names, unresolved. First, so that the small fields after it
    /// leave room for a file's number in a ``NumberedSite`` of 16 bytes.
    var inheritance: [String]
    var kind: TypeKind
    var access: AccessLevel
    var isGeneric: Bool

    init(_ entry: TypeEntry) {
      kind = entry.kind
      access = entry.access
      isGeneric = entry.isGeneric
      inheritance = entry.inheritance
    }
  }

  struct ProtocolEntry: Hashable, Sendable {
    var name: String
    var access: AccessLevel
  }

  struct ExtensionEntry: Hashable, Sendable {
    var extendedType: String
    var inheritance: [String]
    /// The digest of the initializers and static members' types it adds, 0 for none: another
    /// file's container code matches calls against them and types factories' values by them
    /// (``SymbolTable/extensionFiles(of:)``).
    var initializers: UInt64 = 0
  }

  var types: [TypeEntry]
  var protocols: [ProtocolEntry]
  var typealiases: [TypealiasEntry]
  var extensions: [ExtensionEntry]
  /// The written types of its globals (``FileSummary/globalTypes``), by name in name order:
  /// another file's factory returning one registers that type.
  var globals: [GlobalEntry] = []

  struct GlobalEntry: Hashable, Sendable {
    var name: String
    var type: String
  }

  struct TypealiasEntry: Hashable, Sendable {
    var name: String
    var target: String
    var lookupScope: String
  }

  init(types: [TypeEntry], protocols: [ProtocolEntry], typealiases: [TypealiasEntry], extensions: [ExtensionEntry]) {
    self.types = types
    self.protocols = protocols
    self.typealiases = typealiases
    self.extensions = extensions
  }

  init(_ summary: FileSummary) {
    types = summary.types.map {
      TypeEntry(
        name: $0.name, kind: $0.kind, access: $0.access, isGeneric: $0.isGeneric,
        inheritance: $0.inheritance.map(\.name))
    }
    protocols = summary.protocols.map { ProtocolEntry(name: $0.name, access: $0.access) }
    typealiases = summary.typealiases.map {
      TypealiasEntry(name: $0.name, target: $0.target, lookupScope: $0.lookupScope)
    }
    extensions = summary.extensions.map {
      ExtensionEntry(
        extendedType: $0.extendedType, inheritance: $0.inheritance.map(\.name),
        initializers: Self.membersDigest($0))
    }
    globals = summary.globalTypes.entries.map { GlobalEntry(name: $0.name, type: $0.type) }
  }

  /// The digest of what an extension adds that container code reads of another file: its
  /// initializers and its static members' types; 0 for none.
  private static func membersDigest(_ declaration: ExtensionDeclaration) -> UInt64 {
    guard !declaration.initializers.isEmpty || !declaration.staticTypes.isEmpty else { return 0 }
    var members = declaration
    (members.extendedType, members.inheritance, members.methods) = ("", [], [])
    (members.range, members.conditions, members.closingBrace) = (SourceRange(), [], nil)
    return StableHash.of(BinaryCoder.encoded(members)[...])
  }

  /// The interface of a file that declares nothing.
  static let empty = FileInterface(FileSummary(path: ""))

  /// `true` when the file declares nothing another file could refer to.
  var isEmpty: Bool {
    types.isEmpty && protocols.isEmpty && typealiases.isEmpty && extensions.isEmpty && globals.isEmpty
  }
}

extension FileInterface: BinaryCoded {
  init() { self.init(types: [], protocols: [], typealiases: [], extensions: []) }

  mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&types)
    try coder.code(&protocols)
    try coder.code(&typealiases)
    try coder.code(&extensions)
    try coder.code(&globals)
  }
}

extension FileInterface.GlobalEntry: BinaryCoded {
  init() { self.init(name: "", type: "") }

  mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&name)
    try coder.code(&type)
  }
}

extension FileInterface.TypeEntry: BinaryCoded {
  init() { self.init(name: "", kind: .class, access: .internal, isGeneric: false, inheritance: []) }

  mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&name)
    try coder.code(&kind)
    try coder.code(&access)
    try coder.code(&isGeneric)
    try coder.code(&inheritance)
  }
}

extension FileInterface.TypeFacts: BinaryCoded {
  init() { self.init(FileInterface.TypeEntry()) }

  mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&inheritance)
    try coder.code(&kind)
    try coder.code(&access)
    try coder.code(&isGeneric)
  }
}

extension FileInterface.ProtocolEntry: BinaryCoded {
  init() { self.init(name: "", access: .internal) }

  mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&name)
    try coder.code(&access)
  }
}

extension FileInterface.ExtensionEntry: BinaryCoded {
  init() { self.init(extendedType: "", inheritance: []) }

  mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&extendedType)
    try coder.code(&inheritance)
    try coder.code(&initializers)
  }
}

extension FileInterface.TypealiasEntry: BinaryCoded {
  init() { self.init(name: "", target: "", lookupScope: "") }

  mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&name)
    try coder.code(&target)
    try coder.code(&lookupScope)
  }
}
