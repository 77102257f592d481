import DpendModel
import SwiftSyntax

/// The types of runtime arguments where the code writes them: a factory closure's parameter
/// annotations, and a resolve's arguments as ``ExpressionType`` types them (a literal, a
/// construction, a cast, the declaration a name stands for). Swinject's key holds the
/// arguments' types, so `Int` passed where the factory takes `Int?` finds nothing. Anything
/// not written — an untyped parameter, a call's result, a name bound by a pattern — is `""`:
/// unknown, and silent.
enum ArgumentTypes {
  /// The annotated types of `closure`'s parameters after the first (the resolver):
  /// `["Int", "String?"]` for `{ (r: Resolver, id: Int, title: String?) in … }`; empty when
  /// none is annotated.
  static func ofFactory(_ closure: ClosureExprSyntax) -> [String] {
    guard case .parameterClause(let clause)? = closure.signature?.parameterClause else { return [] }
    let types = clause.parameters.dropFirst().map {
      $0.type.map { ExpressionType.written($0.trimmedDescription) } ?? ""
    }
    return types.allSatisfy(\.isEmpty) ? [] : types
  }

  /// The types of `expressions`, passed as runtime arguments; empty when none is known.
  static func of(_ expressions: [ExprSyntax]) -> [String] {
    let types = expressions.map { ExpressionType.of($0).map(ExpressionType.written) ?? "" }
    return types.allSatisfy(\.isEmpty) ? [] : types
  }
}
