/// Identifies a document by URI.
public struct TextDocumentIdentifier: Hashable, Sendable, Codable {
  public var uri: String
  public init(uri: String) { self.uri = uri }
}

/// Identifies a version of a document; `version` is `null` (not absent) for a document
/// that is not open, as LSP's `OptionalVersionedTextDocumentIdentifier` requires.
public struct VersionedTextDocumentIdentifier: Hashable, Sendable, Codable {
  public var uri: String
  public var version: Int?
  public init(uri: String, version: Int?) {
    self.uri = uri
    self.version = version
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(uri, forKey: .uri)
    try container.encode(version, forKey: .version)
  }
}

/// A document as opened by the client.
public struct TextDocumentItem: Hashable, Sendable, Codable {
  public var uri: String
  public var languageId: String
  public var version: Int
  public var text: String
  public init(uri: String, languageId: String, version: Int, text: String) {
    self.uri = uri
    self.languageId = languageId
    self.version = version
    self.text = text
  }
}

/// A position in a document: the parameters of hover, definition and references.
public struct TextDocumentPositionParams: Hashable, Sendable, Codable {
  public var textDocument: TextDocumentIdentifier
  public var position: Position
  public init(textDocument: TextDocumentIdentifier, position: Position) {
    self.textDocument = textDocument
    self.position = position
  }
}

/// A replacement of a range's text.
public struct TextEdit: Hashable, Sendable, Codable {
  public var range: Range
  public var newText: String
  public init(range: Range, newText: String) {
    self.range = range
    self.newText = newText
  }
}

/// A folder of the workspace.
public struct WorkspaceFolder: Hashable, Sendable, Codable {
  public var uri: String
  public var name: String
  public init(uri: String, name: String) {
    self.uri = uri
    self.name = name
  }
}

/// Formatted text for hovers.
public struct MarkupContent: Hashable, Sendable, Codable {
  public var kind: String
  public var value: String
  public init(markdown: String) {
    kind = "markdown"
    value = markdown
  }

  /// Plain text, for clients that cannot render Markdown.
  public init(plaintext: String) {
    kind = "plaintext"
    value = plaintext
  }
}
