import DpendProtocol
import DpendTestSupport
import Testing

/// Quick fixes for container code over the real pipe: the IDE's edits reach the client as
/// `WorkspaceEdit`s in its positions.
@Suite struct ContainerCodeActionTests {
  static let services = """
    protocol Store {}
    protocol Feed {}
    final class StoreImpl: Store {}
    final class FeedImpl: Feed { init(store: Store) {} }

    """
  /// 1️⃣ the line after the last registration; 2️⃣ the registration the later 3️⃣ overrides.
  static let assembly = MarkedText(
    """
    import Swinject

    final class AppAssembly: Assembly {
      func assemble(container: Container) {
    2️⃣    container.register(Store.self) { _ in StoreImpl() }
        container.3️⃣register(Store.self) { _ in StoreImpl() }
    1️⃣  }
    }

    """)
  /// 1️⃣ resolves `Feed`, which nothing registers.
  static let screen = MarkedText("import Swinject\n\nfunc show(_ r: Resolver) {\n  _ = r.1️⃣resolve(Feed.self)!\n}\n")

  static func workspace() throws -> TemporaryWorkspace {
    try ServerFixtures.workspace([
      "Sources/Services.swift": services, "Sources/Assembly.swift": assembly.text, "Sources/Screen.swift": screen.text,
    ])
  }

  @Test func aMissingKeyIsRegisteredInTheAssembly() throws {
    let workspace = try Self.workspace()
    let client = try ServerFixtures.start(workspace)
    let uri = workspace.uri("Sources/Screen.swift")
    let actions = try client.send(
      CodeActionRequest(
        textDocument: .init(uri: uri), range: Self.screen.lspRange(at: "1️⃣"),
        context: .init(diagnostics: [], only: [CodeAction.quickFix])))
    #expect(
      actions == [
        CodeAction(
          title: "Register 'FeedImpl' as 'Feed'", kind: "quickfix", isPreferred: true,
          edit: WorkspaceEdit(changes: [
            workspace.uri("Sources/Assembly.swift"): [
              TextEdit(
                range: Self.assembly.lspRange(at: "1️⃣"),
                newText: "    container.register(Feed.self) { r in FeedImpl(store: r.resolve(Store.self)!) }\n")
            ]
          ]))
      ])
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test func theOverriddenRegistrationIsRemoved() throws {
    let workspace = try Self.workspace()
    let client = try ServerFixtures.start(workspace)
    let uri = workspace.uri("Sources/Assembly.swift")
    let actions = try client.send(
      CodeActionRequest(
        textDocument: .init(uri: uri), range: Self.assembly.lspRange(at: "3️⃣"),
        context: .init(diagnostics: [], only: [CodeAction.quickFix])))
    let removed = Range(
      start: Self.assembly.lspPosition("2️⃣"),
      end: Position(line: Self.assembly.lspPosition("2️⃣").line + 1, character: 0))
    #expect(
      actions == [
        CodeAction(
          title: "Remove the overridden registration at line 5", kind: "quickfix", isPreferred: true,
          edit: WorkspaceEdit(changes: [uri: [TextEdit(range: removed, newText: "")]]))
      ])
    #expect(try client.shutdownAndExit() == 0)
  }
}
