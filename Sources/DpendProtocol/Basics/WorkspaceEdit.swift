/// Changes to files, applied by the client. The server never writes files itself.
public struct WorkspaceEdit: Hashable, Sendable, Codable {
  /// Edits per document URI, for clients without `documentChanges` support.
  public var changes: [String: [TextEdit]]?
  /// Ordered edits and file creations.
  public var documentChanges: [DocumentChange]?

  public init(changes: [String: [TextEdit]]? = nil, documentChanges: [DocumentChange]? = nil) {
    self.changes = changes
    self.documentChanges = documentChanges
  }
}

/// One step of ``WorkspaceEdit/documentChanges``.
public enum DocumentChange: Hashable, Sendable, Codable {
  case edit(TextDocumentEdit)
  case create(CreateFile)

  public init(from decoder: any Decoder) throws {
    if let create = try? CreateFile(from: decoder), create.kind == "create" {
      self = .create(create)
    } else {
      self = .edit(try TextDocumentEdit(from: decoder))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .edit(let edit): try edit.encode(to: encoder)
    case .create(let create): try create.encode(to: encoder)
    }
  }
}

/// Edits to one version of a document.
public struct TextDocumentEdit: Hashable, Sendable, Codable {
  public var textDocument: VersionedTextDocumentIdentifier
  public var edits: [TextEdit]
  public init(textDocument: VersionedTextDocumentIdentifier, edits: [TextEdit]) {
    self.textDocument = textDocument
    self.edits = edits
  }
}

/// Creates a file.
public struct CreateFile: Hashable, Sendable, Codable {
  public var kind = "create"
  public var uri: String
  public var options: Options?

  public struct Options: Hashable, Sendable, Codable {
    public var overwrite: Bool?
    public var ignoreIfExists: Bool?
    public init(overwrite: Bool? = nil, ignoreIfExists: Bool? = nil) {
      self.overwrite = overwrite
      self.ignoreIfExists = ignoreIfExists
    }
  }

  public init(uri: String, options: Options? = nil) {
    self.uri = uri
    self.options = options
  }
}
