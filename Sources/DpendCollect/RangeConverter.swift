import DpendModel
import SwiftSyntax

/// Turns syntax nodes into ``SourceRange``s of one file.
struct RangeConverter {
  let path: String
  let converter: SourceLocationConverter

  init(path: String, tree: SourceFileSyntax) {
    self.path = path
    self.converter = SourceLocationConverter(fileName: path, tree: tree)
  }

  /// The node's range without its leading and trailing trivia.
  func range(of node: some SyntaxProtocol) -> DpendModel.SourceRange {
    DpendModel.SourceRange(
      file: path,
      start: position(node.positionAfterSkippingLeadingTrivia),
      end: position(node.endPositionBeforeTrailingTrivia))
  }

  private func position(_ absolute: AbsolutePosition) -> SourcePosition {
    let location = converter.location(for: absolute)
    return SourcePosition(line: location.line, column: location.column, offset: location.offset)
  }
}
