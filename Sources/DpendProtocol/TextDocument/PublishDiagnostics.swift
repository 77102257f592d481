/// `textDocument/publishDiagnostics`: the complete list of a document's problems.
public struct PublishDiagnosticsNotification: LSPNotification, Hashable {
  public static let method = "textDocument/publishDiagnostics"
  public var uri: String
  public var version: Int?
  public var diagnostics: [Diagnostic]
  public init(uri: String, version: Int? = nil, diagnostics: [Diagnostic]) {
    self.uri = uri
    self.version = version
    self.diagnostics = diagnostics
  }
}
