import DpendModel
import SwiftSyntax

/// Where the container reader's facts are written: a node's range, a call's name, the key a
/// call writes, the `#if` conditions around a node.
extension ContainerReader {
  /// The range of `node` in the file.
  func range(_ node: some SyntaxProtocol) -> DpendModel.SourceRange { ranges.range(of: node) }

  /// The range of a call's name: `register` in `container.register(…)`.
  func nameRange(_ call: FunctionCallExprSyntax) -> DpendModel.SourceRange {
    if let member = call.calledExpression.as(MemberAccessExprSyntax.self) { return range(member.declName) }
    return range(call.calledExpression)
  }

  /// Keeps where the call `node`, whose name is at `name`, writes its key (``keyRanges``):
  /// its arguments before the first closure (`ImageCache.self, name: "x"`), or its empty
  /// parentheses (`()` in `try c.resolve()`). Nothing for another node, or a call whose
  /// first argument is a closure.
  func recordKey(of node: some SyntaxProtocol, named name: DpendModel.SourceRange) {
    guard let call = node.as(FunctionCallExprSyntax.self), nameRange(call) == name else { return }
    let written = call.arguments.prefix { !$0.expression.is(ClosureExprSyntax.self) }
    let key: DpendModel.SourceRange
    if let first = written.first, let last = written.last {
      key = DpendModel.SourceRange(file: name.file, start: range(first).start, end: range(last.expression).end)
    } else if call.arguments.isEmpty, let open = call.leftParen, let close = call.rightParen,
      close.presence == .present
    {
      key = DpendModel.SourceRange(file: name.file, start: range(open).start, end: range(close).end)
    } else {
      return
    }
    let close = call.rightParen.flatMap { $0.presence == .present ? range($0) : nil }
    keyRanges.append(KeyRange(call: name, key: key, closingParenthesis: close))
  }

  /// The `#if` conditions `node` is written under, outermost first; an `#else` branch is the
  /// negation of the conditions before it.
  func conditions(of node: some SyntaxProtocol) -> BuildConditions {
    var conditions: BuildConditions = []
    var current = Syntax(node).parent
    while let parent = current {
      if let clause = parent.as(IfConfigClauseSyntax.self) {
        conditions.insert(BuildCondition.text(of: clause), at: 0)
      }
      current = parent.parent
    }
    return conditions
  }
}
