import DpendModel
import DpendProtocol
import DpendTestSupport
import Foundation
import Testing

/// Ten thousand malformed and random messages from a fixed seed against one server: every
/// one gets exactly the answer JSON-RPC 2.0 and LSP prescribe, and the server survives.
@Suite struct ProtocolFuzzTests {
  static let messageCount = 10_000
  static let batchSize = 250

  @Test(arguments: [(UInt64(0xD9E1_D5EE_D001), "utf-16"), (UInt64(0xD9E1_D5EE_D002), "utf-8")])
  func theServerAnswersEveryMalformedMessageExactlyAndSurvives(seed: UInt64, encoding: String) throws {
    let workspace = try ServerFixtures.missingStore()
    let client = try ServerFixtures.start(
      workspace,
      capabilities: ClientCapabilities(general: .init(positionEncodings: [PositionEncodingKind(rawValue: encoding)])))
    let feed = workspace.uri("Sources/Feed.swift")
    let store = workspace.uri("Sources/Store.swift")
    _ = try client.waitForDiagnostics(feed)
    for path in ["Sources/Feed.swift", "Sources/Store.swift"] {
      client.openDocument(MarkedText(try #require(workspace.read(path))), uri: workspace.uri(path))
    }

    var generator = FuzzMessageGenerator(seed: seed, workspaceURIs: [feed, store])
    var messagesByCategory: [String: Int] = [:]
    var expectations: [FuzzExpectation] = []
    var bytesSent = 0
    let started = Date()
    for batch in stride(from: 0, to: Self.messageCount, by: Self.batchSize) {
      var bytes: [UInt8] = []
      for _ in batch..<min(batch + Self.batchSize, Self.messageCount) {
        let message = generator.next()
        messagesByCategory[message.category, default: 0] += 1
        expectations += message.expectations
        bytes += message.bytes
      }
      bytesSent += bytes.count
      client.writeRaw(bytes)
      // The answer to a request sent after the batch proves the batch was read; it also
      // keeps what is in flight bounded. Not a speed limit: a debug server on a busy machine
      // takes more than ten seconds for a batch of 250 (whole-test times are in the notes).
      #expect(try client.ping(timeout: 120) == .failure(.pingNotFound), "after batch \(batch / Self.batchSize)")
    }
    let sent = Date()

    let expectedByID = Dictionary(grouping: expectations.compactMap(\.id), by: \.self).mapValues(\.count)
    let responses = try waitForResponses(client, ids: expectedByID)
    let answered = Date()

    // Every id got exactly what its message called for, nothing else.
    var byID: [RequestID: [LSPAny]] = [:]
    var withoutID: [LSPAny] = []
    for response in responses {
      if let id = response["id"].flatMap(RequestID.init(json:)) {
        byID[id, default: []].append(response)
      } else {
        withoutID.append(response)
      }
    }
    var mismatches: [String] = []
    for expectation in expectations {
      guard let id = expectation.id else { continue }
      let got = byID[id] ?? []
      let codes = got.map { $0["error"]?["code"] ?? .string("result") }
      switch expectation {
      case .error(_, let code): if !codes.contains(.int(code)) { mismatches.append("\(id): \(codes)") }
      case .result: if codes != [.string("result")] { mismatches.append("\(id): \(codes)") }
      case .invalidRequest: if codes != [.int(-32600)] { mismatches.append("\(id): \(codes)") }
      default: break
      }
      if got.count != expectedByID[id] { mismatches.append("\(id): \(got.count) responses") }
    }
    #expect(mismatches.prefix(20) == [], "\(mismatches.count) mismatches")
    let unexpected = byID.keys.filter { expectedByID[$0] == nil && !Self.isPing($0) }
    #expect(unexpected == [], "responses to ids nobody sent")

    // Errors without an id: exactly one per unreadable message, nothing else.
    let parseErrors = expectations.filter { $0 == .parseError }.count
    let invalidWithoutID = expectations.filter { $0 == .invalidRequest(nil) }.count
    let codesWithoutID = withoutID.map { $0["error"]?["code"] ?? .null }
    #expect(codesWithoutID.filter { $0 == .int(-32700) }.count == parseErrors)
    #expect(codesWithoutID.filter { $0 == .int(-32600) }.count == invalidWithoutID)
    #expect(codesWithoutID.count == parseErrors + invalidWithoutID)

    // Still alive, still right: a real hover far past the end of the first line of a document
    // the fuzz edited into unknown text, then a clean exit.
    let hover = try client.send(
      HoverRequest(textDocument: .init(uri: store), position: Position(line: 0, character: 99)))
    #expect(hover == nil)
    #expect(try client.shutdownAndExit() == 0)
    let leftovers = try client.leftovers()
    #expect(leftovers.invalidBodies == [])
    #expect(!client.standardError().contains("Fatal error"))

    var byCode: [String: Int] = [:]
    for response in responses where !(response["id"].flatMap(RequestID.init(json:)).map(Self.isPing) ?? false) {
      byCode[response["error"]?["code"].map { $0.json } ?? "result", default: 0] += 1
    }
    print(
      """
      fuzz seed \(String(seed, radix: 16)) (\(encoding)): \(Self.messageCount) messages, \(bytesSent) bytes in \
      \(Self.messageCount / Self.batchSize) batches; sent in \(Self.seconds(started, sent)) s, all answered after \
      \(Self.seconds(started, answered)) s
        messages by category: \(messagesByCategory.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", "))
        responses by code: \(byCode.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", "))
        other messages from the server: \(leftovers.messages.count - responses.count)
      """)
  }

  private static func isPing(_ id: RequestID) -> Bool {
    if case .number(let number) = id { return number < 1_000_000 }
    return false
  }

  private static func seconds(_ from: Date, _ to: Date) -> String { String(format: "%.2f", to.timeIntervalSince(from)) }

  /// Waits until every id has its responses; returns every response received.
  private func waitForResponses(_ client: TestLSPClient, ids: [RequestID: Int]) throws -> [LSPAny] {
    let deadline = Date().addingTimeInterval(120 * TestLSPClient.timeoutScale)
    while true {
      let responses = client.untakenResponses()
      var counts: [RequestID: Int] = [:]
      for response in responses {
        if let id = response["id"].flatMap(RequestID.init(json:)) { counts[id, default: 0] += 1 }
      }
      if ids.allSatisfy({ counts[$0.key, default: 0] >= $0.value }) { return responses }
      guard Date() < deadline else { throw TestLSPClient.Timeout(what: "every fuzz response") }
      Thread.sleep(forTimeInterval: 0.05)
    }
  }
}

extension FuzzExpectation {
  /// The request id this expectation concerns, if any.
  var id: RequestID? {
    switch self {
    case .invalidRequest(let id): return id
    case .error(let id, _), .result(let id): return id
    case .parseError, .silence: return nil
    }
  }
}

extension RequestID {
  /// The id in a response's JSON; `nil` for `null`.
  init?(json: LSPAny) {
    switch json {
    case .int(let number): self = .number(number)
    case .string(let string): self = .string(string)
    default: return nil
    }
  }
}
