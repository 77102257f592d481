import DpendModel

/// Name resolution in the ``SymbolTable``: from a scope outwards, through typealiases and
/// the analysed module's own name.
extension SymbolTable {
  /// The declared name `name` refers to when written inside `scope` (a qualified type
  /// name, `""` at top level): the innermost nested declaration wins, typealiases are
  /// followed, and a name qualified by the analysed module loses the module's name. Names
  /// that are not plain (`[T]`, `A<B>`, `() -> T`) come back unchanged. Every name looked
  /// up on the way goes into `watch`.
  ///
  /// Not memoized: scopes are nearly all distinct (one per type), so a cache would mostly
  /// cost its own allocations; a lookup skips the scopes that do not declare the name.
  func resolve(_ name: String, in scope: String, watch: NameWatch? = nil) -> String {
    let (resolved, isPlain) = resolvePlain(name, in: scope, watch: watch)
    // `A & B`, through typealiases too, is one key whatever the order (SPEC 10).
    guard !isPlain, let parts = Self.compositionParts(resolved) else { return resolved }
    var names: Set<String> = []
    for part in parts {
      let found = resolvePlain(part, in: scope, watch: watch)
      names.formUnion((found.isPlain ? nil : Self.compositionParts(found.name)) ?? [found.name])
    }
    return names.sorted().joined(separator: "&")
  }

  /// The parts of a composition `A&B&C` written at the top level of `name` (not inside
  /// `<…>`, `(…)` or `[…]`); `nil` for a name that is not one.
  static func compositionParts(_ written: String) -> [String]? {
    guard written.utf8.contains(UInt8(ascii: "&")) else { return nil }
    var name = Substring(written)
    // `(A & B)`, as `(A & B).self` writes it.
    while name.hasPrefix("("), name.hasSuffix(")"), isBalanced(name.dropFirst().dropLast()) {
      name = name.dropFirst().dropLast()
    }
    var parts: [String] = []
    var depth = 0
    var start = name.startIndex
    for index in name.indices {
      switch name[index] {
      case "<", "(", "[": depth += 1
      case ">", ")", "]": depth -= 1
      case "&" where depth == 0:
        parts.append(String(name[start..<index]))
        start = name.index(after: index)
      default: break
      }
    }
    guard !parts.isEmpty else { return nil }
    parts.append(String(name[start...]))
    return parts.allSatisfy { !$0.isEmpty } ? parts : nil
  }

  /// `true` when every bracket of `text` closes inside it.
  private static func isBalanced(_ text: Substring) -> Bool {
    var depth = 0
    for character in text {
      switch character {
      case "<", "(", "[": depth += 1
      case ">", ")", "]":
        depth -= 1
        if depth < 0 { return false }
      default: break
      }
    }
    return depth == 0
  }

  /// The modules of the container libraries: `Swinject.Resolver` names the library's
  /// `Resolver` when no type of the sources is called `Swinject`.
  static let libraryModules = Dialect.libraryModules

  /// What ``resolve(_:in:watch:)`` answers for a name that is no composition, and whether
  /// it is a plain name (then it is none: only a name that is not plain is looked at for `&`).
  private func resolvePlain(_ name: String, in scope: String, watch: NameWatch?) -> (name: String, isPlain: Bool) {
    var current = name
    var currentScope = scope
    for _ in 0..<16 {
      guard Self.isPlainName(current) else { return (current, false) }
      watch?.names.append(Self.lastComponent(current))
      guard let (found, number) = lookUp(current, in: currentScope) else {
        // `App.Store` in module `App`, when no type `App` declares a `Store`: the module's own
        // `Store`, looked up from the top level.
        // Bytes, not characters: a name that no type declares is mostly a library's, searched often.
        let dot = current.utf8.firstIndex(of: Self.dot)
        if let dot, Self.libraryModules.contains(String(current[..<dot])) {
          current = String(current[current.utf8.index(after: dot)...])
          currentScope = ""
          continue
        }
        guard let moduleName, current.utf8.count > moduleName.utf8.count + 1, current.hasPrefix(moduleName + ".")
        else {
          // `Billing.APIClient` where no type is called `Billing`: a module's name, and the
          // rest the one type the sources declare of that name; two modules' `APIClient`s
          // stay two keys (SPEC 10).
          if let dot, lookUp(String(current[..<dot]), in: "") == nil {
            let rest = String(current[current.utf8.index(after: dot)...])
            // A typealias of that name may be the module's own type (`typealias Provider =
            // Moonpay.Provider`): only a declared type or protocol is the one.
            if let (found, number) = lookUp(rest, in: ""), alias(number) == nil, !types.isDeclaredTwice(number),
              !protocols.isDeclaredTwice(number)
            {
              return (found, true)
            }
          }
          return (current, true)
        }
        current = String(current.dropFirst(moduleName.count + 1))
        currentScope = ""
        continue
      }
      guard let alias = alias(number) else { return (found, true) }
      current = alias.target
      currentScope = alias.lookupScope
    }
    return (current, Self.isPlainName(current))
  }

  /// The declared qualified name for `name` seen from `scope`, with its number, or `nil`.
  private func lookUp(_ name: String, in scope: String) -> (name: String, number: Int32)? {
    let firstEnd = name.utf8.firstIndex(of: Self.dot)
    // The number of the name's first component: no scope holds a component without one.
    let component = names.number(of: firstEnd.map { name[..<$0] } ?? Substring(name))
    if let component, !scope.isEmpty, !members.isEmpty {
      var prefix = Substring(scope)
      while !prefix.isEmpty {
        if let enclosing = names.number(of: prefix), members[enclosing]?.contains(component) == true {
          let candidate = "\(prefix).\(name)"
          if let number = names.number(of: candidate), isDeclared(number) { return (candidate, number) }
        }
        prefix = prefix.utf8.lastIndex(of: Self.dot).map { prefix[..<$0] } ?? ""
      }
    }
    // A plain name is its own first component: looked up once.
    guard let number = firstEnd == nil ? component : names.number(of: name), isDeclared(number) else { return nil }
    return (name, number)
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
}
