import DpendModel
import DpendTestSupport
import DpendWorkspace
import Testing

/// `.dpend.json` names the build targets to analyse, or those to leave out (SPEC 8.6): a
/// UI-test or demo target's code is not the app's.
@Suite struct TargetChoiceTests {
  static let spec = """
    targets:
      App:
        type: application
        platform: iOS
        sources: [App]
      AppUITests:
        type: bundle.ui-testing
        platform: iOS
        sources: [AppUITests]
        dependencies:
          - target: App

    """
  static let app = """
    import Swinject

    protocol Clock {}
    final class SystemClock: Clock {}
    let container = Container()
    func setUp() {
      container.register(Clock.self) { _ in SystemClock() }
    }
    let clock = container.resolve(Clock.self)!

    """
  static let uiTests = """
    import Swinject
    import XCTest

    protocol Launcher {}
    let launcher = Container().resolve(Launcher.self)!

    """

  func workspace(_ configuration: String) throws -> (TemporaryWorkspace, [String]) {
    let folder = try TemporaryWorkspace([
      "project.yml": Self.spec, "App/App.swift": Self.app, "AppUITests/Launch.swift": Self.uiTests,
      ".dpend.json": configuration,
    ])
    let workspace = Workspace(root: folder.root.path)
    workspace.apply(.reload)
    let messages = workspace.analyze().diagnostics.map { diagnostic in
      "\(diagnostic.range.file.split(separator: "/").last!): \(diagnostic.severity): \(diagnostic.message)"
    }
    return (folder, messages)
  }

  @Test func everyTargetIsAnalysedUnlessNamed() throws {
    let (folder, messages) = try workspace("{}")
    defer { folder.remove() }
    #expect(
      messages == [
        "Launch.swift: error: in target 'AppUITests': missing dependency: nothing registers 'Launcher'"
      ])
  }

  @Test func namedTargetsAloneOrExcludedOnesLeftOut() throws {
    for configuration in [#"{"targets": ["App"]}"#, #"{"excludeTargets": ["AppUITests"]}"#] {
      let (folder, messages) = try workspace(configuration)
      defer { folder.remove() }
      #expect(messages == [], "\(configuration)")
    }
  }

  @Test func aNameNoTargetHasIsAWarning() throws {
    let (folder, messages) = try workspace(#"{"excludeTargets": ["AppUITest"]}"#)
    defer { folder.remove() }
    #expect(
      messages == [
        ".dpend.json: warning: \(folder.path(".dpend.json")): field 'excludeTargets': no build target is named 'AppUITest'; targets found: 'App', 'AppUITests'",
        "Launch.swift: error: in target 'AppUITests': missing dependency: nothing registers 'Launcher'",
      ])
  }
}
