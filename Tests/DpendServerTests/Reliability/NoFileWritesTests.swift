import DpendProtocol
import DpendTestSupport
import Foundation
import Testing

/// The server writes no file but its caches in the build directory: a whole session leaves
/// the workspace exactly as it was, `.build/dpend/summaries.cache` and `answer.cache` aside,
/// and what it generates reaches the client only as `WorkspaceEdit`s.
@Suite struct NoFileWritesTests {
  /// `dpend lsp --cache-directory`: the workspace folder's caches in a folder of its own
  /// there, none in the workspace.
  @Test func theCachesGoWhereTheCacheDirectorySays() throws {
    let workspace = try ServerFixtures.missingStore()
    defer { workspace.remove() }
    let caches = try TemporaryWorkspace([:])
    defer { caches.remove() }
    let client = try ServerFixtures.start(
      workspace, arguments: ["lsp", "--debounce", "10", "--cache-directory", caches.root.path])
    _ = try client.waitForDiagnostics(workspace.uri("Sources/Feed.swift"))
    #expect(try client.shutdownAndExit() == 0)
    #expect(!FileManager.default.fileExists(atPath: workspace.path(".build")))
    let folders = try FileManager.default.contentsOfDirectory(atPath: caches.root.path)
    #expect(folders.count == 1 && folders.first?.hasPrefix(workspace.root.lastPathComponent + "-") == true)
    #expect(FileManager.default.fileExists(atPath: caches.path("\(folders.first ?? "")/summaries.cache")))
  }

  @Test func aFullSessionLeavesTheWorkspaceUntouched() throws {
    let screenDocument = MarkedText("0️⃣final class ScreenImpl { init(clock: C1️⃣lock) {} }\n2️⃣")
    let workspace = try ServerFixtures.workspace(
      [
        ".dpend.json": #"{"implicitFilters": [".*Impl"], "outputFile": "Generated/Deps.swift"}"#,
        "Sources/App.swift":
          "protocol Store {}\nfinal class StoreImpl: Store {}\nfinal class FeedImpl { init(store: Store) {} }\n",
        "Sources/Screen.swift": screenDocument.text,
        "Sources/Clock.swift": "protocol Clock {}\nfinal class SystemClock: Clock {}\n",
      ])
    let before = try WorkspaceSnapshot(workspace.root)
    let client = try ServerFixtures.start(workspace, capabilities: ServerFixtures.creatingClient)
    let screen = workspace.uri("Sources/Screen.swift")
    _ = try client.waitForDiagnostics(screen)
    let opened = client.openDocument(screenDocument, uri: screen)
    // Quick fix for the missing Clock: a new configuration file, as an edit.
    let fixes = try client.send(
      CodeActionRequest(
        textDocument: .init(uri: screen), range: opened.lspRange(at: "1️⃣"),
        context: .init(diagnostics: [], only: [CodeAction.quickFix])))
    #expect(fixes?.first?.edit?.documentChanges?.first?.isCreate == true, "\(String(describing: fixes))")
    // Providing Clock makes the graph valid: generation is offered as an edit.
    client.changeDocument(
      screen, version: 2, [.init(range: opened.lspRange(at: "2️⃣"), text: "final class ClockImpl: Clock {}\n")])
    let generate = try client.send(
      CodeActionRequest(
        textDocument: .init(uri: screen), range: opened.lspRange(at: "0️⃣"),
        context: .init(diagnostics: [], only: [CodeAction.source])))
    #expect(generate?.first?.title == "Generate registrations")
    #expect(
      generate?.first?.edit?.documentChanges?.first
        == .create(
          CreateFile(uri: workspace.uri("Generated/Deps.swift"), options: .init(overwrite: true, ignoreIfExists: false))
        ))
    #expect(try client.send(ExecuteCommandRequest(command: "dpend.generateRegistrations")) == nil)
    let applied = try client.waitForServerRequest(ApplyWorkspaceEditRequest.self)
    #expect(applied.label == "Generate registrations")
    client.notify(
      DidChangeWatchedFilesNotification(changes: [
        FileEvent(uri: workspace.uri("Sources/App.swift"), type: FileEvent.changed),
        FileEvent(uri: workspace.uri(".dpend.json"), type: FileEvent.changed),
      ]))
    client.notify(DidSaveTextDocumentNotification(textDocument: .init(uri: screen)))
    client.notify(DidCloseTextDocumentNotification(textDocument: .init(uri: screen)))
    _ = try client.send(ExecuteCommandRequest(command: "dpend.showTree"))
    #expect(try client.shutdownAndExit() == 0)

    var after = try WorkspaceSnapshot(workspace.root)
    // The files the server writes: the summaries it read, its first graph's answer and its
    // host's state then, for the next session.
    #expect(after.files.removeValue(forKey: ".build/dpend/summaries.cache") != nil)
    #expect(after.files.removeValue(forKey: ".build/dpend/answer.cache") != nil)
    #expect(after.files.removeValue(forKey: ".build/dpend/host-state.bin") != nil)
    #expect(after.directories.subtracting(before.directories) == [".build", ".build/dpend"])
    after.directories.subtract([".build", ".build/dpend"])
    #expect(after.directories == before.directories)
    #expect(after.files.keys.sorted() == before.files.keys.sorted())
    #expect(after == before)
  }
}

extension DocumentChange {
  /// `true` for a file creation.
  fileprivate var isCreate: Bool {
    if case .create = self { return true }
    return false
  }
}
