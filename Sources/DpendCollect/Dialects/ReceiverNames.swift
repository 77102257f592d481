import SwiftSyntax

/// The names a file's `register`, `autoregister` and `resolve` calls are made on
/// (``DpendModel/FileSummary/receiverNames``): when the workspace's vocabulary gains or loses
/// a container value, only the files that call one of these on a name of it are read again.
final class ReceiverNames: SyntaxVisitor {
  /// The names found so far.
  private(set) var names: Set<String> = []
  private let scopes: EnclosingScopes
  private let locals: InstanceNaming

  /// A walker answering scope questions through `scopes` and `locals` (a ``ContainerReader``'s,
  /// when it notes the calls it reads).
  init(scopes: EnclosingScopes, locals: InstanceNaming) {
    self.scopes = scopes
    self.locals = locals
    super.init(viewMode: .sourceAccurate)
  }

  /// A walker of its own, for a file no reader reads.
  convenience init(ranges: RangeConverter) {
    let scopes = EnclosingScopes()
    self.init(scopes: scopes, locals: InstanceNaming(scopes: scopes, ranges: ranges))
  }

  override func visit(_ call: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    note(call)
    return .visitChildren
  }

  /// Adds the names `call` is made on: each part of its receiver, and of the value a local
  /// or a file's global it is made on holds (`r` in `let r = AppDI.shared.resolver`), but a
  /// root that a parameter hides.
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
      guard root != "self", scopes.scope(of: node).bindings[root] == nil else { return }
      names.insert(root)
      let binding: PatternBindingSyntax?
      if let local = locals.localDeclaration(of: root, at: node) {
        binding = local?.parent?.as(PatternBindingSyntax.self)
      } else {
        binding = ContainerReader.fileGlobal(named: root, at: node)
      }
      if let value = binding?.initializer?.value, binding?.typeAnnotation == nil {
        note(value, at: Syntax(binding!), depth: depth + 1)
      }
    }
  }

  /// The calls a container value's dialect reads on it.
  static let verbs: Set<String> = ["register", "autoregister", "resolve"]
}
