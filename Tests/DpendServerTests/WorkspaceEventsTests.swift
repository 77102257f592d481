import DpendProtocol
import Foundation
import Testing

@Suite struct WorkspaceEventsTests {
  static let watchingClient = LSPAny.parse(#"{"workspace":{"didChangeWatchedFiles":{"dynamicRegistration":true}}}"#)

  private func fileChanged(_ client: TestLSPClient, _ uri: String, type: Int) {
    client.sendNotification(
      "workspace/didChangeWatchedFiles", .parse(#"{"changes":[{"uri":"\#(uri)","type":\#(type)}]}"#))
  }

  @Test func serverRegistersFileWatchingWhenTheClientCan() throws {
    let workspace = try ServerFixtures.missingStore()
    let client = try TestLSPClient()
    client.keepAlive(workspace)
    try client.initialize(root: workspace.root, capabilities: Self.watchingClient)
    let registration = try client.serverRequest("client/registerCapability")
    #expect(
      registration.json
        == #"{"registrations":[{"id":"dpend-watched-files","method":"workspace/didChangeWatchedFiles","#
        + #""registerOptions":{"watchers":[{"globPattern":"**/*.swift"},{"globPattern":"**/.dpend.json"},"#
        + #"{"globPattern":"**/*.dpendmodule"}]}}]}"#)
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test func fileChangedOnDiskUpdatesDiagnostics() throws {
    let workspace = try ServerFixtures.missingStore()
    let client = try TestLSPClient()
    client.keepAlive(workspace)
    try client.initialize(root: workspace.root, capabilities: Self.watchingClient)
    let feed = workspace.uri("Sources/Feed.swift")
    #expect(try client.diagnostics(for: feed).count == 1)
    // Another program (a code generator) writes a provider; the client reports the change.
    try workspace.write("Sources/Generated.swift", "final class StoreImpl: Store {}\n")
    fileChanged(client, workspace.uri("Sources/Generated.swift"), type: 1)
    #expect(try client.diagnostics(for: feed) == [])
    // Deleting it brings the error back.
    try workspace.remove("Sources/Generated.swift")
    fileChanged(client, workspace.uri("Sources/Generated.swift"), type: 3)
    #expect(try client.diagnostics(for: feed).count == 1)
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test func configurationChangesAreReloaded() throws {
    let workspace = try ServerFixtures.missingStore()
    try workspace.write(".dpend.json", #"{"implicitFilters": ["Nothing"]}"#)
    let client = try TestLSPClient()
    client.keepAlive(workspace)
    try client.initialize(root: workspace.root, capabilities: Self.watchingClient)
    let feed = workspace.uri("Sources/Feed.swift")
    let config = workspace.uri(".dpend.json")
    // With no implicit dependency selected, FeedImpl is not checked: nothing to publish yet.
    try workspace.write(".dpend.json", ServerFixtures.configuration)
    fileChanged(client, config, type: 2)
    #expect(try client.diagnostics(for: feed).count == 1)
    // An invalid configuration is shown on the file; the previous settings stay in force.
    try workspace.write(".dpend.json", #"{"implicitFilters": "oops"}"#)
    fileChanged(client, config, type: 2)
    let problems = try client.diagnostics(for: config)
    #expect(
      LSPAny.array(problems).json
        == #"[{"code":"invalid-configuration","message":"\#(workspace.url(".dpend.json").path): field 'implicitFilters': "#
        + #"expected an array of strings, found a string","range":{"end":{"character":0,"line":0},"#
        + #""start":{"character":0,"line":0}},"severity":1,"source":"dpend"}]"#)
    // Fixing it clears the file.
    try workspace.write(".dpend.json", ServerFixtures.configuration)
    fileChanged(client, config, type: 2)
    #expect(try client.diagnostics(for: config) == [])
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test func indexingReportsWorkDoneProgress() throws {
    let workspace = try ServerFixtures.missingStore()
    let client = try TestLSPClient()
    client.keepAlive(workspace)
    try client.initialize(root: workspace.root, capabilities: .parse(#"{"window":{"workDoneProgress":true}}"#))
    #expect(try client.serverRequest("window/workDoneProgress/create").json == #"{"token":"dpend-indexing"}"#)
    let begin = try client.notification("$/progress")
    #expect(
      begin.json == #"{"token":"dpend-indexing","value":{"kind":"begin","title":"dpend: indexing"}}"#)
    let end = try client.notification("$/progress")
    #expect(end["value"]?["kind"] == .string("end"))
    guard case .string(let message)? = end["value"]?["message"] else {
      Issue.record("no end message")
      return
    }
    #expect(message.hasPrefix("indexed 2 files in "))
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test func aRequestWaitingForAnalysisCanBeCancelled() throws {
    let workspace = try ServerFixtures.missingStore()
    let client = try TestLSPClient(arguments: ["lsp", "--debounce", "100"])
    client.keepAlive(workspace)
    try client.initialize(root: workspace.root)
    let feed = workspace.uri("Sources/Feed.swift")
    _ = try client.diagnostics(for: feed)
    client.sendNotification(
      "textDocument/didOpen",
      .parse(#"{"textDocument":{"uri":"\#(feed)","languageId":"swift","version":1,"text":"protocol Feed {}\n"}}"#))
    // The hover waits for the analysis the change scheduled (100 ms away) and is cancelled first.
    let hover = client.sendRequest(
      "textDocument/hover", .parse(#"{"textDocument":{"uri":"\#(feed)"},"position":{"line":0,"character":10}}"#))
    client.sendNotification("$/cancelRequest", .object(["id": LSPAny(encoding: hover)]))
    #expect(try client.response(hover) == .failure(ResponseError(code: -32800, message: "request cancelled")))
    #expect(try client.shutdownAndExit() == 0)
  }
}
