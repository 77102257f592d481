import DpendModel
import SwiftSyntax

/// Reads the literal `tag:` and `scope:` of a registration method from the
/// `DependencyRegistration(…)` call in its body.
struct RegistrationReader {
  let ranges: RangeConverter

  /// Tag, scope and problems read from the first `DependencyRegistration(…)` call in `body`.
  /// With no such call, the registration is untagged and `unique`. An argument with no
  /// value yet (`tag: ` while typing) is ignored.
  func literals(in body: CodeBlockSyntax?) -> (tag: String?, scope: Scope, problems: [Diagnostic]) {
    guard let body, let call = firstRegistrationCall(in: body) else { return (nil, .unique, []) }
    var tag: String?
    var scope = Scope.unique
    var problems: [Diagnostic] = []
    for argument in call.arguments where !TypeNormalizer.text(argument.expression).isEmpty {
      switch argument.label?.text {
      case "tag":
        switch tagName(argument.expression) {
        case .some(let name): tag = name
        case .none:
          problems.append(
            Diagnostic(
              code: .invalidDeclaration,
              message:
                "tag must be a tag type literal such as 'Remote.self', found '\(argument.expression.trimmedDescription)'",
              range: ranges.range(of: argument.expression)))
        }
      case "scope":
        switch scopeName(argument.expression) {
        case .some(let name):
          if let parsed = Scope(rawValue: name) {
            scope = parsed
          } else {
            let known = Scope.allCases.map { "." + $0.rawValue }.joined(separator: ", ")
            problems.append(
              Diagnostic(
                code: .invalidDeclaration, message: "unknown scope '.\(name)'; expected one of \(known)",
                range: ranges.range(of: argument.expression)))
          }
        case .none:
          problems.append(
            Diagnostic(
              code: .invalidDeclaration,
              message:
                "scope must be a literal such as '.singleton', found '\(argument.expression.trimmedDescription)'",
              range: ranges.range(of: argument.expression)))
        }
      default: continue
      }
    }
    return (tag, scope, problems)
  }

  /// `Remote` for `Remote.self`; `.some(nil)` for `nil`; `nil` for anything else.
  private func tagName(_ expression: ExprSyntax) -> String?? {
    if expression.is(NilLiteralExprSyntax.self) { return .some(nil) }
    guard let access = expression.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "self",
      let base = access.base, isTypeName(base)
    else { return nil }
    return .some(TypeNormalizer.text(base))
  }

  /// `singleton` for `.singleton`, `DependencyScope.singleton` or
  /// `DpendRuntime.DependencyScope.singleton`; `nil` for anything else.
  private func scopeName(_ expression: ExprSyntax) -> String? {
    guard let access = expression.as(MemberAccessExprSyntax.self), access.declName.argumentNames == nil else {
      return nil
    }
    if let base = access.base {
      let baseText = TypeNormalizer.text(base)
      guard baseText == "DependencyScope" || baseText == "DpendRuntime.DependencyScope" else { return nil }
    }
    return access.declName.baseName.text
  }

  /// `true` for `Name`, `Outer.Name` and `Name<Args>`: an expression naming a type.
  private func isTypeName(_ expression: ExprSyntax) -> Bool {
    if let reference = expression.as(DeclReferenceExprSyntax.self) {
      return reference.argumentNames == nil
    }
    if let access = expression.as(MemberAccessExprSyntax.self), let base = access.base {
      return isTypeName(base)
    }
    if let specialization = expression.as(GenericSpecializationExprSyntax.self) {
      return isTypeName(specialization.expression)
    }
    return false
  }

  private func firstRegistrationCall(in body: CodeBlockSyntax) -> FunctionCallExprSyntax? {
    let finder = RegistrationCallFinder(viewMode: .sourceAccurate)
    finder.walk(body)
    return finder.found
  }
}

/// Finds the first call of `DependencyRegistration(…)`, `DependencyRegistration<T>(…)`,
/// `DpendRuntime.DependencyRegistration(…)` or `.init(…)`. A bare `.init(…)` can make any
/// type (`let url: URL = .init(…)`), so it counts only where the method returns it.
private final class RegistrationCallFinder: SyntaxVisitor {
  var found: FunctionCallExprSyntax?

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    guard found == nil else { return .skipChildren }
    let isBareInit = node.calledExpression.as(MemberAccessExprSyntax.self).map { $0.base == nil } ?? false
    if Self.isRegistrationInitializer(node.calledExpression), !isBareInit || Self.isReturnedByMethod(node) {
      found = node
      return .skipChildren
    }
    return .visitChildren
  }

  /// `true` when `call` (perhaps under `try`) is the value of a `return`, or the only statement
  /// of a block, in the method itself rather than in a closure.
  private static func isReturnedByMethod(_ call: FunctionCallExprSyntax) -> Bool {
    var value = Syntax(call)
    while let parent = value.parent, parent.is(TryExprSyntax.self) { value = parent }
    guard let parent = value.parent,
      parent.is(ReturnStmtSyntax.self)
        || (parent.is(CodeBlockItemSyntax.self) && parent.parent?.as(CodeBlockItemListSyntax.self)?.count == 1)
    else { return false }
    var ancestor = parent.parent
    while let node = ancestor {
      if node.is(ClosureExprSyntax.self) { return false }
      if node.is(FunctionDeclSyntax.self) { return true }
      ancestor = node.parent
    }
    return false
  }

  private static func isRegistrationInitializer(_ expression: ExprSyntax) -> Bool {
    var callee = expression
    if let specialization = callee.as(GenericSpecializationExprSyntax.self) {
      callee = specialization.expression
    }
    if let reference = callee.as(DeclReferenceExprSyntax.self) {
      return reference.baseName.text == "DependencyRegistration"
    }
    if let access = callee.as(MemberAccessExprSyntax.self) {
      let name = access.declName.baseName.text
      if access.base == nil { return name == "init" }
      return name == "DependencyRegistration" || (name == "init" && isRegistrationInitializer(access.base!))
    }
    return false
  }
}
