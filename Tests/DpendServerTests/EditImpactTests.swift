import DpendProtocol
import DpendTestSupport
import Foundation
import Testing

/// An edit that breaks other files shows a hint at the edited line of the edited buffer.
@Suite struct EditImpactTests {
  /// 1️⃣ the registration of `Clock` that the edit deletes.
  static let assembly = MarkedText(
    """
    import Swinject

    func assemble(_ container: Container) {
    1️⃣  container.register(Clock.self) { _ in SystemClock() }
    }

    """)
  static let router = MarkedText(
    """
    import Swinject

    func route(_ r: Resolver) {
      _ = r.1️⃣resolve(Clock.self)!
      _ = r.2️⃣resolve(Clock.self)!
    }

    """)
  static let screen = MarkedText(
    """
    import Swinject

    func show(_ r: Resolver) {
      _ = r.1️⃣resolve(Clock.self)!
    }

    """)

  @Test func deletingARegistrationNamesTheResolvesItBreaksAtTheEditedLine() throws {
    let workspace = try ServerFixtures.workspace([
      ".dpend.json": "{}", "Sources/Services.swift": "protocol Clock {}\nfinal class SystemClock: Clock {}\n",
      "Sources/Assembly.swift": Self.assembly.text, "Sources/Router.swift": Self.router.text,
      "Sources/Screen.swift": Self.screen.text,
    ])
    let client = try ServerFixtures.start(workspace)
    let uri = workspace.uri("Sources/Assembly.swift")
    let router = workspace.uri("Sources/Router.swift")
    let screen = workspace.uri("Sources/Screen.swift")
    client.openDocument(Self.assembly, uri: uri)
    // Answered after the first analysis: every file is clean.
    _ = try client.send(HoverRequest(textDocument: .init(uri: uri), position: Position(line: 0, character: 0)))

    // Delete the registration's line.
    let line = Self.assembly.lspPosition("1️⃣").line
    let registration = DpendProtocol.Range(
      start: Position(line: line, character: 0), end: Position(line: line + 1, character: 0))
    client.changeDocument(uri, version: 2, [TextDocumentContentChangeEvent(range: registration, text: "")])
    let hint = try client.waitForDiagnostics(uri) { !$0.isEmpty }
    func related(_ file: String, _ text: MarkedText, _ marker: String)
      -> DiagnosticRelatedInformation
    {
      DiagnosticRelatedInformation(
        location: Location(uri: file, range: text.lspRange(marker, covering: "resolve")),
        message: "missing dependency: nothing registers 'Clock'")
    }
    let at = Position(line: line, character: 0)
    #expect(
      hint == [
        DpendProtocol.Diagnostic(
          range: .init(start: at, end: at), severity: 4, code: "breaks-other-files", source: "dpend",
          message: "3 resolves in 2 other files now fail",
          relatedInformation: [
            related(router, Self.router, "1️⃣"), related(router, Self.router, "2️⃣"), related(screen, Self.screen, "1️⃣"),
          ])
      ])

    // Put back, the hint goes.
    client.changeDocument(
      uri, version: 3,
      [
        TextDocumentContentChangeEvent(
          range: .init(start: at, end: at), text: "  container.register(Clock.self) { _ in SystemClock() }\n")
      ])
    #expect(try client.waitForDiagnostics(uri) { $0.isEmpty } == [])
    #expect(try client.shutdownAndExit() == 0)
  }
}
