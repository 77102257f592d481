import DpendModel
import SwiftSyntax

/// The types of runtime arguments where the code writes them: a factory closure's parameter
/// annotations, and a resolve's arguments typed by a literal or by the declaration they name
/// (a parameter, a local, a property of the enclosing type, as ``NameLookup`` finds it).
/// Swinject's key holds the arguments' types, so `Int` passed where the factory takes `Int?`
/// finds nothing. Anything not written — an untyped parameter, a call's result, a name bound
/// by a pattern — is `""`: unknown, and silent.
enum ArgumentTypes {
  /// The annotated types of `closure`'s parameters after the first (the resolver):
  /// `["Int", "String?"]` for `{ (r: Resolver, id: Int, title: String?) in … }`; empty when
  /// none is annotated.
  static func ofFactory(_ closure: ClosureExprSyntax) -> [String] {
    guard case .parameterClause(let clause)? = closure.signature?.parameterClause else { return [] }
    let types = clause.parameters.dropFirst().map { $0.type.map { written($0.trimmedDescription) } ?? "" }
    return types.allSatisfy(\.isEmpty) ? [] : types
  }

  /// The types of `expressions`, passed as runtime arguments; empty when none is known.
  static func of(_ expressions: [ExprSyntax]) -> [String] {
    let types = expressions.map { type(of: $0) ?? "" }
    return types.allSatisfy(\.isEmpty) ? [] : types
  }

  /// A type as Swift's generics see it: `Int?` for `Int!` and `Optional<Int>`, no spaces.
  static func written(_ text: String) -> String {
    var type = TypeText.normalize(text)
    if type.hasSuffix("!") { type = String(type.dropLast()) + "?" }
    if type.hasPrefix("Optional<") && type.hasSuffix(">") { type = String(type.dropFirst(9).dropLast()) + "?" }
    return type
  }

  /// The type Swift infers for `expression` passed to a generic parameter, when written:
  /// a literal's (`Int` for `3`), or the declaration's it names (``NameLookup``); `nil` when
  /// unknown.
  static func type(of expression: ExprSyntax) -> String? {
    if let literal = ExpressionType.literal(expression) { return literal }
    if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
      return ExpressionType.literal(prefix.expression).flatMap { $0 == "Int" || $0 == "Double" ? $0 : nil }
    }
    if let reference = expression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil {
      return declaredType(NameLookup.declaration(of: reference.baseName.text, at: Syntax(expression)))
    }
    // `self.id`: a property of the enclosing type.
    if let member = expression.as(MemberAccessExprSyntax.self),
      member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
    {
      return NameLookup.member(named: member.declName.baseName.text, around: Syntax(expression)).flatMap(writtenType)
    }
    return nil
  }

  /// `true` when `name` at `node` is a local, a parameter or a name a pattern binds; `false`
  /// when nothing around declares it below the type (a property, or a global).
  static func isLocal(_ name: String, at node: Syntax) -> Bool {
    switch NameLookup.declaration(of: name, at: node) {
    case .local, .parameter, .bound: true
    case .member, .global, .undeclared: false
    }
  }

  /// The type of the value `expression` names: its declaration's written type
  /// (``type(of:)``), or the type a local or property is made of (`let router = Router()`),
  /// or cast to (`let c = storyboard.instantiate() as! LoginViewController`).
  static func valueType(of expression: ExprSyntax) -> String? {
    if let written = type(of: expression) { return written }
    guard let reference = expression.as(DeclReferenceExprSyntax.self) else { return nil }
    switch NameLookup.declaration(of: reference.baseName.text, at: Syntax(expression)) {
    case .local(let binding), .member(let binding):
      guard let value = binding.initializer?.value else { return nil }
      if let cast = ExpressionType.cast(value) { return cast }
      return value.as(FunctionCallExprSyntax.self).flatMap(CallShape.constructedType).map(TypeText.normalize)
    case .parameter, .bound, .global, .undeclared: return nil
    }
  }

  /// The written type of a declaration (``NameLookup/Declaration``): a variable's annotation
  /// or literal value, a parameter's type (a closure's, as the library call it is passed to
  /// types it), an optional binding's annotation; `nil` when not written, and for a global
  /// named inside a type (a member declared elsewhere would hide it).
  private static func declaredType(_ declaration: NameLookup.Declaration) -> String? {
    switch declaration {
    case .local(let binding), .member(let binding), .global(let binding, insideType: false): return writtenType(binding)
    case .parameter(let parameter):
      if let type = parameter.type {
        // `ids: Int...` is an array inside the function.
        return parameter.isVariadic ? "[\(written(type))]" : written(type)
      }
      return parameter.closure.flatMap { calleeType(ofParameter: $0.position, of: $0.node) }
    case .bound(let type, _): return type.map(written)
    case .global, .undeclared: return nil
    }
  }

  /// `let name: T`, `var name = 3`.
  private static func writtenType(_ binding: PatternBindingSyntax) -> String? {
    if let annotation = binding.typeAnnotation { return written(annotation.type.trimmedDescription) }
    return binding.initializer.flatMap { ExpressionType.literal($0.value) }
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
    return (metatype(call) ?? chainedOn.flatMap(metatype)).map(written)
  }
}
