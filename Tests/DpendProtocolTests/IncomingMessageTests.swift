import DpendModel
import DpendProtocol
import Testing

/// `IncomingMessage.decode` gives, for every body, what `Message.decode` followed by
/// `LSPAny.decode` gives: the same typed params, or the same failure (id, code and message).
@Suite struct IncomingMessageTests {
  /// A body, and what both paths must give for it.
  struct Case: Sendable, CustomTestStringConvertible {
    var body: String
    var expected: DecodeOutcome
    init(_ body: String, _ expected: DecodeOutcome) {
      self.body = body
      self.expected = expected
    }
    var testDescription: String { body }
  }

  private static let hoverParams = #"{"textDocument":{"uri":"file:///a.swift"},"position":{"line":3,"character":7}}"#

  private static func hover(line: Int = 3, character: Int = 7) -> HoverRequest {
    HoverRequest(
      textDocument: TextDocumentIdentifier(uri: "file:///a.swift"), position: Position(line: line, character: character)
    )
  }

  private static func request(_ id: RequestID, _ method: String, _ params: any Hashable & Sendable) -> DecodeOutcome {
    .request(id: id, method: method, params: .success(DecodeOutcome.Params(params)))
  }

  private static func notification(_ method: String, _ params: any Hashable & Sendable) -> DecodeOutcome {
    .notification(method: method, params: .success(DecodeOutcome.Params(params)))
  }

  private static func invalidParams(_ id: RequestID, _ method: String, _ message: String) -> DecodeOutcome {
    .request(id: id, method: method, params: .failure(.invalidParams(message)))
  }

  private static func invalidRequest(_ id: RequestID?, _ message: String) -> DecodeOutcome {
    .failure(id: id, error: .invalidRequest(message))
  }

  private static let invalidJSON = DecodeOutcome.failure(id: nil, error: .parseError("invalid JSON"))

  static let validMessages: [Case] = [
    Case(
      #"{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":\#(hoverParams)}"#,
      request(.number(1), HoverRequest.method, hover())),
    Case(
      #"{"params":\#(hoverParams),"method":"textDocument/hover","id":"h-1","jsonrpc":"2.0"}"#,
      request(.string("h-1"), HoverRequest.method, hover())),
    Case(
      #"{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///a.swift","x":[1,{}]},"#
        + #""position":{"line":1e1,"character":7.0},"workDoneToken":"t"}}"#,
      request(.number(2), HoverRequest.method, hover(line: 10))),
    Case(
      #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///a.swift","version":4},"#
        + #""contentChanges":[{"range":{"start":{"line":0,"character":1},"end":{"line":0,"character":2}},"text":"é\n\"\\\u00e9"},"#
        + #"{"text":"whole 🦊 \ud83e\udd8a"}]}}"#,
      notification(
        DidChangeTextDocumentNotification.method,
        DidChangeTextDocumentNotification(
          textDocument: VersionedTextDocumentIdentifier(uri: "file:///a.swift", version: 4),
          contentChanges: [
            TextDocumentContentChangeEvent(
              range: Range(start: Position(line: 0, character: 1), end: Position(line: 0, character: 2)),
              text: "é\n\"\\é"),
            TextDocumentContentChangeEvent(text: "whole 🦊 🦊"),
          ]))),
    Case(
      #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"processId":42,"rootUri":"file:///w","#
        + #""capabilities":{"general":{"positionEncodings":["utf-8","utf-16"]},"experimental":{"a":[true,null,-0.5]},"#
        + #""textDocument":{"hover":{"contentFormat":["markdown"]}}},"trace":"off","clientInfo":{"name":"x"}}}"#,
      request(.number(0), InitializeRequest.method, initialize)),
    Case(
      #"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#, request(.number(3), ShutdownRequest.method, ShutdownRequest())),
    Case(
      #"{"jsonrpc":"2.0","id":4,"method":"shutdown","params":null}"#,
      request(.number(4), ShutdownRequest.method, ShutdownRequest())),
    Case(
      #"{"jsonrpc":"2.0","id":4,"method":"shutdown","params":[1,"x"]}"#,
      request(.number(4), ShutdownRequest.method, ShutdownRequest())),
    Case(
      #"{"jsonrpc":"2.0","method":"exit","params":null}"#,
      notification(ExitNotification.method, ExitNotification())),
    Case(
      #"{"jsonrpc":"2.0","method":"initialized","params":{}}"#,
      notification(InitializedNotification.method, InitializedNotification())),
    Case(
      #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":"a"}}"#,
      notification(CancelRequestNotification.method, CancelRequestNotification(id: .string("a")))),
    Case(
      #"{"jsonrpc":"2.0","id":5,"method":"workspace/executeCommand","params":{"command":"c","arguments":[1,1.5,"s",null,{"k":[]}]}}"#,
      request(
        .number(5), ExecuteCommandRequest.method,
        ExecuteCommandRequest(
          command: "c", arguments: [.int(1), .double(1.5), .string("s"), .null, .object(["k": .array([])])]))),
    // A method the table does not name: no params decoded, but the params are still checked.
    Case(
      #"{"jsonrpc":"2.0","id":6,"method":"textDocument/formatting","params":{"x":1}}"#,
      .request(id: .number(6), method: "textDocument/formatting", params: nil)),
    Case(
      #"{"jsonrpc":"2.0","method":"$/setTrace","params":{"value":"off"}}"#,
      .notification(method: "$/setTrace", params: nil)),
    // Responses to the server's requests.
    Case(#"{"jsonrpc":"2.0","id":"x","result":null}"#, .response(id: .string("x"), result: .success(.null))),
    Case(
      #"{"jsonrpc":"2.0","id":7,"result":{"applied":true}}"#,
      .response(id: .number(7), result: .success(.object(["applied": .bool(true)])))),
    Case(
      #"{"jsonrpc":"2.0","id":8,"error":{"code":-32601,"message":"no","data":[1]}}"#,
      .response(id: .number(8), result: .failure(ResponseError(code: -32601, message: "no", data: .array([.int(1)]))))),
    Case(
      #"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"bad"}}"#,
      .response(id: nil, result: .failure(ResponseError(code: -32700, message: "bad")))),
    // Duplicate and escaped keys: the first occurrence counts, in both paths.
    Case(
      #"{"jsonrpc":"2.0","id":9,"id":10,"\u006dethod":"shutdown","method":"exit"}"#,
      request(.number(9), ShutdownRequest.method, ShutdownRequest())),
    Case(
      #"{"jsonrpc":"2.0","id":11,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///a.swift"},"#
        + #""position":{"line":3,"character":7},"position":{"line":"x"}}}"#,
      request(.number(11), HoverRequest.method, hover())),
    Case(
      #"{"jsonrpc":"2.0","id":1.0,"method":"shutdown"}"#, request(.number(1), ShutdownRequest.method, ShutdownRequest())
    ),
    // `JSONDecoder` skips a byte order mark.
    Case(
      "\u{FEFF}" + #"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#,
      request(.number(1), ShutdownRequest.method, ShutdownRequest())),
  ]

  private static var initialize: InitializeRequest {
    var request = InitializeRequest(
      processId: 42, rootUri: "file:///w",
      capabilities: ClientCapabilities(
        general: ClientCapabilities.General(positionEncodings: [.utf8, .utf16]),
        textDocument: ClientCapabilities.TextDocument(hover: ClientCapabilities.Hover(contentFormat: ["markdown"]))))
    request.trace = "off"
    return request
  }

  static let invalidParams: [Case] = [
    Case(
      #"{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{"textDocument":{},"position":{"line":1,"character":2}}}"#,
      invalidParams(.number(1), HoverRequest.method, "invalid params: missing 'uri' in textDocument")),
    Case(
      #"{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":{"uri":"u"}}}"#,
      invalidParams(.number(2), HoverRequest.method, "invalid params: missing 'position' in params")),
    Case(
      #"{"jsonrpc":"2.0","id":3,"method":"textDocument/hover","params":{"textDocument":{"uri":"u"},"position":{"line":"1","character":2}}}"#,
      invalidParams(.number(3), HoverRequest.method, "invalid params: unexpected value at position.line")),
    Case(
      #"{"jsonrpc":"2.0","id":4,"method":"textDocument/hover","params":{"textDocument":{"uri":"u"},"position":{"line":1.5,"character":2}}}"#,
      // `JSONDecoder` gives no coding path when a number does not fit an `Int`.
      invalidParams(.number(4), HoverRequest.method, "invalid params: unexpected value at params")),
    Case(
      #"{"jsonrpc":"2.0","id":5,"method":"textDocument/hover","params":{"textDocument":{"uri":null},"position":{"line":1,"character":2}}}"#,
      invalidParams(.number(5), HoverRequest.method, "invalid params: unexpected value at textDocument.uri")),
    Case(
      #"{"jsonrpc":"2.0","id":6,"method":"textDocument/hover","params":[1,2]}"#,
      invalidParams(.number(6), HoverRequest.method, "invalid params: unexpected value at params")),
    Case(
      #"{"jsonrpc":"2.0","id":7,"method":"textDocument/hover"}"#,
      invalidParams(.number(7), HoverRequest.method, "invalid params: missing 'textDocument' in params")),
    Case(
      #"{"jsonrpc":"2.0","id":8,"method":"textDocument/hover","params":null}"#,
      invalidParams(.number(8), HoverRequest.method, "invalid params: missing 'textDocument' in params")),
    Case(
      #"{"jsonrpc":"2.0","id":"i","method":"initialize","params":{"processId":"p","capabilities":{}}}"#,
      invalidParams(.string("i"), InitializeRequest.method, "invalid params: unexpected value at processId")),
    Case(
      #"{"jsonrpc":"2.0","id":9,"method":"initialize","params":{"capabilities":{"general":{"positionEncodings":[1]}}}}"#,
      invalidParams(
        .number(9), InitializeRequest.method,
        "invalid params: unexpected value at capabilities.general.positionEncodings.[0]")),
    Case(
      #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"u","version":1},"#
        + #""contentChanges":[{"text":"a"},{"range":{"start":{"line":0}},"text":"b"}]}}"#,
      .notification(
        method: DidChangeTextDocumentNotification.method,
        params: .failure(.invalidParams("invalid params: missing 'character' in contentChanges.[1].range.start")))),
    Case(
      #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":true}}"#,
      .notification(
        method: CancelRequestNotification.method,
        params: .failure(.invalidParams("invalid params: unexpected value at id")))),
  ]

  static let invalidMessages: [Case] = [
    Case("{not json", invalidJSON),
    Case("", invalidJSON),
    Case(#"{"jsonrpc":"2.0","id":1,"method":"shutdown"} {}"#, invalidJSON),
    Case(#"[1,2]"#, invalidRequest(nil, "a message must be a JSON object")),
    Case(#""text""#, invalidRequest(nil, "a message must be a JSON object")),
    Case(#"null"#, invalidRequest(nil, "a message must be a JSON object")),
    Case(#"{"jsonrpc":"1.0","id":3,"method":"x"}"#, invalidRequest(.number(3), "'jsonrpc' must be \"2.0\"")),
    Case(#"{"id":3,"method":"x"}"#, invalidRequest(.number(3), "'jsonrpc' must be \"2.0\"")),
    Case(#"{"jsonrpc":2.0,"id":"s","result":1}"#, invalidRequest(.string("s"), "'jsonrpc' must be \"2.0\"")),
    Case(#"{"jsonrpc":"2.0","id":4,"method":5}"#, invalidRequest(.number(4), "'method' must be a string")),
    Case(#"{"jsonrpc":"2.0","id":4,"method":null}"#, invalidRequest(.number(4), "'method' must be a string")),
    Case(#"{"jsonrpc":"2.0","id":true,"method":"x"}"#, invalidRequest(nil, "'id' must be an integer or a string")),
    Case(#"{"jsonrpc":"2.0","id":null,"method":"x"}"#, invalidRequest(nil, "'id' must be an integer or a string")),
    Case(#"{"jsonrpc":"2.0","id":null,"method":null}"#, invalidRequest(nil, "'id' must be an integer or a string")),
    Case(#"{"jsonrpc":"2.0","id":1.5,"method":"x"}"#, invalidRequest(nil, "'id' must be an integer or a string")),
    Case(#"{"jsonrpc":"2.0","id":[1],"result":1}"#, invalidRequest(nil, "'id' must be an integer or a string")),
    Case(#"{"jsonrpc":"1.0","id":{},"method":"x"}"#, invalidRequest(nil, "'id' must be an integer or a string")),
    Case(
      #"{"jsonrpc":"2.0","id":5,"method":"x","params":3}"#,
      invalidRequest(.number(5), "'params' must be an object or an array")),
    Case(
      #"{"jsonrpc":"2.0","id":5,"method":"textDocument/hover","params":"p"}"#,
      invalidRequest(.number(5), "'params' must be an object or an array")),
    Case(
      #"{"jsonrpc":"2.0","method":"shutdown","params":false}"#,
      invalidRequest(nil, "'params' must be an object or an array")),
    Case(
      #"{"jsonrpc":"2.0","id":6,"error":"oops"}"#, invalidRequest(.number(6), "'error' is not a JSON-RPC error object")),
    Case(
      #"{"jsonrpc":"2.0","id":6,"error":{"code":"1","message":"m"},"result":1}"#,
      invalidRequest(.number(6), "'error' is not a JSON-RPC error object")),
    Case(
      #"{"jsonrpc":"2.0","id":6,"error":null}"#, invalidRequest(.number(6), "'error' is not a JSON-RPC error object")),
    Case(#"{"jsonrpc":"2.0","id":6}"#, invalidRequest(.number(6), "a message needs 'method', 'result' or 'error'")),
    Case(#"{"jsonrpc":"2.0"}"#, invalidRequest(nil, "a message needs 'method', 'result' or 'error'")),
    Case(#"{"jsonrpc":"2.0","id":null}"#, invalidRequest(nil, "a message needs 'method', 'result' or 'error'")),
    Case(
      #"{"jsonrpc":"2.0","id":12345678901234567890,"method":"x"}"#,
      invalidRequest(nil, "'id' must be an integer or a string")),
  ]

  /// Values `JSONDecoder` reads only when something decodes them: `Message.decode` reads every
  /// value, so a bad one anywhere, even where the params type does not look, is -32700.
  static let lazilyReadValues: [Case] = [
    Case(#"{"jsonrpc":"2.0","id":1,"method":"shutdown","extra":01}"#, invalidJSON),
    Case(#"{"jsonrpc":"1.0","id":1,"method":"shutdown","result":1e400}"#, invalidJSON),
    Case(#"{"jsonrpc":"2.0","id":1e400,"method":"shutdown"}"#, invalidJSON),
    Case(#"{"jsonrpc":"2.0","id":1,"method":"x","params":{"a":"\ud800"}}"#, invalidJSON),
    Case(#"{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{"a":"\x"}}"#, invalidJSON),
    Case(
      #"{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{"textDocument":{"uri":"u","v":1.},"#
        + #""position":{"line":1,"character":2}}}"#,
      invalidJSON),
    Case(
      #"{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{"textDocument":{"uri":"u"},"#
        + #""position":{"line":1,"character":2,"big":1e999}}}"#,
      invalidJSON),
    Case(
      #"{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{"textDocument":{"uri":"u"},"#
        + #""position":{"line":1e999,"character":2}}}"#,
      invalidJSON),
    Case(
      "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"shutdown\",\"params\":{\"a\":\"tab\u{09}\"}}", invalidJSON),
    Case(#"{"jsonrpc":"2.0","id":1,"method":"shutdown","params":{"a":-}}"#, invalidJSON),
    // Unusual but readable: decoded as usual.
    Case(
      #"{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///a.swift","n":1E-400},"#
        + #""position":{"line":3,"character":7}},"extra":123456789012345678901234567890}"#,
      request(.number(1), HoverRequest.method, hover())),
    Case(
      #"{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///a.swift"},"#
        + #""position":{"line":3e0,"character":700e-2}}}"#,
      request(.number(2), HoverRequest.method, hover())),
  ]

  @Test(arguments: validMessages + invalidParams + invalidMessages + lazilyReadValues)
  func decodesAsTheUntypedPathDoes(_ test: Case) {
    let body = Array(test.body.utf8)
    let typed = DecodeOutcome.typed(body)
    #expect(typed == DecodeOutcome.untyped(body))
    #expect(typed == test.expected)
  }

  /// Bodies that are not UTF-8 text.
  static let bytes: [[UInt8]] = [
    [0xFF, 0xFE] + Array(#"{"a":1}"#.utf8),
    Array(#"{"jsonrpc":"2.0","id":1,"method":"shutdown","params":{"a":""#.utf8) + [0xC0, 0xAF] + Array(#""}}"#.utf8),
    Array(#"{"jsonrpc":"2.0","id":1,"method":"shutdown","params":{"a":""#.utf8) + [0xED, 0xA0, 0x80]
      + Array(#""}}"#.utf8),
    Array(#"{"jsonrpc":"2.0","id":1,"method":"shutdown","params":{"a":""#.utf8) + [0xF4, 0x90, 0x80, 0x80]
      + Array(#""}}"#.utf8),
    Array(#"{"jsonrpc":"2.0","id":1,"method":"shutdown","params":{"a":""#.utf8) + [0xE2, 0x82] + Array(#""}}"#.utf8),
    Array(#"{"jsonrpc":"2.0","id":1,"method":"shutdown","params":{"a":""#.utf8) + [0xF0, 0x9F, 0xA6, 0x8A]
      + Array(#""}}"#.utf8),
    Array(#"{"jsonrpc":"2.0","id":1,"method":"shutdown","params":{"a":"x"}}"#.utf16).flatMap {
      [UInt8($0 & 0xFF), UInt8($0 >> 8)]
    },
  ]

  @Test(arguments: bytes)
  func readsBytesAsTheUntypedPathDoes(_ body: [UInt8]) {
    #expect(DecodeOutcome.typed(body) == DecodeOutcome.untyped(body))
  }

  @Test func paramsAreTheRegisteredType() throws {
    let body = Array(#"{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":\#(Self.hoverParams)}"#.utf8)
    guard case .request(_, _, let params?) = try IncomingMessage.decode(body, methods: DecodeOutcome.methods.table)
    else {
      Issue.record("not a request with params")
      return
    }
    let hover = try #require(try params.get() as? HoverRequest)
    #expect(hover.position == Position(line: 3, character: 7))
  }

  @Test func tableKnowsWhatWasRegistered() {
    var table = MethodTable()
    #expect(!table.isRegistered(HoverRequest.method))
    table.register(HoverRequest.self)
    table.register(ExitNotification.self)
    #expect(table.isRegistered(HoverRequest.method))
    #expect(table.isRegistered("exit"))
    #expect(!table.isRegistered("shutdown"))
  }
}
