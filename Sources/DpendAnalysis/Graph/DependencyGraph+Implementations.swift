import DpendModel

extension DependencyGraph {
  /// The types of the analysed sources a quick fix may construct for `type`: the type itself
  /// when the sources declare it as a class, struct or actor; else every such type whose
  /// inheritance clause, or an extension's, names `type` (as written, or by its last
  /// component). Generic types are left out: their arguments are not known. In path order,
  /// then position.
  public func implementations(of type: String) -> [TypeDeclaration] {
    let shelf = files.summaries
    let paths = shelf.stored.keys.sorted()
    let declarations = paths.compactMap { shelf.declarations(of: $0) }
    let concrete = declarations.flatMap(\.types).filter { $0.kind != .enum && !$0.isGeneric }
    if let itself = concrete.first(where: { $0.name == type }) { return [itself] }
    let last = type.split(separator: ".").last.map(String.init) ?? type
    func names(_ written: String) -> Bool { written == type || written == last }
    var extended: Set<String> = []
    for declared in declarations {
      for (name, conformances) in declared.extensionConformances where conformances.contains(where: names) {
        extended.insert(name)
      }
    }
    return concrete.filter { declaration in
      declaration.inheritance.contains { names($0.name) } || extended.contains(declaration.name)
    }
  }
}

extension DependencyGraph {
  /// Where the analysed sources declare the type or protocol named `type` (qualified, as
  /// keys are), in path order; empty for a type they do not declare (a library's).
  public func declarations(ofType type: String) -> [SourceRange] {
    let shelf = files.summaries
    return shelf.stored.keys.sorted().flatMap { path -> [SourceRange] in
      guard let declared = shelf.declarations(of: path) else { return [] }
      return declared.types.filter { $0.name == type }.map(\.range)
        + declared.protocols.filter { $0.name == type }.map(\.range)
    }
  }
}
