import DpendModel
import SwiftSyntax

/// Reads types as dpend keys them: white space removed, `any`/`some` and attributes
/// dropped, `Optional` and `Tagged<T, Tag>` unwrapped.
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

  /// The reference a parameter or a registration's generic argument makes.
  static func reference(_ type: TypeSyntax, ranges: RangeConverter) -> TypeReference {
    // Most parameters are one plain name (`Int`, `Store`): none of the unwrapping applies.
    if type.kind == .identifierType, let identifier = type.as(IdentifierTypeSyntax.self),
      identifier.genericArgumentClause == nil
    {
      let name = identifier.name.presence == .present ? identifier.name.text : ""
      return TypeReference(name: name, range: ranges.range(of: type))
    }
    var isOptional = false
    var current = strip(type)
    if let wrapped = optionalWrapped(current) {
      isOptional = true
      current = strip(wrapped)
    }
    if let (wrapped, tag) = taggedArguments(current) {
      return TypeReference(
        name: text(strip(wrapped)), tag: text(strip(tag)), isOptional: isOptional,
        range: ranges.range(of: type))
    }
    return TypeReference(name: text(current), isOptional: isOptional, range: ranges.range(of: type))
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

  /// `T` for `T?`, `T!` and `Optional<T>`.
  static func optionalWrapped(_ type: TypeSyntax) -> TypeSyntax? {
    if let optional = type.as(OptionalTypeSyntax.self) { return optional.wrappedType }
    if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return unwrapped.wrappedType }
    if let arguments = genericArguments(type, named: "Optional", module: "Swift"), arguments.count == 1 {
      return arguments[0]
    }
    return nil
  }

  /// `(T, Tag)` for `Tagged<T, Tag>` and `DpendRuntime.Tagged<T, Tag>`.
  static func taggedArguments(_ type: TypeSyntax) -> (TypeSyntax, TypeSyntax)? {
    guard let arguments = genericArguments(type, named: "Tagged", module: "DpendRuntime"), arguments.count == 2
    else { return nil }
    return (arguments[0], arguments[1])
  }

  /// The generic type arguments of `name<…>` or `module.name<…>`.
  static func genericArguments(_ type: TypeSyntax, named name: String, module: String) -> [TypeSyntax]? {
    let clause: GenericArgumentClauseSyntax?
    if let identifier = type.as(IdentifierTypeSyntax.self), identifier.name.text == name {
      clause = identifier.genericArgumentClause
    } else if let member = type.as(MemberTypeSyntax.self), member.name.text == name,
      text(member.baseType) == module
    {
      clause = member.genericArgumentClause
    } else {
      return nil
    }
    guard let clause else { return nil }
    var result: [TypeSyntax] = []
    for argument in clause.arguments {
      guard case .type(let type) = argument.argument else { return nil }
      result.append(type)
    }
    return result
  }
}
