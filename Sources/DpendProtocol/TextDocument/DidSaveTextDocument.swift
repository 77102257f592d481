/// `textDocument/didSave`: the document was saved, with its text when `includeText` is set.
public struct DidSaveTextDocumentNotification: LSPNotification, Hashable {
  public static let method = "textDocument/didSave"
  public var textDocument: TextDocumentIdentifier
  public var text: String?
  public init(textDocument: TextDocumentIdentifier, text: String? = nil) {
    self.textDocument = textDocument
    self.text = text
  }
}
