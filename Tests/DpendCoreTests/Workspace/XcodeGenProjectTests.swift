import DpendWorkspace
import Foundation
import Testing

/// XcodeGen specs' targets, read from `project.yml` with a YAML parser (SPEC 8.6).
@Suite struct XcodeGenProjectTests {
  /// An app built from a template, its tests, an extension whose generated code is left out,
  /// a framework for two platforms, and an included spec adding a widget.
  static let spec = """
    name: Demo
    include:
      - Widget/widget.yml
    targetTemplates:
      Screens:
        sources:
          - path: ${target_name}/Screens
        dependencies:
          - package: Swinject
    targets:
      App:
        type: application
        platform: iOS
        templates: [Screens]
        sources:
          - App
          - path: Resources
            buildPhase: resources
        dependencies:
          - target: Core_iOS
          - target: ShareExtension
          - package: Firebase
            products: [FirebaseAnalytics, FirebaseCrashlytics]
          - sdk: UIKit.framework
          - framework: Vendor/Analytics.framework
      AppTests:
        type: bundle.unit-test
        platform: iOS
        sources: AppTests
        dependencies:
          - target: App
      ShareExtension:
        type: app-extension
        supportedDestinations: [iOS, macOS]
        sources:
          - path: ShareExtension
            excludes:
              - "**/*.generated.swift"
              - Previews
      Core:
        type: framework
        platform: [iOS, tvOS]
        sources:
          - path: Core
            includes: ["*.swift"]
        dependencies:
          - target: Base_${platform}
    """

  static let widget = """
    targets:
      Widget:
        type: app-extension
        platform: iOS
        sources: [Widget]
    """

  @Test func targetsTheirSourcesDependenciesAndPlatforms() throws {
    let project = try XcodeGenProject(parsing: Self.spec) { $0 == "Widget/widget.yml" ? Self.widget : nil }
    #expect(project.targets.map(\.name) == ["Widget", "App", "AppTests", "ShareExtension", "Core_iOS", "Core_tvOS"])
    let app = project.targets[1]
    #expect(app.type == "application")
    #expect(app.platforms == ["iOS"])
    // The template's source and package, with the target's name put in; no resources phase.
    #expect(app.sources == [.init(path: "App/Screens"), .init(path: "App")])
    #expect(
      app.dependencies == [
        "Swinject", "Core_iOS", "ShareExtension", "FirebaseAnalytics", "FirebaseCrashlytics", "Analytics",
      ])
    #expect(project.targets[2].sources == [.init(path: "AppTests")])
    #expect(project.targets[3].platforms == ["iOS", "macOS"])
    #expect(project.targets[4].platforms == ["iOS"])
    #expect(project.targets[5].dependencies == ["Base_tvOS"])
  }

  @Test func excludesAndIncludesAreGlobsUnderTheSourcePath() {
    let share = XcodeGenProject.Source(
      path: "ShareExtension", excludes: ["**/*.generated.swift", "Previews"])
    #expect(share.contains("ShareExtension/ShareViewController.swift"))
    #expect(share.contains("ShareExtension/Views/Card.swift"))
    #expect(!share.contains("ShareExtension/Strings.generated.swift"))
    #expect(!share.contains("ShareExtension/Views/Colors.generated.swift"))
    #expect(!share.contains("ShareExtension/Previews/CardPreview.swift"))
    #expect(!share.contains("ShareExtensionKit/Card.swift"))
    let core = XcodeGenProject.Source(path: "Core", includes: ["*.swift"])
    #expect(core.contains("Core/Store.swift"))
    #expect(!core.contains("Core/Internal/Cache.swift"))
    // A source that is one file.
    #expect(XcodeGenProject.Source(path: "App/main.swift").contains("App/main.swift"))
  }

  @Test func aSpecThatIsNotAMappingIsAnError() {
    #expect(throws: XcodeGenError(reason: "expected a mapping of a project's fields")) {
      try XcodeGenProject(parsing: "- App\n- Tests\n")
    }
    #expect(throws: XcodeGenError.self) { try XcodeGenProject(parsing: "targets: [App\n") }
  }

  @Test func aSpecsTargetsClaimTheirFilesUnlessItsProjectIsBesideIt() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("xcodegen-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let files = [
      "App/AppDelegate.swift", "App/Screens/Feed.swift", "AppTests/FeedTests.swift",
      "ShareExtension/ShareViewController.swift", "ShareExtension/Previews/CardPreview.swift",
      "Core/Store.swift", "Widget/Clock.swift", "Scripts/Tool.swift",
    ]
    for (file, text) in zip(files, Array(repeating: "", count: files.count)) + [
      ("project.yml", Self.spec), ("Widget/widget.yml", Self.widget),
    ] {
      let url = root.appendingPathComponent(file)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
    }
    let paths = files.map { root.appendingPathComponent($0).path }
    let read = { (path: String) in try? String(contentsOfFile: path, encoding: .utf8) }
    let targets = BuildTargets.discover(root: root.path, files: paths, projects: [], read: read) { _ in nil }
    #expect(
      files.map { targets.targetsOfFile[root.appendingPathComponent($0).standardizedFileURL.path] ?? [] } == [
        ["App"], ["App"], ["AppTests"], ["ShareExtension"], ["(in no target)"], ["Core_iOS", "Core_tvOS"],
        ["Widget"], ["(in no target)"],
      ])
    #expect(
      targets.summaryLine
        == "build targets: 'Widget' (1 file, extension, iOS, from project.yml); 'App' (2 files, application, iOS, depends on 'Swinject', 'Core_iOS', 'ShareExtension', 'FirebaseAnalytics', 'FirebaseCrashlytics', 'Analytics', from project.yml); 'AppTests' (1 file, tests, iOS, depends on 'App', from project.yml); 'ShareExtension' (1 file, extension, iOS/macOS, from project.yml); 'Core_iOS' (1 file, library, iOS, depends on 'Base_iOS', from project.yml); 'Core_tvOS' (1 file, library, tvOS, depends on 'Base_tvOS', from project.yml); 2 files in no target"
    )
    // The project generated from the spec, beside it, is what builds: the spec is not read.
    let project = root.appendingPathComponent("Demo.xcodeproj/project.pbxproj")
    try FileManager.default.createDirectory(
      at: project.deletingLastPathComponent(), withIntermediateDirectories: true)
    try XcodeProjectTests.project.write(to: project, atomically: true, encoding: .utf8)
    let generated = BuildTargets.discover(root: root.path, files: paths, projects: [], read: read) { _ in nil }
    #expect(generated.targets.map(\.name) == ["App", "AppTests", "Widget", "(in no target)"])
  }
}
