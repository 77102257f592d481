/// `textDocument/documentSymbol`: a file's registrations as an outline.
public struct DocumentSymbolRequest: LSPRequest, Hashable {
  public static let method = "textDocument/documentSymbol"
  public typealias Response = [DocumentSymbol]?
  public var textDocument: TextDocumentIdentifier
  public init(textDocument: TextDocumentIdentifier) { self.textDocument = textDocument }
}

/// `workspace/symbol`: every registered key whose name matches the query.
public struct WorkspaceSymbolRequest: LSPRequest, Hashable {
  public static let method = "workspace/symbol"
  public typealias Response = [SymbolInformation]?
  public var query: String
  public init(query: String) { self.query = query }
}

/// LSP's `SymbolKind` numbers dpend uses.
public enum SymbolKind {
  /// A container's setup: an assembly, a setup function.
  public static let function = 12
  /// A configuration class.
  public static let `class` = 5
  /// A registration or provider: it constructs what it registers.
  public static let constructor = 9
}

/// One entry of a document's outline, with its children.
public struct DocumentSymbol: Hashable, Sendable, Codable {
  public var name: String
  public var detail: String?
  public var kind: Int
  public var range: Range
  public var selectionRange: Range
  public var children: [DocumentSymbol]?
  public init(
    name: String, detail: String?, kind: Int, range: Range, selectionRange: Range, children: [DocumentSymbol]?
  ) {
    self.name = name
    self.detail = detail
    self.kind = kind
    self.range = range
    self.selectionRange = selectionRange
    self.children = children
  }
}

/// One symbol of the workspace and where it is.
public struct SymbolInformation: Hashable, Sendable, Codable {
  public var name: String
  public var kind: Int
  public var location: Location
  public var containerName: String?
  public init(name: String, kind: Int, location: Location, containerName: String?) {
    self.name = name
    self.kind = kind
    self.location = location
    self.containerName = containerName
  }
}
