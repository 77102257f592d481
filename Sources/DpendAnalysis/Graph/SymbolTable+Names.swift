/// How the symbol table spells the names it reports: last components, declaration watches,
/// the configuration marker.
extension SymbolTable {
  /// Names are split at this byte; searching bytes, not characters, skips grapheme rules.
  static let dot = UInt8(ascii: ".")

  /// What a file's analysis watches for a type it declares (`name`, whole): its own
  /// analysis of the type depends on the declarations of exactly that name (the first in
  /// path order is the type), the conformances its extensions add and whether it is a
  /// configuration, not on types sharing its last component (`State` nested in every
  /// class). `=` cannot begin a name, so it is never a last component.
  static func declarationWatch(of name: String) -> Substring { "=\(name)"[...] }

  /// `Leaf` of `Outer.Inner.Leaf`.
  static func lastComponent(_ name: String) -> Substring {
    name.utf8.lastIndex(of: Self.dot).map { name[name.utf8.index(after: $0)...] } ?? name[...]
  }

  /// The protocol that makes a class a configuration, as it may be written.
  static let configurationMarkers: Set<String> = ["DependencyConfiguration", "DpendRuntime.DependencyConfiguration"]
}
