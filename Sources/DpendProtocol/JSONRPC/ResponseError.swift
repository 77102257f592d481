import DpendModel
/// A JSON-RPC error object.
public struct ResponseError: Error, Hashable, Sendable, Codable {
  public var code: Int
  public var message: String
  public var data: LSPAny?

  public init(code: Int, message: String, data: LSPAny? = nil) {
    self.code = code
    self.message = message
    self.data = data
  }

  /// Invalid JSON was received (-32700).
  public static func parseError(_ message: String) -> ResponseError { .init(code: -32700, message: message) }
  /// The JSON sent is not a valid request object (-32600).
  public static func invalidRequest(_ message: String) -> ResponseError { .init(code: -32600, message: message) }
  /// The method does not exist or is not available (-32601).
  public static func methodNotFound(_ method: String) -> ResponseError {
    .init(code: -32601, message: "method not found: \(method)")
  }
  /// Invalid method parameters (-32602).
  public static func invalidParams(_ message: String) -> ResponseError { .init(code: -32602, message: message) }
  /// An internal error (-32603).
  public static func internalError(_ message: String) -> ResponseError { .init(code: -32603, message: message) }
  /// A well-formed request that could not be carried out, with the reason (-32803, LSP's
  /// `RequestFailed`).
  public static func requestFailed(_ message: String) -> ResponseError { .init(code: -32803, message: message) }
  /// A request arrived before `initialize` (-32002).
  public static let serverNotInitialized = ResponseError(code: -32002, message: "the server is not initialized")
  /// A request arrived after `shutdown` (-32600, as LSP prescribes).
  public static let shutDown = ResponseError(code: -32600, message: "the server is shutting down")
  /// The client cancelled the request (-32800).
  public static let requestCancelled = ResponseError(code: -32800, message: "request cancelled")
}
