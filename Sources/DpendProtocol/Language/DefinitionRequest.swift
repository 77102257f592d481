/// `textDocument/definition`: on a dependency, where its providers are declared.
public struct DefinitionRequest: LSPRequest, Hashable {
  public static let method = "textDocument/definition"
  public typealias Response = [Location]?
  public var textDocument: TextDocumentIdentifier
  public var position: Position
  public init(textDocument: TextDocumentIdentifier, position: Position) {
    self.textDocument = textDocument
    self.position = position
  }
}
