import DpendProtocol

/// Every method the server handles, each with its typed handler: a request handler returns
/// its request's `Response` type, so the compiler checks every reply.
struct MethodHandlers: Sendable {
  /// Handles a request whose lifecycle was checked: decodes, runs (after a fresh analysis
  /// when the method needs the graph) and replies.
  typealias RequestHandler = @Sendable (LanguageServer, RequestID, Result<any Sendable, ResponseError>?) -> Void
  /// Handles a notification while the server runs.
  typealias NotificationHandler = @Sendable (LanguageServer, Result<any Sendable, ResponseError>?) -> Void

  private(set) var requests: [String: RequestHandler] = [:]
  private(set) var notifications: [String: NotificationHandler] = [:]
  /// The requests a user asks (``Timing/afterAnalysis(_:)`` with ``WhileIndexing/isTold``).
  private(set) var toldWhileIndexing: Set<String> = []
  /// The params type of every method, for the connection's typed decoding.
  private(set) var table = MethodTable()

  /// When a request runs.
  enum Timing {
    /// At once.
    case immediately
    /// Once every folder's graph is fresh; cancellable while it waits.
    case afterAnalysis(WhileIndexing)
  }

  /// What a request that arrives during the first index gets.
  enum WhileIndexing {
    /// The answer once the index is done: what an editor asks by itself (lenses, hints,
    /// symbols, diagnostics), which it asks again when told to refresh.
    case waits
    /// The same, or, if the index still runs ``IndexingProgress/grace`` after it arrived,
    /// an error saying how far the index is: what a user asks (hover, definition, …).
    case isTold
  }

  /// Registers `handler` for `R`; wrong params get -32602 at once, before any waiting.
  mutating func on<R: LSPRequest>(
    _: R.Type, _ timing: Timing,
    _ handler: @escaping @Sendable (LanguageServer) -> (R) throws(ResponseError) -> R.Response
  ) {
    table.register(R.self)
    if case .afterAnalysis(.isTold) = timing { toldWhileIndexing.insert(R.method) }
    requests[R.method] = { server, id, params in
      let request: R
      switch params {
      case .success(let decoded as R)?: request = decoded
      case .failure(let error)?: return server.fail(id, error)
      default: return server.fail(id, .internalError("'\(R.method)' was not decoded as \(R.self)"))
      }
      let run = {
        do throws(ResponseError) {
          server.reply(id, .success(try handler(server)(request)))
        } catch {
          server.fail(id, error)
        }
      }
      switch timing {
      case .immediately: run()
      case .afterAnalysis: server.afterAnalysis(id, run)
      }
    }
  }

  /// Registers `handler` for `N`; a notification with wrong params is logged and dropped.
  mutating func on<N: LSPNotification>(_: N.Type, _ handler: @escaping @Sendable (LanguageServer) -> (N) -> Void) {
    table.register(N.self)
    notifications[N.method] = { server, params in
      switch params {
      case .success(let decoded as N)?: handler(server)(decoded)
      case .failure(let error)?: server.log("ignored \(N.method): \(error.message)")
      default: server.log("ignored \(N.method): not decoded as \(N.self)")
      }
    }
  }
}

extension LanguageServer {
  /// The table of every method: one line each.
  static let methods: MethodHandlers = {
    var methods = MethodHandlers()
    methods.on(InitializeRequest.self, .immediately) { $0.initialize }
    methods.on(ShutdownRequest.self, .immediately) { $0.shutdown }
    methods.on(HoverRequest.self, .afterAnalysis(.isTold)) { $0.hover }
    methods.on(DefinitionRequest.self, .afterAnalysis(.isTold)) { $0.definition }
    methods.on(ReferencesRequest.self, .afterAnalysis(.isTold)) { $0.references }
    methods.on(CodeActionRequest.self, .afterAnalysis(.isTold)) { $0.codeActions }
    methods.on(ExecuteCommandRequest.self, .afterAnalysis(.isTold)) { $0.executeCommand }
    methods.on(DocumentSymbolRequest.self, .afterAnalysis(.waits)) { $0.documentSymbols }
    methods.on(WorkspaceSymbolRequest.self, .afterAnalysis(.isTold)) { $0.workspaceSymbols }
    methods.on(CodeLensRequest.self, .afterAnalysis(.waits)) { $0.codeLenses }
    methods.on(InlayHintRequest.self, .afterAnalysis(.waits)) { $0.inlayHints }
    methods.on(CallHierarchyPrepareRequest.self, .afterAnalysis(.isTold)) { $0.prepareCallHierarchy }
    methods.on(CallHierarchyIncomingCallsRequest.self, .afterAnalysis(.isTold)) { $0.incomingCalls }
    methods.on(CallHierarchyOutgoingCallsRequest.self, .afterAnalysis(.isTold)) { $0.outgoingCalls }
    methods.on(DocumentDiagnosticRequest.self, .afterAnalysis(.waits)) { $0.documentDiagnostics }
    methods.on(WorkspaceDiagnosticRequest.self, .afterAnalysis(.waits)) { $0.workspaceDiagnostics }
    methods.on(InitializedNotification.self) { server in { _ in server.initialized() } }
    methods.on(DidOpenTextDocumentNotification.self) { $0.didOpen }
    methods.on(DidChangeTextDocumentNotification.self) { $0.didChange }
    // The open document already has the text.
    methods.on(DidSaveTextDocumentNotification.self) { _ in { _ in } }
    methods.on(DidCloseTextDocumentNotification.self) { $0.didClose }
    methods.on(DidChangeWatchedFilesNotification.self) { $0.didChangeWatchedFiles }
    methods.on(DidChangeWorkspaceFoldersNotification.self) { $0.workspaceFoldersChanged }
    methods.on(CancelRequestNotification.self) { server in { server.cancel($0.id) } }
    return methods
  }()
}
