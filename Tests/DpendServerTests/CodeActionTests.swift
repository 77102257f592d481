import DpendProtocol
import Foundation
import Testing

@Suite struct CodeActionTests {
  private func codeActions(_ client: TestLSPClient, _ uri: String, line: Int, only: String? = nil) throws -> LSPAny {
    let filter = only.map { #","only":["\#($0)"]"# } ?? ""
    return try client.request(
      "textDocument/codeAction",
      .parse(
        #"{"textDocument":{"uri":"\#(uri)"},"range":{"start":{"line":\#(line),"character":15},"#
          + #""end":{"line":\#(line),"character":15}},"context":{"diagnostics":[]\#(filter)}}"#))
  }

  @Test func quickFixAddsARegistrationStubToTheConfiguration() throws {
    let workspace = try ServerFixtures.missingStore()
    try workspace.write(
      "Sources/Config.swift",
      "import DpendRuntime\n\nfinal class AppConfiguration: DependencyConfiguration {\n  func other() {}\n}\n")
    let client = try TestLSPClient()
    try client.initialize(root: workspace.root)
    let actions = try codeActions(client, workspace.uri("Sources/Feed.swift"), line: 2, only: "quickfix")
    let config = workspace.uri("Sources/Config.swift")
    #expect(
      actions.json
        == #"[{"edit":{"changes":{"\#(config)":[{"newText":"  func store() -> DependencyRegistration<Store> {\n"#
        + #"    DependencyRegistration { fatalError(\"TODO: make a Store\") }\n  }\n","#
        + #""range":{"end":{"character":0,"line":4},"start":{"character":0,"line":4}}}]}},"isPreferred":true,"#
        + #""kind":"quickfix","title":"Register 'Store' in AppConfiguration"}]"#)
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test func quickFixOpensALineWhenTheBraceSharesOne() throws {
    let workspace = try ServerFixtures.missingStore()
    try workspace.write("Sources/Config.swift", "final class AppConfiguration: DependencyConfiguration {}\n")
    let client = try TestLSPClient()
    client.keepAlive(workspace)
    try client.initialize(root: workspace.root)
    let actions = try codeActions(client, workspace.uri("Sources/Feed.swift"), line: 2, only: "quickfix")
    guard case .array(let list) = actions,
      let edit = list.first?["edit"]?["changes"]?[workspace.uri("Sources/Config.swift")]
    else {
      Issue.record("unexpected actions \(actions.json)")
      return
    }
    #expect(
      edit.json
        == #"[{"newText":"\n  func store() -> DependencyRegistration<Store> {\n    DependencyRegistration "#
        + #"{ fatalError(\"TODO: make a Store\") }\n  }\n","range":{"end":{"character":55,"line":0},"#
        + #""start":{"character":55,"line":0}}}]"#)
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test func quickFixCreatesAConfigurationWhenThereIsNone() throws {
    let workspace = try ServerFixtures.missingStore()
    let client = try TestLSPClient()
    try client.initialize(
      root: workspace.root,
      capabilities: .parse(#"{"workspace":{"workspaceEdit":{"documentChanges":true,"resourceOperations":["create"]}}}"#)
    )
    let actions = try codeActions(client, workspace.uri("Sources/Feed.swift"), line: 2, only: "quickfix")
    let created = workspace.uri("Sources/DependencyRegistrations.swift")
    #expect(
      actions.json
        == #"[{"edit":{"documentChanges":[{"kind":"create","options":{"ignoreIfExists":false,"overwrite":true},"#
        + #""uri":"\#(created)"},{"edits":[{"newText":"import DpendRuntime\n\nfinal class DependencyRegistrations: "#
        + #"DependencyConfiguration {\n  func store() -> DependencyRegistration<Store> {\n    DependencyRegistration "#
        + #"{ fatalError(\"TODO: make a Store\") }\n  }\n}\n","range":{"end":{"character":0,"line":0},"#
        + #""start":{"character":0,"line":0}}}],"textDocument":{"uri":"\#(created)","version":null}}]},"#
        + #""isPreferred":true,"kind":"quickfix","title":"Register 'Store' in a new DependencyRegistrations configuration"}]"#
    )
    #expect(try client.shutdownAndExit() == 0)
  }

  /// For each container kind set in `.dpend.json`.
  @Test(arguments: [("dip", "Dip"), ("static", "Foundation"), ("swinject", "Swinject")])
  func generateRegistrationsWritesExactlyWhatTheCommandLineWould(container: String, module: String) throws {
    let workspace = try ServerWorkspace([
      ".dpend.json":
        #"{"implicitFilters": [".*Impl"], "outputFile": "Generated/Deps.swift", "container": "\#(container)"}"#,
      "Sources/App.swift":
        "protocol Store {}\nfinal class StoreImpl: Store {}\nfinal class FeedImpl { init(store: Store) {} }\n",
    ])
    let client = try TestLSPClient()
    try client.initialize(
      root: workspace.root,
      capabilities: .parse(#"{"workspace":{"workspaceEdit":{"documentChanges":true,"resourceOperations":["create"]}}}"#)
    )
    let actions = try codeActions(client, workspace.uri("Sources/App.swift"), line: 0, only: "source")
    guard case .array(let list) = actions, list.count == 1,
      case .array(let changes)? = list[0]["edit"]?["documentChanges"],
      changes.count == 2, case .array(let edits)? = changes[1]["edits"],
      case .string(let text)? = edits.first?["newText"]
    else {
      Issue.record("unexpected code actions \(actions.json)")
      return
    }
    #expect(list[0]["title"] == .string("Generate registrations"))
    #expect(text.split(separator: "\n").dropFirst().first == "import \(module)")
    #expect(
      changes[0].json
        == #"{"kind":"create","options":{"ignoreIfExists":false,"overwrite":true},"uri":"\#(workspace.uri("Generated/Deps.swift"))"}"#
    )
    // The command line writes the same text, and the server wrote nothing itself.
    #expect(!FileManager.default.fileExists(atPath: workspace.url("Generated/Deps.swift").path))
    let cli = Process()
    cli.executableURL = ServerBinary.url
    cli.arguments = ["generate"]
    cli.currentDirectoryURL = workspace.root
    try cli.run()
    cli.waitUntilExit()
    #expect(try String(contentsOf: workspace.url("Generated/Deps.swift"), encoding: .utf8) == text)
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test func generateRegistrationsIsDisabledWhileThereAreErrors() throws {
    let workspace = try ServerFixtures.missingStore()
    try workspace.write(".dpend.json", #"{"implicitFilters": [".*Impl"], "outputFile": "Deps.swift"}"#)
    let client = try TestLSPClient()
    client.keepAlive(workspace)
    try client.initialize(
      root: workspace.root, capabilities: .parse(#"{"textDocument":{"codeAction":{"disabledSupport":true}}}"#))
    let actions = try codeActions(client, workspace.uri("Sources/Feed.swift"), line: 0, only: "source")
    #expect(
      actions.json
        == #"[{"disabled":{"reason":"analysis found 1 error"},"kind":"source.generateRegistrations.dpend","#
        + #""title":"Generate registrations"}]"#)
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test func aDisabledActionIsLeftOutForClientsThatCannotShowWhy() throws {
    let workspace = try ServerFixtures.missingStore()
    try workspace.write(".dpend.json", #"{"implicitFilters": [".*Impl"], "outputFile": "Deps.swift"}"#)
    let client = try TestLSPClient()
    client.keepAlive(workspace)
    try client.initialize(root: workspace.root)
    #expect(try codeActions(client, workspace.uri("Sources/Feed.swift"), line: 0, only: "source") == .array([]))
    #expect(try client.shutdownAndExit() == 0)
  }

}
