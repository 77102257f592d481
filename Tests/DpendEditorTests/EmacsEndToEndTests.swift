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

  /// `dpend-root` finds the workspace root as the Neovim module and the server do: the
  /// nearest `.dpend.json`, else the outermost folder with a project marker (`project.yml`
  /// among them) no higher than the repository.
  @Test(
    .enabled(
      if: EditorTools.emacs != nil || EditorTools.isCI, "Emacs with Eglot (emacs-nox, elpa-eglot) is not installed"))
  func rootsAreFoundAsTheOtherClientsFindThem() throws {
    let emacs = try #require(EditorTools.emacs, "Emacs with Eglot is required in CI; .ci/run installs it")
    let folder = try TemporaryWorkspace([
      "Shop/project.yml": "name: Shop\n", "Shop/App/Sources/App.swift": "", "Shop/Packages/Core/Package.swift": "",
      "Repo/.git/HEAD": "", "Repo/Inner/Package.swift": "", "Repo/Inner/Sources/A.swift": "",
      "Repo/Tool/.dpend.json": "{}", "Repo/Tool/Sources/B.swift": "", "Repo/Loose/C.swift": "",
    ])
    let asked = ["Shop/App/Sources", "Shop/Packages/Core", "Repo/Inner/Sources", "Repo/Tool/Sources", "Repo/Loose"]
    let calls = asked.map { "(princ (format \"%s\\n\" (dpend-root \"\(folder.url($0).path)\")))" }.joined()
    let load =
      "(progn (require 'package) (add-to-list 'package-directory-list \"/usr/share/emacs/site-lisp/elpa\")"
      + " (package-initialize))"
    let result = try EditorTools.run(
      emacs,
      [
        "--batch", "-Q", "--eval", load, "-l", Repository.url("editors/emacs/dpend.el").path, "--eval",
        "(progn \(calls))",
      ],
      timeout: 60)
    #expect(result.status == 0, "\(result.output)")
    let root = folder.root.standardizedFileURL.path
    #expect(
      result.stdout.split(separator: "\n").map { $0.replacingOccurrences(of: root, with: "") } == [
        "/Shop/", "/Shop/", "/Repo/Inner/", "/Repo/Tool/", "/Repo/",
      ], "\(result.output)")
  }
}
