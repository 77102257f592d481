import DpendModel
import SwiftSyntax

/// The type the context of an expression expects, as Swift hands it down to a call whose
/// result type is generic (SPEC 10): the annotation of the variable it initializes, the
/// parameter it is the default of, the declared result of the function, getter, subscript or
/// closure it is returned from, the element type of the collection or tuple it is written in,
/// the parameter of the initializer it is passed to (an implicit `.init(…)`'s, of the type its
/// own context expects, down to the property it is assigned to). Every dialect's and helper's resolve
/// asks it through ``ResolveContext``; nothing else guesses a resolve's type from its
/// surroundings.
///
/// An expectation is read only where the context declares it: a context that declares none
/// (a function without a result type, a closure whose signature is not written) leaves the
/// type to the caller's other readings, and one Swift cannot name a key from (an opaque
/// `some P` result) is reported with its reason.
enum ExpectedType {
  /// What the context of an expression says of its type.
  enum Expectation {
    /// The type written where the context declares it (`P`, `P?`, `[P]` for a collection).
    case written(TypeSyntax)
    /// A type found elsewhere, by what the context names (``DpendModel/ResolvedType``).
    case found(ResolvedType)
    /// A context Swift cannot infer a key from, with the reason.
    case unreadable(String)
  }

  /// The expectation of the context of `node`, the outermost expression whose value is the
  /// resolved value (`try`, `!`, casts and `??` already walked out of); `nil` when the
  /// context declares none.
  static func of(_ node: Syntax) -> Expectation? {
    guard let parent = node.parent else { return nil }
    if let initializer = parent.as(InitializerClauseSyntax.self) {
      if let binding = initializer.parent?.as(PatternBindingSyntax.self) {
        return binding.typeAnnotation.map { .written($0.type) }
      }
      // `init(api: API = Resolver.resolve())`: a default argument has its parameter's type.
      if let parameter = initializer.parent?.as(FunctionParameterSyntax.self) {
        return .written(parameter.type)
      }
      if let parameter = initializer.parent?.as(EnumCaseParameterSyntax.self) {
        return .written(parameter.type)
      }
      if let binding = initializer.parent?.as(OptionalBindingConditionSyntax.self) {
        return binding.typeAnnotation.map { .written($0.type) }
      }
      return nil
    }
    if parent.is(ReturnStmtSyntax.self) { return result(around: parent) }
    // A body of one expression returns it: `var p: P { c.resolve() }`, `func f() -> P { … }`.
    if let item = parent.as(CodeBlockItemSyntax.self), let list = item.parent?.as(CodeBlockItemListSyntax.self),
      list.count == 1, let body = list.parent, returnsItsSingleExpression(body)
    {
      return result(around: Syntax(item))
    }
    if let element = parent.as(ArrayElementSyntax.self), let array = element.parent?.parent {
      guard case .written(let type)? = of(array) else { return nil }
      return elementType(of: type)
    }
    if let element = parent.as(DictionaryElementSyntax.self), element.value.id == node.id,
      let dictionary = element.parent?.parent
    {
      guard case .written(let type)? = of(dictionary),
        let written = Self.unwrapped(type).as(DictionaryTypeSyntax.self)
      else { return nil }
      return .written(written.value)
    }
    if let labeled = parent.as(LabeledExprSyntax.self), let list = labeled.parent?.as(LabeledExprListSyntax.self),
      list.count > 1, let tuple = list.parent?.as(TupleExprSyntax.self)
    {
      guard case .written(let type)? = of(Syntax(tuple)),
        let written = Self.unwrapped(type).as(TupleTypeSyntax.self),
        let position = list.firstIndex(where: { $0.id == labeled.id }).map({
          list.distance(from: list.startIndex, to: $0)
        }),
        position < written.elements.count
      else { return nil }
      let elements = Array(written.elements)
      return .written(elements[position].type)
    }
    if let argument = parent.as(LabeledExprSyntax.self), let list = argument.parent?.as(LabeledExprListSyntax.self),
      let call = list.parent?.as(FunctionCallExprSyntax.self)
    {
      let labels = list.map { $0.label?.text }
      let position = list.firstIndex { $0.id == argument.id }.map { list.distance(from: list.startIndex, to: $0) } ?? 0
      if let constructed = ExpressionType.constructed(ExprSyntax(call)) {
        return .found(.parameter(of: constructed, labels: labels, position: position))
      }
      // `services: .init(api: resolve())`: an initializer of the type the `.init` is expected as.
      guard isImplicitInitializer(call) else { return nil }
      switch of(Syntax(call)) {
      case .written(let type)?:
        let written = TypeText.normalize(unwrapped(type).trimmedDescription)
        return .found(.parameter(of: written, labels: labels, position: position))
      case .found(let outer)?: return .found(.initializerParameter(of: outer, labels: labels, position: position))
      case .unreadable?, nil: return nil
      }
    }
    // `stateMachine = .init(…)`: the property assigned to (only an implicit `.init` asks).
    if parent.is(ExprListSyntax.self), let sequence = parent.parent?.as(SequenceExprSyntax.self) {
      let elements = Array(sequence.elements)
      guard elements.count == 3, elements[2].id == node.id, elements[1].is(AssignmentExprSyntax.self) else {
        return nil
      }
      if var declared = ResolveContext.propertyType(named: elements[0]) {
        while declared.hasSuffix("?") || declared.hasSuffix("!") { declared.removeLast() }
        return .found(.named(declared))
      }
      return assignedMember(elements[0]).map { .found(.member(of: $0.owner, name: $0.name)) }
    }
    return nil
  }

  /// `true` for `.init(…)`, an initializer of the type its context expects.
  private static func isImplicitInitializer(_ call: FunctionCallExprSyntax) -> Bool {
    guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return false }
    return member.base == nil && member.declName.baseName.tokenKind == .keyword(.`init`)
  }

  /// `true` for a body whose single expression is its result: a function's, a getter's, a
  /// closure's.
  private static func returnsItsSingleExpression(_ body: Syntax) -> Bool {
    if body.is(ClosureExprSyntax.self) { return true }
    if let block = body.as(CodeBlockSyntax.self) {
      return block.parent?.is(FunctionDeclSyntax.self) == true || block.parent?.is(AccessorDeclSyntax.self) == true
    }
    // `var p: P { … }`, `subscript(i: Int) -> P { … }`: the getter written alone.
    return body.is(AccessorBlockSyntax.self)
  }

  /// The declared result of the innermost function, getter, subscript or closure around
  /// `node` (a `return` or a body's single expression).
  private static func result(around node: Syntax) -> Expectation? {
    var current = node.parent
    while let parent = current {
      if let function = parent.as(FunctionDeclSyntax.self) {
        return function.signature.returnClause.flatMap { declared($0.type) }
      }
      if parent.is(InitializerDeclSyntax.self) || parent.is(DeinitializerDeclSyntax.self) { return nil }
      if let accessor = parent.as(AccessorDeclSyntax.self) {
        guard accessor.accessorSpecifier.tokenKind == .keyword(.get) else { return nil }
        current = parent.parent
        continue
      }
      if let block = parent.as(AccessorBlockSyntax.self) {
        if let binding = block.parent?.as(PatternBindingSyntax.self) {
          return binding.typeAnnotation.flatMap { declared($0.type) }
        }
        if let subscriptDecl = block.parent?.as(SubscriptDeclSyntax.self) {
          return declared(subscriptDecl.returnClause.type)
        }
        return nil
      }
      if let closure = parent.as(ClosureExprSyntax.self) {
        if let written = closure.signature?.returnClause?.type { return declared(written) }
        // `lazy var p: P = { c.resolve() }()`: the closure's call has the closure's result.
        if let call = closure.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == closure.id,
          call.arguments.isEmpty
        {
          return of(Syntax(call))
        }
        // `interceptor: { try! c.resolve() }`: the result of the function type the closure is
        // passed as (`() -> Interceptor`), found where that parameter is declared.
        switch of(Syntax(closure)) {
        case .written(let type)?:
          guard let function = unwrapped(type).as(FunctionTypeSyntax.self) else { return nil }
          return declared(function.returnClause.type)
        case .found(let parameter)?: return .found(.functionResult(of: parameter))
        case .unreadable?, nil: return nil
        }
      }
      current = parent.parent
    }
    return nil
  }

  /// A declared result as an expectation: an opaque `some P` names no key.
  private static func declared(_ type: TypeSyntax) -> Expectation {
    if type.is(SomeOrAnyTypeSyntax.self),
      type.as(SomeOrAnyTypeSyntax.self)?.someOrAnySpecifier.tokenKind == .keyword(.some)
    {
      return .unreadable("the context expects an opaque 'some' type, which names no key")
    }
    return .written(type)
  }

  /// The element type of an array type `[T]` (optional or not).
  private static func elementType(of type: TypeSyntax) -> Expectation? {
    guard let array = unwrapped(type).as(ArrayTypeSyntax.self) else { return nil }
    return .written(array.element)
  }

  /// `T` for `T?`, `T!` and `(T)`.
  private static func unwrapped(_ type: TypeSyntax) -> TypeSyntax {
    if let optional = type.as(OptionalTypeSyntax.self) { return unwrapped(optional.wrappedType) }
    if let forced = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return unwrapped(forced.wrappedType) }
    return type
  }

  /// The type and name of the property `target` assigns when its declaration is elsewhere:
  /// `self.store` (or `store`, no local or parameter of that name) of the type around,
  /// `presenter.view` with `presenter` a parameter, local or property typed (or made) as a
  /// type; `nil` for anything else.
  static func assignedMember(_ target: ExprSyntax) -> (owner: String, name: String)? {
    if let reference = target.as(DeclReferenceExprSyntax.self) {
      let name = reference.baseName.text
      guard !NameLookup.declaration(of: name, at: Syntax(target)).isLocal,
        let owner = NameLookup.enclosingType(of: Syntax(target))
      else { return nil }
      return (owner, name)
    }
    guard let member = target.as(MemberAccessExprSyntax.self), let base = member.base else { return nil }
    let name = member.declName.baseName.text
    if base.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
      return NameLookup.enclosingType(of: Syntax(target)).map { ($0, name) }
    }
    guard base.is(DeclReferenceExprSyntax.self), var written = ExpressionType.of(base) else { return nil }
    while written.hasSuffix("?") || written.hasSuffix("!") { written.removeLast() }
    guard !written.isEmpty, written.first?.isUppercase == true else { return nil }
    return (written, name)
  }
}
