import DpendProtocol
import DpendTestSupport
import Foundation
import Testing

@Suite struct NavigationTests {
  /// Cursors: 0️⃣ on nothing of the graph; 1️⃣ on a dependency (`Store`); 2️⃣ on an optional
  /// dependency nothing provides; 3️⃣ and 4️⃣ on initializers; 5️⃣ on a dependency whose
  /// provider is elsewhere; 6️⃣ on a provider's type.
  static let app = MarkedText(
    """
    0️⃣protocol Feed {}
    protocol Store {}
    final class St6️⃣oreImpl: Store {}
    final class FeedImpl: Feed {
      i3️⃣nit(store: St1️⃣ore) {}
    }
    final class ScreenImpl {
      i4️⃣nit(feed: Feed, store: S5️⃣tore, clock: Cl2️⃣ock?) {}
    }

    """)

  private func start() throws -> (TestLSPClient, String) {
    let workspace = try ServerFixtures.workspace(
      [".dpend.json": ServerFixtures.configuration, "Sources/App.swift": Self.app.text])
    return (try ServerFixtures.start(workspace), workspace.uri("Sources/App.swift"))
  }

  private func hover(_ client: TestLSPClient, _ uri: String, at marker: String) throws -> Hover? {
    try client.send(HoverRequest(textDocument: .init(uri: uri), position: Self.app.lspPosition(marker)))
  }

  @Test func hoverOnADependencyNamesItsProvider() throws {
    let (client, uri) = try start()
    #expect(
      try hover(client, uri, at: "1️⃣")
        == Hover(
          contents: MarkupContent(markdown: "`Store` is provided by `StoreImpl.init()` (scope: `unique`)"),
          range: Self.app.lspRange(of: "Store", containing: "1️⃣")))
    let optional = try hover(client, uri, at: "2️⃣")
    #expect(optional?.contents.value == "Nothing provides `Clock`: `nil` is passed")
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test func hoverOnAProviderShowsWhatItProvidesAndNeeds() throws {
    let (client, uri) = try start()
    #expect(
      try hover(client, uri, at: "3️⃣")
        == Hover(
          contents: MarkupContent(
            markdown: "`FeedImpl.init(store:)` provides `Feed`\n- scope: `unique`\n- needs: `Store`"),
          range: Self.app.lspRange(of: "init", containing: "3️⃣")))
    let screen = try hover(client, uri, at: "4️⃣")
    #expect(
      screen?.contents.value
        == "`ScreenImpl.init(feed:store:clock:)` provides `ScreenImpl`\n- scope: `unique`\n"
        + "- needs: `Feed`, `Store`, `Clock?`")
    // Nothing of the graph under the cursor: no hover.
    #expect(try hover(client, uri, at: "0️⃣") == nil)
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test func definitionOnADependencyGoesToItsProvider() throws {
    let (client, uri) = try start()
    let locations = try client.send(
      DefinitionRequest(textDocument: .init(uri: uri), position: Self.app.lspPosition("5️⃣")))
    #expect(locations == [Location(uri: uri, range: Self.app.lspRange(of: "StoreImpl", containing: "6️⃣"))])
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test func referencesOnAProviderListItsConsumers() throws {
    let (client, uri) = try start()
    let locations = try client.send(
      ReferencesRequest(textDocument: .init(uri: uri), position: Self.app.lspPosition("6️⃣")))
    #expect(
      locations == [
        Location(uri: uri, range: Self.app.lspRange(of: "Store", containing: "1️⃣")),
        Location(uri: uri, range: Self.app.lspRange(of: "Store", containing: "5️⃣")),
      ])
    #expect(try client.shutdownAndExit() == 0)
  }
}
