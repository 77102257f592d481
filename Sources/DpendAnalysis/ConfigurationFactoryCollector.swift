import DpendModel

/// Turns every `DependencyConfiguration` class into factories: its initializers provide
/// the class itself, each registration method provides its `DependencyRegistration<T>`.
struct ConfigurationFactoryCollector: AnalysisPass {
  func run(_ state: inout AnalysisState) {
    let symbols = state.symbols
    let library = state.settings.mode == .library
    let modules = library ? state.settings.moduleName.map { [$0] } ?? [] : []
    for type in symbols.orderedTypes where symbols.configurations.contains(type.name) && !type.isGeneric {
      if library && !type.access.isPublic { continue }
      state.configurations.append(type)
      let configuration = DependencyKey(name: type.name)
      for initializer in type.initializers where !library || initializer.access.isPublic {
        state.localFactories.append(
          Factory(
            key: configuration,
            kind: .initializer(
              type: type.name, parameters: FactoryParameters.resolve(initializer.parameters, in: type.name, symbols)),
            isThrowing: initializer.isThrowing, requiredModules: modules, range: initializer.range))
      }
      let methods = type.methods + (symbols.extensions[type.name] ?? []).flatMap(\.methods)
      for method in methods {
        guard let registration = method.registration else {
          state.diagnostics.append(Self.notARegistration(method, in: type.name))
          continue
        }
        state.diagnostics += method.problems
        if library && !method.access.isPublic { continue }
        let key = DependencyKey(
          name: symbols.resolve(registration.type.name, in: type.name),
          tag: registration.tag.map { symbols.resolve($0, in: type.name) })
        state.localFactories.append(
          Factory(
            key: key,
            kind: .configurationMethod(
              configuration: configuration, methodName: method.name,
              parameters: FactoryParameters.resolve(method.parameters, in: type.name, symbols)),
            scope: registration.scope, isThrowing: registration.isThrowing, requiredModules: modules,
            range: method.range))
      }
    }
  }

  static func notARegistration(_ method: MethodDeclaration, in configuration: String) -> Diagnostic {
    let message: String
    if method.returnType == "DependencyRegistration" || method.returnType == "DpendRuntime.DependencyRegistration" {
      message =
        "registration method '\(method.signature)' of '\(configuration)' must name the registered type: 'DependencyRegistration<T>'"
    } else {
      let found = method.returnType.map { "'\($0)'" } ?? "nothing"
      message =
        "method '\(method.signature)' of configuration '\(configuration)' returns \(found), not 'DependencyRegistration<T>'; make it private if it is a helper"
    }
    return Diagnostic(code: .invalidDeclaration, message: message, range: method.range)
  }
}
