import DpendModel
import SwiftSyntax

/// What a factory closure's body says of the value it returns, for every dialect whose
/// registrations take a closure.
enum ClosureResult {
  /// The type the closure declares (`{ () -> P in }`) or returns with a trailing `as P`.
  static func returnedTypeNode(_ closure: ClosureExprSyntax) -> TypeSyntax? {
    if let declared = closure.signature?.returnClause?.type { return declared }
    guard let last = closure.statements.last?.item else { return nil }
    var expression = last.as(ReturnStmtSyntax.self)?.expression ?? last.as(ExprSyntax.self)
    // `(Impl() as P)`.
    while let tuple = expression?.as(TupleExprSyntax.self), tuple.elements.count == 1,
      tuple.elements.first?.label == nil
    {
      expression = tuple.elements.first?.expression
    }
    guard let elements = expression?.as(SequenceExprSyntax.self).map({ Array($0.elements) }), elements.count >= 3,
      let cast = elements[elements.count - 2].as(UnresolvedAsExprSyntax.self), cast.questionOrExclamationMark == nil,
      let type = elements.last?.as(TypeExprSyntax.self)
    else { return nil }
    return type.type
  }

  /// The type of a factory `{ URLSession.shared }`'s value as the workspace's lookup reads it
  /// (``ExpressionType/resolved(_:)``), or the type a forced cast makes it
  /// (`{ UIApplication.shared as! AppApplication }` is an `AppApplication`); `nil` for any
  /// other body.
  static func factoryValueType(_ closure: ClosureExprSyntax) -> ResolvedType? {
    if closure.statements.count == 1, let item = closure.statements.first?.item,
      let value = item.as(ReturnStmtSyntax.self)?.expression ?? item.as(ExprSyntax.self),
      let cast = ExpressionType.cast(value)
    {
      return .named(cast)
    }
    return onlyExpression(closure).flatMap(ExpressionType.resolved)
  }

  /// The expression of a closure made of one (`{ Impl() }`, `{ return try Impl() }`) that
  /// `as P` can follow as is: no operator sequence, whose last operand `as` would bind to.
  static func onlyExpression(_ closure: ClosureExprSyntax) -> ExprSyntax? {
    guard closure.statements.count == 1, let item = closure.statements.first?.item else { return nil }
    guard let expression = item.as(ReturnStmtSyntax.self)?.expression ?? item.as(ExprSyntax.self),
      !expression.is(SequenceExprSyntax.self), !expression.is(TernaryExprSyntax.self)
    else { return nil }
    return expression
  }
}
