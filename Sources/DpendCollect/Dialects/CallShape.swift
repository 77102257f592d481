import DpendModel
import SwiftSyntax

/// Small readings of call syntax the dialects share.
enum CallShape {
  /// `register` for `container.register(…)`, `c.register`, `register(…)`.
  static func calledName(_ call: FunctionCallExprSyntax) -> String? {
    if let member = call.calledExpression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
    if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
    return nil
  }

  /// The receiver's text of `receiver.name(…)`: `container`, `self.container`; `""` for none.
  static func receiver(_ call: FunctionCallExprSyntax) -> String {
    call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.trimmedDescription ?? ""
  }

  /// `P` for `P.self` (also `(any P).self`, `P?.self` as `P?`); `nil` for anything else.
  static func metatype(_ expression: ExprSyntax) -> String? {
    guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self",
      let base = member.base
    else { return nil }
    return TypeText.normalize(base.trimmedDescription)
  }

  /// `P` in `P.self`, as written; `nil` for anything else.
  static func metatypeBase(_ expression: ExprSyntax) -> ExprSyntax? {
    guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self" else {
      return nil
    }
    return member.base
  }

  /// The argument labelled `label`.
  static func argument(_ call: FunctionCallExprSyntax, _ label: String) -> LabeledExprSyntax? {
    argument(call.arguments, label)
  }

  /// The argument labelled `label` in a list (a call's, an attribute's).
  static func argument(_ arguments: LabeledExprListSyntax, _ label: String) -> LabeledExprSyntax? {
    arguments.first { $0.label?.text == label }
  }

  /// A literal name or tag as written (`"remote"`, `.remote`, `42`, `Tag.remote`); `nil` for
  /// anything computed.
  static func literal(_ expression: ExprSyntax) -> String? {
    if let string = expression.as(StringLiteralExprSyntax.self),
      string.segments.allSatisfy({ $0.is(StringSegmentSyntax.self) })
    {
      return string.trimmedDescription
    }
    if expression.is(IntegerLiteralExprSyntax.self) { return expression.trimmedDescription }
    if let member = expression.as(MemberAccessExprSyntax.self),
      member.base == nil || member.base?.is(DeclReferenceExprSyntax.self) == true
    {
      return "." + member.declName.baseName.text
    }
    return nil
  }

  /// The closure a call passes as its trailing closure or as argument `label`.
  static func closure(_ call: FunctionCallExprSyntax, label: String) -> ClosureExprSyntax? {
    call.trailingClosure ?? argument(call, label)?.expression.as(ClosureExprSyntax.self)
  }

  /// The calls chained after `call` (`call.inObjectScope(…).initCompleted {…}`), in order.
  static func chained(after call: FunctionCallExprSyntax) -> [(name: String, call: FunctionCallExprSyntax)] {
    var result: [(String, FunctionCallExprSyntax)] = []
    var node = Syntax(call)
    while let member = node.parent?.as(MemberAccessExprSyntax.self), member.base?.id == node.id,
      let next = member.parent?.as(FunctionCallExprSyntax.self)
    {
      result.append((member.declName.baseName.text, next))
      node = Syntax(next)
    }
    return result
  }

  /// The type a call constructs: `Impl` for `Impl(…)`, `Impl.init(…)`, `Outer.Impl(…)`;
  /// `nil` when the callee does not look like a type (lower-case, a method call).
  static func constructedType(_ call: FunctionCallExprSyntax) -> String? {
    var callee = call.calledExpression
    if let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init",
      let base = member.base
    {
      callee = base
    }
    if let generic = callee.as(GenericSpecializationExprSyntax.self) { callee = generic.expression }
    // Names joined by dots only (`Swinject.Container`), read from the syntax: a call's result
    // or anything else is no type, and its text is never made.
    var names: [String] = []
    while true {
      if let reference = callee.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil {
        names.append(reference.baseName.text)
        break
      }
      guard let member = callee.as(MemberAccessExprSyntax.self), member.declName.argumentNames == nil,
        let base = member.base
      else { return nil }
      names.append(member.declName.baseName.text)
      callee = base
    }
    guard let first = names.first?.first, first.isUppercase,
      names.allSatisfy({ $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } })
    else { return nil }
    return names.reversed().joined(separator: ".")
  }

  /// `type` through what wraps it without changing what it names: attributes and specifiers
  /// (`@escaping`, `inout`), optionals, `some` and `any`, parentheses around one type.
  static func unwrappedType(_ type: TypeSyntax) -> TypeSyntax {
    var type = type
    while true {
      if let optional = type.as(OptionalTypeSyntax.self) {
        type = optional.wrappedType
      } else if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
        type = unwrapped.wrappedType
      } else if let attributed = type.as(AttributedTypeSyntax.self) {
        type = attributed.baseType
      } else if let someOrAny = type.as(SomeOrAnyTypeSyntax.self) {
        type = someOrAny.constraint
      } else if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
        type = only.type
      } else {
        return type
      }
    }
  }

  /// `Impl` for `Impl.init` (a reference to an initializer, as in `factory: Impl.init`).
  static func initializerReference(_ expression: ExprSyntax) -> String? {
    guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init",
      let base = member.base
    else { return nil }
    return TypeText.normalize(base.trimmedDescription)
  }
}

/// Type names as keys: white space removed, `any` dropped.
enum TypeText {
  /// `Container` for `Swinject.Container` when `Swinject` is one of `modules`.
  static func droppingModule(_ name: String, _ modules: [String]) -> String {
    guard let dot = name.firstIndex(of: "."), modules.contains(String(name[..<dot])) else { return name }
    return String(name[name.index(after: dot)...])
  }

  /// Normalized as a key: white space removed, `any` dropped.
  static func normalize(_ text: String) -> String {
    var result = text.filter { !$0.isWhitespace }
    if result.hasPrefix("(any") && result.hasSuffix(")") { result = String(result.dropFirst(4).dropLast()) }
    if result.hasPrefix("any") && result.count > 3 && result.dropFirst(3).first!.isUppercase {
      result = String(result.dropFirst(3))
    }
    return result
  }
}

/// The text of `#if` conditions.
enum BuildCondition {
  /// `DEBUG` for `#if DEBUG`; for `#elseif X`, `X` after the negations of the clauses before;
  /// for `#else`, the negation of every clause before it.
  static func text(of clause: IfConfigClauseSyntax) -> String {
    guard let clauses = clause.parent?.as(IfConfigClauseListSyntax.self) else { return clause.trimmedDescription }
    var earlier: [String] = []
    for other in clauses {
      if other.id == clause.id { break }
      if let condition = other.condition { earlier.append("!(" + condition.trimmedDescription + ")") }
    }
    if let condition = clause.condition {
      return (earlier + [condition.trimmedDescription]).joined(separator: " && ")
    }
    return earlier.joined(separator: " && ")
  }
}

/// How a container reads a name or tag: any literal (Dip's tags, Swinject's names), or only
/// a string literal (Resolver's `Resolver.Name`, whose static members dpend does not evaluate).
enum NameReading {
  case literal
  case stringLiteral

  /// The name as written, or why it cannot be read.
  func read(_ expression: ExprSyntax, called what: String) -> Result<String, NameNotRead> {
    let text = expression.trimmedDescription
    switch self {
    case .literal:
      return CallShape.literal(expression).map { .success($0) } ?? .failure(.init("the \(what) '\(text)' is computed"))
    case .stringLiteral:
      guard expression.is(StringLiteralExprSyntax.self), let literal = CallShape.literal(expression) else {
        return .failure(.init("the \(what) '\(text)' is not a string literal"))
      }
      return .success(literal)
    }
  }
}

/// Why a name or tag was not read.
struct NameNotRead: Error {
  let reason: String
  init(_ reason: String) { self.reason = reason }
}

extension ResolveSite {
  /// Reads the name or tag `expression` (Swinject's `name:`, Dip's `tag:`): a literal is part
  /// of the key; one that cannot be read makes the site unread.
  mutating func readName(_ expression: ExprSyntax?, called what: String, _ reading: NameReading = .literal) {
    guard let expression else { return }
    switch reading.read(expression, called: what) {
    case .success(let literal): name = literal
    case .failure(let notRead):
      type = nil
      unread = notRead.reason
    }
  }
}

extension ContainerRegistration {
  /// Reads the name or tag `expression` of a registration: a literal is part of its key; one
  /// that cannot be read makes it unread, and it might then answer any name.
  mutating func readName(_ expression: ExprSyntax?, called what: String, _ reading: NameReading = .literal) {
    guard let expression else { return }
    switch reading.read(expression, called: what) {
    case .success(let literal): name = literal
    case .failure(let notRead):
      nameIsComputed = true
      unread = notRead.reason
    }
  }
}
