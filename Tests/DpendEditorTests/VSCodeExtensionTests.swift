import DpendTestSupport
import Foundation
import Testing

@Suite(.serialized) struct VSCodeExtensionTests {
  static let directory = Repository.url("editors/vscode")

  private func manifest() throws -> [String: Any] {
    let data = try Data(contentsOf: Self.directory.appendingPathComponent("package.json"))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  @Test func manifestActivatesOnSwiftAndDpendWorkspaces() throws {
    let manifest = try manifest()
    #expect(manifest["main"] as? String == "./out/extension.js")
    #expect(manifest["activationEvents"] as? [String] == ["onLanguage:swift", "workspaceContains:**/.dpend.json"])
    #expect((manifest["dependencies"] as? [String: String])?["vscode-languageclient"] == "^9.0.1")
    #expect((manifest["engines"] as? [String: String])?["vscode"] == "^1.75.0")
  }

  @Test func manifestDeclaresTheCommandsAndSettings() throws {
    let contributes = try #require(try manifest()["contributes"] as? [String: Any])
    let commands = try #require(contributes["commands"] as? [[String: String]])
    #expect(
      commands.map { "\($0["category"] ?? ""): \($0["title"] ?? "") (\($0["command"] ?? ""))" } == [
        "dpend: Generate registrations (dpend.generate)", "dpend: Show dependency tree (dpend.tree)",
        "dpend: Show dependency graph (dpend.graph)",
        "dpend: Show the places a code lens lists (dpend.showReferences)", "dpend: Restart server (dpend.restart)",
      ])
    // The lenses' command is not for the palette.
    let menus = try #require(contributes["menus"] as? [String: [[String: String]]])
    #expect(menus["commandPalette"] ?? [] == [["command": "dpend.showReferences", "when": "false"]])
    let configuration = try #require(contributes["configuration"] as? [String: Any])
    let properties = try #require(configuration["properties"] as? [String: [String: Any]])
    #expect(properties.keys.sorted() == ["dpend.server.extraArguments", "dpend.server.path", "dpend.trace.server"])
    #expect(properties["dpend.trace.server"]?["enum"] as? [String] == ["off", "messages", "verbose"])
  }

  @Test(
    .enabled(
      if: (EditorTools.tsc != nil && EditorTools.node != nil) || EditorTools.isCI,
      "TypeScript (Debian's node-typescript) or Node.js is not installed"))
  func clientCompilesAndActivationSpawnsTheServer() throws {
    let tsc = try #require(EditorTools.tsc, "tsc (Debian's node-typescript) is required in CI")
    let node = try #require(EditorTools.node, "node is required in CI")
    let compiled = try EditorTools.run(tsc, ["-p", Self.directory.path], timeout: 180)
    #expect(compiled.status == 0, "tsc output:\n\(compiled.output)")
    let workspace = try EditorTools.fixtureCopy()
    let smoke = try EditorTools.run(
      node, [Self.directory.appendingPathComponent("test/smoke.js").path],
      environment: ["DPEND_BIN": EditorTools.dpend, "DPEND_WORKSPACE": workspace.root.path], timeout: 120)
    #expect(smoke.status == 0, "smoke test output:\n\(smoke.output)")
    #expect(smoke.output.hasSuffix("8 passed, 0 failed\n"), "smoke test output:\n\(smoke.output)")
  }
}
