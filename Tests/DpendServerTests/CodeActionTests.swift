import DpendProtocol
import DpendTestSupport
import Foundation
import Testing

@Suite struct CodeActionTests {
  /// The code actions at `marker` of `document`, which is `uri`'s text.
  private func codeActions(
    _ client: TestLSPClient, _ uri: String, _ document: MarkedText, at marker: String, only: String
  ) throws -> [CodeAction]? {
    try client.send(
      CodeActionRequest(
        textDocument: .init(uri: uri), range: document.lspRange(at: marker),
        context: .init(diagnostics: [], only: [only])))
  }

  /// The registration method the quick fix adds for a missing `Store`: it makes `DiskStore`,
  /// the one type conforming to it (``missingStoreWithAnImplementation()``).
  static let storeStub =
    "  func store() -> DependencyRegistration<Store> {\n    DependencyRegistration { DiskStore() }\n  }\n"

  /// ``ServerFixtures/missingStore()`` with `DiskStore`, a `Store` the implicit filter does
  /// not select.
  static func missingStoreWithAnImplementation() throws -> TemporaryWorkspace {
    let workspace = try ServerFixtures.missingStore()
    try workspace.write("Sources/DiskStore.swift", "final class DiskStore: Store {}\n")
    return workspace
  }

  @Test func quickFixAddsARegistrationStubToTheConfiguration() throws {
    let workspace = try Self.missingStoreWithAnImplementation()
    let configuration = MarkedText(
      "import DpendRuntime\n\nfinal class AppConfiguration: DependencyConfiguration {\n  func other() {}\n1️⃣}\n")
    try workspace.write("Sources/Config.swift", configuration.text)
    let client = try ServerFixtures.start(workspace)
    let actions = try codeActions(
      client, workspace.uri("Sources/Feed.swift"), ServerFixtures.feed, at: "1️⃣", only: CodeAction.quickFix)
    #expect(
      actions == [
        CodeAction(
          title: "Register 'Store' in AppConfiguration making 'DiskStore'", kind: "quickfix", isPreferred: true,
          edit: WorkspaceEdit(changes: [
            workspace.uri("Sources/Config.swift"): [
              TextEdit(range: configuration.lspRange(at: "1️⃣"), newText: Self.storeStub)
            ]
          ]))
      ])
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test func quickFixOpensALineWhenTheBraceSharesOne() throws {
    let workspace = try Self.missingStoreWithAnImplementation()
    let configuration = MarkedText("final class AppConfiguration: DependencyConfiguration {1️⃣}\n")
    try workspace.write("Sources/Config.swift", configuration.text)
    let client = try ServerFixtures.start(workspace)
    let actions = try codeActions(
      client, workspace.uri("Sources/Feed.swift"), ServerFixtures.feed, at: "1️⃣", only: CodeAction.quickFix)
    #expect(
      actions?.first?.edit?.changes?[workspace.uri("Sources/Config.swift")] == [
        TextEdit(range: configuration.lspRange(at: "1️⃣"), newText: "\n" + Self.storeStub)
      ])
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test func quickFixCreatesAConfigurationWhenThereIsNone() throws {
    let workspace = try Self.missingStoreWithAnImplementation()
    let client = try ServerFixtures.start(workspace, capabilities: ServerFixtures.creatingClient)
    let actions = try codeActions(
      client, workspace.uri("Sources/Feed.swift"), ServerFixtures.feed, at: "1️⃣", only: CodeAction.quickFix)
    let created = workspace.uri("Sources/DependencyRegistrations.swift")
    #expect(
      actions == [
        CodeAction(
          title: "Register 'Store' in a new DependencyRegistrations configuration making 'DiskStore'",
          kind: "quickfix",
          isPreferred: true,
          edit: WorkspaceEdit(documentChanges: [
            .create(CreateFile(uri: created, options: .init(overwrite: true, ignoreIfExists: false))),
            .edit(
              TextDocumentEdit(
                textDocument: .init(uri: created, version: nil),
                edits: [
                  TextEdit(
                    range: Range(start: Position(line: 0, character: 0), end: Position(line: 1, character: 0)),
                    newText: "import DpendRuntime\n\nfinal class DependencyRegistrations: DependencyConfiguration {\n"
                      + Self.storeStub + "}\n")
                ])),
          ]))
      ])
    #expect(try client.shutdownAndExit() == 0)
  }

  /// For each container kind set in `.dpend.json`.
  @Test(arguments: [("dip", "Dip"), ("static", "Foundation"), ("swinject", "Swinject")])
  func generateRegistrationsWritesExactlyWhatTheCommandLineWould(container: String, module: String) throws {
    let app = MarkedText(
      "protocol Store 1️⃣{}\nfinal class StoreImpl: Store {}\nfinal class FeedImpl { init(store: Store) {} }\n")
    let workspace = try ServerFixtures.workspace(
      [
        ".dpend.json":
          #"{"implicitFilters": [".*Impl"], "outputFile": "Generated/Deps.swift", "container": "\#(container)"}"#,
        "Sources/App.swift": app.text,
      ])
    let client = try ServerFixtures.start(workspace, capabilities: ServerFixtures.creatingClient)
    let actions = try #require(
      try codeActions(client, workspace.uri("Sources/App.swift"), app, at: "1️⃣", only: CodeAction.source))
    try #require(actions.count == 1, "\(actions)")
    #expect(actions[0].title == "Generate registrations")
    let changes = try #require(actions[0].edit?.documentChanges)
    try #require(changes.count == 2, "\(changes)")
    guard case .edit(let edit) = changes[1], let text = edit.edits.first?.newText else {
      Issue.record("unexpected document changes \(changes)")
      return
    }
    #expect(text.split(separator: "\n").dropFirst().first == "import \(module)")
    #expect(
      changes[0]
        == .create(
          CreateFile(uri: workspace.uri("Generated/Deps.swift"), options: .init(overwrite: true, ignoreIfExists: false))
        ))
    // The command line writes the same text, and the server wrote nothing itself.
    #expect(!FileManager.default.fileExists(atPath: workspace.path("Generated/Deps.swift")))
    let generated = try ProcessRunner.run(BuiltProduct.dpend, ["generate"], in: workspace.root)
    #expect(generated.status == 0, "\(generated)")
    #expect(workspace.read("Generated/Deps.swift") == text)
    #expect(try client.shutdownAndExit() == 0)
  }

  /// Neovim 0.7–0.11 name the resource operations they apply but not `documentChanges`:
  /// the generation still creates the file on first use.
  @Test func aClientNamingOnlyResourceOperationsGetsTheFileCreated() throws {
    let app = MarkedText("protocol Store 1️⃣{}\nfinal class StoreImpl: Store {}\n")
    let workspace = try ServerFixtures.workspace(
      [
        ".dpend.json": #"{"implicitFilters": [".*Impl"], "outputFile": "Generated/Deps.swift"}"#,
        "Sources/App.swift": app.text,
      ])
    let neovim = ClientCapabilities(
      workspace: .init(workspaceEdit: .init(resourceOperations: ["rename", "create", "delete"])))
    let client = try ServerFixtures.start(workspace, capabilities: neovim)
    let actions = try #require(
      try codeActions(client, workspace.uri("Sources/App.swift"), app, at: "1️⃣", only: CodeAction.source))
    #expect(actions.map(\.title) == ["Generate registrations"])
    #expect(actions.first?.disabled == nil)
    let changes = try #require(actions.first?.edit?.documentChanges)
    #expect(
      changes.first
        == .create(
          CreateFile(uri: workspace.uri("Generated/Deps.swift"), options: .init(overwrite: true, ignoreIfExists: false))
        ))
    #expect(changes.count == 2)
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test func generateRegistrationsIsDisabledWhileThereAreErrors() throws {
    let workspace = try ServerFixtures.missingStore()
    try workspace.write(".dpend.json", #"{"implicitFilters": [".*Impl"], "outputFile": "Deps.swift"}"#)
    let client = try ServerFixtures.start(
      workspace, capabilities: ClientCapabilities(textDocument: .init(codeAction: .init(disabledSupport: true))))
    let actions = try codeActions(
      client, workspace.uri("Sources/Feed.swift"), ServerFixtures.feed, at: "0️⃣", only: CodeAction.source)
    #expect(
      actions == [
        CodeAction(
          title: "Generate registrations", kind: "source.generateRegistrations.dpend",
          disabled: .init(reason: "analysis found 1 error"))
      ])
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test func aDisabledActionIsLeftOutForClientsThatCannotShowWhy() throws {
    let workspace = try ServerFixtures.missingStore()
    try workspace.write(".dpend.json", #"{"implicitFilters": [".*Impl"], "outputFile": "Deps.swift"}"#)
    let client = try ServerFixtures.start(workspace)
    #expect(
      try codeActions(
        client, workspace.uri("Sources/Feed.swift"), ServerFixtures.feed, at: "0️⃣", only: CodeAction.source) == [])
    #expect(try client.shutdownAndExit() == 0)
  }

  /// `dpend.showTree` draws container code in every dialect as `dpend tree` does (it gave an
  /// empty string: the editor's graph draws no registrations).
  @Test(arguments: ["Dip", "Swinject", "Resolver", "Factory", "Stitcher", "Belum", "Locator", "Targets"])
  func theTreeCommandDrawsContainerCodeAsTheCommandLineDoes(example: String) throws {
    let workspace = try TemporaryWorkspace(copying: Repository.url("Tests/Example/\(example)"), prefix: "dpend-lsp")
    let client = try ServerFixtures.start(workspace)
    let tree = try client.send(ExecuteCommandRequest(command: "dpend.showTree"))
    let printed = try ProcessRunner.run(BuiltProduct.dpend, ["tree", "--no-cache"], in: workspace.root)
    #expect(printed.stdout.contains("← "), "\(printed.stdout)")
    // Files are named relative to the workspace folder, as the command line names them there.
    guard case .string(let drawn)? = tree else {
      Issue.record("no tree: \(String(describing: tree))")
      return
    }
    #expect(drawn == printed.stdout)
    #expect(!drawn.contains(workspace.root.path))
    #expect(try client.shutdownAndExit() == 0)
  }
}
