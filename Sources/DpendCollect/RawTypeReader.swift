import DpendModel
@_spi(RawSyntax) import SwiftSyntax

/// ``TypeNormalizer``'s rules on raw nodes: types read as dpend keys them, with white space
/// removed, `any`/`some` and attributes dropped, `Optional` and `Tagged<T, Tag>` unwrapped.
/// Both must read every type alike; the collector tests hold them to that.
enum RawTypeReader {
  private static let identifierName = Slot(\IdentifierTypeSyntax.name)
  private static let identifierArguments = Slot(\IdentifierTypeSyntax.genericArgumentClause)
  private static let memberBase = Slot(\MemberTypeSyntax.baseType)
  private static let memberName = Slot(\MemberTypeSyntax.name)
  private static let memberArguments = Slot(\MemberTypeSyntax.genericArgumentClause)
  private static let attributedBase = Slot(\AttributedTypeSyntax.baseType)
  private static let tupleLeft = Slot(\TupleTypeSyntax.leftParen)
  private static let tupleElements = Slot(\TupleTypeSyntax.elements)
  private static let tupleRight = Slot(\TupleTypeSyntax.rightParen)
  private static let elementFirstName = Slot(\TupleTypeElementSyntax.firstName)
  private static let elementType = Slot(\TupleTypeElementSyntax.type)
  private static let elementEllipsis = Slot(\TupleTypeElementSyntax.ellipsis)
  private static let existentialSpecifier = Slot(\SomeOrAnyTypeSyntax.someOrAnySpecifier)
  private static let existentialConstraint = Slot(\SomeOrAnyTypeSyntax.constraint)
  private static let optionalWrapped = Slot(\OptionalTypeSyntax.wrappedType)
  private static let unwrappedWrapped = Slot(\ImplicitlyUnwrappedOptionalTypeSyntax.wrappedType)
  private static let argumentsList = Slot(\GenericArgumentClauseSyntax.arguments)
  private static let argumentValue = Slot(\GenericArgumentSyntax.argument)
  private static let compositionElements = Slot(\CompositionTypeSyntax.elements)
  private static let compositionElementType = Slot(\CompositionTypeElementSyntax.type)

  /// The type's text with no trivia and no `any`/`some`; missing tokens are left out, so
  /// the result may be empty.
  static func text(_ type: RawNode) -> String {
    // Most types are one plain name: no token walk for them.
    if type.kind == .identifierType, type.child(identifierArguments) == nil {
      guard let name = type.child(identifierName), name.isPresentToken else { return "" }
      return name.text
    }
    // The tokens' bytes, copied once into one string (no string a token).
    var bytes: [UInt8] = []
    bytes.reserveCapacity(type.raw.byteLength)
    appendText(of: type.raw, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func appendText(of node: RawSyntax, to result: inout [UInt8]) {
    if let token = node.tokenView {
      if token.presence == .present {
        let text = token.rawText
        result.append(contentsOf: UnsafeBufferPointer(start: text.baseAddress, count: text.count))
      }
      return
    }
    guard let children = node.layoutView?.children else { return }
    // `any`/`some` and redundant parentheses are left out (offsets do not matter here).
    var skipped: [Int] = []
    if node.kind == .someOrAnyType {
      skipped = [existentialSpecifier.index]
    } else if node.kind == .tupleType, hasRedundantParentheses(RawNode(node, offset: 0)) {
      skipped = [tupleLeft.index, tupleRight.index]
    }
    for (index, child) in children.enumerated() where !skipped.contains(index) {
      if let child { appendText(of: child, to: &result) }
    }
  }

  /// The one element of a single-element, unlabelled, non-variadic tuple type.
  private static func onlyElement(_ tuple: RawNode) -> RawNode? {
    guard let elements = tuple.child(tupleElements).map({ Array($0.elements) }), elements.count == 1,
      elements[0].child(elementFirstName) == nil, elements[0].child(elementEllipsis) == nil
    else { return nil }
    return elements[0].child(elementType)
  }

  /// `true` for `(T)` around a type that reads the same without them; function types and
  /// compositions keep theirs.
  private static func hasRedundantParentheses(_ tuple: RawNode) -> Bool {
    guard let only = onlyElement(tuple) else { return false }
    let inner = strip(only)
    return inner.kind != .functionType && inner.kind != .compositionType
  }

  /// Removes attributes and specifiers, single-element parentheses and `any`/`some`, repeatedly.
  static func strip(_ type: RawNode) -> RawNode {
    var current = type
    while true {
      switch current.kind {
      case .attributedType:
        guard let base = current.child(attributedBase) else { return current }
        current = base
      case .tupleType:
        guard let only = onlyElement(current) else { return current }
        current = only
      case .someOrAnyType:
        guard let constraint = current.child(existentialConstraint) else { return current }
        current = constraint
      default:
        return current
      }
    }
  }

  /// The parts of a composition `P & Q`, or `nil` for any other type.
  static func compositionParts(_ type: RawNode) -> [RawNode]? {
    guard type.kind == .compositionType else { return nil }
    return type.child(compositionElements)?.elements.compactMap { $0.child(compositionElementType) } ?? []
  }

  /// The reference a parameter or a stored property's type makes.
  static func reference(_ type: RawNode, ranges: RangeConverter) -> TypeReference {
    let (name, tag, isOptional) = parts(type)
    return TypeReference(name: name, tag: tag, isOptional: isOptional, range: ranges.range(of: type))
  }

  /// What ``reference(_:ranges:)`` names, as one text: the name, `?` after it when optional
  /// (`Presenter!` → `Presenter?`); `""` for a type with no name yet (half-typed) — what a
  /// member's type is kept as (``MemberTypes``), with no range to convert.
  static func written(_ type: RawNode) -> String {
    guard !type.hasError else { return "" }
    let (name, _, isOptional) = parts(type)
    return name.isEmpty || !isOptional ? name : name + "?"
  }

  /// The name, tag and optionality of `type` (``reference(_:ranges:)``).
  private static func parts(_ type: RawNode) -> (name: String, tag: String?, isOptional: Bool) {
    // Most parameters are one plain name (`Int`, `Store`): none of the unwrapping applies.
    if type.kind == .identifierType, type.child(identifierArguments) == nil {
      return (text(type), nil, false)
    }
    var isOptional = false
    var current = strip(type)
    if let wrapped = optionalWrapped(current) {
      isOptional = true
      current = strip(wrapped)
    }
    if let (wrapped, tag) = taggedArguments(current) {
      return (text(strip(wrapped)), text(strip(tag)), isOptional)
    }
    return (text(current), nil, isOptional)
  }

  /// `T` for `T?`, `T!` and `Optional<T>`.
  static func optionalWrapped(_ type: RawNode) -> RawNode? {
    switch type.kind {
    case .optionalType: return type.child(optionalWrapped)
    case .implicitlyUnwrappedOptionalType: return type.child(unwrappedWrapped)
    default:
      guard let arguments = genericArguments(type, named: "Optional", module: "Swift"), arguments.count == 1 else {
        return nil
      }
      return arguments[0]
    }
  }

  /// `(T, Tag)` for `Tagged<T, Tag>` and `DpendRuntime.Tagged<T, Tag>`.
  static func taggedArguments(_ type: RawNode) -> (RawNode, RawNode)? {
    guard let arguments = genericArguments(type, named: "Tagged", module: "DpendRuntime"), arguments.count == 2
    else { return nil }
    return (arguments[0], arguments[1])
  }

  /// The generic type arguments of `name<…>` or `module.name<…>`; `nil` for another type or
  /// when an argument is not a type.
  static func genericArguments(_ type: RawNode, named name: SyntaxText, module: String) -> [RawNode]? {
    let clause: RawNode?
    switch type.kind {
    case .identifierType:
      guard type.child(identifierName)?.tokenText == name else { return nil }
      clause = type.child(identifierArguments)
    case .memberType:
      guard type.child(memberName)?.tokenText == name, let base = type.child(memberBase), text(base) == module else {
        return nil
      }
      clause = type.child(memberArguments)
    default:
      return nil
    }
    guard let clause else { return nil }
    var result: [RawNode] = []
    for argument in clause.child(argumentsList)?.elements ?? [] {
      guard let value = argument.child(argumentValue), RawTypeSyntax.isKindOf(value.raw) else { return nil }
      result.append(value)
    }
    return result
  }
}
