import DpendModel

/// What the ``SymbolTable`` answers of a type beyond where it is declared: whether it is a
/// configuration or a known protocol, and its conformances.
extension SymbolTable {
  /// `true` when the class named `name` (resolved) conforms to `DependencyConfiguration`.
  func isConfiguration(named name: String) -> Bool {
    configurations.contains(name)
  }

  /// `true` when `name` (resolved) is a protocol of the sources or a key of a library.
  func isKnownProtocol(_ name: String) -> Bool {
    guard let number = names.number(of: name) else { return libraryKeyNames.contains(name) }
    return protocols[number] != nil || (types[number] == nil && libraryKeyNames.contains(name))
  }

  /// The inheritance of the type named `name` plus conformances its extensions add, resolved.
  /// The files whose extensions of `name` add conformances or initializers, in path order.
  func extensionFiles(of name: String) -> [String] {
    (extensionConformances[name] ?? []).map(\.file)
  }

  func conformances(of name: String, watch: NameWatch? = nil) -> [String] {
    var written = names.number(of: name).flatMap { types[$0] }?.value.inheritance ?? []
    for site in extensionConformances[name] ?? [] { written += site.value }
    return written.map { resolve($0, in: name, watch: watch) }
  }
}

/// The names one file's analysis looked up (their last components), so that an update of
/// the ``SymbolTable`` tells whether the analysis may be stale. Used by one thread.
final class NameWatch {
  var names: [Substring] = []
}
