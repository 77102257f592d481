import DpendProtocol
import DpendTestSupport
import Foundation
import Testing

/// Pull diagnostics: a client that says it pulls gets `diagnosticProvider`, its pulled
/// documents are answered and no longer pushed, a change asks it to pull again, and a closed
/// document is pushed again.
@Suite struct PullDiagnosticsTests {
  static let assembly = MarkedText(
    """
    import Swinject

    func assemble(_ container: Container) {
      container.register(Feed.self) { r in Feed(clock: r.1️⃣resolve(Clock.self)!) }
    }

    """)
  static let services = """
    protocol Clock {}
    final class SystemClock: Clock {}
    final class Feed { init(clock: Clock) {} }

    """

  @Test func aPullingClientIsAnsweredAndNotPushedTwice() throws {
    let workspace = try ServerFixtures.workspace(
      [".dpend.json": "{}", "Sources/Services.swift": Self.services, "Sources/Assembly.swift": Self.assembly.text])
    let capabilities = ClientCapabilities(
      workspace: .init(diagnostics: .init(refreshSupport: true)),
      textDocument: .init(diagnostic: .init(dynamicRegistration: false)))
    let client = try TestLSPClient()
    client.keepAlive(workspace)
    let initialized = try client.initialize(root: workspace.root, capabilities: capabilities)
    #expect(
      initialized.capabilities.diagnosticProvider == .init(interFileDependencies: true, workspaceDiagnostics: true))
    let uri = workspace.uri("Sources/Assembly.swift")
    // Before the client pulls a document, it is pushed.
    let pushed = try client.waitForDiagnostics(uri) { !$0.isEmpty }
    #expect(pushed.map(\.message) == ["missing dependency: nothing registers 'Clock', needed by 'Feed'"])
    #expect(pushed.first?.range == Self.assembly.lspRange("1️⃣", covering: "resolve"))

    client.openDocument(Self.assembly, uri: uri)
    let report = try client.send(DocumentDiagnosticRequest(textDocument: .init(uri: uri)))
    #expect(report.kind == "full")
    #expect(report.items == pushed)
    // What was pushed is cleared: the client shows the pulled report alone.
    #expect(try client.waitForDiagnostics(uri) { $0.isEmpty } == [])
    let again = try client.send(
      DocumentDiagnosticRequest(textDocument: .init(uri: uri), previousResultId: report.resultId))
    #expect(again == DocumentDiagnosticReport(kind: "unchanged", resultId: report.resultId, items: nil))

    // An edit that fixes it asks the client to pull again, and the pull is clean.
    let fixed = Self.assembly.text.replacingOccurrences(
      of: "func assemble(_ container: Container) {\n",
      with: "func assemble(_ container: Container) {\n  container.register(Clock.self) { _ in SystemClock() }\n")
    client.replaceDocument(uri, version: 2, with: fixed)
    _ = try client.waitForServerRequest(DiagnosticRefreshRequest.self)
    let clean = try client.send(
      DocumentDiagnosticRequest(textDocument: .init(uri: uri), previousResultId: report.resultId))
    #expect(clean.kind == "full")
    #expect(clean.items == [])

    let whole = try client.send(
      WorkspaceDiagnosticRequest(previousResultIds: [.init(uri: uri, value: clean.resultId ?? "")]))
    #expect(whole.items == [.init(kind: "unchanged", resultId: clean.resultId, uri: uri, version: 2, items: nil)])

    // Closed, the document is read from disk again (where `Clock` is missing) and pushed.
    client.notify(DidCloseTextDocumentNotification(textDocument: .init(uri: uri)))
    #expect(try client.waitForDiagnostics(uri) { !$0.isEmpty } == pushed)
    #expect(try client.shutdownAndExit() == 0)
  }

  static let registrations = """
    import Swinject

    func registerClock(_ container: Container) {
      container.register(Clock.self) { _ in SystemClock() }
    }

    """

  /// `registrations` without its one registration.
  static let deletedRegistration = registrations.replacingOccurrences(
    of: "  container.register(Clock.self) { _ in SystemClock() }\n", with: "")

  /// Opens the assembly and the file registering `Clock`, and pulls the assembly once: clean.
  static func openBoth(_ client: TestLSPClient, _ workspace: TemporaryWorkspace) throws -> (
    assembly: String, clock: String, first: DocumentDiagnosticReport
  ) {
    let assembly = workspace.uri("Sources/Assembly.swift")
    let clock = workspace.uri("Sources/Clock.swift")
    client.openDocument(Self.assembly, uri: assembly)
    client.openDocument(MarkedText(Self.registrations), uri: clock)
    let first = try client.send(DocumentDiagnosticRequest(textDocument: .init(uri: assembly)))
    #expect(first.items == [])
    return (assembly, clock, first)
  }

  /// A client that pulls and can be asked again: an edit in another file asks it to pull, and
  /// the open document's pull shows the error the edit caused, and clears after the undo.
  @Test func anotherFilesEditAsksAPullingClientToPullAgain() throws {
    let workspace = try ServerFixtures.workspace([
      ".dpend.json": "{}", "Sources/Services.swift": Self.services, "Sources/Assembly.swift": Self.assembly.text,
      "Sources/Clock.swift": Self.registrations,
    ])
    let client = try ServerFixtures.start(
      workspace,
      capabilities: ClientCapabilities(
        workspace: .init(diagnostics: .init(refreshSupport: true)),
        textDocument: .init(diagnostic: .init(dynamicRegistration: false))))
    let (assembly, clock, first) = try Self.openBoth(client, workspace)
    // The registration deleted in the other file: the client is asked to pull again.
    client.replaceDocument(clock, version: 2, with: Self.deletedRegistration)
    _ = try client.waitForServerRequest(DiagnosticRefreshRequest.self)
    let broken = try client.send(
      DocumentDiagnosticRequest(textDocument: .init(uri: assembly), previousResultId: first.resultId))
    #expect(broken.kind == "full")
    #expect(broken.items?.map(\.message) == ["missing dependency: nothing registers 'Clock', needed by 'Feed'"])
    #expect(broken.items?.first?.range == Self.assembly.lspRange("1️⃣", covering: "resolve"))
    // Undone: asked again, and the pull is clean.
    client.replaceDocument(clock, version: 3, with: Self.registrations)
    _ = try client.waitForServerRequest(DiagnosticRefreshRequest.self)
    let undone = try client.send(
      DocumentDiagnosticRequest(textDocument: .init(uri: assembly), previousResultId: broken.resultId))
    #expect(undone.kind == "full")
    #expect(undone.items == [])
    #expect(try client.shutdownAndExit() == 0)
  }

  /// A client that pulls but cannot be asked to pull again (Neovim 0.11) is offered no pull:
  /// every document is pushed, so an edit in another file reaches the open one, and so does
  /// its undo. A pull it makes anyway is answered and pushing goes on.
  @Test func aPullingClientThatCannotBeAskedAgainIsPushedTo() throws {
    let workspace = try ServerFixtures.workspace([
      ".dpend.json": "{}", "Sources/Services.swift": Self.services, "Sources/Assembly.swift": Self.assembly.text,
      "Sources/Clock.swift": Self.registrations,
    ])
    let client = try TestLSPClient()
    client.keepAlive(workspace)
    let initialized = try client.initialize(
      root: workspace.root,
      capabilities: ClientCapabilities(textDocument: .init(diagnostic: .init(dynamicRegistration: false))))
    #expect(initialized.capabilities.diagnosticProvider == nil)
    // Answered, though not offered: pushing goes on.
    let (assembly, clock, _) = try Self.openBoth(client, workspace)
    client.replaceDocument(clock, version: 2, with: Self.deletedRegistration)
    let pushed = try client.waitForDiagnostics(assembly) { !$0.isEmpty }
    #expect(pushed.map(\.message) == ["missing dependency: nothing registers 'Clock', needed by 'Feed'"])
    #expect(pushed.first?.range == Self.assembly.lspRange("1️⃣", covering: "resolve"))
    client.replaceDocument(clock, version: 3, with: Self.registrations)
    #expect(try client.waitForDiagnostics(assembly) == [])
    #expect(try client.shutdownAndExit() == 0)
  }
}
