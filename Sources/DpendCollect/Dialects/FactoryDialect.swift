import DpendModel
import SwiftSyntax

/// Factory (hmlongco/Factory 2.x, module `Factory` or `FactoryKit`): definitions
/// `var x: Factory<P> { self { Impl(dep: self.y()) }.singleton }` (also `Factory(self) { … }`,
/// `ParameterFactory<A, P>`, `self.promised()`) in `extension Container`, in an extension of a
/// custom container or in `final class MyContainer: SharedContainer { … }`, and the places that
/// use them (see `FactoryDialect+Uses.swift`).
///
/// The key of a definition is the definition itself, written as a key path from the type that
/// declares it: `\Container.x`, `\MyContainer.x`. Its scope is the last scope modifier chained
/// (`.singleton`, `.cached`, `.shared`, `.graph`, `.unique`, `.scope(.session)`); its needs are
/// the definitions its factory closure calls while it constructs the instance — not those
/// called inside a nested closure (run later, if at all) nor those of a context override
/// (`.onTest { }`, `.onPreview { }`, `.context(.test) { }`), which replaces the factory in
/// another context rather than being part of it. Those calls are uses of the definitions all
/// the same, read as resolve sites elsewhere.
enum FactoryDialect: DialectReading {
  static let dialect = Dialect.factory
  /// The types a definition declares: `Factory<T>` and `ParameterFactory<P, T>`.
  static let definitionTypes: Set<String> = ["Factory", "ParameterFactory"]
  /// The scope modifiers written as members: `.singleton`.
  static let scopeMembers: Set<String> = ["singleton", "cached", "shared", "graph", "unique"]
  /// Why a definition whose body dpend does not recognize is unread.
  static let unreadBody =
    "the definition's body is not 'self { … }', 'Factory(self) { … }' or 'self.promised()': its needs are unknown"

  static func facts(of variable: VariableDeclSyntax, reader: ContainerReader) -> [ContainerFact] {
    if let sites = wrappedSites(variable, reader: reader) { return sites.map(ContainerFact.site) }
    return definition(variable, reader: reader).map { [.registration($0)] } ?? []
  }

  static func facts(of call: FunctionCallExprSyntax, reader: ContainerReader) -> [ContainerFact] {
    use(call, reader: reader).map { [.site($0)] } ?? []
  }

  // MARK: Definitions

  /// A computed property of type `Factory<P>` or `ParameterFactory<A, P>` in a container: a
  /// definition, read when its body is one of Factory's forms, else unread with the key known.
  /// `nil` for any other property, and for a property of that type outside a container (a
  /// view model's `var factory: Factory<P> { Container.shared.x }` uses a definition).
  static func definition(_ variable: VariableDeclSyntax, reader: ContainerReader) -> ContainerRegistration? {
    guard variable.bindings.count == 1, let binding = variable.bindings.first,
      let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
      let annotation = binding.typeAnnotation?.type, let produced = producedType(annotation),
      let accessors = binding.accessorBlock, let container = FactoryContainer.enclosing(variable)
    else { return nil }
    let body = getterExpression(accessors)
    let core = body.flatMap(coreCall)
    guard core != nil || container.isContainer else { return nil }
    var registration = ContainerRegistration(
      dialect: .factory, types: [FactoryContainer.key(container.root, name)], range: reader.range(binding.pattern),
      conditions: reader.conditions(of: variable))
    registration.typeRange = reader.range(produced)
    if variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) }) {
      registration.unread = "a static definition is not one of Factory 2's: its needs are unknown"
      return registration
    }
    guard let body, let core else {
      registration.unread = unreadBody
      return registration
    }
    registration.scope = scope(of: body, core: core)
    if isPromise(core) { return registration }
    guard let closure = factoryClosure(core) else {
      registration.unread = "the factory is not a closure written in the definition: its needs are unknown"
      return registration
    }
    registration.constructedType = ExpressionType.made(by: closure)
    let finder = AnyCallFinder(enteringClosures: false)
    finder.walk(closure.statements)
    for call in finder.calls {
      guard let need = use(call, reader: reader), reader.consume(call) else { continue }
      registration.needs.append(need)
    }
    return registration
  }

  /// `P` in `Factory<P>`, `ParameterFactory<A, P>`, `FactoryKit.Factory<P>`; `nil` for any
  /// other type.
  static func producedType(_ type: TypeSyntax) -> TypeSyntax? {
    let name: String
    let generics: GenericArgumentClauseSyntax?
    if let identifier = type.as(IdentifierTypeSyntax.self) {
      (name, generics) = (identifier.name.text, identifier.genericArgumentClause)
    } else if let member = type.as(MemberTypeSyntax.self),
      ["Factory", "FactoryKit"].contains(member.baseType.trimmedDescription)
    {
      (name, generics) = (member.name.text, member.genericArgumentClause)
    } else {
      return nil
    }
    guard definitionTypes.contains(name), let last = generics?.arguments.last,
      generics?.arguments.count == (name == "Factory" ? 1 : 2)
    else { return nil }
    if case .type(let produced) = last.argument { return produced }
    return nil
  }

  /// The one expression a getter is made of (`{ self { … } }`, `{ return self { … } }`,
  /// `get { … }`); `nil` for a body of several statements.
  static func getterExpression(_ accessors: AccessorBlockSyntax) -> ExprSyntax? {
    let statements: CodeBlockItemListSyntax?
    switch accessors.accessors {
    case .getter(let items): statements = items
    case .accessors(let list):
      statements = list.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }?.body?.statements
    }
    guard let statements, statements.count == 1, let item = statements.first?.item else { return nil }
    return item.as(ReturnStmtSyntax.self)?.expression ?? item.as(ExprSyntax.self)
  }

  /// The call that makes the factory, under the modifiers chained after it: `self { … }`,
  /// `Factory(self) { … }`, `ParameterFactory<A, P>(self) { … }`, `self.promised()`.
  static func coreCall(_ expression: ExprSyntax) -> FunctionCallExprSyntax? {
    var current = expression
    while true {
      if let call = current.as(FunctionCallExprSyntax.self) {
        if isCore(call) { return call }
        guard let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base else { return nil }
        current = base
      } else if let member = current.as(MemberAccessExprSyntax.self), let base = member.base {
        current = base
      } else {
        return nil
      }
    }
  }

  private static func isCore(_ call: FunctionCallExprSyntax) -> Bool {
    var callee = call.calledExpression
    if let generic = callee.as(GenericSpecializationExprSyntax.self) { callee = generic.expression }
    if let reference = callee.as(DeclReferenceExprSyntax.self) {
      switch reference.baseName.text {
      case "self": return true
      case "promised": return true
      case "Factory", "ParameterFactory": return call.arguments.first?.expression.trimmedDescription == "self"
      default: return false
      }
    }
    return isPromise(call)
  }

  /// `self.promised()` or `promised()`: a definition registered later, at run time.
  private static func isPromise(_ call: FunctionCallExprSyntax) -> Bool {
    if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
      return member.declName.baseName.text == "promised" && member.base?.trimmedDescription == "self"
    }
    return call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "promised"
  }

  /// The closure passed to the core call: trailing, or an argument.
  private static func factoryClosure(_ core: FunctionCallExprSyntax) -> ClosureExprSyntax? {
    core.trailingClosure ?? core.arguments.lazy.compactMap { $0.expression.as(ClosureExprSyntax.self) }.last
  }

  /// The scope the modifiers chained after `core` leave: the outermost scope modifier wins, as
  /// each replaces the one before. `.scope(.session)` is the custom scope `session`; a scope
  /// not written as a member (`.scope(myScope)`) is kept as written.
  private static func scope(of body: ExprSyntax, core: FunctionCallExprSyntax) -> String? {
    var current = body
    while current.id != core.id {
      if let call = current.as(FunctionCallExprSyntax.self),
        let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base
      {
        if member.declName.baseName.text == "scope", let argument = call.arguments.first?.expression {
          return CallShape.literal(argument).map { String($0.drop { $0 == "." }) } ?? argument.trimmedDescription
        }
        current = base
      } else if let member = current.as(MemberAccessExprSyntax.self), let base = member.base {
        if scopeMembers.contains(member.declName.baseName.text) { return member.declName.baseName.text }
        current = base
      } else {
        return nil
      }
    }
    return nil
  }
}
