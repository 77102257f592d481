/// `textDocument/didOpen`: the client now owns the document's text.
public struct DidOpenTextDocumentNotification: LSPNotification, Hashable {
  public static let method = "textDocument/didOpen"
  public var textDocument: TextDocumentItem
  public init(textDocument: TextDocumentItem) { self.textDocument = textDocument }
}
