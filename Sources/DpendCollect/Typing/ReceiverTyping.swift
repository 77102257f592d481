import DpendModel
import SwiftSyntax

/// The container a call's receiver is, known by its type wherever the value flows (SPEC 8.2,
/// 10): a parameter typed as a container, the resolver a factory is given, a closure
/// parameter at a container slot, a global or property the file or the workspace declares as
/// a container (``InferredHelpers/containerValues``), a function or method whose declared
/// result is one (`AppDependencies().makeContainer()`), an assembler's `resolver`, and a
/// local or a file's global holding any of these (`let r = AppDI.shared.assembler.resolver`).
/// Both the reading of library calls and the count of unread ones ask it.
extension ContainerReader {
  /// A receiver found to be a container: the name it is known by (the local, the property,
  /// the parameter), and the library whose container it is.
  struct ReceiverContainer {
    var name: String
    var dialect: Dialect
    /// The value the workspace's vocabulary named a container, as the workspace's lookup
    /// reads it (`Services.shared.container`: `.property(of: .staticMember(…), name:)`),
    /// where only the vocabulary's name said so; `nil` where the file types it.
    var chain: ResolvedType? = nil
  }

  /// The container `call` is made on; `nil` when its receiver is none dpend knows of.
  func receiverContainer(of call: FunctionCallExprSyntax) -> ReceiverContainer? {
    guard let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base else { return nil }
    return container(of: base, at: Syntax(call), depth: 0)
  }

  /// The container the value `expression` written at `node` is; `nil` when it is none dpend
  /// knows of.
  func container(ofValue expression: ExprSyntax, at node: Syntax) -> ReceiverContainer? {
    container(of: expression, at: node, depth: 0)
  }

  private func container(of expression: ExprSyntax, at node: Syntax, depth: Int) -> ReceiverContainer? {
    guard depth < 8 else { return nil }
    if let inner = Self.unwrapped(expression) { return container(of: inner, at: node, depth: depth + 1) }
    if let reference = expression.as(DeclReferenceExprSyntax.self) {
      return container(named: reference.baseName.text, written: expression, at: node, depth: depth)
    }
    if let member = expression.as(MemberAccessExprSyntax.self) {
      let name = member.declName.baseName.text
      guard let base = member.base else { return nil }
      if base.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
        return value(named: name)
      }
      if var found = value(named: name) {
        if isVocabularyValue(name) { found.chain = ExpressionType.resolved(ExprSyntax(member)) }
        return found
      }
      // An assembler's `resolver`, or any member of a chain through a container value
      // (`AppDI.shared.assembler.resolver`): the container the chain reaches.
      return container(of: base, at: node, depth: depth + 1).map {
        ReceiverContainer(name: name, dialect: $0.dialect, chain: $0.chain)
      }
    }
    if let call = expression.as(FunctionCallExprSyntax.self) {
      if let constructed = CallShape.constructedType(call), let dialect = dialect(ofType: constructed) {
        return ReceiverContainer(name: constructed, dialect: dialect)
      }
      // A function or method whose declared result is a container: `makeContainer()`.
      if let name = CallShape.calledName(call), let found = value(named: name) { return found }
      return nil
    }
    return nil
  }

  /// What `name` written at `node` is (``NameLookup``): a parameter, a local, a value a
  /// pattern or capture binds, a global of the file, or a container value of the file or the
  /// workspace.
  private func container(named name: String, written: ExprSyntax, at node: Syntax, depth: Int)
    -> ReceiverContainer?
  {
    guard name != "self", name != "Self" else { return nil }
    switch NameLookup.declaration(of: name, at: node) {
    case .parameter(let parameter):
      if let dialect = slotDialect(of: parameter) { return ReceiverContainer(name: name, dialect: dialect) }
      guard let type = parameter.type else {
        // The factory's own parameter: `register(P.self) { r in … }` passes the resolver.
        guard let passing = parameter.passing, passing.position == 0, passing.callee == "register" else { return nil }
        return dialects.first(where: \.traits.passesResolverToFactory).map {
          ReceiverContainer(name: name, dialect: $0)
        }
      }
      return dialect(ofType: type).map { ReceiverContainer(name: name, dialect: $0) }
    case .local(let binding): return held(by: binding, named: name, depth: depth)
    case .bound(let type, let value):
      if let type { return dialect(ofType: type).map { ReceiverContainer(name: name, dialect: $0) } }
      return value.flatMap { container(of: $0, at: Syntax($0), depth: depth + 1) }.map {
        ReceiverContainer(name: name, dialect: $0.dialect, chain: $0.chain)
      }
    case .global(let binding, _), .member(let binding):
      return vocabularyValue(named: name, written: written) ?? held(by: binding, named: name, depth: depth)
    case .undeclared: return vocabularyValue(named: name, written: written)
    }
  }

  /// ``value(named:)``, with the value as the workspace's lookup reads it where only the
  /// vocabulary names it a container (``ExpressionType/resolved(_:)``: a global another
  /// file declares, a variable the file types).
  private func vocabularyValue(named name: String, written: ExprSyntax) -> ReceiverContainer? {
    guard var found = value(named: name) else { return nil }
    if isVocabularyValue(name) { found.chain = ExpressionType.resolved(written) }
    return found
  }

  /// The container a variable's type (written or made, ``ExpressionType``) or initial value is.
  private func held(by binding: PatternBindingSyntax, named name: String, depth: Int) -> ReceiverContainer? {
    // A type the file tells decides: `let c: Resolver`, `let c = Container()`, `let id = 3`.
    if let type = ExpressionType.declared(binding) {
      return dialect(ofType: type).map { ReceiverContainer(name: name, dialect: $0) }
    }
    guard let value = binding.initializer?.value else { return nil }
    return container(of: value, at: Syntax(binding), depth: depth + 1).map {
      ReceiverContainer(name: name, dialect: $0.dialect, chain: $0.chain)
    }
  }

  /// `true` when only the workspace's vocabulary knows `name` as a container value.
  private func isVocabularyValue(_ name: String) -> Bool {
    !containerValues.contains { $0.name == name } && inferred?.containerValues[name] != nil
  }

  /// A container value of this file (``containerValues``) or of the workspace's vocabulary.
  private func value(named name: String) -> ReceiverContainer? {
    if let dialect = containerValues.first(where: { $0.name == name })?.dialect ?? inferred?.containerValues[name] {
      return ReceiverContainer(name: name, dialect: dialect)
    }
    return nil
  }

  /// The library whose container type `written` names, among the file's dialects: the
  /// library's own type name, or a container alias of the workspace (`DI` for
  /// `typealias DI = Swinject.Container`).
  func dialect(ofType written: String) -> Dialect? {
    var bare = TypeText.normalize(written)
    while bare.hasSuffix("?") || bare.hasSuffix("!") { bare.removeLast() }
    let last = bare.split(separator: ".").last.map(String.init) ?? bare
    if let alias = inferred?.containerAliases[last] { return alias }
    return dialects.first { ContainerVocabulary.containerTypes[$0]?.contains(last) == true }
  }

  /// The expression inside `x!`, `x?`, `(x)`, `try x`, `await x`; `nil` for any other.
  static func unwrapped(_ expression: ExprSyntax) -> ExprSyntax? {
    if let forced = expression.as(ForceUnwrapExprSyntax.self) { return forced.expression }
    if let chained = expression.as(OptionalChainingExprSyntax.self) { return chained.expression }
    if let tryExpression = expression.as(TryExprSyntax.self) { return tryExpression.expression }
    if let awaitExpression = expression.as(AwaitExprSyntax.self) { return awaitExpression.expression }
    if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1 {
      return tuple.elements.first?.expression
    }
    return nil
  }
}
