import DpendProtocol
import DpendTestSupport
import Foundation
import Testing

@Suite struct LifecycleTests {
  /// A hover in a file nobody opened, for the requests refused before and after the session.
  static let hover = HoverRequest(
    textDocument: TextDocumentIdentifier(uri: "file:///a.swift"), position: Position(line: 0, character: 0))

  @Test func initializeReturnsCapabilitiesAndServerInfo() throws {
    let client = try TestLSPClient()
    let result = try client.initialize(root: nil)
    #expect(
      result
        == InitializeResult(
          capabilities: ServerCapabilities(
            positionEncoding: .utf16,
            textDocumentSync: .init(openClose: true, change: 2, save: .init(includeText: false)),
            hoverProvider: true, definitionProvider: true, referencesProvider: true,
            codeActionProvider: .init(codeActionKinds: ["quickfix", "source.generateRegistrations.dpend"]),
            executeCommandProvider: .init(commands: [
              "dpend.generateRegistrations", "dpend.showTree", "dpend.showGraph",
            ]),
            workspace: .init(workspaceFolders: .init(supported: true, changeNotifications: true))),
          serverInfo: .init(name: "dpend", version: "0.1.0")))
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test func utf8IsChosenWhenTheClientOffersIt() throws {
    let client = try TestLSPClient()
    let result = try client.initialize(
      root: nil, capabilities: ClientCapabilities(general: .init(positionEncodings: [.utf16, .utf8])))
    #expect(result.capabilities.positionEncoding == .utf8)
    #expect(try client.shutdownAndExit() == 0)
  }

  /// An editor that names no workspace folder (Neovim 0.11 without a root marker): the
  /// project folder above the first file opened is analysed, and the user is told so; with
  /// no marker, the file's own folder, with a warning.
  @Test func withoutAWorkspaceFolderTheProjectAboveTheFileIsAnalysedAndSaid() throws {
    let workspace = try ServerFixtures.missingStore()
    defer { workspace.remove() }
    let client = try TestLSPClient()
    client.keepAlive(workspace)
    try client.initialize(root: nil)
    let feed = workspace.uri("Sources/Feed.swift")
    client.openDocument(ServerFixtures.feed, uri: feed)
    let shown = try client.waitForNotification(ShowMessageNotification.self)
    let root = workspace.root.standardizedFileURL.path
    #expect(
      shown
        == ShowMessageNotification(
          type: 3,
          message:
            "dpend: the editor named no workspace folder; analysing \(root), the outermost project folder above the file"
        ))
    // The whole project is read: the missing Store is found with Store.swift closed.
    #expect(try client.waitForDiagnostics(feed) == [ServerFixtures.missingStoreDiagnostic])
    #expect(try client.shutdownAndExit() == 0)

    let loose = try TemporaryWorkspace(["Loose/Feed.swift": ServerFixtures.feed.text])
    defer { loose.remove() }
    let second = try TestLSPClient()
    try second.initialize(root: nil)
    second.openDocument(ServerFixtures.feed, uri: loose.uri("Loose/Feed.swift"))
    let warned = try second.waitForNotification(ShowMessageNotification.self)
    #expect(warned.type == 2)
    #expect(
      warned.message
        == "dpend: the editor named no workspace folder and no folder above the file has Package.swift, an Xcode "
        + "project, .dpend.json or .git; analysing only \(loose.root.standardizedFileURL.path)/Loose")
    #expect(try second.shutdownAndExit() == 0)
  }

  @Test func exitWithoutShutdownEndsWithOne() throws {
    let client = try TestLSPClient()
    try client.initialize(root: nil)
    client.notify(ExitNotification())
    #expect(try client.waitForExit() == 1)
  }

  /// A server that dies while a test waits (a crash, or a ThreadSanitizer report) is reported
  /// as such, with what it wrote to standard error, not as a timeout.
  @Test func aWaitTheServerExitsDuringReportsItsStatusAndStandardError() throws {
    let workspace = try ServerFixtures.missingStore()
    let client = try ServerFixtures.start(workspace)
    _ = try client.waitForDiagnostics(workspace.uri("Sources/Feed.swift"))
    // What the server says to inform reaches the client as a log message.
    let watching = try client.waitForNotification(LogMessageNotification.self) {
      $0.message.hasPrefix("watching 1 folder")
    }
    #expect(watching.type == 3)
    client.notify(ExitNotification())
    let ended = #expect(throws: TestLSPClient.ServerEnded.self) { try client.response(.number(99), timeout: 60) }
    #expect(ended?.status == 1)
    // It goes to the client only: editors file standard error as errors.
    #expect(ended?.standardError.contains("watching 1 folder") == false)
    #expect(
      ended?.description.hasPrefix("the server exited with status 1 before the response to 99; its standard error")
        == true)
  }

  @Test func endOfInputEndsTheProcess() throws {
    let client = try TestLSPClient()
    try client.initialize(root: nil)
    _ = try client.send(ShutdownRequest())
    try client.closeInput()
    #expect(try client.waitForExit() == 0)
  }

  @Test func requestsBeforeInitializeAreRefused() throws {
    let client = try TestLSPClient()
    let hover = client.start(Self.hover)
    #expect(
      try client.response(to: hover) == .failure(ResponseError(code: -32002, message: "the server is not initialized")))
    try client.initialize(root: nil)
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test func requestsAfterShutdownAreInvalid() throws {
    let client = try TestLSPClient()
    try client.initialize(root: nil)
    _ = try client.send(ShutdownRequest())
    let hover = client.start(Self.hover)
    #expect(
      try client.response(to: hover) == .failure(ResponseError(code: -32600, message: "the server is shutting down")))
    client.notify(ExitNotification())
    #expect(try client.waitForExit() == 0)
  }

  @Test func unknownMethodsAndMalformedMessagesGetErrors() throws {
    let client = try TestLSPClient()
    try client.initialize(root: nil)
    let id = client.sendRequest("dpend/unknown")
    #expect(
      try client.response(id) == .failure(ResponseError(code: -32601, message: "method not found: dpend/unknown")))
    client.sendNotification("dpend/unknownNotification")  // ignored, no answer
    client.writeRaw(Array("Content-Length: 9\r\n\r\n{not json".utf8))
    let parseError = try client.take("the parse error") {
      if case .response(nil, .failure) = $0 { return true }
      return false
    }
    #expect(parseError == .response(id: nil, result: .failure(ResponseError(code: -32700, message: "invalid JSON"))))
    // The server still answers afterwards.
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test func anAbsurdContentLengthDoesNotMakeTheServerDeaf() throws {
    let client = try TestLSPClient()
    try client.initialize(root: nil)
    client.writeRaw(Array("Content-Length: 99999999999\r\n\r\n".utf8))
    let refused = try client.take("the header error") {
      if case .response(nil, .failure) = $0 { return true }
      return false
    }
    #expect(
      refused
        == .response(
          id: nil,
          result: .failure(
            ResponseError(
              code: -32700,
              message: "invalid message header: Content-Length 99999999999 exceeds the limit of 67108864 bytes"))))
    #expect(try client.shutdownAndExit() == 0)
  }
}
