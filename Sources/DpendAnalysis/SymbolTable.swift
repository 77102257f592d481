import DpendModel

/// Every declaration of the analysed sources by qualified name, and name resolution:
/// nested names (`Inner` inside `Outer` is `Outer.Inner`) and typealiases.
///
/// Built from the files' interfaces only (see ``FileInterface``), so it stays valid while
/// edits leave every interface unchanged.
struct SymbolTable: Sendable {
  /// What the table knows of a declared type: its interface and the file declaring it.
  struct TypeSymbol: Sendable {
    var entry: FileInterface.TypeEntry
    var file: String
  }

  private(set) var types: [String: TypeSymbol] = [:]
  private(set) var protocols: [String: AccessLevel] = [:]
  private(set) var aliases: [String: FileInterface.TypealiasEntry] = [:]
  /// Every declared name, `true` when a typealias has it: one lookup tells a name exists.
  private var declared: [String: Bool] = [:]
  /// For each enclosing scope, the first components of the names declared directly inside
  /// it: `Outer.Inner.Leaf` puts `Inner` in `Outer` and `Leaf` in `Outer.Inner`. Lets a
  /// lookup skip scopes that cannot hold the name; the top level is always looked at.
  private var members: [String: Set<Substring>] = [:]
  /// Inheritance names added by extensions, keyed by the resolved name of the extended type.
  private(set) var extensionConformances: [String: [String]] = [:]
  /// Names that libraries use as keys: they count as known protocols.
  let libraryKeyNames: Set<String>
  /// Names of the classes that conform to `DependencyConfiguration`.
  private(set) var configurations: Set<String> = []

  /// Indexes `files`, which must be in stable (path) order: the first declaration of a
  /// name wins.
  init(files: [(path: String, interface: FileInterface)], libraryFactories: [Factory]) {
    var names = Set<String>()
    for factory in libraryFactories {
      names.insert(factory.key.name)
      for key in factory.dependencies { names.insert(key.name) }
    }
    libraryKeyNames = names
    for (path, interface) in files {
      for type in interface.types where types[type.name] == nil {
        types[type.name] = TypeSymbol(entry: type, file: path)
      }
      for declaration in interface.protocols where protocols[declaration.name] == nil {
        protocols[declaration.name] = declaration.access
      }
      for alias in interface.typealiases where aliases[alias.name] == nil { aliases[alias.name] = alias }
    }
    for name in types.keys { addDeclared(name, isAlias: false) }
    for name in protocols.keys { addDeclared(name, isAlias: false) }
    for name in aliases.keys { addDeclared(name, isAlias: true) }
    for (_, interface) in files {
      for declaration in interface.extensions {
        extensionConformances[resolve(declaration.extendedType, in: ""), default: []] += declaration.inheritance
      }
    }
    // Only a class naming the marker, or something a typealias or nested declaration could
    // turn into it, can be a configuration: resolve just those classes' conformances.
    let aliasNames = Set(aliases.keys.map(Self.lastComponent))
    func mayBeMarker(_ reference: String) -> Bool {
      let last = Self.lastComponent(reference)
      return last == "DependencyConfiguration" || aliasNames.contains(last)
    }
    for (name, type) in types where type.entry.kind == .class {
      guard
        type.entry.inheritance.contains(where: mayBeMarker)
          || extensionConformances[name]?.contains(where: mayBeMarker) == true
      else { continue }
      if conformances(of: name).contains(where: { Self.configurationMarkers.contains($0) }) {
        configurations.insert(name)
      }
    }
  }

  /// Names are split at this byte; searching bytes, not characters, skips grapheme rules.
  private static let dot = UInt8(ascii: ".")

  /// `Leaf` of `Outer.Inner.Leaf`.
  private static func lastComponent(_ name: String) -> Substring {
    name.utf8.lastIndex(of: Self.dot).map { name[name.utf8.index(after: $0)...] } ?? name[...]
  }

  private mutating func addDeclared(_ name: String, isAlias: Bool) {
    declared[name] = isAlias || declared[name] == true
    var scope = Substring(name)
    while let index = scope.utf8.lastIndex(of: Self.dot) {
      members[String(scope[..<index]), default: []].insert(scope[scope.utf8.index(after: index)...])
      scope = scope[..<index]
    }
  }

  /// The protocol that makes a class a configuration, as it may be written.
  static let configurationMarkers: Set<String> = ["DependencyConfiguration", "DpendRuntime.DependencyConfiguration"]

  /// The declared name `name` refers to when written inside `scope` (a qualified type
  /// name, `""` at top level): the innermost nested declaration wins, typealiases are
  /// followed. Names that are not plain (`[T]`, `A<B>`, `() -> T`) come back unchanged.
  ///
  /// Not memoized: scopes are nearly all distinct (one per type), so a cache would mostly
  /// cost its own allocations; a lookup skips the scopes that do not declare the name.
  func resolve(_ name: String, in scope: String) -> String {
    var current = name
    var currentScope = scope
    for _ in 0..<16 {
      guard Self.isPlainName(current), let (found, isAlias) = lookUp(current, in: currentScope) else {
        return current
      }
      guard isAlias, let alias = aliases[found] else { return found }
      current = alias.target
      currentScope = alias.lookupScope
    }
    return current
  }

  /// The declared qualified name for `name` seen from `scope`, or `nil`.
  private func lookUp(_ name: String, in scope: String) -> (name: String, isAlias: Bool)? {
    let first = name.utf8.firstIndex(of: Self.dot).map { name[..<$0] } ?? Substring(name)
    var prefix = Substring(scope)
    while true {
      if prefix.isEmpty || members[String(prefix)]?.contains(first) == true {
        let candidate = prefix.isEmpty ? name : "\(prefix).\(name)"
        if let isAlias = declared[candidate] { return (candidate, isAlias) }
      }
      guard !prefix.isEmpty else { return nil }
      prefix = prefix.utf8.lastIndex(of: Self.dot).map { prefix[..<$0] } ?? ""
    }
  }

  /// `true` for identifiers joined by dots.
  static func isPlainName(_ name: String) -> Bool {
    guard !name.isEmpty else { return false }
    for byte in name.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."):
        continue
      case 0x80...:
        // Non-ASCII: decide by Unicode properties (identifiers may use any letter).
        return name.unicodeScalars.allSatisfy {
          $0 == "." || $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0)
        }
      default:
        return false
      }
    }
    return true
  }

  /// `true` when `name` (resolved) is a protocol of the sources or a key of a library.
  func isKnownProtocol(_ name: String) -> Bool {
    protocols[name] != nil || (types[name] == nil && libraryKeyNames.contains(name))
  }

  /// The inheritance of the type named `name` plus conformances its extensions add, resolved.
  func conformances(of name: String) -> [String] {
    let written = (types[name]?.entry.inheritance ?? []) + (extensionConformances[name] ?? [])
    return written.map { resolve($0, in: name) }
  }
}
