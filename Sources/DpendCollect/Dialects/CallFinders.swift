import SwiftSyntax

/// Collects the calls of some names inside a node (closures included).
final class CallFinder: SyntaxVisitor {
  let names: Set<String>
  private(set) var calls: [FunctionCallExprSyntax] = []

  init(names: Set<String>) {
    self.names = names
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ call: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    if let name = CallShape.calledName(call), names.contains(name) { calls.append(call) }
    return .visitChildren
  }
}

/// Collects every call inside a node, in closures too unless told not to enter them (what a
/// factory calls while it constructs the instance).
final class AnyCallFinder: SyntaxVisitor {
  private(set) var calls: [FunctionCallExprSyntax] = []
  private let entersClosures: Bool

  init(enteringClosures: Bool = true) {
    entersClosures = enteringClosures
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ call: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    calls.append(call)
    return .visitChildren
  }

  override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
    entersClosures ? .visitChildren : .skipChildren
  }
}

/// Collects the operator sequences inside a node.
final class SequenceFinder: SyntaxVisitor {
  private(set) var sequences: [SequenceExprSyntax] = []

  init() { super.init(viewMode: .sourceAccurate) }

  override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
    sequences.append(node)
    return .visitChildren
  }
}
