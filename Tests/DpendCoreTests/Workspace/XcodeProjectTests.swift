import DpendWorkspace
import Foundation
import Testing

/// Xcode projects' targets read from `project.pbxproj`, an old-style property list (SPEC 8.6).
@Suite struct XcodeProjectTests {
  /// An app with a classic group and sources phase, its unit tests depending on it, a widget
  /// extension whose files are a synchronized folder (Xcode 16) with one file left out, and a
  /// file of the app's folder the widget compiles too.
  static let project = #"""
    // !$*UTF8*$!
    {
      archiveVersion = 1;
      classes = {
      };
      objectVersion = 77;
      objects = {

    /* Begin PBXBuildFile section */
        B0000001 /* App.swift in Sources */ = {isa = PBXBuildFile; fileRef = F0000001 /* App.swift */; };
        B0000002 /* Store.swift in Sources */ = {isa = PBXBuildFile; fileRef = F0000002 /* Store.swift */; };
        B0000003 /* AppTests.swift in Sources */ = {isa = PBXBuildFile; fileRef = F0000003 /* AppTests.swift */; };
    /* End PBXBuildFile section */

        F0000001 /* App.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = App.swift; sourceTree = "<group>"; };
        F0000002 /* Store.swift */ = {isa = PBXFileReference; path = "Model/Store.swift"; sourceTree = "<group>"; };
        F0000003 /* AppTests.swift */ = {isa = PBXFileReference; path = AppTests.swift; sourceTree = "<group>"; };
        F0000004 /* App.app */ = {isa = PBXFileReference; path = App.app; sourceTree = BUILT_PRODUCTS_DIR; };
        G0000000 = {isa = PBXGroup; children = (G0000001, G0000002, W0000000, F0000004, ); sourceTree = "<group>"; };
        G0000001 /* My App */ = {isa = PBXGroup; children = (F0000001, F0000002, ); path = "My App"; sourceTree = "<group>"; };
        G0000002 /* AppTests */ = {isa = PBXGroup; children = (F0000003, ); path = AppTests; sourceTree = "<group>"; };
        W0000000 /* Widget */ = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (X0000001, X0000002, ); path = Widget; sourceTree = "<group>"; };
        X0000001 = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Preview.swift, ); target = T0000003; };
        X0000002 = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = ("Shared/Formatter.swift", ); target = T0000001; };
        P0000001 = {isa = PBXSourcesBuildPhase; files = (B0000001, B0000002, ); };
        P0000002 = {isa = PBXSourcesBuildPhase; files = (B0000003, ); };
        P0000003 = {isa = PBXSourcesBuildPhase; files = ( ); };
        D0000001 = {isa = PBXTargetDependency; target = T0000001 /* App */; };
        T0000001 /* App */ = {isa = PBXNativeTarget; buildConfigurationList = L0000001; buildPhases = (P0000001, ); dependencies = ( ); name = App; productType = "com.apple.product-type.application"; };
        T0000002 /* AppTests */ = {isa = PBXNativeTarget; buildPhases = (P0000002, ); dependencies = (D0000001, ); name = AppTests; productType = "com.apple.product-type.bundle.unit-test"; };
        T0000003 /* Widget */ = {isa = PBXNativeTarget; buildConfigurationList = L0000003; buildPhases = (P0000003, ); fileSystemSynchronizedGroups = (W0000000, ); name = Widget; productType = "com.apple.product-type.app-extension"; };
        L0000001 = {isa = XCConfigurationList; buildConfigurations = (C0000001, C0000002, ); };
        L0000003 = {isa = XCConfigurationList; buildConfigurations = (C0000003, ); };
        L0000009 = {isa = XCConfigurationList; buildConfigurations = (C0000009, ); };
        C0000001 /* Debug */ = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = iphoneos; SUPPORTED_PLATFORMS = "iphoneos iphonesimulator appletvos"; }; name = Debug; };
        C0000002 /* Release */ = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = iphoneos; }; name = Release; };
        C0000003 = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = watchos; }; name = Debug; };
        C0000009 = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = macosx; }; name = Debug; };
        R0000000 /* Project object */ = {isa = PBXProject; buildConfigurationList = L0000009; mainGroup = G0000000; targets = (T0000001, T0000002, T0000003, ); };
      };
      rootObject = R0000000 /* Project object */;
    }
    """#

  @Test func targetsTheirFilesDependenciesAndPlatforms() throws {
    let project = try XcodeProject(parsing: Self.project)
    #expect(project.targets.map(\.name) == ["App", "AppTests", "Widget"])
    let app = project.targets[0]
    #expect(app.productType == "com.apple.product-type.application")
    #expect(app.sources == ["My App/App.swift", "My App/Model/Store.swift"])
    #expect(app.synchronizedFolders == [])
    // The widget's exception set for the app brings one of its files into the app.
    #expect(app.includedFiles == ["Widget/Shared/Formatter.swift"])
    #expect(app.platforms == ["iOS", "tvOS"])
    let tests = project.targets[1]
    #expect(tests.sources == ["AppTests/AppTests.swift"])
    #expect(tests.dependencies == ["App"])
    // No configuration of its own: the project's.
    #expect(tests.platforms == ["macOS"])
    let widget = project.targets[2]
    #expect(widget.sources == [])
    #expect(
      widget.synchronizedFolders == [
        XcodeProject.SynchronizedFolder(path: "Widget", excluded: ["Widget/Preview.swift"])
      ])
    #expect(widget.platforms == ["watchOS"])
  }

  /// The project's configurations define `DEBUG`; the clip's inherit them and add `APPCLIP`
  /// (a string, then a `-D` flag), the app sets none of its own.
  static let conditionsProject = #"""
    // !$*UTF8*$!
    {
      objects = {
        L0000001 = {isa = XCConfigurationList; buildConfigurations = (C0000001, C0000002, ); };
        L0000002 = {isa = XCConfigurationList; buildConfigurations = (C0000003, C0000004, ); };
        L0000009 = {isa = XCConfigurationList; buildConfigurations = (C0000009, C0000010, ); };
        C0000001 = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = iphoneos; }; name = Debug; };
        C0000002 = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = iphoneos; }; name = Release; };
        C0000003 = {isa = XCBuildConfiguration; buildSettings = {SWIFT_ACTIVE_COMPILATION_CONDITIONS = "$(inherited) APPCLIP"; }; name = Debug; };
        C0000004 = {isa = XCBuildConfiguration; buildSettings = {OTHER_SWIFT_FLAGS = ("-D", APPCLIP, "-DSHARED", ); }; name = Release; };
        C0000009 = {isa = XCBuildConfiguration; buildSettings = {SWIFT_ACTIVE_COMPILATION_CONDITIONS = DEBUG; }; name = Debug; };
        C0000010 = {isa = XCBuildConfiguration; buildSettings = {SWIFT_ACTIVE_COMPILATION_CONDITIONS = ""; }; name = Release; };
        T0000001 /* App */ = {isa = PBXNativeTarget; buildConfigurationList = L0000001; buildPhases = ( ); name = App; productType = "com.apple.product-type.application"; };
        T0000002 /* Clip */ = {isa = PBXNativeTarget; buildConfigurationList = L0000002; buildPhases = ( ); name = Clip; productType = "com.apple.product-type.application.on-demand-install-capable"; };
        R0000000 = {isa = PBXProject; buildConfigurationList = L0000009; mainGroup = G0000000; targets = (T0000001, T0000002, ); };
        G0000000 = {isa = PBXGroup; children = ( ); sourceTree = "<group>"; };
      };
      rootObject = R0000000;
    }
    """#

  @Test func eachBuildConfigurationsCompilationConditions() throws {
    let project = try XcodeProject(parsing: Self.conditionsProject)
    #expect(project.targets.map(\.name) == ["App", "Clip"])
    #expect(project.targets[0].conditions == [[], ["DEBUG"]])
    #expect(project.targets[1].conditions == [["APPCLIP", "DEBUG"], ["APPCLIP", "SHARED"]])
  }

  @Test func propertyListsOfEveryKindOfValue() throws {
    let list = try PropertyList(
      parsing: #"""
        // a comment
        { a = bare/path.swift; "quoted key" = "tab\tquote\" \U00e9"; list = (1, "two", (three), ); /* c */
          empty = { }; data = <0fbd 2a>; }
        """#)
    #expect(
      list
        == .dictionary([
          "a": .string("bare/path.swift"), "quoted key": .string("tab\tquote\" é"),
          "list": .array([.string("1"), .string("two"), .array([.string("three")])]), "empty": .dictionary([:]),
          "data": .data([0x0f, 0xbd, 0x2a]),
        ]))
  }

  @Test func malformedListsNameTheLineAndWhatWasExpected() {
    for (text, error) in [
      ("{ a = b }", PropertyListError(line: 1, reason: "';' expected after the value of 'a'")),
      ("{\n a = \"open;\n}", PropertyListError(line: 3, reason: "a quoted string not closed")),
      ("(a b)", PropertyListError(line: 1, reason: "',' or ')' expected in an array")),
      ("{ a = b; } x", PropertyListError(line: 1, reason: "text after the value")),
      ("/* never closed", PropertyListError(line: 1, reason: "a comment not closed")),
      ("{\n\n = b; }", PropertyListError(line: 3, reason: "a value expected, found '='")),
      (String(repeating: "(", count: 600), PropertyListError(line: 1, reason: "values nested over 512 deep")),
    ] {
      #expect(throws: error, "\(text.prefix(20))") { try PropertyList(parsing: text) }
    }
    #expect(throws: PropertyListError(line: 1, reason: "no 'objects' and 'rootObject' of a project")) {
      try XcodeProject(parsing: "{ archiveVersion = 1; }")
    }
  }
}

/// Each file's build targets: from the projects under the root, else by folder convention.
@Suite struct BuildTargetsTests {
  @Test func projectsClaimTheirFilesAndConventionsTheRest() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("targets-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let files = [
      "My App/App.swift", "My App/Model/Store.swift", "AppTests/AppTests.swift", "Widget/Clock.swift",
      "Widget/Preview.swift", "Widget/Shared/Formatter.swift", "My App/Unused.swift",
    ]
    for file in files + ["Demo.xcodeproj/project.pbxproj"] {
      let url = root.appendingPathComponent(file)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try (file.hasSuffix(".pbxproj") ? XcodeProjectTests.project : "").write(
        to: url, atomically: true, encoding: .utf8)
    }
    let paths = files.map { root.appendingPathComponent($0).path }
    let targets = BuildTargets.discover(root: root.path, files: paths, projects: []) {
      try? String(contentsOfFile: $0, encoding: .utf8)
    }
    #expect(
      files.map { targets.targetsOfFile[root.appendingPathComponent($0).standardizedFileURL.path] ?? [] } == [
        ["App"], ["App"], ["AppTests"], ["Widget"], ["(in no target)"], ["App", "Widget"], ["(in no target)"],
      ])
    #expect(
      targets.summaryLine
        == "build targets: 'App' (3 files, application, iOS/tvOS, from Demo.xcodeproj/project.pbxproj); 'AppTests' (1 file, tests, macOS, depends on 'App', from Demo.xcodeproj/project.pbxproj); 'Widget' (2 files, extension, watchOS, from Demo.xcodeproj/project.pbxproj); 2 files in no target"
    )
  }

  @Test func withoutAProjectFoldersNameTheTargets() {
    let package: ([String]) -> Bool = { $0 == ["Packages", "Core"] }
    #expect(BuildTargets.conventionalTarget(["App", "Screens"], isPackage: package) == ("", .application))
    #expect(BuildTargets.conventionalTarget(["AppTests", "Mocks"], isPackage: package) == ("AppTests", .tests))
    #expect(BuildTargets.conventionalTarget(["AppUITests"], isPackage: package) == ("AppUITests", .tests))
    #expect(
      BuildTargets.conventionalTarget(["ShareExtension"], isPackage: package) == ("ShareExtension", .appExtension))
    #expect(
      BuildTargets.conventionalTarget(["Packages", "Core", "Sources", "Network"], isPackage: package)
        == ("Network", .library))
    // `Sources` outside a package, and a folder named just `Tests`, name nothing.
    #expect(BuildTargets.conventionalTarget(["App", "Sources", "Network"], isPackage: package) == ("", .application))
    #expect(BuildTargets.conventionalTarget(["Tests", "Example"], isPackage: package) == ("", .application))
    // A folder is a test bundle or an extension only with evidence (a test library imported, an
    // extension's Info.plist): a folder of Swift extensions or of A/B tests is the app's.
    #expect(
      BuildTargets.conventionalTarget(
        ["Wei", "Extension"], isTarget: { _, kind in kind == .tests }, isPackage: package)
        == ("", .application))
    #expect(
      BuildTargets.conventionalTarget(
        ["AppTests", "ABTests"], isTarget: { folders, _ in folders == ["AppTests"] }, isPackage: package)
        == ("AppTests", .tests))
  }

  @Test func aPackagesTargetsAreTheToolchainsDescriptionOfIt() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("package-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let manifest = """
      // swift-tools-version:5.9
      import PackageDescription
      let package = Package(
        name: "Demo", platforms: [.iOS(.v16)],
        targets: [
          .target(name: "Core", path: "Code/Core", exclude: ["Old.swift"]),
          .testTarget(name: "CoreTests", dependencies: ["Core"]),
        ])
      """
    let files = ["Code/Core/Store.swift", "Code/Core/Old.swift", "Tests/CoreTests/StoreTests.swift"]
    for (file, text) in zip(files + ["Package.swift"], ["", "", "@testable import Core\n", manifest]) {
      let url = root.appendingPathComponent(file)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
    }
    // The toolchain evaluates the manifest: the custom path and the excluded file.
    let targets = BuildTargets.discover(
      root: root.path, files: files.map { root.appendingPathComponent($0).path }, projects: []
    ) { _ in nil }
    #expect(
      targets.summaryLine
        == "build targets: 'CoreTests' (1 file, tests, iOS, depends on 'Core', from Package.swift); 'Core' (1 file, library, iOS, from Package.swift); 1 file in no target"
    )
    // Described without writing in the package.
    #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent(".build").path))
    // A manifest the toolchain cannot evaluate: SwiftPM's folder conventions.
    let fallback = BuildTargets.discover(
      root: root.path, files: files.map { root.appendingPathComponent($0).path }, projects: [],
      read: { try? String(contentsOfFile: $0, encoding: .utf8) },
      describe: { _ in nil })
    #expect(
      fallback.summaryLine
        == "build targets: the app (no project file) (2 files, application, by folder convention); 'CoreTests' (1 file, tests, by folder convention)"
    )
  }
}
