import SwiftSyntax

/// The names a file's `register`, `autoregister` and `resolve` calls are made on
/// (``DpendModel/FileSummary/receiverNames``): when the workspace's vocabulary gains or loses
/// a container value, only the files that call one of these on a name of it are read again.
final class ReceiverNames: SyntaxVisitor {
  /// The names found so far.
  private(set) var names: Set<String> = []

  init() {
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ call: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    note(call)
    return .visitChildren
  }

  /// Adds the names `call` is made on.
  func note(_ call: FunctionCallExprSyntax) {
    names.formUnion(Self.names(of: call))
  }

  /// The calls a container value's dialect reads on it.
  static let verbs: Set<String> = ["register", "autoregister", "resolve"]

  /// The names `call` is made on, when it is one of ``verbs``: each part of its receiver as
  /// ``ContainerReader/dialects(ofReceiver:at:)`` matches them, but a root a parameter hides.
  static func names(of call: FunctionCallExprSyntax) -> [String] {
    guard let name = CallShape.calledName(call), verbs.contains(name) else { return [] }
    let receiver = CallShape.receiver(call)
    guard !receiver.isEmpty else { return [] }
    var components = receiver.split(separator: ".").map(String.init)
    if let root = components.first, ContainerReader.isShadowed(root, at: call) { components.removeFirst() }
    return components
  }
}
