import DpendModel

/// Turns every type selected by the implicit filter into factories: one per
/// (initializer × provided key).
struct ImplicitFactoryCollector: AnalysisPass {
  func run(_ state: inout AnalysisState) {
    let symbols = state.symbols
    let library = state.settings.mode == .library
    for type in symbols.orderedTypes {
      guard type.kind != .enum, !type.isGeneric, !symbols.configurations.contains(type.name),
        state.settings.implicitFilter.selects(type.name)
      else { continue }
      if library && !type.access.isPublic { continue }
      let keys = providedKeys(of: type, symbols: symbols, library: library)
      for initializer in type.initializers where !library || initializer.access.isPublic {
        let parameters = FactoryParameters.resolve(initializer.parameters, in: type.name, symbols)
        for key in keys {
          state.localFactories.append(
            Factory(
              key: key, kind: .initializer(type: type.name, parameters: parameters),
              isThrowing: initializer.isThrowing, requiredModules: requiredModules(state),
              range: initializer.range))
        }
      }
    }
  }

  /// Protocols of the sources or libraries that `type` conforms to; its own name if none.
  private func providedKeys(of type: TypeDeclaration, symbols: SymbolTable, library: Bool) -> [DependencyKey] {
    var names: [String] = []
    for (name, _) in symbols.conformances(of: type) where symbols.isKnownProtocol(name) && !names.contains(name) {
      if library, let declaration = symbols.protocols[name], !declaration.access.isPublic { continue }
      names.append(name)
    }
    if names.isEmpty { names = [type.name] }
    return names.map { DependencyKey(name: $0) }
  }

  private func requiredModules(_ state: AnalysisState) -> [String] {
    guard state.settings.mode == .library, let module = state.settings.moduleName else { return [] }
    return [module]
  }
}

/// Resolves declared parameters into factory parameters.
enum FactoryParameters {
  /// Parameters that are dependencies (no default value), with keys resolved in `scope`.
  static func resolve(_ parameters: [Parameter], in scope: String, _ symbols: SymbolTable) -> [FactoryParameter] {
    parameters.filter { !$0.hasDefault }.map { parameter in
      FactoryParameter(
        label: parameter.label,
        dependency: DependencyKey(
          name: symbols.resolve(parameter.type.name, in: scope),
          tag: parameter.type.tag.map { symbols.resolve($0, in: scope) }),
        isOptional: parameter.type.isOptional, range: parameter.type.range)
    }
  }
}
