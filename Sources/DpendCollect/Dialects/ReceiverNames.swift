import SwiftSyntax

/// The names a file's `register`, `autoregister` and `resolve` calls are made on
/// (``DpendModel/FileSummary/receiverNames``): when the workspace's vocabulary gains or loses
/// a container value, only the files that call one of these on a name of it are read again.
final class ReceiverNames: SyntaxVisitor {
  /// The names found so far.
  private(set) var names: Set<String> = []

  /// A walker of the calls of one file (a ``ContainerReader``'s notes the calls it reads).
  init() { super.init(viewMode: .sourceAccurate) }

  override func visit(_ call: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    note(call)
    return .visitChildren
  }

  /// Adds the names `call` is made on: each part of its receiver, and of the value a local,
  /// a binding or a file's global it is made on holds (`r` in `let r = AppDI.shared.resolver`;
  /// ``NameLookup``), but a root that a parameter hides.
  func note(_ call: FunctionCallExprSyntax) {
    guard let name = CallShape.calledName(call), Self.verbs.contains(name),
      let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base
    else { return }
    note(base, at: Syntax(call), depth: 0)
  }

  private func note(_ expression: ExprSyntax, at node: Syntax, depth: Int) {
    guard depth < 8 else { return }
    if let inner = ContainerReader.unwrapped(expression) { return note(inner, at: node, depth: depth + 1) }
    if let member = expression.as(MemberAccessExprSyntax.self) {
      names.insert(member.declName.baseName.text)
      if let base = member.base { note(base, at: node, depth: depth + 1) }
    } else if let call = expression.as(FunctionCallExprSyntax.self) {
      if let name = CallShape.calledName(call) { names.insert(name) }
      if let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base {
        note(base, at: node, depth: depth + 1)
      }
    } else if let reference = expression.as(DeclReferenceExprSyntax.self) {
      let root = reference.baseName.text
      guard root != "self" else { return }
      let binding: PatternBindingSyntax?
      switch NameLookup.declaration(of: root, at: node) {
      case .parameter: return
      case .local(let found), .global(let found, _): binding = found
      case .bound(nil, let value?):
        names.insert(root)
        return note(value, at: Syntax(value), depth: depth + 1)
      case .bound, .member, .undeclared: binding = nil
      }
      names.insert(root)
      if let binding, let value = binding.initializer?.value, binding.typeAnnotation == nil {
        note(value, at: Syntax(binding), depth: depth + 1)
      }
    }
  }

  /// The calls a container value's dialect reads on it.
  static let verbs: Set<String> = ["register", "autoregister", "resolve"]
}
