import DpendModel
import DpendProtocol
import DpendTestSupport
import Foundation
import Testing

@Suite struct WorkspaceEventsTests {
  private func fileChanged(_ client: TestLSPClient, _ uri: String, type: Int) {
    client.notify(DidChangeWatchedFilesNotification(changes: [FileEvent(uri: uri, type: type)]))
  }

  @Test func serverRegistersFileWatchingWhenTheClientCan() throws {
    let workspace = try ServerFixtures.missingStore()
    let client = try ServerFixtures.start(workspace, capabilities: ServerFixtures.watchingClient)
    let registration = try client.waitForServerRequest(RegisterCapabilityRequest.self)
    let watchers = [
      "**/*.swift", "**/.dpend.json", "**/*.dpendmodule", "**/project.pbxproj", "**/Package.swift", "**/*.yml",
      "**/*.yaml",
    ].map(FileSystemWatcher.init)
    #expect(
      registration.registrations == [
        .init(
          id: "dpend-watched-files", method: "workspace/didChangeWatchedFiles",
          registerOptions: LSPAny(encoding: DidChangeWatchedFilesRegistrationOptions(watchers: watchers)))
      ])
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test func fileChangedOnDiskUpdatesDiagnostics() throws {
    let workspace = try ServerFixtures.missingStore()
    let client = try ServerFixtures.start(workspace, capabilities: ServerFixtures.watchingClient)
    let feed = workspace.uri("Sources/Feed.swift")
    #expect(try client.waitForDiagnostics(feed) == [ServerFixtures.missingStoreDiagnostic])
    // Another program (a code generator) writes a provider; the client reports the change.
    try workspace.write("Sources/Generated.swift", "final class StoreImpl: Store {}\n")
    fileChanged(client, workspace.uri("Sources/Generated.swift"), type: FileEvent.created)
    #expect(try client.waitForDiagnostics(feed) == [])
    // Deleting it brings the error back.
    try workspace.remove("Sources/Generated.swift")
    fileChanged(client, workspace.uri("Sources/Generated.swift"), type: FileEvent.deleted)
    #expect(try client.waitForDiagnostics(feed) == [ServerFixtures.missingStoreDiagnostic])
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test func configurationChangesAreReloaded() throws {
    let workspace = try ServerFixtures.missingStore()
    try workspace.write(".dpend.json", #"{"implicitFilters": ["Nothing"]}"#)
    let client = try ServerFixtures.start(workspace, capabilities: ServerFixtures.watchingClient)
    let feed = workspace.uri("Sources/Feed.swift")
    let config = workspace.uri(".dpend.json")
    // With no implicit dependency selected, FeedImpl is not checked: nothing to publish yet.
    try workspace.write(".dpend.json", ServerFixtures.configuration)
    fileChanged(client, config, type: FileEvent.changed)
    #expect(try client.waitForDiagnostics(feed) == [ServerFixtures.missingStoreDiagnostic])
    // An invalid configuration is shown on the file; the previous settings stay in force.
    try workspace.write(".dpend.json", #"{"implicitFilters": "oops"}"#)
    fileChanged(client, config, type: FileEvent.changed)
    #expect(
      try client.waitForDiagnostics(config) == [
        Diagnostic(
          range: ServerFixtures.startOfFile, severity: Diagnostic.error, code: "invalid-configuration",
          source: "dpend",
          message:
            "\(workspace.path(".dpend.json")): field 'implicitFilters': expected an array of strings, found a string",
          relatedInformation: nil)
      ])
    // Fixing it clears the file.
    try workspace.write(".dpend.json", ServerFixtures.configuration)
    fileChanged(client, config, type: FileEvent.changed)
    #expect(try client.waitForDiagnostics(config) == [])
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test func indexingReportsWorkDoneProgress() throws {
    let workspace = try ServerFixtures.missingStore()
    let client = try ServerFixtures.start(
      workspace, capabilities: ClientCapabilities(window: .init(workDoneProgress: true)))
    #expect(try client.waitForServerRequest(WorkDoneProgressCreateRequest.self).token == "dpend-indexing")
    let begin = try client.waitForNotification(ProgressNotification.self)
    #expect(begin.token == "dpend-indexing")
    #expect(begin.value == .begin(title: "dpend: indexing", message: "2 files", percentage: 0))
    // Reports are at least 100 ms apart, but the last file's always comes.
    var reports: [WorkDoneProgress] = []
    var next = try client.waitForNotification(ProgressNotification.self)
    while next.value.kind == "report" {
      reports.append(next.value)
      next = try client.waitForNotification(ProgressNotification.self)
    }
    #expect(reports.last == .report(message: "2 of 2 files read", percentage: 100))
    #expect(reports.dropLast().allSatisfy { $0 == .report(message: "1 of 2 files read", percentage: 50) })
    #expect(next.value.kind == "end")
    let message = try #require(next.value.message, "no end message")
    #expect(message.wholeMatch(of: /indexed 2 files in \d+ ms/) != nil, "\(message)")
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test func aRequestWaitingForAnalysisCanBeCancelled() throws {
    let workspace = try ServerFixtures.missingStore()
    let client = try ServerFixtures.start(workspace, arguments: ["lsp", "--debounce", "100"])
    let feed = workspace.uri("Sources/Feed.swift")
    _ = try client.waitForDiagnostics(feed)
    let opened = client.openDocument(marked: "protocol F1️⃣eed {}\n", uri: feed)
    // The hover waits for the analysis the change scheduled (100 ms away) and is cancelled first.
    let hover = client.start(HoverRequest(textDocument: .init(uri: feed), position: opened.lspPosition("1️⃣")))
    client.notify(CancelRequestNotification(id: hover.id))
    #expect(try client.response(to: hover) == .failure(ResponseError(code: -32800, message: "request cancelled")))
    #expect(try client.shutdownAndExit() == 0)
  }
}
