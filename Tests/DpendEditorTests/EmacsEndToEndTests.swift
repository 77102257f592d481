import DpendTestSupport
import Foundation
import Testing

/// The scenario of `editors/emacs/test/e2e.el` in a real Emacs in batch mode, with Eglot set
/// up through the repo's `editors/emacs/dpend.el`.
@Suite struct EmacsEndToEndTests {
  static let steps = [
    "client attaches", "missing dependency diagnostic", "hover shows the provider", "definition lands on the provider",
    "an edit fixing it clears the diagnostic", "generate registrations is applied", "server exits with the editor",
  ]

  @Test(
    .enabled(
      if: EditorTools.emacs != nil || EditorTools.isCI, "Emacs with Eglot (emacs-nox, elpa-eglot) is not installed"))
  func emacsWithEglot() throws {
    let emacs = try #require(EditorTools.emacs, "Emacs with Eglot is required in CI; .ci/run installs it")
    let workspace = try EditorTools.fixtureCopy()
    let resultFile = workspace.url("e2e-result.jsonl")
    let script = Repository.url("editors/emacs/test/e2e.el").path
    let result = try EditorTools.run(
      emacs, ["--batch", "-Q", "-l", script],
      environment: [
        "DPEND_BIN": EditorTools.dpend, "DPEND_WORKSPACE": workspace.root.path, "DPEND_RESULT": resultFile.path,
      ],
      directory: workspace.root, timeout: 120)
    let outcomes = EditorTools.stepOutcomes(in: resultFile)
    for outcome in outcomes where !outcome.ok {
      Issue.record("Emacs: step '\(outcome.step)' failed: \(outcome.detail)")
    }
    #expect(outcomes.map(\.step) == Self.steps, "Emacs output:\n\(result.output)")
    #expect(result.status == 0, "Emacs output:\n\(result.output)")
    // The code action's edit, saved from its buffer: what `dpend generate` writes.
    let generated = try String(contentsOf: workspace.url("Generated/Dependencies.swift"), encoding: .utf8)
    #expect(generated == (try EditorTools.expectedGeneratedFile()))
  }
}
