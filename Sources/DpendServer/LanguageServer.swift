import DpendModel
import DpendProtocol
import DpendWorkspace
import Foundation

/// The dpend language server: one instance per `dpend lsp` process.
///
/// Every message is handled on one serial queue, so the state below needs no locks; the
/// class is `@unchecked Sendable` because that queue, not the compiler, serializes access.
/// Changes mark folders stale and schedule an analysis after a short debounce; requests
/// that need the graph wait for it (and can be cancelled while they wait).
public final class LanguageServer: @unchecked Sendable {
  /// Where the server is in the LSP lifecycle.
  enum Lifecycle { case uninitialized, running, shutDown }

  let queue = DispatchQueue(label: "dpend.lsp")
  let connection: Connection
  let exitProcess: @Sendable (Int32) -> Void
  /// How long after the last change the analysis runs.
  let debounce: DispatchTimeInterval

  var lifecycle = Lifecycle.uninitialized
  /// How positions are counted: the negotiated encoding.
  var positions = Positions(.utf16)
  var capabilities = ClientCapabilities()
  /// One workspace per workspace folder; each owns its settings, open documents and graph.
  var workspaces: [Workspace] = []
  /// Requests waiting for a fresh analysis, in arrival order.
  var pendingRequests: [(id: RequestID, run: () -> Void)] = []
  /// Bumped by every change; a scheduled analysis runs only if it is still the latest.
  var changeGeneration = 0
  /// What was last published, by URI, so unchanged files are not re-sent and fixed ones are cleared.
  var published: [String: [DpendProtocol.Diagnostic]] = [:]
  /// Every file's diagnostics from the latest analysis, by URI, pushed or not.
  var latestDiagnostics: [String: [DpendProtocol.Diagnostic]] = [:]
  /// The documents the client pulls diagnostics for (`textDocument/diagnostic`); they are not
  /// pushed while open, with what each was last answered.
  var pulled: [String: [DpendProtocol.Diagnostic]] = [:]
  /// Each open document edited since it was opened, with the other files' errors before its
  /// first edit (see `LanguageServer+EditImpact.swift`).
  var editBaselines: [String: EditBaseline] = [:]
  var nextRequestNumber = 0
  /// Handlers for the answers to requests the server sent.
  var responseHandlers: [RequestID: (Result<LSPAny, ResponseError>) -> Void] = [:]
  /// LSP conversions of core diagnostics, reused across analyses (see `publishDiagnostics`).
  var convertedDiagnostics: [DpendModel.Diagnostic: ConvertedDiagnostic] = [:]
  /// Stops the server's own file watcher, when one runs (see `LanguageServer+Watching.swift`).
  var stopWatching: () -> Void = {}
  var indexed = false
  /// `--cache-directory`: the folder each workspace folder's caches go in, one subfolder
  /// each; `nil`: where ``DpendWorkspace/CacheLocation`` puts them.
  let cacheRoot: URL?
  /// How far the first index is, and the requests told it is not done.
  let indexing: IndexingProgress

  /// - Parameters:
  ///   - connection: the JSON-RPC connection to the client.
  ///   - debounce: delay between the last change and the analysis (at most 100 ms).
  ///   - cacheRoot: the folder the workspace folders' caches go in (`--cache-directory`).
  ///   - indexingGrace: how long a request the user asks (hover, definition, …) waits for
  ///     the first index before it is answered with how far the index is.
  ///   - exitProcess: ends the process; replaced in tests.
  public init(
    connection: Connection, debounce: DispatchTimeInterval = .milliseconds(50), cacheRoot: URL? = nil,
    indexingGrace: DispatchTimeInterval = .seconds(2), exitProcess: @escaping @Sendable (Int32) -> Void = { exit($0) }
  ) {
    self.connection = connection
    self.debounce = debounce
    self.cacheRoot = cacheRoot
    self.exitProcess = exitProcess
    indexing = IndexingProgress(grace: indexingGrace, send: connection.send)
  }

  /// Starts reading messages; returns at once. A request the user asks while the first
  /// index runs is watched from the reader thread, as the queue is busy indexing.
  public func start() {
    let told = Self.methods.toldWhileIndexing
    connection.start(methods: Self.methods.table) { [self] event in
      if case .message(.request(let id, let method, _)) = event, told.contains(method) { indexing.watch(id) }
      queue.async { self.handle(event) }
    }
  }

  // MARK: Dispatch

  func handle(_ event: Connection.Event) {
    switch event {
    case .message(.request(let id, let method, let params)):
      handleRequest(id: id, method: method, params: params)
    case .message(.notification(let method, let params)):
      handleNotification(method: method, params: params)
    case .message(.response(let id, let result)):
      if let id, let handler = responseHandlers.removeValue(forKey: id) { handler(result) }
    case .invalid(let id, let error):
      connection.send(MessageEncoder.error(id: id, error))
    case .endOfInput:
      // No client hears it any more: standard error only.
      writeStandardError("input closed")
      finish()
    }
  }

  private func handleRequest(id: RequestID, method: String, params: Result<any Sendable, ResponseError>?) {
    // Answered on the reader thread while the index ran (``IndexingProgress/watch(_:)``).
    if indexing.wasTold(id) { return }
    if lifecycle == .uninitialized && method != InitializeRequest.method {
      return fail(id, .serverNotInitialized)
    }
    if lifecycle == .shutDown { return fail(id, .shutDown) }
    guard let handler = Self.methods.requests[method] else { return fail(id, .methodNotFound(method)) }
    handler(self, id, params)
  }

  private func handleNotification(method: String, params: Result<any Sendable, ResponseError>?) {
    if method == ExitNotification.method { return exitProcess(lifecycle == .shutDown ? 0 : 1) }
    // Before `initialize` notifications are dropped, as LSP prescribes; after `shutdown` too.
    // Unknown notifications are ignored.
    guard lifecycle == .running, let handler = Self.methods.notifications[method] else { return }
    handler(self, params)
  }

  // MARK: Sending

  func reply<T: Encodable>(_ id: RequestID, _ result: Result<T, ResponseError>) {
    switch result {
    case .success(let value): connection.send(MessageEncoder.response(id: id, result: value))
    case .failure(let error): connection.send(MessageEncoder.error(id: id, error))
    }
  }

  func fail(_ id: RequestID, _ error: ResponseError) {
    connection.send(MessageEncoder.error(id: id, error))
  }

  func notify<N: LSPNotification>(_ notification: N) {
    connection.send(MessageEncoder.notification(method: N.method, params: notification))
  }

  /// Sends a request to the client; `handler` gets its answer on the server queue.
  func request<R: LSPRequest>(_ request: R, handler: @escaping (Result<LSPAny, ResponseError>) -> Void = { _ in }) {
    nextRequestNumber += 1
    let id = RequestID.string("dpend-\(nextRequestNumber)")
    responseHandlers[id] = handler
    connection.send(MessageEncoder.request(id: id, method: R.method, params: request))
  }

  /// Logs to the client (`window/logMessage`, `type` 1 error … 4 log). Standard error gets
  /// errors, and what comes before the client can hear: editors file all of it as errors.
  func log(_ message: String, type: Int = 4) {
    if type == 1 || lifecycle == .uninitialized { writeStandardError(message) }
    if lifecycle != .uninitialized { notify(LogMessageNotification(type: type, message: message)) }
  }

  private func writeStandardError(_ message: String) {
    FileHandle.standardError.write(Data("dpend lsp: \(message)\n".utf8))
  }

  // MARK: Pending requests

  /// Runs `work` once every folder's graph is fresh: now, or after the scheduled analysis.
  func afterAnalysis(_ id: RequestID, _ work: @escaping () -> Void) {
    // Already told the index was not done (``IndexingProgress/watch(_:)``).
    guard !indexing.wasTold(id) else { return }
    if workspaces.allSatisfy({ !$0.isStale }) && indexed {
      work()
    } else {
      pendingRequests.append((id, work))
      if indexed { scheduleAnalysis() }
    }
  }

  func cancel(_ id: RequestID) {
    guard let index = pendingRequests.firstIndex(where: { $0.id == id }) else { return }
    pendingRequests.remove(at: index)
    if !indexing.wasTold(id) { fail(id, .requestCancelled) }
  }

  /// Answers the requests that waited, but those already told the index was not done.
  func runPendingRequests() {
    let ready = pendingRequests
    pendingRequests = []
    for request in ready where !indexing.wasTold(request.id) { request.run() }
  }

  /// Ends the process: 0 after `shutdown`, 1 otherwise.
  func finish() {
    stopWatching()
    exitProcess(lifecycle == .shutDown ? 0 : 1)
  }
}
