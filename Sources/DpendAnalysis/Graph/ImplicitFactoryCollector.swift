import DpendModel

extension FileAnalysis.Collector {
  /// Turns a type selected by the implicit filter into factories: one per
  /// (initializer × provided key).
  func implicit(_ type: TypeDeclaration, _ result: inout FileAnalysis) {
    guard type.kind != .enum, !type.isGeneric, settings.implicitFilter.selects(type.name) else { return }
    if library && !type.access.isPublic { return }
    let keys = providedKeys(of: type)
    for initializer in type.initializers where !library || initializer.access.isPublic {
      let parameters = resolve(initializer.parameters, in: type.name)
      for key in keys {
        result.factories.append(
          Factory(
            key: key, kind: .initializer(type: type.name, parameters: parameters),
            isThrowing: initializer.isThrowing, requiredModules: requiredModules, range: initializer.range))
      }
    }
  }

  /// Protocols of the sources or libraries that `type` conforms to; its own name if none.
  private func providedKeys(of type: TypeDeclaration) -> [DependencyKey] {
    var names: [String] = []
    for name in symbols.conformances(of: type.name, watch: watch)
    where symbols.isKnownProtocol(name) && !names.contains(name) {
      if library, let access = symbols.protocolDeclaration(named: name)?.value, !access.isPublic { continue }
      names.append(name)
    }
    if names.isEmpty { names = [type.name] }
    return names.map { DependencyKey(name: $0) }
  }
}
