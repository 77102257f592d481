import DpendModel

/// Every declaration of the analysed sources by qualified name, and name resolution:
/// nested names (`Inner` inside `Outer` is `Outer.Inner`) and typealiases.
struct SymbolTable {
  private(set) var types: [String: TypeDeclaration] = [:]
  private(set) var protocols: [String: ProtocolDeclaration] = [:]
  private(set) var aliases: [String: TypealiasDeclaration] = [:]
  /// Extensions keyed by the resolved name of the type they extend.
  private(set) var extensions: [String: [ExtensionDeclaration]] = [:]
  /// Names that libraries use as keys: they count as known protocols.
  let libraryKeyNames: Set<String>
  /// The types of `types`, in stable order: by file path, then position.
  private(set) var orderedTypes: [TypeDeclaration] = []
  /// The position of each file in path order, for cheap stable sorting.
  private(set) var fileOrder: [String: Int] = [:]
  /// Names of the classes that conform to `DependencyConfiguration`.
  private(set) var configurations: Set<String> = []
  /// Resolutions already made during this build.
  private let resolved = ResolutionCache()

  /// Indexes `summaries`, which must be in stable (path) order: the first declaration of
  /// a name wins.
  init(summaries: [FileSummary], libraryFactories: [Factory]) {
    var names = Set<String>()
    for factory in libraryFactories {
      names.insert(factory.key.name)
      for key in factory.dependencies { names.insert(key.name) }
    }
    libraryKeyNames = names
    for (index, summary) in summaries.enumerated() {
      fileOrder[summary.path] = index
      for type in summary.types where types[type.name] == nil {
        types[type.name] = type
        orderedTypes.append(type)
      }
      for declaration in summary.protocols where protocols[declaration.name] == nil {
        protocols[declaration.name] = declaration
      }
      for alias in summary.typealiases where aliases[alias.name] == nil { aliases[alias.name] = alias }
    }
    for summary in summaries {
      for declaration in summary.extensions {
        extensions[resolve(declaration.extendedType, in: ""), default: []].append(declaration)
      }
    }
    for type in orderedTypes where type.kind == .class {
      if conformances(of: type).contains(where: { Self.configurationMarkers.contains($0.name) }) {
        configurations.insert(type.name)
      }
    }
  }

  /// The protocol that makes a class a configuration, as it may be written.
  static let configurationMarkers: Set<String> = ["DependencyConfiguration", "DpendRuntime.DependencyConfiguration"]

  /// The declared name `name` refers to when written inside `scope` (a qualified type
  /// name, `""` at top level): the innermost nested declaration wins, typealiases are
  /// followed. Names that are not plain (`[T]`, `A<B>`, `() -> T`) come back unchanged.
  func resolve(_ name: String, in scope: String) -> String {
    if let known = resolved.names[scope]?[name] { return known }
    let result = resolveUncached(name, in: scope)
    resolved.names[scope, default: [:]][name] = result
    return result
  }

  private func resolveUncached(_ name: String, in scope: String) -> String {
    var current = name
    var currentScope = scope
    for _ in 0..<16 {
      guard Self.isPlainName(current), let found = lookUp(current, in: currentScope) else { return current }
      guard let alias = aliases[found] else { return found }
      current = alias.target
      currentScope = alias.lookupScope
    }
    return current
  }

  /// The declared qualified name for `name` seen from `scope`, or `nil`.
  private func lookUp(_ name: String, in scope: String) -> String? {
    var prefix = scope
    while true {
      let candidate = prefix.isEmpty ? name : "\(prefix).\(name)"
      if types[candidate] != nil || protocols[candidate] != nil || aliases[candidate] != nil {
        return candidate
      }
      guard !prefix.isEmpty else { return nil }
      if let dot = prefix.lastIndex(of: ".") {
        prefix = String(prefix[..<dot])
      } else {
        prefix = ""
      }
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

  /// The inheritance of `type` plus conformances its extensions add, resolved.
  func conformances(of type: TypeDeclaration) -> [(name: String, range: SourceRange)] {
    var result: [(String, SourceRange)] = []
    for reference in type.inheritance {
      result.append((resolve(reference.name, in: type.name), reference.range))
    }
    for declaration in extensions[type.name] ?? [] {
      for reference in declaration.inheritance {
        result.append((resolve(reference.name, in: type.name), reference.range))
      }
    }
    return result
  }
}

/// Memoized name resolutions of one graph build, by scope then name. A class so that the
/// (otherwise immutable) symbol table can fill it while resolving; a build runs on one thread.
final class ResolutionCache {
  var names: [String: [String: String]] = [:]
}
