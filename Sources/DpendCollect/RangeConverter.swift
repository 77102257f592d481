import DpendModel
import SwiftSyntax

/// Turns syntax nodes into ``SourceRange``s of one file.
///
/// Lines are found by one scan of the text's bytes (`\n`, `\r\n` and `\r` end a line), the
/// way `SourceLocationConverter` counts them but without walking the syntax tree; columns
/// are 1-based UTF-8 byte columns.
struct RangeConverter {
  let path: String
  /// The offset at which each line starts; `lineStarts[0] == 0`.
  private let lineStarts: [Int]

  init(path: String, source: String) {
    self.path = path
    var source = source
    lineStarts = source.withUTF8 { Self.lineStarts(of: $0) }
  }

  init(path: String, tree: SourceFileSyntax) {
    self.path = path
    lineStarts = tree.syntaxTextBytes.withUnsafeBufferPointer { Self.lineStarts(of: $0) }
  }

  private static func lineStarts(of bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
    var starts = [0]
    var index = 0
    let count = bytes.count
    while index < count {
      let byte = bytes[index]
      index += 1
      if byte == UInt8(ascii: "\n") {
        starts.append(index)
      } else if byte == UInt8(ascii: "\r") {
        if index < count && bytes[index] == UInt8(ascii: "\n") { index += 1 }
        starts.append(index)
      }
    }
    return starts
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

  private func position(_ offset: Int) -> SourcePosition {
    // The last line starting at or before `offset`.
    var low = 0
    var high = lineStarts.count
    while high - low > 1 {
      let middle = (low + high) / 2
      if lineStarts[middle] <= offset { low = middle } else { high = middle }
    }
    return SourcePosition(line: low + 1, column: offset - lineStarts[low] + 1, offset: offset)
  }
}
