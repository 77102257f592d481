import DpendProtocol
import DpendTestSupport
import Foundation
import Testing

/// Hover, definition, references and the quick fix on Swinject code, and live diagnostics of
/// Resolver code being typed, over JSON-RPC.
@Suite struct ContainerNavigationTests {
  static let services = """
    protocol Store {}
    protocol Analytics {}
    final class StoreImpl: Store {}
    final class AnalyticsImpl: Analytics {}
    final class Feed { init(store: Store, analytics: Analytics) {} }

    """

  /// 1️⃣ registers `Store`, resolved at 2️⃣ and 3️⃣; 4️⃣ registers `AnalyticsImpl`, not
  /// `Analytics`, resolved at 5️⃣.
  static let assembly = MarkedText(
    """
    import Swinject

    func assemble(_ container: Container) {
      container.1️⃣register(Store.self) { _ in StoreImpl() }.inObjectScope(.container)
      container.4️⃣register(AnalyticsImpl.self) { _ in AnalyticsImpl() }
      container.register(Feed.self) { r in
        Feed(store: r.2️⃣resolve(Store.self)!, analytics: r.5️⃣resolve(Analytics.self)!)
      }
      _ = container.3️⃣resolve(Store.self)!
    }

    """)

  @Test func hoverDefinitionReferencesAndQuickFixOnSwinjectCode() throws {
    let workspace = try ServerFixtures.workspace(
      [".dpend.json": "{}", "Sources/Services.swift": Self.services, "Sources/Assembly.swift": Self.assembly.text])
    let client = try ServerFixtures.start(workspace)
    let uri = workspace.uri("Sources/Assembly.swift")
    let diagnostics = try client.waitForDiagnostics(uri) { !$0.isEmpty }
    try #require(diagnostics.map(\.code) == ["registered-as-concrete-type"], "\(diagnostics)")
    #expect(diagnostics[0].range == Self.assembly.lspRange("4️⃣", covering: "register"))

    let hover = try client.send(HoverRequest(textDocument: .init(uri: uri), position: Self.assembly.lspPosition("2️⃣")))
    #expect(
      hover
        == Hover(
          contents: MarkupContent(
            markdown: "Resolves `Store`\n\nAnswered by:\n- `Store`, scope `container`, at `Assembly.swift:4`"),
          range: Self.assembly.lspRange("2️⃣", covering: "resolve")))
    let missing = try client.send(
      HoverRequest(textDocument: .init(uri: uri), position: Self.assembly.lspPosition("5️⃣")))
    #expect(
      missing?.contents.value
        == "Resolves `Analytics`\n\nNothing registers `Analytics`: `AnalyticsImpl` is registered as "
        + "`AnalyticsImpl`, not as `Analytics`, at `Assembly.swift:5`")

    let definition = try client.send(
      DefinitionRequest(textDocument: .init(uri: uri), position: Self.assembly.lspPosition("3️⃣")))
    #expect(definition == [Location(uri: uri, range: Self.assembly.lspRange("1️⃣", covering: "register"))])

    let references = try client.send(
      ReferencesRequest(
        textDocument: .init(uri: uri), position: Self.assembly.lspPosition("1️⃣"),
        context: .init(includeDeclaration: true)))
    #expect(
      references == [
        Location(uri: uri, range: Self.assembly.lspRange("1️⃣", covering: "register")),
        Location(uri: uri, range: Self.assembly.lspRange("2️⃣", covering: "resolve")),
        Location(uri: uri, range: Self.assembly.lspRange("3️⃣", covering: "resolve")),
      ])

    let actions = try client.send(
      CodeActionRequest(
        textDocument: .init(uri: uri), range: diagnostics[0].range,
        context: .init(diagnostics: diagnostics, only: [CodeAction.quickFix])))
    let typeName = Self.assembly.lspRange("4️⃣", covering: "register(AnalyticsImpl")
    let replaced = DpendProtocol.Range(
      start: Position(line: typeName.start.line, character: typeName.end.character - "AnalyticsImpl".utf16.count),
      end: typeName.end)
    #expect(
      actions == [
        CodeAction(
          title: "Register 'AnalyticsImpl' as 'Analytics'", kind: "quickfix", diagnostics: diagnostics,
          isPreferred: true,
          edit: WorkspaceEdit(changes: [uri: [TextEdit(range: replaced, newText: "Analytics")]]))
      ])
    #expect(try client.shutdownAndExit() == 0)
  }

  /// A Resolver `@Injected` property of a type nothing registers is an error as soon as it is
  /// typed, and the registration typed in another open document clears it.
  @Test func resolverDiagnosticsFollowTheTyping() throws {
    let workspace = try ServerFixtures.workspace([".dpend.json": "{}", "Sources/Services.swift": Self.services])
    let client = try ServerFixtures.start(workspace)
    let screen = workspace.uri("Sources/Screen.swift")
    let injection = workspace.uri("Sources/Injection.swift")
    let document = client.openDocument(
      marked: "import Resolver\n\nfinal class Screen {\n  @Injected var store: 1️⃣Store\n}\n", uri: screen)
    let missing = try client.waitForDiagnostics(screen) { !$0.isEmpty }
    #expect(missing.map(\.code) == ["missing-dependency"])
    #expect(missing.map(\.message) == ["missing dependency: nothing registers 'Store'"])
    #expect(missing.first?.range == document.lspRange("1️⃣", covering: "Store"))
    client.openDocument(
      marked: "import Resolver\n\nextension Resolver {\n  static func registerStores() {\n"
        + "    register { StoreImpl() as Store }\n  }\n}\n", uri: injection)
    #expect(try client.waitForDiagnostics(screen) { $0.isEmpty } == [])
  }

  /// An edit beside container code (a comment line above, a method below) keeps the container
  /// check's answer in the server, its diagnostic moved to the line the client sees; a
  /// registration typed elsewhere still clears it.
  @Test func aContainerDiagnosticMovesWithAnEditBesideIt() throws {
    let workspace = try ServerFixtures.workspace([".dpend.json": "{}", "Sources/Services.swift": Self.services])
    let client = try ServerFixtures.start(workspace)
    let screen = workspace.uri("Sources/Screen.swift")
    let document = client.openDocument(
      marked: "import Resolver\n\nfinal class Screen {\n  @Injected var store: 1️⃣Store\n}\n", uri: screen)
    let missing = try client.waitForDiagnostics(screen) { !$0.isEmpty }
    #expect(missing.first?.range == document.lspRange("1️⃣", covering: "Store"))
    client.changeDocument(
      screen, version: 2, [TextDocumentContentChangeEvent(text: "// The screen.\n" + document.text)])
    let moved = MarkedText(
      "// The screen.\n" + "import Resolver\n\nfinal class Screen {\n  @Injected var store: 1️⃣Store\n}\n")
    let published = try client.waitForDiagnostics(screen) { $0.first?.range.start.line == 4 }
    #expect(published.map(\.message) == ["missing dependency: nothing registers 'Store'"])
    #expect(published.first?.range == moved.lspRange("1️⃣", covering: "Store"))
    client.openDocument(
      marked: "import Resolver\n\nextension Resolver {\n  static func registerStores() {\n"
        + "    register { StoreImpl() as Store }\n  }\n}\n", uri: workspace.uri("Sources/Injection.swift"))
    #expect(try client.waitForDiagnostics(screen) { $0.isEmpty } == [])
  }
}
