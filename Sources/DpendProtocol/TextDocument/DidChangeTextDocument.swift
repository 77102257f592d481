/// `textDocument/didChange`: edits to an open document, applied in order.
public struct DidChangeTextDocumentNotification: LSPNotification, Hashable {
  public static let method = "textDocument/didChange"
  public var textDocument: VersionedTextDocumentIdentifier
  public var contentChanges: [TextDocumentContentChangeEvent]
  public init(textDocument: VersionedTextDocumentIdentifier, contentChanges: [TextDocumentContentChangeEvent]) {
    self.textDocument = textDocument
    self.contentChanges = contentChanges
  }
}

/// One edit: `text` replaces `range`, or the whole document when there is no range.
public struct TextDocumentContentChangeEvent: Hashable, Sendable, Codable {
  public var range: Range?
  public var text: String
  public init(range: Range? = nil, text: String) {
    self.range = range
    self.text = text
  }
}
