import DpendProtocol
import DpendTestSupport
import Foundation
import Testing

/// Values at the edges of `Int` and of characters: each once crashed the server.
@Suite struct ExtremeValueTests {
  private static let utf8 = ClientCapabilities(general: .init(positionEncodings: [.utf8]))

  @Test func aCharacterNearIntMaxInUTF8IsTheEndOfTheLine() throws {
    let workspace = try ServerFixtures.missingStore()
    let client = try ServerFixtures.start(workspace, capabilities: Self.utf8)
    let uri = workspace.uri("Sources/Feed.swift")
    // The line of `init(store: Store) {}`: its end is past every symbol, so no hover.
    let line = ServerFixtures.feed.lspPosition("1️⃣", encoding: .utf8).line
    let hover = try client.send(
      HoverRequest(textDocument: .init(uri: uri), position: Position(line: line, character: Int.max)))
    #expect(hover == nil)
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test func aChangeWithoutVersionAfterIntMaxKeepsIntMax() throws {
    let workspace = try ServerFixtures.missingStore()
    let client = try ServerFixtures.start(workspace)
    let uri = workspace.uri("Sources/Feed.swift")
    _ = try client.waitForDiagnostics(uri)
    client.openDocument(marked: "x", uri: uri, version: Int.max)
    client.changeDocument(uri, version: nil, [.init(text: "protocol Feed {}\n")])
    // The missing dependency is gone with the edit, published for the version the server holds.
    _ = try client.waitForDiagnostics(uri) { $0.isEmpty }
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test func aUTF8PositionInsideACharacterMeansItsStart() throws {
    let workspace = try ServerFixtures.missingStore()
    let client = try ServerFixtures.start(workspace, capabilities: Self.utf8)
    let uri = workspace.uri("Sources/Feed.swift")
    let opened = client.openDocument(
      marked: "// 1️⃣é\nprotocol Feed {}\nfinal class FeedImpl: Feed {\n  init(store: Store) {}\n}\n", uri: uri)
    // One byte into "é" (two bytes): an insertion there lands before it, keeping the text UTF-8.
    let start = opened.lspPosition("1️⃣", encoding: .utf8)
    let inside = Position(line: start.line, character: start.character + 1)
    client.changeDocument(
      uri, version: 2, [.init(range: DpendProtocol.Range(start: inside, end: inside), text: "x")])
    // Had the text been cut inside "é", offsets after it would be one byte off.
    let edited = MarkedText("// xé\nprotocol Feed {}\nfinal class FeedImpl: Feed {\n  init(store: S1️⃣tore) {}\n}\n")
    let hover = try client.send(
      HoverRequest(textDocument: .init(uri: uri), position: edited.lspPosition("1️⃣", encoding: .utf8)))
    #expect(
      hover
        == Hover(
          contents: MarkupContent(markdown: "Nothing provides `Store` (missing dependency)"),
          range: edited.lspRange(of: "Store", containing: "1️⃣", encoding: .utf8)))
    #expect(try client.shutdownAndExit() == 0)
  }
}
