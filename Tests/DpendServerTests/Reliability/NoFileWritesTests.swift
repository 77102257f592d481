import DpendProtocol
import Foundation
import Testing

/// The server writes no file: a whole session leaves the workspace exactly as it was, and
/// what it generates reaches the client only as `WorkspaceEdit`s.
@Suite struct NoFileWritesTests {
  @Test func aFullSessionLeavesTheWorkspaceUntouched() throws {
    let workspace = try ServerWorkspace([
      ".dpend.json": #"{"implicitFilters": [".*Impl"], "outputFile": "Generated/Deps.swift"}"#,
      "Sources/App.swift":
        "protocol Store {}\nfinal class StoreImpl: Store {}\nfinal class FeedImpl { init(store: Store) {} }\n",
      "Sources/Screen.swift": "final class ScreenImpl { init(clock: Clock) {} }\n",
      "Sources/Clock.swift": "protocol Clock {}\n",
    ])
    let before = try WorkspaceSnapshot(workspace.root)
    let client = try TestLSPClient()
    client.keepAlive(workspace)
    try client.initialize(
      root: workspace.root,
      capabilities: .parse(#"{"workspace":{"workspaceEdit":{"documentChanges":true,"resourceOperations":["create"]}}}"#)
    )
    let screen = workspace.uri("Sources/Screen.swift")
    _ = try client.diagnostics(for: screen)
    client.sendNotification(
      "textDocument/didOpen",
      .object([
        "textDocument": .object([
          "uri": .string(screen), "languageId": .string("swift"), "version": .int(1),
          "text": .string("final class ScreenImpl { init(clock: Clock) {} }\n"),
        ])
      ]))
    // Quick fix for the missing Clock: a new configuration file, as an edit.
    let fixes = try client.request(
      "textDocument/codeAction",
      .parse(
        #"{"textDocument":{"uri":"\#(screen)"},"range":{"start":{"line":0,"character":38},"#
          + #""end":{"line":0,"character":38}},"context":{"diagnostics":[],"only":["quickfix"]}}"#))
    #expect(fixes[0]?["edit"]?["documentChanges"]?[0]?["kind"] == .string("create"), "\(fixes.json)")
    // Providing Clock makes the graph valid: generation is offered as an edit.
    client.sendNotification(
      "textDocument/didChange",
      .parse(
        #"{"textDocument":{"uri":"\#(screen)","version":2},"contentChanges":[{"range":{"start":{"line":1,"character":0},"#
          + #""end":{"line":1,"character":0}},"text":"final class ClockImpl: Clock {}\n"}]}"#))
    let generate = try client.request(
      "textDocument/codeAction",
      .parse(
        #"{"textDocument":{"uri":"\#(screen)"},"range":{"start":{"line":0,"character":0},"#
          + #""end":{"line":0,"character":0}},"context":{"diagnostics":[],"only":["source"]}}"#))
    #expect(generate[0]?["title"] == .string("Generate registrations"))
    #expect(
      generate[0]?["edit"]?["documentChanges"]?[0]?.json
        == #"{"kind":"create","options":{"ignoreIfExists":false,"overwrite":true},"uri":"\#(workspace.uri("Generated/Deps.swift"))"}"#
    )
    #expect(
      try client.request("workspace/executeCommand", .parse(#"{"command":"dpend.generateRegistrations"}"#)) == .null)
    let applied = try client.serverRequest("workspace/applyEdit")
    #expect(applied["label"] == .string("Generate registrations"))
    client.sendNotification(
      "workspace/didChangeWatchedFiles",
      .parse(
        #"{"changes":[{"uri":"\#(workspace.uri("Sources/App.swift"))","type":2},{"uri":"\#(workspace.uri(".dpend.json"))","type":2}]}"#
      ))
    client.sendNotification("textDocument/didSave", .parse(#"{"textDocument":{"uri":"\#(screen)"}}"#))
    client.sendNotification("textDocument/didClose", .parse(#"{"textDocument":{"uri":"\#(screen)"}}"#))
    _ = try client.request("workspace/executeCommand", .parse(#"{"command":"dpend.showTree"}"#))
    #expect(try client.shutdownAndExit() == 0)

    let after = try WorkspaceSnapshot(workspace.root)
    #expect(after.directories == before.directories)
    #expect(after.files.keys.sorted() == before.files.keys.sorted())
    #expect(after == before)
  }
}

extension LSPAny {
  /// The element `index` of an array.
  subscript(index: Int) -> LSPAny? {
    if case .array(let elements) = self, elements.indices.contains(index) { return elements[index] }
    return nil
  }
}
