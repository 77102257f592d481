import DpendProtocol
import Foundation
import Testing

@Suite struct NavigationTests {
  static let app = """
    protocol Feed {}
    protocol Store {}
    final class StoreImpl: Store {}
    final class FeedImpl: Feed {
      init(store: Store) {}
    }
    final class ScreenImpl {
      init(feed: Feed, store: Store, clock: Clock?) {}
    }

    """

  private func start() throws -> (ServerWorkspace, TestLSPClient, String) {
    let workspace = try ServerWorkspace([".dpend.json": ServerFixtures.configuration, "Sources/App.swift": Self.app])
    let client = try TestLSPClient()
    client.keepAlive(workspace)
    try client.initialize(root: workspace.root)
    return (workspace, client, workspace.uri("Sources/App.swift"))
  }

  private func at(_ uri: String, _ line: Int, _ character: Int) -> LSPAny {
    .parse(#"{"textDocument":{"uri":"\#(uri)"},"position":{"line":\#(line),"character":\#(character)}}"#)
  }

  @Test func hoverOnADependencyNamesItsProvider() throws {
    let (_, client, uri) = try start()
    let hover = try client.request("textDocument/hover", at(uri, 4, 16))
    #expect(
      hover.json
        == #"{"contents":{"kind":"markdown","value":"`Store` is provided by `StoreImpl.init()` (scope: `unique`)"},"#
        + #""range":{"end":{"character":19,"line":4},"start":{"character":14,"line":4}}}"#)
    let optional = try client.request("textDocument/hover", at(uri, 7, 42))
    #expect(optional["contents"]?["value"] == .string("Nothing provides `Clock`: `nil` is passed"))
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test func hoverOnAProviderShowsWhatItProvidesAndNeeds() throws {
    let (_, client, uri) = try start()
    let hover = try client.request("textDocument/hover", at(uri, 4, 3))
    #expect(
      hover.json
        == #"{"contents":{"kind":"markdown","value":"`FeedImpl.init(store:)` provides `Feed`\n- scope: `unique`\n"#
        + #"- needs: `Store`"},"range":{"end":{"character":6,"line":4},"start":{"character":2,"line":4}}}"#)
    let screen = try client.request("textDocument/hover", at(uri, 7, 3))
    #expect(
      screen["contents"]?["value"]
        == .string(
          "`ScreenImpl.init(feed:store:clock:)` provides `ScreenImpl`\n- scope: `unique`\n"
            + "- needs: `Feed`, `Store`, `Clock?`"))
    // Nothing of the graph under the cursor: no hover.
    #expect(try client.request("textDocument/hover", at(uri, 0, 0)) == .null)
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test func definitionOnADependencyGoesToItsProvider() throws {
    let (_, client, uri) = try start()
    let locations = try client.request("textDocument/definition", at(uri, 7, 27))
    #expect(
      locations.json
        == #"[{"range":{"end":{"character":21,"line":2},"start":{"character":12,"line":2}},"uri":"\#(uri)"}]"#)
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test func referencesOnAProviderListItsConsumers() throws {
    let (_, client, uri) = try start()
    let locations = try client.request("textDocument/references", at(uri, 2, 14))
    #expect(
      locations.json
        == #"[{"range":{"end":{"character":19,"line":4},"start":{"character":14,"line":4}},"uri":"\#(uri)"},"#
        + #"{"range":{"end":{"character":31,"line":7},"start":{"character":26,"line":7}},"uri":"\#(uri)"}]"#)
    #expect(try client.shutdownAndExit() == 0)
  }
}
