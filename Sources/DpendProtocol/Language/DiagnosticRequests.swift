import DpendModel
/// `textDocument/diagnostic`: a client pulling one document's diagnostics.
public struct DocumentDiagnosticRequest: LSPRequest, Hashable {
  public static let method = "textDocument/diagnostic"
  public typealias Response = DocumentDiagnosticReport
  public var textDocument: TextDocumentIdentifier
  public var identifier: String?
  /// The `resultId` of the client's last report for the document.
  public var previousResultId: String?
  public init(textDocument: TextDocumentIdentifier, identifier: String? = nil, previousResultId: String? = nil) {
    self.textDocument = textDocument
    self.identifier = identifier
    self.previousResultId = previousResultId
  }
}

/// A document's diagnostics: `full` with its items, or `unchanged` since `previousResultId`.
public struct DocumentDiagnosticReport: Hashable, Sendable, Codable {
  public var kind: String
  public var resultId: String?
  public var items: [Diagnostic]?
  public init(kind: String, resultId: String?, items: [Diagnostic]?) {
    self.kind = kind
    self.resultId = resultId
    self.items = items
  }

  public static let full = "full"
  public static let unchanged = "unchanged"
}

/// `workspace/diagnostic`: a client pulling every document's diagnostics.
public struct WorkspaceDiagnosticRequest: LSPRequest, Hashable {
  public static let method = "workspace/diagnostic"
  public typealias Response = WorkspaceDiagnosticReport
  public var identifier: String?
  public var previousResultIds: [PreviousResultId]
  public struct PreviousResultId: Hashable, Sendable, Codable {
    public var uri: String
    public var value: String
    public init(uri: String, value: String) {
      self.uri = uri
      self.value = value
    }
  }
  public init(identifier: String? = nil, previousResultIds: [PreviousResultId]) {
    self.identifier = identifier
    self.previousResultIds = previousResultIds
  }
}

/// Every document's report.
public struct WorkspaceDiagnosticReport: Hashable, Sendable, Codable {
  public var items: [WorkspaceDocumentDiagnosticReport]
  public init(items: [WorkspaceDocumentDiagnosticReport]) { self.items = items }
}

/// One document's report in a workspace report.
public struct WorkspaceDocumentDiagnosticReport: Hashable, Sendable, Codable {
  public var kind: String
  public var resultId: String?
  public var uri: String
  public var version: Int?
  public var items: [Diagnostic]?
  public init(kind: String, resultId: String?, uri: String, version: Int?, items: [Diagnostic]?) {
    self.kind = kind
    self.resultId = resultId
    self.uri = uri
    self.version = version
    self.items = items
  }
}

/// `workspace/diagnostic/refresh`: the server asking the client to pull again.
public struct DiagnosticRefreshRequest: LSPRequest, Hashable {
  public static let method = "workspace/diagnostic/refresh"
  public typealias Response = LSPAny?
  public init() {}
}
