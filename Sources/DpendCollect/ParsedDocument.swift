import DpendModel
import SwiftParser
import SwiftSyntax

/// An open document with its syntax tree, so that an edit re-parses incrementally:
/// SwiftSyntax reuses every node the edit did not touch.
///
/// Only documents open in an editor are kept this way; closed files keep just their
/// ``FileSummary``.
public final class ParsedDocument {
  /// The document's path.
  public let path: String
  /// The current text.
  public private(set) var text: String
  /// The summary of the current text.
  public private(set) var summary: FileSummary
  /// UTF-8 bytes of syntax reused from the previous tree by the last update; 0 after a
  /// full parse. Tests use it to prove parsing is incremental.
  public private(set) var reusedBytes = 0
  private var parse: IncrementalParseResult

  /// Parses `text` in full.
  public init(path: String, text: String) {
    self.path = path
    self.text = text
    parse = Parser.parseIncrementally(source: text, parseTransition: nil)
    summary = SummaryCollector.summarize(path: path, tree: parse.tree, source: text)
  }

  /// Moves to `newText`, which `edits` (applied in order) made from the current text.
  public func update(to newText: String, edits: [TextReplacement]) {
    let sourceEdits = edits.map {
      SourceEdit(
        range: AbsolutePosition(utf8Offset: $0.offset)..<AbsolutePosition(utf8Offset: $0.offset + $0.length),
        replacement: $0.replacement)
    }
    var reused = 0
    let transition = IncrementalParseTransition(
      previousIncrementalParseResult: parse, edits: ConcurrentEdits(fromSequential: sourceEdits),
      reusedNodeCallback: { reused += $0.totalLength.utf8Length })
    parse = Parser.parseIncrementally(source: newText, parseTransition: transition)
    reusedBytes = reused
    text = newText
    summary = SummaryCollector.summarize(path: path, tree: parse.tree, source: text)
  }
}
