import DpendModel
import DpendTestSupport
import DpendWorkspace
import Testing

/// A project file the build targets are read from changes which registrations answer which
/// resolve: when it changes on disk, the targets are read again and the graph built anew.
@Suite struct ProjectFileReloadTests {
  static let app = """
    import Swinject

    let container = Container()
    let feedback = container.resolve(FeedbackRepository.self)!

    """
  static let mock = """
    import Swinject
    import XCTest

    protocol FeedbackRepository {}
    final class MockFeedback: FeedbackRepository {}
    func setUpMocks() {
      container.register(FeedbackRepository.self) { _ in MockFeedback() }
    }

    """

  @Test func aChangedSpecReadsTheTargetsAgain() throws {
    let oneTarget = """
      targets:
        App:
          type: application
          platform: iOS
          sources: [App, AppTests]

      """
    let folder = try TemporaryWorkspace([
      "App/App.swift": Self.app, "AppTests/MockContainer.swift": Self.mock, "project.yml": oneTarget,
    ])
    defer { folder.remove() }
    let workspace = Workspace(root: folder.root.path)
    workspace.apply(.reload)
    // The test file is compiled into the app: its registration answers.
    #expect(workspace.analyze().diagnostics == [])

    try folder.write(
      "project.yml",
      oneTarget.replacingOccurrences(of: "[App, AppTests]", with: "[App]") + """
          AppTests:
            type: bundle.unit-test
            platform: iOS
            sources: [AppTests]
            dependencies:
              - target: App

        """)
    #expect(
      workspace.apply(.disk([FileChange(path: folder.path("project.yml"), kind: .changed)]))
        == .reloaded(reason: "project.yml changed"))
    let diagnostics = workspace.analyze().diagnostics
    #expect(
      diagnostics.map(\.message) == [
        "in target 'App': missing dependency: nothing registers 'FeedbackRepository'"
      ])
    #expect(
      diagnostics.first?.notes.map(\.message) == [
        "resolved here", "registered here, but in target 'AppTests', which 'App' does not link",
      ])
  }

  /// A spec `project.yml` includes from another folder is a project file too: changing it
  /// reads the targets again; another YAML file changing reads nothing.
  @Test func aChangedIncludedSpecReadsTheTargetsAgain() throws {
    let appTarget = """
      targets:
        App:
          type: application
          platform: iOS
          sources: [., ../AppTests]

      """
    let folder = try TemporaryWorkspace([
      "App/App.swift": Self.app, "AppTests/MockContainer.swift": Self.mock,
      "project.yml": "include:\n  - App/target.yml\n", "App/target.yml": appTarget, "crowdin.yml": "files: []\n",
    ])
    defer { folder.remove() }
    let workspace = Workspace(root: folder.root.path)
    workspace.apply(.reload)
    #expect(workspace.analyze().diagnostics == [])
    #expect(workspace.apply(.disk([FileChange(path: folder.path("crowdin.yml"), kind: .changed)])) == .none)

    try folder.write(
      "App/target.yml",
      appTarget.replacingOccurrences(of: "[., ../AppTests]", with: "[.]") + """
          AppTests:
            type: bundle.unit-test
            platform: iOS
            sources: [../AppTests]
            dependencies:
              - target: App

        """)
    #expect(
      workspace.apply(.disk([FileChange(path: folder.path("App/target.yml"), kind: .changed)]))
        == .reloaded(reason: "target.yml changed"))
    #expect(
      workspace.analyze().diagnostics.map(\.message) == [
        "in target 'App': missing dependency: nothing registers 'FeedbackRepository'"
      ])
  }
}
