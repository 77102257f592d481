import DpendModel
/// `textDocument/codeLens`: above each registration what resolves it and what it needs;
/// above a resolve nothing registers, "not registered".
public struct CodeLensRequest: LSPRequest, Hashable {
  public static let method = "textDocument/codeLens"
  public typealias Response = [CodeLens]?
  public var textDocument: TextDocumentIdentifier
  public init(textDocument: TextDocumentIdentifier) { self.textDocument = textDocument }
}

/// A command the client runs, or asks the server to run (`workspace/executeCommand`).
public struct Command: Hashable, Sendable, Codable {
  public var title: String
  public var command: String
  public var arguments: [LSPAny]?
  public init(title: String, command: String, arguments: [LSPAny]?) {
    self.title = title
    self.command = command
    self.arguments = arguments
  }
}

/// A line of text above a range, running a command.
public struct CodeLens: Hashable, Sendable, Codable {
  public var range: Range
  public var command: Command?
  public init(range: Range, command: Command?) {
    self.range = range
    self.command = command
  }
}

/// `workspace/codeLens/refresh`: a request from the server asking the client to fetch every
/// shown document's code lenses again (a change elsewhere moved what they count).
public struct CodeLensRefreshRequest: LSPRequest, Hashable {
  public static let method = "workspace/codeLens/refresh"
  public typealias Response = LSPAny?
  public init() {}
}
