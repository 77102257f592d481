import DpendModel
import SwiftSyntax

/// Turns syntax nodes into ``SourceRange``s of one file, through the file's ``LineTable``
/// (`\n`, `\r\n` and `\r` end a line, as `SourceLocationConverter` counts them, without
/// walking the syntax tree); columns are 1-based UTF-8 byte columns.
struct RangeConverter {
  let path: String
  /// The file's lines; the summary keeps them so positions convert against this text.
  let lines: LineTable

  init(path: String, source: String) {
    self.path = path
    lines = LineTable(source)
  }

  init(path: String, tree: SourceFileSyntax) {
    self.path = path
    lines = LineTable(bytes: tree.syntaxTextBytes)
  }

  /// The node's range without its leading and trailing trivia.
  func range(of node: some SyntaxProtocol) -> DpendModel.SourceRange {
    DpendModel.SourceRange(
      file: path,
      start: position(node.positionAfterSkippingLeadingTrivia.utf8Offset),
      end: position(node.endPositionBeforeTrailingTrivia.utf8Offset))
  }

  /// The raw node's range without its leading and trailing trivia.
  func range(of node: RawNode) -> DpendModel.SourceRange {
    DpendModel.SourceRange(file: path, start: position(node.start), end: position(node.end))
  }

  /// The range between two UTF-8 offsets of the file.
  func range(from start: Int, to end: Int) -> DpendModel.SourceRange {
    DpendModel.SourceRange(file: path, start: position(start), end: position(end))
  }

  private func position(_ offset: Int) -> SourcePosition {
    lines.sourcePosition(ofOffset: offset)
  }
}
