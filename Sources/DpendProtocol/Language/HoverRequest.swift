/// `textDocument/hover`.
public struct HoverRequest: LSPRequest, Hashable {
  public static let method = "textDocument/hover"
  public typealias Response = Hover?
  public var textDocument: TextDocumentIdentifier
  public var position: Position
  public init(textDocument: TextDocumentIdentifier, position: Position) {
    self.textDocument = textDocument
    self.position = position
  }
}

/// What a hover shows.
public struct Hover: Hashable, Sendable, Codable {
  public var contents: MarkupContent
  public var range: Range?
  public init(contents: MarkupContent, range: Range?) {
    self.contents = contents
    self.range = range
  }
}
