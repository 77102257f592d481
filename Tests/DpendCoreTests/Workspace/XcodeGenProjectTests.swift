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

  /// Its paths are relative to its own folder, `Widget`.
  static let widget = """
    targets:
      Widget:
        type: app-extension
        platform: iOS
        sources: [.]
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
    #expect(project.targets[0].sources == [.init(path: "Widget")])
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
    // Braces and sets, as Bash's globs have them.
    let app = XcodeGenProject.Source(path: "App", excludes: ["**/*.{generated,mock}.swift", "Flavor[0-9]", "[!A-Z]*"])
    #expect(app.contains("App/Feed.swift"))
    #expect(!app.contains("App/Feed.mock.swift"))
    #expect(!app.contains("App/Views/Card.generated.swift"))
    #expect(app.contains("App/Views/Card.swift"))
    #expect(!app.contains("App/Flavor2/Brand.swift"))
    #expect(app.contains("App/FlavorX/Brand.swift"))
    #expect(!app.contains("App/lowercase.swift"))
    #expect(XcodeGenProject.Source(path: "App", includes: ["{Feed,Cart}*.swift"]).contains("App/CartView.swift"))
    #expect(!XcodeGenProject.Source(path: "App", includes: ["{Feed,Cart}*.swift"]).contains("App/Search.swift"))
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

  /// An app split as large apps split their specs: each target's spec in its own folder,
  /// included from the root spec, one including another from a third folder, a template
  /// defined in an included spec, and an include whose paths are the root's.
  static let shop: [String: String] = [
    "project.yml": """
    name: Shop
    options:
      createIntermediateGroups: true
    include:
      - App/target.yml
      - path: Extensions/Widget/widget.yml
      - path: Shared/shared.yml
        relativePaths: false
      - path: Optional/extra.yml
        enable: false
      - Missing/gone.yml
      - Lists/list.yml
    targetTemplates:
      Feature:
        type: framework
        platform: iOS
        sources:
          - path: Features/${target_name}
            excludes: ["**/*Previews.swift"]
    targets:
      Cart:
        templates: [Feature]
      Search:
        templates: [Feature]
        sources:
          - path: ./Features/SearchKit/
            includes: ["*.swift"]
      AppTests:
        dependencies:REPLACE:
          - target: App
          - target: Cart
    """,
    "App/target.yml": """
    include: ../Tests/tests.yml
    targets:
      App:
        type: application
        platform: iOS
        sources:
          - path: Sources
            excludes: [Generated, "**/*.{generated,mock}.swift"]
          - path: Resources
            type: folder
          - path: Config
            buildPhase: none
        dependencies:
          - target: Cart
          - target: ShopWidget
    """,
    "Tests/tests.yml": """
    include:
      - ../App/target.yml
    targets:
      AppTests:
        type: bundle.unit-test
        platform: iOS
        sources: [Unit]
        dependencies:
          - target: App
    """,
    "Extensions/Widget/widget.yml": """
    targetTemplates:
      Extension:
        type: app-extension
        platform: iOS
        sources: [Sources]
    targets:
      ShopWidget:
        templates: [Extension]
        sources:
          - path: Intents
            optional: true
    """,
    "Shared/shared.yml": """
    targets:
      App:
        sources:
          - Shared/Models
    """,
    "Lists/list.yml": "- App\n- Tests\n",
  ]

  /// Each file of the shop and the targets compiling it.
  static let shopFiles: [(path: String, targets: [String])] = [
    ("App/Sources/AppDelegate.swift", ["App"]),
    ("App/Sources/Screens/Feed.swift", ["App"]),
    ("App/Sources/Screens/Feed.mock.swift", ["(in no target)"]),
    ("App/Sources/Generated/Strings.swift", ["(in no target)"]),
    ("App/Resources/Preview.swift", ["(in no target)"]),
    ("App/Config/Environment.swift", ["(in no target)"]),
    ("Shared/Models/Product.swift", ["App"]),
    ("Tests/Unit/FeedTests.swift", ["AppTests"]),
    ("Extensions/Widget/Sources/Timeline.swift", ["ShopWidget"]),
    ("Extensions/Widget/Intents/Intent.swift", ["ShopWidget"]),
    ("Features/Cart/CartView.swift", ["Cart"]),
    ("Features/Cart/CartPreviews.swift", ["(in no target)"]),
    ("Features/Search/SearchView.swift", ["Search"]),
    ("Features/SearchKit/Index.swift", ["Search"]),
    ("Features/SearchKit/Internal/Tokens.swift", ["(in no target)"]),
  ]

  @Test func includedSpecsPathsAreRelativeToTheirOwnFolders() throws {
    let shop = Self.shop
    var asked: [String] = []
    let project = try XcodeGenProject(parsing: shop["project.yml"]!) { path in
      asked.append(path)
      return shop[path]
    }
    #expect(
      asked == [
        "App/target.yml", "Tests/tests.yml", "Extensions/Widget/widget.yml", "Shared/shared.yml", "Missing/gone.yml",
        "Lists/list.yml",
      ])
    #expect(
      project.includedFiles == [
        "App/target.yml", "Tests/tests.yml", "Extensions/Widget/widget.yml", "Shared/shared.yml",
      ])
    #expect(
      project.problems == [
        "included spec 'Missing/gone.yml' cannot be read",
        "included spec 'Lists/list.yml' is not read: expected a mapping of a project's fields",
      ])
    #expect(project.targets.map(\.name) == ["AppTests", "App", "ShopWidget", "Cart", "Search"])
    let sources = Dictionary(uniqueKeysWithValues: project.targets.map { ($0.name, $0.sources) })
    #expect(sources["AppTests"] == [.init(path: "Tests/Unit")])
    #expect(
      sources["App"] == [
        .init(path: "App/Sources", excludes: ["Generated", "**/*.{generated,mock}.swift"]),
        .init(path: "Shared/Models"),
      ])
    #expect(
      sources["ShopWidget"] == [.init(path: "Extensions/Widget/Sources"), .init(path: "Extensions/Widget/Intents")])
    #expect(sources["Cart"] == [.init(path: "Features/Cart", excludes: ["**/*Previews.swift"])])
    #expect(
      sources["Search"] == [
        .init(path: "Features/Search", excludes: ["**/*Previews.swift"]),
        .init(path: "Features/SearchKit", includes: ["*.swift"]),
      ])
    #expect(project.targets.map(\.dependencies) == [["App", "Cart"], ["Cart", "ShopWidget"], [], [], []])
    #expect(
      project.targets.map(\.type) == ["bundle.unit-test", "application", "app-extension", "framework", "framework"])
  }

  @Test func aNestedIncludeFromAnotherFolderGivesEachTargetItsFiles() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("xcodegen-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    for (file, text) in Self.shop.map({ ($0.key, $0.value) }) + Self.shopFiles.map({ ($0.path, "") }) {
      let url = root.appendingPathComponent(file)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
    }
    let folder = root.standardizedFileURL.path
    let paths = Self.shopFiles.map { folder + "/" + $0.path }
    let read = { (path: String) in try? String(contentsOfFile: path, encoding: .utf8) }
    let targets = BuildTargets.discover(root: folder, files: paths, projects: [], read: read) { _ in nil }
    #expect(Self.shopFiles.map { targets.targetsOfFile[folder + "/" + $0.path] ?? [] } == Self.shopFiles.map(\.targets))
    #expect(
      targets.summaryLine
        == "build targets: 'AppTests' (1 file, tests, iOS, depends on 'App', 'Cart', from project.yml); 'App' (3 files, application, iOS, depends on 'Cart', 'ShopWidget', from project.yml); 'ShopWidget' (2 files, extension, iOS, from project.yml); 'Cart' (1 file, library, iOS, from project.yml); 'Search' (2 files, library, iOS, from project.yml); 6 files in no target"
    )
    #expect(
      targets.problems.map(\.message) == [
        "project.yml: included spec 'Missing/gone.yml' cannot be read",
        "project.yml: included spec 'Lists/list.yml' is not read: expected a mapping of a project's fields",
      ])
    // The answer kept is kept for the included specs' texts too.
    let projectFiles = [
      "App/target.yml", "Extensions/Widget/widget.yml", "Shared/shared.yml", "Tests/tests.yml", "project.yml",
    ]
    .map { folder + "/" + $0 }
    #expect(targets.projectFiles == projectFiles)
    #expect(BuildTargets.projectFiles(found: [], root: folder, read: read) == projectFiles)
  }

  @Test func aSpecIncludedByAnotherIsNotReadAgainOnItsOwn() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("xcodegen-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let specs = [
      "project.yml": "include: [Modules/Cart/project.yml]\n",
      "Modules/Cart/project.yml": "targets:\n  Cart:\n    type: framework\n    platform: iOS\n    sources: [Sources]\n",
      "Modules/Cart/Sources/Cart.swift": "",
    ]
    for (file, text) in specs {
      let url = root.appendingPathComponent(file)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
    }
    let folder = root.standardizedFileURL.path
    let read = { (path: String) in try? String(contentsOfFile: path, encoding: .utf8) }
    let targets = BuildTargets.discover(
      root: folder, files: [folder + "/Modules/Cart/Sources/Cart.swift"],
      projects: [folder + "/Modules/Cart/project.yml"], read: read
    ) { _ in nil }
    #expect(targets.summaryLine == "build targets: 'Cart' (1 file, library, iOS, from project.yml)")
  }

  @Test func templatesNestAndTakeTheTargetsNameAndAttributes() throws {
    let project = try XcodeGenProject(
      parsing: """
        targetTemplates:
          Base:
            type: framework
            sources: ["${target_name}"]
          Module:
            templates: [Base]
            platform: [iOS, tvOS]
            sources:
              - path: ${kit}/${platform}
        targets:
          Core:
            templates: [Module]
            templateAttributes:
              kit: CoreKit
          Legacy:
            name: OldCore
            type: framework
            platform: macOS
            sources: ["${BUILD_ROOT}/Legacy", "${UNSET}/Legacy"]
        """, environment: ["BUILD_ROOT": "Vendor"])
    #expect(project.targets.map(\.name) == ["Core_iOS", "Core_tvOS", "OldCore"])
    #expect(project.targets.map(\.platforms) == [["iOS"], ["tvOS"], ["macOS"]])
    #expect(project.targets[0].sources == [.init(path: "Core"), .init(path: "CoreKit/iOS")])
    #expect(project.targets[1].sources == [.init(path: "Core"), .init(path: "CoreKit/tvOS")])
    #expect(project.targets[2].sources == [.init(path: "Vendor/Legacy"), .init(path: "${UNSET}/Legacy")])
  }
}
