import DpendProtocol
import Foundation
import Testing

/// Values at the edges of `Int` and of characters: each once crashed the server.
@Suite struct ExtremeValueTests {
  private static let utf8 = LSPAny.parse(#"{"general":{"positionEncodings":["utf-8"]}}"#)

  @Test func aCharacterNearIntMaxInUTF8IsTheEndOfTheLine() throws {
    let workspace = try ServerFixtures.missingStore()
    let client = try TestLSPClient()
    client.keepAlive(workspace)
    try client.initialize(root: workspace.root, capabilities: Self.utf8)
    let uri = workspace.uri("Sources/Feed.swift")
    // Line 2 is "  init(store: Store) {}": its end is past every symbol, so no hover.
    let hover = try client.request(
      "textDocument/hover",
      .parse(#"{"textDocument":{"uri":"\#(uri)"},"position":{"line":2,"character":9223372036854775807}}"#))
    #expect(hover == .null)
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test func aChangeWithoutVersionAfterIntMaxKeepsIntMax() throws {
    let workspace = try ServerFixtures.missingStore()
    let client = try TestLSPClient()
    client.keepAlive(workspace)
    try client.initialize(root: workspace.root)
    let uri = workspace.uri("Sources/Feed.swift")
    _ = try client.diagnostics(for: uri)
    client.sendNotification(
      "textDocument/didOpen",
      .parse(
        #"{"textDocument":{"uri":"\#(uri)","languageId":"swift","version":9223372036854775807,"text":"x"}}"#))
    client.sendNotification(
      "textDocument/didChange",
      .parse(#"{"textDocument":{"uri":"\#(uri)","version":null},"contentChanges":[{"text":"protocol Feed {}\n"}]}"#))
    // The missing dependency is gone with the edit, published for the version the server holds.
    _ = try client.diagnostics(for: uri) { $0.isEmpty }
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test func aUTF8PositionInsideACharacterMeansItsStart() throws {
    let workspace = try ServerFixtures.missingStore()
    let client = try TestLSPClient()
    client.keepAlive(workspace)
    try client.initialize(root: workspace.root, capabilities: Self.utf8)
    let uri = workspace.uri("Sources/Feed.swift")
    let text = "// é\nprotocol Feed {}\nfinal class FeedImpl: Feed {\n  init(store: Store) {}\n}\n"
    client.sendNotification(
      "textDocument/didOpen",
      .object([
        "textDocument": .object([
          "uri": .string(uri), "languageId": .string("swift"), "version": .int(1), "text": .string(text),
        ])
      ]))
    // "é" is bytes 3 and 4 of line 0: an insertion at 4 lands before it, keeping the text UTF-8.
    client.sendNotification(
      "textDocument/didChange",
      .parse(
        #"{"textDocument":{"uri":"\#(uri)","version":2},"contentChanges":[{"range":{"start":{"line":0,"character":4},"#
          + #""end":{"line":0,"character":4}},"text":"x"}]}"#))
    // Had the text been cut inside "é", offsets after it would be one byte off.
    let hover = try client.request(
      "textDocument/hover", .parse(#"{"textDocument":{"uri":"\#(uri)"},"position":{"line":3,"character":15}}"#))
    #expect(
      hover.json
        == #"{"contents":{"kind":"markdown","value":"Nothing provides `Store` (missing dependency)"},"#
        + #""range":{"end":{"character":19,"line":3},"start":{"character":14,"line":3}}}"#)
    #expect(try client.shutdownAndExit() == 0)
  }
}
