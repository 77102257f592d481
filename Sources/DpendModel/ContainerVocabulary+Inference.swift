/// The app's own ways to its container, inferred from every file's ``VocabularyFacts``
/// (SPEC 8.1, 8.2): the helpers whose bodies reach a library's register or resolve, directly,
/// through a container value or through another helper, and the values typed as containers.
///
/// It is part of ``CollectionSettings``: a file that mentions one of its names is read with
/// it, so a change of the vocabulary reads those files again. Positions are left out, so
/// editing around a helper changes nothing here.
public struct ContainerVocabulary: Hashable, Sendable, Codable {
  /// A helper that reaches a container of `dialect`.
  public struct Helper: Hashable, Sendable, Codable {
    public var role: HelperDeclaration.Role
    public var name: String
    public var owner: String?
    public var isStatic: Bool
    public var keyPosition: Int?
    public var labels: [String?]
    public var nameLabel: String?
    public var isOptional: Bool
    public var scope: String?
    /// The library whose container it reaches.
    public var dialect: Dialect
    /// The runtime arguments it passes along.
    public var runtimeArguments = 0

    /// `true` when the helper is declared on a library's own container type
    /// (`extension Container { func register<S>(…) }`), whose calls look like the library's.
    public var extendsContainer: Bool { owner.map(ContainerVocabulary.isContainerType) ?? false }
  }

  /// Every helper reaching a container, ordered by name, then owner.
  public private(set) var helpers: [Helper] = []
  /// Every value typed as a container, by name (the first declaration's dialect).
  public private(set) var containerValues: [String: Dialect] = [:]
  /// Every closure parameter that receives a container, ordered by callee, label, position.
  public private(set) var slots: [ContainerSlot] = []
  /// The container libraries some file imports with `@_exported`, sorted: every file reads
  /// them as imported (the files of that module and those importing it; dpend does not tell
  /// modules apart here).
  public private(set) var exportedModules: [String] = []
  /// The typealiases naming a library's container type, by name (the first declaration's
  /// dialect): a file that writes one reads as importing that library (dpend does not tell
  /// modules apart here: the alias's module is not checked among the file's imports).
  public private(set) var containerAliases: [String: Dialect] = [:]

  public init() {}

  /// `true` when the app declares nothing dpend reads its container code through.
  public var isEmpty: Bool {
    helpers.isEmpty && containerValues.isEmpty && slots.isEmpty && exportedModules.isEmpty && containerAliases.isEmpty
  }

  /// The library types whose values are containers or resolvers, by dialect
  /// (``DialectTraits/containerTypes`` and ``DialectTraits/resolverTypes``).
  public static let containerTypes: [Dialect: Set<String>] = Dictionary(
    uniqueKeysWithValues: Dialect.allCases.compactMap { dialect in
      let types = dialect.traits.containerTypes.union(dialect.traits.resolverTypes)
      return types.isEmpty ? nil : (dialect, types)
    })

  /// Every dialect's ``containerTypes``, once each: few enough to compare one by one, which
  /// costs less than hashing the name (the collector asks for every parameter and property).
  private static let anyContainerType: [String] = Array(Set(containerTypes.values.joined())).sorted()

  /// `true` for a library's container type name (`Container`, `Swinject.Resolver`): one of
  /// the ``containerTypes`` of some dialect.
  public static func isContainerType(_ name: String) -> Bool {
    let last = name.lastIndex(of: ".").map { name[name.index(after: $0)...] } ?? name[...]
    return anyContainerType.contains { $0 == last }
  }

  /// The words a file with a library's container code spells (``DialectTraits/words``): what
  /// decides which files read anew when a library becomes visible everywhere
  /// (``exportedModules``).
  static let containerCallWords: Set<String> = Set(Dialect.allCases.flatMap(\.traits.words))

  /// The dialects helpers are read for: those whose calls a helper can forward to.
  static let helperDialects: [Dialect] = Dialect.allCases.filter(\.traits.readsHelpers)

  /// Infers the vocabulary from every file's facts: helpers reaching a library are found
  /// first, then, until none is added, helpers forwarding to a helper found already.
  public init(inferringFrom facts: [VocabularyFacts]) {
    exportedModules = Set(facts.flatMap(\.exportedImports)).sorted()
    for alias in facts.flatMap(\.containerAliases) where containerAliases[alias.name] == nil {
      containerAliases[alias.name] = alias.dialect
    }
    for file in facts {
      for value in file.containerValues where containerValues[value.name] == nil {
        containerValues[value.name] = value.dialect
      }
    }
    slots = Set(facts.flatMap { $0.slots.map(\.slot) }).sorted {
      ($0.callee, $0.label ?? "", $0.position, $0.dialect.rawValue) < (
        $1.callee, $1.label ?? "", $1.position, $1.dialect.rawValue
      )
    }
    let found = confirmations(of: facts.flatMap(\.helpers)).map { Self.helper($0.declaration, dialect: $0.dialect) }
    // Two declarations of one helper (copies in two files) differ in what else they say: the
    // whole value breaks the tie, so every run reads a call through the same one.
    helpers = Array(Set(found)).sorted {
      ($0.name, $0.owner ?? "", $0.role.rawValue, $0.labels.map { $0 ?? "_" }.joined(separator: ":"))
        < ($1.name, $1.owner ?? "", $1.role.rawValue, $1.labels.map { $0 ?? "_" }.joined(separator: ":"))
        || ($0.name, $0.owner ?? "", $0.role.rawValue, $0.labels.map { $0 ?? "_" }.joined(separator: ":"))
          == ($1.name, $1.owner ?? "", $1.role.rawValue, $1.labels.map { $0 ?? "_" }.joined(separator: ":"))
          && String(describing: $0) < String(describing: $1)
    }
  }

  /// The candidates whose forwarded calls reach a container, with its dialect: those
  /// reaching a library first, then, until none is added, those forwarding to one found.
  private func confirmations(of helpers: [HelperDeclaration]) -> [(declaration: HelperDeclaration, dialect: Dialect)] {
    var candidates = helpers
    var found: [String: [Helper]] = [:]
    var confirmed: [(declaration: HelperDeclaration, dialect: Dialect)] = []
    var added = true
    while added && !candidates.isEmpty {
      added = false
      candidates.removeAll { candidate in
        guard let dialect = reach(of: candidate, helpers: found) else { return false }
        found[candidate.name, default: []].append(Self.helper(candidate, dialect: dialect))
        confirmed.append((candidate, dialect))
        added = true
        return true
      }
    }
    return confirmed
  }

  /// A note at each helper and inject wrapper the facts declare that reaches a container,
  /// saying how its calls are read (`dpend analyze --verbose`), in path order.
  public static func notes(_ facts: [VocabularyFacts]) -> [Diagnostic] {
    var vocabulary = ContainerVocabulary()
    for file in facts {
      for value in file.containerValues where vocabulary.containerValues[value.name] == nil {
        vocabulary.containerValues[value.name] = value.dialect
      }
    }
    let helperNotes = vocabulary.confirmations(of: facts.flatMap(\.helpers)).map { declaration, dialect in
      let owner = declaration.owner.map { "'\($0)'" }
      let signature = declaration.name + "(" + declaration.labels.map { ($0 ?? "_") + ":" }.joined() + ")"
      let message: String
      switch declaration.role {
      case .register:
        message =
          "inferred register helper '\(signature)'\(owner.map { " of \($0)" } ?? ""): its calls are read as \(dialect.displayName) registrations"
      case .resolve:
        let required = declaration.isOptional ? "optional" : "required"
        message =
          "inferred resolve helper '\(signature)'\(owner.map { " of \($0)" } ?? ""): its calls are read as \(required) \(dialect.displayName) resolves"
      case .wrapper:
        message =
          "inferred inject wrapper '@\(declaration.name)': its properties are read as \(dialect.displayName) resolves of their type"
      }
      return Diagnostic(code: .inferredHelper, message: message, range: declaration.range)
    }
    return (helperNotes + aliasNotes(facts)).sorted(by: Diagnostic.reportingOrder)
  }

  /// A note at each typealias naming a library's container type, the first of each name.
  private static func aliasNotes(_ facts: [VocabularyFacts]) -> [Diagnostic] {
    var seen: Set<String> = []
    return facts.flatMap(\.containerAliases).filter { seen.insert($0.name).inserted }.map { alias in
      Diagnostic(
        code: .inferredHelper,
        message:
          "inferred container alias '\(alias.name)': it names \(alias.dialect.displayName)'s container, so the files writing it are read as \(alias.dialect.displayName) container code",
        range: alias.range)
    }
  }

  private static func helper(_ declaration: HelperDeclaration, dialect: Dialect) -> Helper {
    Helper(
      role: declaration.role, name: declaration.name, owner: declaration.owner, isStatic: declaration.isStatic,
      keyPosition: declaration.keyPosition, labels: declaration.labels, nameLabel: declaration.nameLabel,
      isOptional: declaration.isOptional, scope: declaration.scope, dialect: dialect,
      runtimeArguments: declaration.runtimeArguments)
  }

  /// The dialect a candidate's forwarded calls reach, if any does.
  private func reach(of candidate: HelperDeclaration, helpers found: [String: [Helper]]) -> Dialect? {
    for forward in candidate.forwards {
      let registers = candidate.role == .register
      // Another helper of the same role.
      if let helper = found[forward.name]?.first(where: { ($0.role == .register) == registers }) {
        return helper.dialect
      }
      // Swinject's `_register(_:factory:name:option:)` is public for such extensions.
      let libraryNames: Set<String> = registers ? ["register", "autoregister", "_register"] : ["resolve"]
      guard libraryNames.contains(forward.name) else { continue }
      // A container value as the receiver, else the declaring file's imports.
      let receiverNames = forward.receiver.split(separator: ".").map(String.init)
      if let value = receiverNames.lazy.compactMap({ self.containerValues[$0] }).first,
        Self.helperDialects.contains(value)
      {
        return value
      }
      let dialects = candidate.fileDialects.filter(Self.helperDialects.contains)
      // A dialect whose resolves say their type only this way.
      let written: DialectTraits.ResolveTypeArgument = forward.passesType ? .metatype : .context
      if let only = dialects.first(where: { $0.traits.resolveType == written }) { return only }
      if let first = dialects.first { return first }
    }
    return nil
  }

  /// The words whose reading differs between `self` and `other`: names of helpers and
  /// container values one of them has and the other has not, or has otherwise. A file that
  /// mentions none of them reads alike under both.
  public func wordsChanged(to other: ContainerVocabulary) -> [String] {
    var words: Set<String> = []
    let mine = Dictionary(grouping: helpers, by: \.name)
    let theirs = Dictionary(grouping: other.helpers, by: \.name)
    for name in Set(mine.keys).union(theirs.keys) where mine[name] != theirs[name] { words.insert(name) }
    for name in Set(containerValues.keys).union(other.containerValues.keys)
    where containerValues[name] != other.containerValues[name] {
      words.insert(name)
    }
    for name in Set(containerAliases.keys).union(other.containerAliases.keys)
    where containerAliases[name] != other.containerAliases[name] {
      words.insert(name)
    }
    // A library exported or no longer: every file that may call it reads anew.
    if exportedModules != other.exportedModules { words.formUnion(Self.containerCallWords) }
    let mySlots = Dictionary(grouping: slots, by: \.callee)
    let theirSlots = Dictionary(grouping: other.slots, by: \.callee)
    for callee in Set(mySlots.keys).union(theirSlots.keys) where mySlots[callee] != theirSlots[callee] {
      words.insert(callee)
    }
    return words.sorted()
  }

  /// A stable text of the whole vocabulary, for the identity of caches written with it.
  public var identity: String {
    let helperTexts = helpers.map { helper in
      [
        helper.role.rawValue, helper.name, helper.owner ?? "", helper.isStatic ? "static" : "",
        helper.keyPosition.map(String.init) ?? "", helper.labels.map { $0 ?? "_" }.joined(separator: ":"),
        helper.nameLabel ?? "", helper.isOptional ? "optional" : "", helper.scope ?? "", helper.dialect.rawValue,
        String(helper.runtimeArguments),
      ].joined(separator: " ")
    }
    let values = containerValues.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.rawValue)" }
    let slotTexts = slots.map { "slot \($0.callee) \($0.label ?? "_") \($0.position) \($0.dialect.rawValue)" }
    let exported = exportedModules.map { "exported \($0)" }
    let aliases = containerAliases.sorted { $0.key < $1.key }.map { "alias \($0.key) \($0.value.rawValue)" }
    return (helperTexts + values + slotTexts + exported + aliases).joined(separator: ";")
  }
}

extension Dialect {
  /// The library's name as its users write it: `Dip`, `Swinject`.
  public var displayName: String { traits.displayName }
}
