import DpendProtocol
import Foundation

extension TestLSPClient {
  /// Takes the next error response whose id is `null`.
  func errorWithoutID(timeout: TimeInterval = 10) throws -> ResponseError {
    let message = try take("an error response with a null id", timeout: timeout) {
      if case .response(nil, .failure) = $0 { return true }
      return false
    }
    guard case .response(_, .failure(let error)) = message else { fatalError("unreachable") }
    return error
  }

  /// Writes `body` as it is, in a correct frame.
  func writeBody(_ body: String) { writeRaw(MessageFramer.frame(Array(body.utf8))) }

  /// The server's answer to an unknown request: proof that it still reads and answers.
  func ping() throws -> Result<LSPAny, ResponseError> { try response(sendRequest("dpend/ping")) }

  /// The responses in the inbox, as JSON.
  func untakenResponses() -> [LSPAny] { untakenMessages().filter { $0["method"] == nil } }
}

extension ResponseError {
  /// What ``TestLSPClient/ping()`` gets.
  static let pingNotFound = ResponseError(code: -32601, message: "method not found: dpend/ping")
}
