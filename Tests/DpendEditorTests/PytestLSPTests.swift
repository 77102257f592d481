import DpendTestSupport
import Foundation
import Testing

/// The same scenario under pytest-lsp, with the capability sets it ships for VS Code and Neovim,
/// and a pulling client with and without `refreshSupport`.
@Suite struct PytestLSPTests {
  @Test(.enabled(if: EditorTools.hasPytestLSP || EditorTools.isCI, "pytest-lsp (PyPI) is not installed"))
  func scenarioWithVSCodeAndNeovimCapabilities() throws {
    let python = try #require(EditorTools.hasPytestLSP ? EditorTools.python3 : nil, "pytest-lsp is required in CI")
    let result = try EditorTools.run(
      python, ["-m", "pytest", "editors/tests", "-q", "-p", "no:cacheprovider"],
      environment: ["DPEND_BIN": EditorTools.dpend], directory: Repository.root, timeout: 180)
    #expect(result.status == 0, "pytest output:\n\(result.output)")
    #expect(result.output.contains("6 passed"), "pytest output:\n\(result.output)")
  }
}
