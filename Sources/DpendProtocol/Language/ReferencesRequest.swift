/// `textDocument/references`: on a provider, every parameter that consumes what it provides.
public struct ReferencesRequest: LSPRequest, Hashable {
  public static let method = "textDocument/references"
  public typealias Response = [Location]?
  public var textDocument: TextDocumentIdentifier
  public var position: Position
  public var context: Context?
  public struct Context: Hashable, Sendable, Codable {
    public var includeDeclaration: Bool
    public init(includeDeclaration: Bool) { self.includeDeclaration = includeDeclaration }
  }
  public init(textDocument: TextDocumentIdentifier, position: Position, context: Context? = nil) {
    self.textDocument = textDocument
    self.position = position
    self.context = context
  }
}
