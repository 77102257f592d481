import DpendModel
import DpendProtocol
import Foundation

/// A request sent and not answered yet (see ``TestLSPClient/start(_:)``).
public struct PendingRequest<Request: LSPRequest>: Hashable, Sendable {
  /// The id the request was sent with.
  public var id: RequestID
}

/// Typed messages: requests, notifications, what the server publishes and asks, documents.
///
/// Every typed answer is read with ``DpendProtocol/LSPAny/decodeExactly(_:what:)``: a member
/// the type does not know is an error, so comparing typed values is as strict as comparing
/// the JSON the server wrote.
extension TestLSPClient {
  // MARK: Requests

  /// Sends `request` and waits for its typed result; an error response throws its
  /// ``DpendProtocol/ResponseError``.
  public func send<Request: LSPRequest>(_ request: Request, timeout: TimeInterval = 10) throws -> Request.Response {
    try response(to: start(request), timeout: timeout).get()
  }

  /// Sends `request` without waiting for its answer (to cancel it, or to send others first).
  public func start<Request: LSPRequest>(_ request: Request) -> PendingRequest<Request> {
    let id = newRequestID()
    write(MessageEncoder.request(id: id, method: Request.method, params: request))
    return PendingRequest(id: id)
  }

  /// Waits for the answer to `pending`: its typed result, or its error.
  public func response<Request: LSPRequest>(
    to pending: PendingRequest<Request>, timeout: TimeInterval = 10
  ) throws -> Result<Request.Response, ResponseError> {
    switch try response(pending.id, timeout: timeout) {
    case .success(let json):
      return .success(try json.decodeExactly(Request.Response.self, what: "the result of \(Request.method)"))
    case .failure(let error):
      return .failure(error)
    }
  }

  // MARK: Notifications

  /// Sends `notification`.
  public func notify<Notification: LSPNotification>(_ notification: Notification) {
    write(MessageEncoder.notification(method: Notification.method, params: notification))
  }

  /// Takes the next notification of type `Notification` that satisfies `predicate`, waiting up
  /// to `timeout`.
  public func waitForNotification<Notification: LSPNotification>(
    _ type: Notification.Type, timeout: TimeInterval = 10, where predicate: (Notification) -> Bool = { _ in true }
  ) throws -> Notification {
    let what = "a \(Notification.method) notification"
    // A notification that does not decode is taken too, to fail with what it holds.
    let message = try take(what, timeout: timeout) {
      guard case .notification(Notification.method, let params) = $0 else { return false }
      guard let typed = try? (params ?? .null).decodeExactly(Notification.self, what: what) else { return true }
      return predicate(typed)
    }
    guard case .notification(_, let params) = message else { fatalError("unreachable") }
    return try (params ?? .null).decodeExactly(Notification.self, what: what)
  }

  /// The diagnostics published next for `uri` that satisfy `predicate`.
  public func waitForDiagnostics(
    _ uri: String, timeout: TimeInterval = 10, where predicate: ([DpendProtocol.Diagnostic]) -> Bool = { _ in true }
  ) throws -> [DpendProtocol.Diagnostic] {
    try waitForNotification(PublishDiagnosticsNotification.self, timeout: timeout) {
      $0.uri == uri && predicate($0.diagnostics)
    }.diagnostics
  }

  /// Takes the next request of type `Request` the server sent (already answered with `null`
  /// unless the client was started with `answersServerRequests: false`).
  public func waitForServerRequest<Request: LSPRequest>(
    _ type: Request.Type, timeout: TimeInterval = 10
  ) throws -> Request {
    let what = "a \(Request.method) request"
    let message = try take(what, timeout: timeout) {
      if case .request(_, Request.method, _) = $0 { return true }
      return false
    }
    guard case .request(_, _, let params) = message else { fatalError("unreachable") }
    return try (params ?? .null).decodeExactly(Request.self, what: what)
  }

  // MARK: Documents

  /// Opens the document `uri` with the text of `marked` (markers removed, see ``MarkedText``)
  /// and returns the marked text, whose markers give positions in the document.
  @discardableResult
  public func openDocument(marked: String, uri: String, version: Int = 1, languageID: String = "swift") -> MarkedText {
    openDocument(MarkedText(marked), uri: uri, version: version, languageID: languageID)
  }

  /// Opens the document `uri` with the text of `document` and returns it.
  @discardableResult
  public func openDocument(
    _ document: MarkedText, uri: String, version: Int = 1, languageID: String = "swift"
  ) -> MarkedText {
    notify(
      DidOpenTextDocumentNotification(
        textDocument: TextDocumentItem(uri: uri, languageId: languageID, version: version, text: document.text)))
    return document
  }

  /// Replaces the text of the open document `uri` with `marked`'s (markers removed) as version
  /// `version`, in one change without a range, and returns the marked text.
  @discardableResult
  public func replaceDocument(_ uri: String, version: Int, with marked: String) -> MarkedText {
    let text = MarkedText(marked)
    notify(
      DidChangeTextDocumentNotification(
        textDocument: VersionedTextDocumentIdentifier(uri: uri, version: version),
        contentChanges: [TextDocumentContentChangeEvent(text: text.text)]))
    return text
  }

  /// Sends the edits `changes` to the open document `uri`, as version `version`.
  public func changeDocument(_ uri: String, version: Int?, _ changes: [TextDocumentContentChangeEvent]) {
    notify(
      DidChangeTextDocumentNotification(
        textDocument: VersionedTextDocumentIdentifier(uri: uri, version: version), contentChanges: changes))
  }

  // MARK: Lifecycle

  /// `initialize` with `root` as `rootUri` and `capabilities`, then `initialized`; returns the
  /// server's answer.
  @discardableResult
  public func initialize(
    root: URL?, capabilities: ClientCapabilities = ClientCapabilities()
  ) throws -> InitializeResult {
    let result = try send(InitializeRequest(rootUri: root?.absoluteString, capabilities: capabilities))
    notify(InitializedNotification())
    return result
  }

  /// `shutdown`, `exit`, and the process's exit status.
  public func shutdownAndExit(timeout: TimeInterval = 10) throws -> Int32 {
    _ = try send(ShutdownRequest(), timeout: timeout)
    notify(ExitNotification())
    return try waitForExit(timeout: timeout)
  }
}
