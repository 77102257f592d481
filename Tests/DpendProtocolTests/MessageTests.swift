import DpendModel
import DpendProtocol
import Testing

@Suite struct MessageTests {
  private func decode(_ json: String) throws(Message.DecodeFailure) -> Message { try Message.decode(Array(json.utf8)) }

  private func failure(_ json: String) -> (id: RequestID?, code: Int, message: String)? {
    do {
      _ = try decode(json)
      return nil
    } catch {
      return (error.id, error.error.code, error.error.message)
    }
  }

  @Test func decodesRequestsNotificationsAndResponses() throws {
    #expect(
      try decode(#"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#)
        == .request(id: .number(1), method: "shutdown", params: nil))
    #expect(
      try decode(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":"a"}}"#)
        == .notification(method: "$/cancelRequest", params: .object(["id": .string("a")])))
    #expect(
      try decode(#"{"jsonrpc":"2.0","id":"x","result":null}"#) == .response(id: .string("x"), result: .success(.null)))
    #expect(
      try decode(#"{"jsonrpc":"2.0","id":2,"error":{"code":-32601,"message":"no"}}"#)
        == .response(id: .number(2), result: .failure(ResponseError(code: -32601, message: "no"))))
  }

  @Test func nullParamsAreReadAsAbsent() throws {
    #expect(
      try decode(#"{"jsonrpc":"2.0","id":7,"method":"shutdown","params":null}"#)
        == .request(id: .number(7), method: "shutdown", params: nil))
    #expect(
      try decode(#"{"jsonrpc":"2.0","method":"exit","params":null}"#) == .notification(method: "exit", params: nil))
  }

  @Test func invalidJSONIsAParseError() {
    let result = failure("{not json")
    #expect(result?.id == nil)
    #expect(result?.code == -32700)
  }

  @Test(arguments: [
    (#"[1,2]"#, nil, "a message must be a JSON object"),
    (#"{"jsonrpc":"1.0","id":3,"method":"x"}"#, RequestID.number(3), "'jsonrpc' must be \"2.0\""),
    (#"{"jsonrpc":"2.0","id":4,"method":5}"#, RequestID.number(4), "'method' must be a string"),
    (#"{"jsonrpc":"2.0","id":true,"method":"x"}"#, nil, "'id' must be an integer or a string"),
    (
      #"{"jsonrpc":"2.0","id":5,"method":"x","params":3}"#, RequestID.number(5),
      "'params' must be an object or an array"
    ),
    (#"{"jsonrpc":"2.0","id":6}"#, RequestID.number(6), "a message needs 'method', 'result' or 'error'"),
    (#"{"jsonrpc":"2.0","id":null,"method":"x"}"#, nil, "'id' must be an integer or a string"),
    (#"{"jsonrpc":"2.0","id":1.5,"method":"x"}"#, nil, "'id' must be an integer or a string"),
  ])
  func invalidMessagesAreInvalidRequests(json: String, id: RequestID?, message: String) {
    let result = failure(json)
    #expect(result?.id == id)
    #expect(result?.code == -32600)
    #expect(result?.message == message)
  }

  @Test func encodesResponsesWithSortedKeys() {
    #expect(
      String(decoding: MessageEncoder.response(id: .number(1), result: Position(line: 2, character: 3)), as: UTF8.self)
        == #"{"id":1,"jsonrpc":"2.0","result":{"character":3,"line":2}}"#)
    #expect(
      String(decoding: MessageEncoder.response(id: .string("s"), result: LSPAny?.none), as: UTF8.self)
        == #"{"id":"s","jsonrpc":"2.0","result":null}"#)
    #expect(
      String(decoding: MessageEncoder.error(id: nil, .parseError("invalid JSON")), as: UTF8.self)
        == #"{"error":{"code":-32700,"message":"invalid JSON"},"id":null,"jsonrpc":"2.0"}"#)
    #expect(
      String(decoding: MessageEncoder.notification(method: "exit", params: LSPAny.object([:])), as: UTF8.self)
        == #"{"jsonrpc":"2.0","method":"exit","params":{}}"#)
  }

  @Test func decodesTypedParamsAndNamesWhatIsMissing() throws {
    let params = LSPAny.object([
      "textDocument": .object(["uri": .string("file:///a.swift")]),
      "position": .object(["line": .int(1), "character": .int(2)]),
    ])
    let hover = try LSPAny.decode(HoverRequest.self, from: params)
    #expect(hover.position == Position(line: 1, character: 2))
    #expect(throws: ResponseError.invalidParams("invalid params: missing 'position' in params")) {
      try LSPAny.decode(HoverRequest.self, from: .object(["textDocument": .object(["uri": .string("x")])]))
    }
  }

  @Test func workspaceEditRoundTripsCreateAndEdit() throws {
    let edit = WorkspaceEdit(documentChanges: [
      .create(CreateFile(uri: "file:///g.swift")),
      .edit(
        TextDocumentEdit(
          textDocument: VersionedTextDocumentIdentifier(uri: "file:///g.swift", version: nil),
          edits: [
            TextEdit(
              range: Range(start: Position(line: 0, character: 0), end: Position(line: 0, character: 0)), newText: "x")
          ])),
    ])
    let any = LSPAny(encoding: edit)
    #expect(try LSPAny.decode(WorkspaceEdit.self, from: any) == edit)
  }
}
