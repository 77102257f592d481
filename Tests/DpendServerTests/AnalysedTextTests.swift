import DpendModel
import DpendProtocol
import DpendTestSupport
import Foundation
import Testing

/// Positions reach the editor converted against the text that was analysed, whatever the
/// disk holds meanwhile, and every LSP line terminator counts as one.
@Suite struct AnalysedTextTests {
  /// A client that watches files for the server: the server then never watches the disk itself.
  static let watchingClient = ClientCapabilities(
    workspace: .init(didChangeWatchedFiles: .init(dynamicRegistration: true)))

  @Test func aFileChangedOnDiskAfterItsAnalysisKeepsTheAnalysedRanges() throws {
    let feed = MarkedText("protocol Feed {}\nfinal class FeedImpl: Feed {\n  init(store: 1️⃣Store) {}\n}\n")
    let workspace = try TemporaryWorkspace([
      ".dpend.json": #"{"implicitFilters": [".*Impl"]}"#, "Sources/Feed.swift": feed.text,
      "Sources/Store.swift": "protocol Store {}\nfinal class StoreImpl: Store {}\n",
    ])
    let client = try TestLSPClient()
    client.keepAlive(workspace)
    try client.initialize(root: workspace.root, capabilities: Self.watchingClient)
    // A request that waits for the first analysis (nothing is missing yet), in another file.
    let store = workspace.uri("Sources/Store.swift")
    _ = try client.send(HoverRequest(textDocument: .init(uri: store), position: Position(line: 0, character: 0)))
    // Feed.swift gains two lines on disk, and nobody tells the server.
    try workspace.write("Sources/Feed.swift", "// one\n// two\n" + feed.text)
    // Removing the provider makes Feed.swift's (analysed) parameter a missing dependency.
    client.openDocument(marked: "protocol Store {}\nfinal class StoreImpl: Store {}\n", uri: store)
    client.replaceDocument(store, version: 2, with: "protocol Store {}\n")
    let diagnostics = try client.waitForDiagnostics(workspace.uri("Sources/Feed.swift")) { !$0.isEmpty }
    #expect(diagnostics.map(\.range) == [feed.lspRange("1️⃣", covering: "Store")])
    #expect(
      diagnostics.map(\.message) == ["missing dependency: nothing provides 'Store', needed by 'FeedImpl.init(store:)'"])
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test func loneCarriageReturnsEndLinesInEditsAndRanges() throws {
    // Every line of the document ends in a lone `\r`, as old Mac editors write them.
    let original = MarkedText(
      "protocol Store {}\rprotocol Feed {}\rfinal class FeedImpl: Feed {\r  init(store: 1️⃣Store) {}\r}\r2️⃣")
    let workspace = try TemporaryWorkspace([".dpend.json": #"{"implicitFilters": [".*Impl"]}"#])
    let client = try TestLSPClient()
    client.keepAlive(workspace)
    try client.initialize(root: workspace.root, capabilities: Self.watchingClient)
    let uri = workspace.uri("Sources/Feed.swift")
    client.openDocument(marked: original.text, uri: uri)
    let missing = try client.waitForDiagnostics(uri) { !$0.isEmpty }
    #expect(missing.map(\.range) == [original.lspRange("1️⃣", covering: "Store")])
    #expect(original.lspRange("1️⃣", covering: "Store").start == Position(line: 3, character: 14))

    // An incremental edit at the end, given in lines counted with `\r`: a provider.
    let insertion = "final class StoreImpl: Store {}\r"
    client.changeDocument(
      uri, version: 2,
      [
        TextDocumentContentChangeEvent(
          range: DpendProtocol.Range(start: original.lspPosition("2️⃣"), end: original.lspPosition("2️⃣")),
          text: insertion)
      ])
    #expect(try client.waitForDiagnostics(uri) == [])
    // The server's text is the client's: a hover on the new provider's name lands on it.
    let edited = MarkedText(
      "protocol Store {}\rprotocol Feed {}\rfinal class FeedImpl: Feed {\r  init(store: Store4️⃣) {}\r}\r"
        + "final class 3️⃣StoreImpl: Store {}\r")
    let hover = try client.send(HoverRequest(textDocument: .init(uri: uri), position: edited.lspPosition("3️⃣")))
    #expect(hover?.range == edited.lspRange("3️⃣", covering: "StoreImpl"))
    #expect(hover?.range?.start == Position(line: 5, character: 12))
    // And a missing dependency published after the edit sits where the client sees it.
    let broken = MarkedText(
      "protocol Store {}\rprotocol Feed {}\rfinal class FeedImpl: Feed {\r  init(store: Store, clock: 4️⃣Clock) {}\r}\r"
        + "final class StoreImpl: Store {}\r")
    client.changeDocument(
      uri, version: 3,
      [
        TextDocumentContentChangeEvent(
          range: DpendProtocol.Range(start: edited.lspPosition("4️⃣"), end: edited.lspPosition("4️⃣")),
          text: ", clock: Clock")
      ])
    let published = try client.waitForDiagnostics(uri) { !$0.isEmpty }
    #expect(published.map(\.range) == [broken.lspRange("4️⃣", covering: "Clock")])
    #expect(try client.shutdownAndExit() == 0)
  }
}
