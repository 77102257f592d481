import DpendModel
import SwiftSyntax

/// The type of an expression where the file writes it (SPEC 10): a literal's, a
/// construction's (generic arguments kept), a cast's, through `try`, `!` and parentheses.
/// Every dialect asks it for the value a factory makes, the runtime arguments ask it for a
/// literal, and a name's type is ``NameLookup``'s declaration's; nothing else reads an
/// expression's type from its syntax.
enum ExpressionType {
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
