import DpendModel

extension FileAnalysis.Collector {
  /// Turns a `DependencyConfiguration` class into factories: its initializers provide the
  /// class itself, each registration method provides its `DependencyRegistration<T>`.
  func configuration(_ type: TypeDeclaration, _ result: inout FileAnalysis) {
    guard !type.isGeneric, !library || type.access.isPublic else { return }
    result.configurations.append(type.outline)
    for initializer in type.initializers where !library || initializer.access.isPublic {
      result.factories.append(
        Factory(
          key: DependencyKey(name: type.name),
          kind: .initializer(type: type.name, parameters: resolve(initializer.parameters, in: type.name)),
          isThrowing: initializer.isThrowing, requiredModules: requiredModules, range: initializer.range))
    }
    for method in type.methods { registration(method, of: type.name, &result) }
  }

  /// The registration methods an extension adds to a configuration class (of any file).
  func configurationExtension(_ declaration: ExtensionDeclaration, _ result: inout FileAnalysis) {
    guard !declaration.methods.isEmpty else { return }
    let name = symbols.resolve(declaration.extendedType, in: "", watch: watch)
    guard symbols.isConfiguration(named: name), let owner = symbols.type(named: name)?.value, !owner.isGeneric,
      !library || owner.access.isPublic
    else { return }
    for method in declaration.methods { registration(method, of: name, &result) }
  }

  private func registration(_ method: MethodDeclaration, of configuration: String, _ result: inout FileAnalysis) {
    guard let registration = method.registration else {
      result.diagnostics.append(Self.notARegistration(method, in: configuration))
      return
    }
    result.diagnostics += method.problems
    if library && !method.access.isPublic { return }
    let key = DependencyKey(
      name: symbols.resolve(registration.type.name, in: configuration, watch: watch),
      tag: registration.tag.map { symbols.resolve($0, in: configuration, watch: watch) })
    result.factories.append(
      Factory(
        key: key,
        kind: .configurationMethod(
          configuration: DependencyKey(name: configuration), methodName: method.name,
          parameters: resolve(method.parameters, in: configuration)),
        scope: registration.scope, isThrowing: registration.isThrowing, requiredModules: requiredModules,
        range: method.range))
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

extension TypeDeclaration {
  /// The declaration without its initializers' and methods' parameters, registrations and
  /// inheritance: what a graph keeps of each configuration class for as long as it is
  /// analysed (the editor adds a registration before its closing brace, under a method name
  /// none of its methods has).
  var outline: TypeDeclaration {
    var outline = TypeDeclaration(
      name: name, kind: kind, access: access, isGeneric: isGeneric, inheritance: [], initializers: [],
      methods: methods.map { method in
        var kept = MethodDeclaration(
          name: method.name, parameters: [], access: method.access, registration: nil, returnType: nil,
          range: method.range)
        kept.conditions = method.conditions
        return kept
      }, range: range, closingBrace: closingBrace, closingBraceStartsLine: closingBraceStartsLine)
    outline.conditions = conditions
    return outline
  }
}
