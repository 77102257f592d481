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
  /// What the collector reads; setting it summarizes the current tree again.
  public var collection: CollectionSettings {
    didSet {
      guard collection != oldValue else { return }
      if let parse {
        summary = SummaryCollector.summarize(path: path, tree: parse.tree, source: text, settings: collection)
      }
    }
  }
  /// The last parse; `nil` when the text nests too deep to parse (see ``NestingGuard``).
  private var parse: IncrementalParseResult?

  /// Parses `text` in full.
  public init(path: String, text: String, collection: CollectionSettings = CollectionSettings()) {
    self.path = path
    self.text = text
    self.collection = collection
    summary = FileSummary(path: path)
    reparse(transition: nil)
  }

  /// Moves to `newText`, which `edits` (applied in order) made from the current text.
  public func update(to newText: String, edits: [TextReplacement]) {
    text = newText
    guard let previous = parse else {
      reparse(transition: nil)
      return
    }
    let sourceEdits = edits.map {
      SourceEdit(
        range: AbsolutePosition(utf8Offset: $0.offset)..<AbsolutePosition(utf8Offset: $0.offset + $0.length),
        replacement: $0.replacement)
    }
    var reused = 0
    let transition = IncrementalParseTransition(
      previousIncrementalParseResult: previous, edits: ConcurrentEdits(fromSequential: sourceEdits),
      reusedNodeCallback: { reused += $0.totalLength.utf8Length })
    reparse(transition: transition)
    reusedBytes = reused
  }

  private func reparse(transition: IncrementalParseTransition?) {
    reusedBytes = 0
    let measure = NestingGuard.measure(text)
    guard !measure.isRefused else {
      parse = nil
      summary = FileSummary(path: path)
      summary.problems = [NestingGuard.refusal(path: path, measure)]
      summary.lines = LineTable(text)
      return
    }
    let (text, path, collection) = (self.text, self.path, self.collection)
    let result = NestingGuard.withStack(forDepth: measure.depth) {
      let parsed = Parser.parseIncrementally(source: text, parseTransition: transition)
      return (parsed, SummaryCollector.summarize(path: path, tree: parsed.tree, source: text, settings: collection))
    }
    parse = result.0
    summary = result.1
  }
}
