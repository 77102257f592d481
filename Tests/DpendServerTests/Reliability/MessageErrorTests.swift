import DpendProtocol
import DpendTestSupport
import Foundation
import Testing

/// Bodies that are not JSON, JSON that is not a request, and requests the server cannot
/// take: the exact JSON-RPC 2.0 / LSP error for each.
@Suite struct MessageErrorTests {
  private func started() throws -> TestLSPClient {
    let client = try TestLSPClient()
    try client.initialize(root: nil)
    return client
  }

  @Test func invalidJSONIsAParseErrorWithANullIDEvenWhenAnIDIsVisible() throws {
    let client = try started()
    client.writeBody(#"{"jsonrpc":"2.0","id":5,"method":"#)
    #expect(try client.errorWithoutID() == ResponseError(code: -32700, message: "invalid JSON"))
    #expect(try client.ping() == .failure(.pingNotFound))
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test(arguments: [
    (#"[{"jsonrpc":"2.0","id":1,"method":"shutdown"}]"#, nil, "a message must be a JSON object"),
    ("42", nil, "a message must be a JSON object"),
    (#"{"jsonrpc":"2.0","id":7}"#, RequestID.number(7), "a message needs 'method', 'result' or 'error'"),
    (#"{"jsonrpc":"1.0","id":8,"method":"shutdown"}"#, RequestID.number(8), "'jsonrpc' must be \"2.0\""),
    (#"{"id":"s","method":"shutdown"}"#, RequestID.string("s"), "'jsonrpc' must be \"2.0\""),
    (#"{"jsonrpc":"2.0","id":{"a":1},"method":"shutdown"}"#, nil, "'id' must be an integer or a string"),
    (#"{"jsonrpc":"2.0","id":true,"method":"shutdown"}"#, nil, "'id' must be an integer or a string"),
    (#"{"jsonrpc":"2.0","id":1.5,"method":"shutdown"}"#, nil, "'id' must be an integer or a string"),
    (#"{"jsonrpc":"2.0","id":null,"method":"shutdown"}"#, nil, "'id' must be an integer or a string"),
    (#"{"jsonrpc":"2.0","id":9,"method":["shutdown"]}"#, RequestID.number(9), "'method' must be a string"),
  ])
  func jsonThatIsNotARequestIsAnInvalidRequest(body: String, id: RequestID?, message: String) throws {
    let client = try started()
    client.writeBody(body)
    let answer = try client.take("the -32600") {
      if case .response(id, .failure) = $0 { return true }
      return false
    }
    #expect(answer == .response(id: id, result: .failure(ResponseError(code: -32600, message: message))))
    // None of them was taken for the `shutdown` it names.
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test func anUnknownNotificationGetsNoAnswer() throws {
    let client = try started()
    client.sendNotification("dpend/unknownNotification", .parsed(#"{"a":[1,2,3]}"#))
    client.sendNotification("$/unknownProtocolNotification")
    // Messages are answered in order: whatever the notifications caused is in by now.
    #expect(try client.ping() == .failure(.pingNotFound))
    #expect(client.untakenResponses() == [])
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test(arguments: [
    (#"{"textDocument":{"uri":"file:///a.swift"}}"#, "invalid params: missing 'position' in params"),
    (
      #"{"textDocument":{"uri":"file:///a.swift"},"position":{"line":"0","character":0}}"#,
      "invalid params: unexpected value at position.line"
    ),
    (
      #"{"textDocument":{"uri":7},"position":{"line":0,"character":0}}"#,
      "invalid params: unexpected value at textDocument.uri"
    ),
    (
      #"{"textDocument":{"uri":"file:///a.swift"},"position":{"line":0}}"#,
      "invalid params: missing 'character' in position"
    ),
  ])
  func aKnownRequestWithWrongParamsNamesWhatIsWrong(params: String, message: String) throws {
    let client = try started()
    let id = client.sendRequest("textDocument/hover", .parsed(params))
    #expect(try client.response(id) == .failure(ResponseError(code: -32602, message: message)))
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test func shutdownBeforeInitializeIsRefusedAndNotificationsAreDropped() throws {
    let client = try TestLSPClient()
    client.notify(InitializedNotification())
    let shutdown = client.start(ShutdownRequest())
    #expect(
      try client.response(to: shutdown)
        == .failure(ResponseError(code: -32002, message: "the server is not initialized")))
    #expect(client.untakenMessages() == [])
    try client.initialize(root: nil)
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test func endOfInputWithoutShutdownEndsWithOne() throws {
    let client = try started()
    try client.closeInput()
    #expect(try client.waitForExit() == 1)
    #expect(try client.leftovers().invalidBodies == [])
    #expect(client.standardError().hasSuffix("dpend lsp: input closed\n"))
  }

  @Test func aCommandThatCannotRunFailsWithRequestFailed() throws {
    let workspace = try ServerFixtures.missingStore()
    let client = try ServerFixtures.start(workspace)
    let command = client.start(ExecuteCommandRequest(command: "dpend.generateRegistrations", arguments: []))
    #expect(
      try client.response(to: command)
        == .failure(ResponseError(code: -32803, message: "no output file: set 'outputFile' in .dpend.json")))
    #expect(try client.shutdownAndExit() == 0)
  }
}
