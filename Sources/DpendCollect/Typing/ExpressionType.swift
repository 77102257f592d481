import DpendModel
import SwiftSyntax

/// The type of an expression where the file writes it (SPEC 10): a literal's, a construction's
/// (generic arguments kept), a cast's, an array literal's of one such type, through `try`, `!`
/// and parentheses, and a name's: the declaration ``NameLookup`` finds, its annotation or the
/// type of the value it is made of (`let router = Router()`), a parameter's (a closure's as the
/// library call it is passed to types it). Every dialect asks it for the value a factory makes,
/// the runtime arguments for theirs, the expected type for the variable a resolve is assigned
/// to, the receiver typing for a variable's container; nothing else reads an expression's type
/// from its syntax.
enum ExpressionType {
  /// The type of `expression` as written at its place; `nil` when the file does not tell it
  /// (a call's result, an untyped parameter, a name another file declares).
  static func of(_ expression: ExprSyntax) -> String? {
    of(expression, depth: 0)
  }

  /// The type a declaration gives its name (``NameLookup/Declaration``), normalized as written
  /// (`T!` stays: it traps where used): a variable's annotation or its value's type, a
  /// parameter's (`[Int]` for `ids: Int...`), an optional binding's annotation; `nil` when not
  /// written, and for a global named inside a type (a member declared elsewhere would hide it).
  static func declared(_ declaration: NameLookup.Declaration) -> String? {
    declared(declaration, depth: 0)
  }

  /// The type `let name: T` or `var name = value` gives its name.
  static func declared(_ binding: PatternBindingSyntax) -> String? {
    declared(binding, depth: 0)
  }

  /// A type as Swift's generics see it: `Int?` for `Int!` and `Optional<Int>`, no spaces.
  static func written(_ text: String) -> String {
    var type = TypeText.normalize(text)
    if type.hasSuffix("!") { type = String(type.dropLast()) + "?" }
    if type.hasPrefix("Optional<") && type.hasSuffix(">") { type = String(type.dropFirst(9).dropLast()) + "?" }
    return type
  }

  /// Names made of names (`let a = b`) are followed this deep; code Swift rejects may loop.
  private static let depthLimit = 8

  private static func of(_ expression: ExprSyntax, depth: Int) -> String? {
    if let literal = literal(expression) { return literal }
    if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
      return literal(prefix.expression).flatMap { $0 == "Int" || $0 == "Double" ? $0 : nil }
    }
    if let cast = cast(expression) { return cast }
    if let constructed = constructed(expression) { return constructed }
    guard depth < depthLimit else { return nil }
    // `[Session(), Session()]`: an array of the one type its elements have.
    if let array = expression.as(ArrayExprSyntax.self), !array.elements.isEmpty {
      let types = array.elements.map { of($0.expression, depth: depth + 1) }
      guard let first = types.first ?? nil, types.allSatisfy({ $0 == first }) else { return nil }
      return "[\(first)]"
    }
    if let reference = expression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil {
      return declared(NameLookup.declaration(of: reference.baseName.text, at: Syntax(expression)), depth: depth + 1)
    }
    // `self.id`: a property of the enclosing type.
    if let member = expression.as(MemberAccessExprSyntax.self),
      member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
    {
      return NameLookup.member(named: member.declName.baseName.text, around: Syntax(expression)).flatMap {
        declared($0, depth: depth + 1)
      }
    }
    return nil
  }

  private static func declared(_ declaration: NameLookup.Declaration, depth: Int) -> String? {
    switch declaration {
    case .local(let binding), .member(let binding), .global(let binding, insideType: false):
      return declared(binding, depth: depth)
    case .parameter(let parameter):
      if let type = parameter.type {
        // `ids: Int...` is an array inside the function.
        return parameter.isVariadic ? "[\(TypeText.normalize(type))]" : TypeText.normalize(type)
      }
      return parameter.closure.flatMap { calleeType(ofParameter: $0.position, of: $0.node) }
    case .bound(let type, _): return type.map(TypeText.normalize)
    case .global, .undeclared: return nil
    }
  }

  private static func declared(_ binding: PatternBindingSyntax, depth: Int) -> String? {
    if let annotation = binding.typeAnnotation { return TypeText.normalize(annotation.type.trimmedDescription) }
    return binding.initializer.flatMap { of($0.value, depth: depth) }
  }

  /// The calls whose closure's parameter at an index is of the type their metatype argument
  /// names (``DialectTraits/metatypedClosureParameters``), from every dialect.
  private static let metatypedClosureParameters: [String: Int] = Dialect.allCases.reduce(into: [:]) { table, dialect in
    table.merge(dialect.traits.metatypedClosureParameters) { first, _ in first }
  }

  /// The type of parameter `index` of `closure`, as the library call it is passed to types it
  /// (`storyboardInitCompleted(LoginViewController.self) { r, controller in … }`); unknown
  /// for any other closure.
  private static func calleeType(ofParameter index: Int, of closure: ClosureExprSyntax) -> String? {
    var call = closure.parent?.as(FunctionCallExprSyntax.self)
    if call == nil, let argument = closure.parent?.as(LabeledExprSyntax.self) {
      call = argument.parent?.parent?.as(FunctionCallExprSyntax.self)
    }
    guard let call, let name = CallShape.calledName(call), metatypedClosureParameters[name] == index else {
      return nil
    }
    func metatype(_ call: FunctionCallExprSyntax) -> String? {
      call.arguments.first.flatMap { $0.label == nil ? CallShape.metatype($0.expression) : nil }
    }
    // `register(P.self) { … }.initCompleted { r, service in … }`: the chained-on call's type.
    let chainedOn = call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.as(FunctionCallExprSyntax.self)
    return (metatype(call) ?? chainedOn.flatMap(metatype)).map(TypeText.normalize)
  }

  /// `String`, `Int`, `Double` or `Bool` for a literal of that type, as Swift infers it.
  static func literal(_ expression: ExprSyntax) -> String? {
    if expression.is(StringLiteralExprSyntax.self) { return "String" }
    if expression.is(IntegerLiteralExprSyntax.self) { return "Int" }
    if expression.is(FloatLiteralExprSyntax.self) { return "Double" }
    if expression.is(BooleanLiteralExprSyntax.self) { return "Bool" }
    return nil
  }

  /// The expression inside `try x`, `x!` and `(x)`, however deep.
  static func innermost(_ expression: ExprSyntax) -> ExprSyntax {
    var expression = expression
    while true {
      if let wrapped = expression.as(TryExprSyntax.self) {
        expression = wrapped.expression
      } else if let wrapped = expression.as(ForceUnwrapExprSyntax.self) {
        expression = wrapped.expression
      } else if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1,
        let only = tuple.elements.first
      {
        expression = only.expression
      } else {
        return expression
      }
    }
  }

  /// The type a construction makes: `Impl` for `Impl(…)` and `Impl.init(…)`,
  /// `NSCache<NSString,UIImage>` for `NSCache<NSString, UIImage>()` (not any `NSCache`: the
  /// generic arguments its initializer's parameters take); `nil` for any other expression.
  static func constructed(_ expression: ExprSyntax) -> String? {
    guard let call = innermost(expression).as(FunctionCallExprSyntax.self), let type = CallShape.constructedType(call)
    else { return nil }
    var callee = call.calledExpression
    if let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init",
      let base = member.base
    {
      callee = base
    }
    guard let generic = callee.as(GenericSpecializationExprSyntax.self) else { return TypeText.normalize(type) }
    return TypeText.normalize(type + generic.genericArgumentClause.trimmedDescription)
  }

  /// The type of a factory's value as the workspace's lookup reads it (SPEC 10): a name the
  /// file types (`.named`), a static member of a type (`AppConfiguration.restServer`,
  /// `Application.current()`, `Theme.Palette.dark`), a global or a global function's result
  /// (`sharedLogger`, `makeSession()`) where no declaration of the code around hides it, an
  /// instance property of any of these or of a value the file types (`Services.shared.api`,
  /// `session.client` with `let session = Session()`, `x!.y`), an array literal of them
  /// (`[loggerMiddleware, routerMiddleware]`); `nil` for any other expression, and for an
  /// optional chain (`a?.b`, whose value is optional only where `a` is).
  static func resolved(_ expression: ExprSyntax) -> ResolvedType? {
    resolved(expression, depth: 0)
  }

  private static func resolved(_ written: ExprSyntax, depth: Int) -> ResolvedType? {
    guard depth < depthLimit else { return nil }
    var expression = innermost(written)
    if let array = expression.as(ArrayExprSyntax.self), !array.elements.isEmpty {
      // Each element as the file types it or another file declares it.
      let elements = array.elements.map { element in
        of(element.expression, depth: depth + 1).map(ResolvedType.named)
          ?? resolved(element.expression, depth: depth + 1)
      }
      guard !elements.contains(where: { $0 == nil }) else { return nil }
      return .array(of: elements.compactMap { $0 })
    }
    var isCall = false
    if let call = expression.as(FunctionCallExprSyntax.self) {
      guard call.trailingClosure == nil else { return nil }
      (expression, isCall) = (call.calledExpression, true)
    }
    if let reference = expression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil {
      // `let logger: Logger = …` in the file: its declaration tells.
      if !isCall, let known = of(expression, depth: depth + 1) { return .named(known) }
      let name = reference.baseName.text
      guard name.first?.isLowercase == true || name.first == "_" else { return nil }
      switch NameLookup.declaration(of: name, at: Syntax(expression)) {
      case .undeclared:
        // Inside a type or an extension, a member another file declares may hide a global.
        return isInsideType(Syntax(expression)) ? nil : .global(name)
      case .local(let binding), .global(let binding, insideType: false):
        // `let session = Services.shared`: the name is what its value is.
        guard !isCall, binding.typeAnnotation == nil, let value = binding.initializer?.value else { return nil }
        return resolved(value, depth: depth + 1)
      default: return nil
      }
    }
    guard let member = expression.as(MemberAccessExprSyntax.self), let base = member.base else { return nil }
    let name = member.declName.baseName.text
    if let owner = typeName(base) { return .staticMember(of: owner, name: name) }
    // An instance method's result is not among the properties' types.
    guard !isCall, !base.is(OptionalChainingExprSyntax.self) else { return nil }
    var value = base
    if let forced = value.as(ForceUnwrapExprSyntax.self) { value = forced.expression }
    if let known = of(value, depth: depth + 1) { return .property(of: .named(known), name: name) }
    return resolved(value, depth: depth + 1).map { .property(of: $0, name: name) }
  }

  /// `true` when `node` is inside a type's or an extension's body.
  private static func isInsideType(_ node: Syntax) -> Bool {
    var current = node.parent
    while let scope = current {
      if scope.is(MemberBlockSyntax.self) { return true }
      current = scope.parent
    }
    return false
  }

  /// `Theme.Palette` for an expression naming a type by capitalized names; `nil` otherwise.
  private static func typeName(_ expression: ExprSyntax) -> String? {
    if let reference = expression.as(DeclReferenceExprSyntax.self) {
      let name = reference.baseName.text
      return name.first?.isUppercase == true && reference.argumentNames == nil ? name : nil
    }
    guard let member = expression.as(MemberAccessExprSyntax.self), let base = member.base,
      let outer = typeName(base), member.declName.baseName.text.first?.isUppercase == true
    else { return nil }
    return outer + "." + member.declName.baseName.text
  }

  /// `T` for `x as T` and `x as! T` (not `as?`, whose value is optional and may be nil).
  static func cast(_ value: ExprSyntax) -> String? {
    if let cast = value.as(AsExprSyntax.self), cast.questionOrExclamationMark?.tokenKind != .postfixQuestionMark {
      return TypeText.normalize(cast.type.trimmedDescription)
    }
    guard let sequence = value.as(SequenceExprSyntax.self) else { return nil }
    let elements = Array(sequence.elements)
    guard elements.count == 3, let cast = elements[1].as(UnresolvedAsExprSyntax.self),
      cast.questionOrExclamationMark?.tokenKind != .postfixQuestionMark,
      let type = elements[2].as(TypeExprSyntax.self)
    else { return nil }
    return TypeText.normalize(type.type.trimmedDescription)
  }

  /// The type of the value a factory closure makes: a literal's (`{ "Lato" }`, a key only
  /// partly readable otherwise silencing only resolves of that type, SPEC 8.5) or a
  /// construction's (`{ try Impl(…) }`, `{ return Impl(…) as P }`: the first operand), as its
  /// only or returned expression.
  static func made(by closure: ClosureExprSyntax) -> String? {
    guard let last = closure.statements.last?.item else { return nil }
    var expression = last.as(ReturnStmtSyntax.self)?.expression ?? last.as(ExprSyntax.self)
    if let sequence = expression?.as(SequenceExprSyntax.self) { expression = sequence.elements.first }
    guard let expression else { return nil }
    return literal(innermost(expression)) ?? constructed(expression)
  }
}
