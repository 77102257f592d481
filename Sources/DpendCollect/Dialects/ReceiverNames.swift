import SwiftSyntax

/// The names a file's `register`, `autoregister` and `resolve` calls are made on
/// (``DpendModel/FileSummary/receiverNames``): when the workspace's vocabulary gains or loses
/// a container value, only the files that call one of these on a name of it are read again.
final class ReceiverNames: SyntaxVisitor {
  /// The names found so far.
  private(set) var names: Set<String> = []
  private let scopes: EnclosingScopes

  /// A walker answering scope questions through `scopes` (a ``ContainerReader``'s, when it
  /// notes the calls it reads).
  init(scopes: EnclosingScopes = EnclosingScopes()) {
    self.scopes = scopes
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ call: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    note(call)
    return .visitChildren
  }

  /// Adds the names `call` is made on.
  func note(_ call: FunctionCallExprSyntax) {
    guard let name = CallShape.calledName(call), Self.verbs.contains(name) else { return }
    let receiver = CallShape.receiver(call)
    guard !receiver.isEmpty else { return }
    var components = receiver.split(separator: ".").map(String.init)
    if let root = components.first, scopes.scope(of: call).bindings[root] != nil { components.removeFirst() }
    names.formUnion(components)
  }

  /// The calls a container value's dialect reads on it.
  static let verbs: Set<String> = ["register", "autoregister", "resolve"]
}
