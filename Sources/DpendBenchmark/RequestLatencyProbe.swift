import DpendModel
import DpendProtocol
import Foundation

/// The latency of each editor request once the server has indexed a workspace: hover,
/// definition and references on a resolve's key, a file's symbols, lenses and inlay hints,
/// the call hierarchy, workspace symbols and a pulled document report, each sent `count`
/// times one after another (the next only once the last is answered), as an editor does.
struct RequestLatencyProbe {
  let binary: String
  let count: Int

  /// Seconds per answer, by request.
  typealias Result = [(method: String, seconds: [Double])]

  /// Measures on `file` of the workspace at `root`, at `key`: a position on a resolve's key.
  func measure(root: URL, file: URL, key: Position) throws -> Result {
    let server = try ServerSession(binary: binary)
    var id = 1
    func nextID() -> Int {
      id += 1
      return id
    }
    let deadline = Date().addingTimeInterval(600)
    var capabilities = ClientCapabilities()
    // As a client that pulls diagnostics.
    capabilities.textDocument = .init(diagnostic: .init(dynamicRegistration: false))
    try server.request(
      id: 1, method: InitializeRequest.method,
      params: InitializeRequest(processId: nil, rootUri: root.absoluteString, capabilities: capabilities),
      deadline: deadline)
    server.send(MessageEncoder.notification(method: InitializedNotification.method, params: InitializedNotification()))
    let document = TextDocumentIdentifier(uri: file.absoluteString)
    // The first answer waits for indexing: not measured.
    try server.request(
      id: nextID(), method: HoverRequest.method, params: HoverRequest(textDocument: document, position: key),
      deadline: deadline)
    let whole = DpendProtocol.Range(start: Position(line: 0, character: 0), end: Position(line: 100_000, character: 0))
    let item = try server.request(
      id: nextID(), method: CallHierarchyPrepareRequest.method,
      params: CallHierarchyPrepareRequest(textDocument: document, position: key), deadline: deadline)
    let hierarchyItem = try? LSPAny.decode([CallHierarchyItem].self, from: item).first
    var requests: [(String, (Int) throws -> Void)] = [
      (
        "hover",
        {
          try server.request(
            id: $0, method: HoverRequest.method, params: HoverRequest(textDocument: document, position: key),
            deadline: deadline)
        }
      ),
      (
        "definition",
        {
          try server.request(
            id: $0, method: DefinitionRequest.method, params: DefinitionRequest(textDocument: document, position: key),
            deadline: deadline)
        }
      ),
      (
        "references",
        {
          try server.request(
            id: $0, method: ReferencesRequest.method,
            params: ReferencesRequest(textDocument: document, position: key, context: .init(includeDeclaration: true)),
            deadline: deadline)
        }
      ),
      (
        "documentSymbol",
        {
          try server.request(
            id: $0, method: DocumentSymbolRequest.method, params: DocumentSymbolRequest(textDocument: document),
            deadline: deadline)
        }
      ),
      (
        "codeLens",
        {
          try server.request(
            id: $0, method: CodeLensRequest.method, params: CodeLensRequest(textDocument: document), deadline: deadline)
        }
      ),
      (
        "inlayHint",
        {
          try server.request(
            id: $0, method: InlayHintRequest.method, params: InlayHintRequest(textDocument: document, range: whole),
            deadline: deadline)
        }
      ),
      (
        "prepareCallHierarchy",
        {
          try server.request(
            id: $0, method: CallHierarchyPrepareRequest.method,
            params: CallHierarchyPrepareRequest(textDocument: document, position: key), deadline: deadline)
        }
      ),
      (
        "workspace/symbol",
        {
          try server.request(
            id: $0, method: WorkspaceSymbolRequest.method, params: WorkspaceSymbolRequest(query: "Service"),
            deadline: deadline)
        }
      ),
      (
        "textDocument/diagnostic",
        {
          try server.request(
            id: $0, method: DocumentDiagnosticRequest.method, params: DocumentDiagnosticRequest(textDocument: document),
            deadline: deadline)
        }
      ),
    ]
    if let hierarchyItem {
      requests.append(
        (
          "incomingCalls",
          {
            try server.request(
              id: $0, method: CallHierarchyIncomingCallsRequest.method,
              params: CallHierarchyIncomingCallsRequest(item: hierarchyItem), deadline: deadline)
          }
        ))
      requests.append(
        (
          "outgoingCalls",
          {
            try server.request(
              id: $0, method: CallHierarchyOutgoingCallsRequest.method,
              params: CallHierarchyOutgoingCallsRequest(item: hierarchyItem), deadline: deadline)
          }
        ))
    }
    var result: Result = []
    for (method, send) in requests {
      var seconds: [Double] = []
      for _ in 0..<count {
        let start = DispatchTime.now().uptimeNanoseconds
        try send(nextID())
        seconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
      }
      result.append((method, seconds))
    }
    server.stop()
    return result
  }

  /// A position on the type of the first `resolve(X.self` in `text`, else on the first
  /// parameter's type of an `init(`: where an editor user asks about a key. Found by searching
  /// the text, only to choose where to ask.
  static func keyPosition(in text: String) -> Position? {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    for (number, line) in lines.enumerated() {
      guard let found = line.range(of: "resolve(") else { continue }
      return Position(line: number, character: line.utf16.distance(from: line.startIndex, to: found.upperBound) + 1)
    }
    for (number, line) in lines.enumerated() {
      guard let initializer = line.range(of: "init("),
        let colon = line[initializer.upperBound...].range(of: ": ")
      else { continue }
      return Position(line: number, character: line.utf16.distance(from: line.startIndex, to: colon.upperBound) + 1)
    }
    return nil
  }
}
