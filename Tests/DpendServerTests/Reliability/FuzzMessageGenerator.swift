import DpendModel
import DpendProtocol
import DpendTestSupport
import Foundation

/// What the server must answer to one fuzz message.
enum FuzzExpectation: Hashable {
  /// -32700 with id `null`.
  case parseError
  /// -32600, with the id when one can be read.
  case invalidRequest(RequestID?)
  /// An error with this code to request `id`.
  case error(RequestID, code: Int)
  /// A result (any) to request `id`.
  case result(RequestID)
  /// Nothing at all (a notification or a response).
  case silence
}

/// One fuzz message: the bytes to write (framing included) and what must come back.
struct FuzzMessage {
  var category: String
  var bytes: [UInt8]
  var expectations: [FuzzExpectation]
}

/// Malformed and random LSP traffic from a seed: the same seed gives the same messages.
struct FuzzMessageGenerator {
  private var random: SplitMix64
  private var nextID = 0
  private let templates: [LSPTemplate]
  private let workspaceURIs: [String]
  private let bogusURIs: [String]

  /// - Parameter workspaceURIs: documents of the server's workspace, edited for real.
  init(seed: UInt64, workspaceURIs: [String]) {
    random = SplitMix64(seed: seed)
    self.workspaceURIs = workspaceURIs
    templates = LSPTemplate.all(uri: workspaceURIs[0])
    bogusURIs =
      workspaceURIs + [
        "untitled:Untitled-1", "http://example.com/a.swift", "file:///nonexistent-dpend-fuzz/a.swift", "", "file://",
        "%%%", "file:///nonexistent-dpend-fuzz/%FF%FE.swift", "file:///nonexistent-dpend-fuzz/ü😀.swift", "a.swift",
      ]
  }

  static let categories = [
    "random bytes", "truncated JSON", "garbled JSON", "non-UTF-8 JSON", "deep nesting", "huge string",
    "wrong type in a field", "bogus values in a request", "bogus values in a notification", "real edit",
    "unknown method", "cancel of an unknown id", "duplicate ids", "response never requested", "broken header",
    "not a request object",
  ]

  mutating func next() -> FuzzMessage {
    let category = Self.categories[random.below(Self.categories.count)]
    switch category {
    case "random bytes":
      // A first byte no JSON text starts with: the body is never valid JSON.
      let first = random.pick(Array(0...8) + [UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ":"), 0xC0, 0xFF])
      return framed(category, [first] + random.bytes(random.below(300)), .parseError)
    case "truncated JSON":
      let body = request("textDocument/hover", templates[0].params).message
      return framed(category, Array(body.prefix(1 + random.below(body.count - 1))), .parseError)
    case "garbled JSON":
      var body = request("textDocument/hover", templates[0].params).message
      let colon = body.firstIndex(of: UInt8(ascii: ":"))!
      body[colon] = random.pick([UInt8(ascii: "="), UInt8(ascii: ";"), 0x01, UInt8(ascii: "'")])
      return framed(category, body, .parseError)
    case "non-UTF-8 JSON":
      let bad = random.pick([[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80]] as [[UInt8]])
      let body =
        Array(#"{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{"x":""#.utf8) + bad
        + Array(#""}}"#.utf8)
      return framed(category, body, .parseError)
    case "deep nesting":
      let depth = 10_000
      if random.below(2) == 0 {
        return framed(
          category,
          Array(repeating: UInt8(ascii: "["), count: depth) + Array(repeating: UInt8(ascii: "]"), count: depth),
          .parseError)
      }
      // Nesting as Swift text: the parser must not overflow its stack either.
      let text = String(repeating: "(", count: depth) + String(repeating: ")", count: depth)
      return message(
        category, notification("textDocument/didOpen", didOpen(random.pick(workspaceURIs), text)), .silence)
    case "huge string":
      // Mostly long, now and then a megabyte: bounded in total.
      let count = random.below(100) == 0 ? 1_000_000 : 1_000 + random.below(20_000)
      let huge = String(repeating: random.pick(["a", "é", "😀", "\\", "\""]), count: count)
      let id = newID()
      return message(
        category, request("dpend/fuzz/huge", .object(["text": .string(huge)]), id: id).message, .error(id, code: -32601)
      )
    case "wrong type in a field":
      let template = random.pick(templates)
      let field = random.pick(template.fields)
      let params = template.params.replacing(field.path[...], with: random.pick(LSPTemplate.wrongValues(for: field)))
      guard template.isRequest else { return message(category, notification(template.method, params), .silence) }
      let (id, body) = request(template.method, params)
      return message(category, body, .error(id, code: -32602))
    case "bogus values in a request":
      let method = random.pick(["textDocument/hover", "textDocument/definition", "textDocument/references"])
      let params: LSPAny = .object([
        "textDocument": .object(["uri": .string(random.pick(bogusURIs))]), "position": bogusPosition(),
      ])
      let (id, body) = request(method, params)
      return message(category, body, .result(id))
    case "bogus values in a notification":
      return message(category, bogusNotification(), .silence)
    case "real edit":
      return message(category, notification("textDocument/didChange", edit()), .silence)
    case "unknown method":
      let method = random.pick(["dpend/fuzz", "textDocument/unknown", "$/unknown", "", "initialize/", "💥"])
      if random.below(2) == 0 { return message(category, notification(method, .object([:])), .silence) }
      let (id, body) = request(method, .object([:]))
      return message(category, body, .error(id, code: -32601))
    case "cancel of an unknown id":
      return message(
        category, notification("$/cancelRequest", .object(["id": .string("never-\(newNumber())")])), .silence)
    case "duplicate ids":
      let id = newID()
      let body = request("dpend/fuzz/duplicate", .object([:]), id: id).message
      let twice = MessageFramer.frame(body) + MessageFramer.frame(body)
      return FuzzMessage(
        category: category, bytes: twice, expectations: [.error(id, code: -32601), .error(id, code: -32601)])
    case "response never requested":
      let result: LSPAny =
        random.below(2) == 0
        ? .object(["jsonrpc": .string("2.0"), "id": .string("never-\(newNumber())"), "result": .null])
        : .object([
          "jsonrpc": .string("2.0"), "id": .int(-newNumber()),
          "error": .object(["code": .int(-32601), "message": .string("no")]),
        ])
      return message(category, json(result), .silence)
    case "broken header":
      let header = random.pick([
        "Content-Length 5", "Content-Type: text/plain", "Content-Length: abc", "Content-Length: -1",
        "Content-Length: 1e3", "Content-Length: 67108865", ": 5",
      ])
      return FuzzMessage(category: category, bytes: Array("\(header)\r\n\r\n".utf8), expectations: [.parseError])
    default:  // not a request object
      let id = newID()
      let cases: [(LSPAny, FuzzExpectation)] = [
        (.array([]), .invalidRequest(nil)), (.int(5), .invalidRequest(nil)), (.string("x"), .invalidRequest(nil)),
        (.object(["jsonrpc": .string("2.0"), "id": id.json]), .invalidRequest(id)),
        (.object(["jsonrpc": .string("1.0"), "id": id.json, "method": .string("shutdown")]), .invalidRequest(id)),
        (.object(["jsonrpc": .string("2.0"), "id": .bool(true), "method": .string("shutdown")]), .invalidRequest(nil)),
        (
          .object(["jsonrpc": .string("2.0"), "id": .object([:]), "method": .string("shutdown")]), .invalidRequest(nil)
        ),
        (.object(["jsonrpc": .string("2.0"), "id": id.json, "method": .int(3)]), .invalidRequest(id)),
      ]
      let (body, expectation) = random.pick(cases)
      return message(category, json(body), expectation)
    }
  }

  // MARK: Parts

  private mutating func newNumber() -> Int {
    nextID += 1
    return nextID
  }

  /// Ids no other part of the test uses: strings and numbers from a million up.
  private mutating func newID() -> RequestID {
    let number = newNumber()
    return number % 2 == 0 ? .string("fuzz-\(number)") : .number(1_000_000 + number)
  }

  private mutating func request(_ method: String, _ params: LSPAny, id: RequestID? = nil) -> (
    id: RequestID, message: [UInt8]
  ) {
    let id = id ?? newID()
    return (id, MessageEncoder.request(id: id, method: method, params: params))
  }

  private func notification(_ method: String, _ params: LSPAny) -> [UInt8] {
    MessageEncoder.notification(method: method, params: params)
  }

  private func json(_ value: LSPAny) -> [UInt8] { Array(value.json.utf8) }

  private func framed(_ category: String, _ body: [UInt8], _ expectation: FuzzExpectation) -> FuzzMessage {
    FuzzMessage(category: category, bytes: MessageFramer.frame(body), expectations: [expectation])
  }

  private func message(_ category: String, _ body: [UInt8], _ expectation: FuzzExpectation) -> FuzzMessage {
    framed(category, body, expectation)
  }

  private mutating func bogusNumber() -> Int {
    random.pick([0, 1, 2, 3, 7, 40, -1, -1000, 1 << 31, Int(Int32.max), Int.max, Int.min, Int.max - 1])
  }

  private mutating func bogusPosition() -> LSPAny {
    .object(["line": .int(bogusNumber()), "character": .int(bogusNumber())])
  }

  private mutating func didOpen(_ uri: String, _ text: String) -> LSPAny {
    .object([
      "textDocument": .object([
        "uri": .string(uri), "languageId": .string("swift"), "version": .int(bogusNumber()), "text": .string(text),
      ])
    ])
  }

  private mutating func snippet() -> String {
    random.pick([
      "", "x", "é", "😀", "\n", "\r\n", "\u{0}", "{", "}", "protocol Store {}\n", "final class StoreImpl: Store {}\n",
      "final class CacheImpl { init(store: Store, feed: Feed) {} }\n", "init(", ")", "\u{FEFF}", "\u{301}",
    ])
  }

  /// An incremental edit of a workspace document at a random (maybe absurd) range.
  private mutating func edit() -> LSPAny {
    let range: LSPAny = .object(["start": bogusPosition(), "end": bogusPosition()])
    let change: LSPAny =
      random.below(8) == 0
      ? .object(["text": .string(snippet())]) : .object(["range": range, "text": .string(snippet())])
    let version: LSPAny = random.below(4) == 0 ? .null : .int(bogusNumber())
    return .object([
      "textDocument": .object(["uri": .string(random.pick(workspaceURIs)), "version": version]),
      "contentChanges": .array([change]),
    ])
  }

  private mutating func bogusNotification() -> [UInt8] {
    let uri = random.pick(bogusURIs)
    switch random.below(5) {
    case 0: return notification("textDocument/didOpen", didOpen(uri, snippet() + snippet()))
    case 1:
      return notification(
        "textDocument/didChange",
        .object([
          "textDocument": .object(["uri": .string(uri), "version": .int(bogusNumber())]),
          "contentChanges": .array([
            .object(["range": .object(["start": bogusPosition(), "end": bogusPosition()]), "text": .string(snippet())])
          ]),
        ]))
    case 2: return notification("textDocument/didClose", .object(["textDocument": .object(["uri": .string(uri)])]))
    case 3: return notification("textDocument/didSave", .object(["textDocument": .object(["uri": .string(uri)])]))
    default:
      return notification(
        "workspace/didChangeWatchedFiles",
        .object(["changes": .array([.object(["uri": .string(uri), "type": .int(bogusNumber())])])]))
    }
  }
}

extension RequestID {
  /// The id as JSON.
  var json: LSPAny {
    switch self {
    case .number(let number): return .int(number)
    case .string(let string): return .string(string)
    }
  }
}
