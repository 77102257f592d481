import DpendModel
import DpendProtocol
import Foundation

/// What the reliability tests read: errors without an id, proof that the server still answers,
/// and the responses nobody took.
extension TestLSPClient {
  /// Takes the next error response whose id is `null`.
  public func errorWithoutID(timeout: TimeInterval = 10) throws -> ResponseError {
    let message = try take("an error response with a null id", timeout: timeout) {
      if case .response(nil, .failure) = $0 { return true }
      return false
    }
    guard case .response(_, .failure(let error)) = message else { fatalError("unreachable") }
    return error
  }

  /// The server's answer to an unknown request: proof that it still reads and answers.
  public func ping(timeout: TimeInterval = 10) throws -> Result<LSPAny, ResponseError> {
    try response(sendRequest("dpend/ping"), timeout: timeout)
  }

  /// The responses in the inbox, as JSON.
  public func untakenResponses() -> [LSPAny] { untakenMessages().filter { $0["method"] == nil } }
}

extension ResponseError {
  /// What ``TestLSPClient/ping()`` gets.
  public static let pingNotFound = ResponseError(code: -32601, message: "method not found: dpend/ping")
}
