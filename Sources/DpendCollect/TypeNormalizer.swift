import DpendModel
import SwiftSyntax

/// The text of types and expressions as dpend compares them: white space removed, `any`/`some`
/// dropped. Used where the collector reads `Syntax` nodes (registration calls); the rest
/// of the collector reads raw nodes with ``RawTypeReader``, which follows the same rules.
enum TypeNormalizer {
  /// The type's text with no trivia and no `any`/`some`, e.g. `[String:any P]` → `[String:P]`.
  /// Tokens the parser had to invent for half-typed code are left out, so the result may
  /// be empty.
  static func text(_ type: some SyntaxProtocol) -> String {
    // Most types are one plain name: no token walk for them.
    if let identifier = Syntax(type).as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil {
      return identifier.name.presence == .present ? identifier.name.text : ""
    }
    var result = ""
    for token in type.tokens(viewMode: .sourceAccurate) {
      if let parent = token.parent?.as(SomeOrAnyTypeSyntax.self), parent.someOrAnySpecifier.id == token.id {
        continue
      }
      if token.tokenKind == .leftParen || token.tokenKind == .rightParen,
        let tuple = token.parent?.as(TupleTypeSyntax.self), hasRedundantParentheses(tuple)
      {
        continue
      }
      result += token.text
    }
    return result
  }

  /// `true` for `(T)` around a type that reads the same without them: `[(any P)?]` and
  /// `[P?]` are one key. Function types and compositions keep theirs (`(() -> T)?`).
  private static func hasRedundantParentheses(_ tuple: TupleTypeSyntax) -> Bool {
    guard tuple.elements.count == 1, let only = tuple.elements.first, only.firstName == nil,
      only.ellipsis == nil
    else { return false }
    let inner = strip(only.type)
    return !inner.is(FunctionTypeSyntax.self) && !inner.is(CompositionTypeSyntax.self)
  }

  /// Removes attributes and specifiers (`@escaping`, `inout`), single-element parentheses
  /// and `any`/`some`, repeatedly.
  static func strip(_ type: TypeSyntax) -> TypeSyntax {
    var current = type
    while true {
      if let attributed = current.as(AttributedTypeSyntax.self) {
        current = attributed.baseType
      } else if let tuple = current.as(TupleTypeSyntax.self), tuple.elements.count == 1,
        let only = tuple.elements.first, only.firstName == nil, only.ellipsis == nil
      {
        current = only.type
      } else if let existential = current.as(SomeOrAnyTypeSyntax.self) {
        current = existential.constraint
      } else {
        return current
      }
    }
  }
}
