import DpendProtocol
import Foundation
import Testing

@Suite struct LifecycleTests {
  @Test func initializeReturnsCapabilitiesAndServerInfo() throws {
    let client = try TestLSPClient()
    let result = try client.initialize(root: nil)
    #expect(
      result.json
        == #"{"capabilities":{"codeActionProvider":{"codeActionKinds":["quickfix","source.generateRegistrations.dpend"]},"#
        + #""definitionProvider":true,"executeCommandProvider":{"commands":["dpend.generateRegistrations","dpend.showTree"]},"#
        + #""hoverProvider":true,"positionEncoding":"utf-16","referencesProvider":true,"#
        + #""textDocumentSync":{"change":2,"openClose":true,"save":{"includeText":false}},"#
        + #""workspace":{"workspaceFolders":{"changeNotifications":true,"supported":true}}},"#
        + #""serverInfo":{"name":"dpend","version":"0.1.0"}}"#)
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test func utf8IsChosenWhenTheClientOffersIt() throws {
    let client = try TestLSPClient()
    let result = try client.initialize(
      root: nil, capabilities: .parse(#"{"general":{"positionEncodings":["utf-16","utf-8"]}}"#))
    #expect(result["capabilities"]?["positionEncoding"] == .string("utf-8"))
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test func exitWithoutShutdownEndsWithOne() throws {
    let client = try TestLSPClient()
    try client.initialize(root: nil)
    client.sendNotification("exit")
    #expect(try client.waitForExit() == 1)
  }

  /// A server that dies while a test waits (a crash, or a ThreadSanitizer report) is reported
  /// as such, with what it wrote to standard error, not as a timeout.
  @Test func aWaitTheServerExitsDuringReportsItsStatusAndStandardError() throws {
    let workspace = try ServerFixtures.missingStore()
    let client = try TestLSPClient()
    client.keepAlive(workspace)
    try client.initialize(root: workspace.root)
    _ = try client.diagnostics(for: workspace.uri("Sources/Feed.swift"))
    client.sendNotification("exit")
    let ended = #expect(throws: TestLSPClient.ServerEnded.self) { try client.response(.number(99), timeout: 60) }
    #expect(ended?.status == 1)
    #expect(ended?.standardError.contains("dpend lsp: watching 1 folder") == true)
    #expect(
      ended?.description.hasPrefix("the server exited with status 1 before the response to 99; its standard error")
        == true)
  }

  @Test func endOfInputEndsTheProcess() throws {
    let client = try TestLSPClient()
    try client.initialize(root: nil)
    _ = try client.request("shutdown")
    try client.closeInput()
    #expect(try client.waitForExit() == 0)
  }

  @Test func requestsBeforeInitializeAreRefused() throws {
    let client = try TestLSPClient()
    let id = client.sendRequest(
      "textDocument/hover", .parse(#"{"textDocument":{"uri":"file:///a.swift"},"position":{"line":0,"character":0}}"#))
    #expect(try client.response(id) == .failure(ResponseError(code: -32002, message: "the server is not initialized")))
    try client.initialize(root: nil)
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test func requestsAfterShutdownAreInvalid() throws {
    let client = try TestLSPClient()
    try client.initialize(root: nil)
    _ = try client.request("shutdown")
    let id = client.sendRequest(
      "textDocument/hover", .parse(#"{"textDocument":{"uri":"file:///a.swift"},"position":{"line":0,"character":0}}"#))
    #expect(try client.response(id) == .failure(ResponseError(code: -32600, message: "the server is shutting down")))
    client.sendNotification("exit")
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
