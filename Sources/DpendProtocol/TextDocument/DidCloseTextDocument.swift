/// `textDocument/didClose`: the disk is the truth for this document again.
public struct DidCloseTextDocumentNotification: LSPNotification, Hashable {
  public static let method = "textDocument/didClose"
  public var textDocument: TextDocumentIdentifier
  public init(textDocument: TextDocumentIdentifier) { self.textDocument = textDocument }
}
