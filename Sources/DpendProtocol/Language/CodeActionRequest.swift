/// `textDocument/codeAction`.
public struct CodeActionRequest: LSPRequest, Hashable {
  public static let method = "textDocument/codeAction"
  public typealias Response = [CodeAction]?
  public var textDocument: TextDocumentIdentifier
  public var range: Range
  public var context: Context

  public struct Context: Hashable, Sendable, Codable {
    public var diagnostics: [Diagnostic]
    public var only: [String]?
    public init(diagnostics: [Diagnostic], only: [String]? = nil) {
      self.diagnostics = diagnostics
      self.only = only
    }
  }

  public init(textDocument: TextDocumentIdentifier, range: Range, context: Context) {
    self.textDocument = textDocument
    self.range = range
    self.context = context
  }
}

/// A change the user can choose to apply.
public struct CodeAction: Hashable, Sendable, Codable {
  public var title: String
  public var kind: String
  public var diagnostics: [Diagnostic]?
  public var isPreferred: Bool?
  public var edit: WorkspaceEdit?
  public var disabled: Disabled?

  public struct Disabled: Hashable, Sendable, Codable {
    public var reason: String
    public init(reason: String) { self.reason = reason }
  }

  public init(
    title: String, kind: String, diagnostics: [Diagnostic]? = nil, isPreferred: Bool? = nil,
    edit: WorkspaceEdit? = nil, disabled: Disabled? = nil
  ) {
    self.title = title
    self.kind = kind
    self.diagnostics = diagnostics
    self.isPreferred = isPreferred
    self.edit = edit
    self.disabled = disabled
  }

  public static let quickFix = "quickfix"
  public static let source = "source"
  /// dpend's "Generate registrations" action.
  public static let generateRegistrations = "source.generateRegistrations.dpend"
}
