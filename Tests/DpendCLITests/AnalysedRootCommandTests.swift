import DpendTestSupport
import Foundation
import Testing

/// Which folder's projects a run reads, how often it asks the toolchain to describe a
/// package (SPEC 8.6; `swift` is a stand-in on the `PATH` that logs each call), and which
/// project files' texts its kept answer holds for.
@Suite struct AnalysedRootCommandTests {
  /// The package analysed (with a nested package whose manifest does not evaluate), the
  /// package the command is run in, and the stand-in `swift`.
  static func workspace() throws -> TemporaryWorkspace {
    let workspace = try TemporaryWorkspace(
      [
        "Here/Package.swift": "// the package the command is run in\n",
        "Here/Sources/Here/Here.swift": "struct Here {}\n",
        "Other/Package.swift": "// described by the stand-in\n",
        "Other/Sources/Core/Store.swift": "public struct Store {}\n",
        "Other/Tests/CoreTests/StoreTests.swift": "import XCTest\n",
        "Other/Packages/Broken/Package.swift": "let package = Package(\n",
        "Other/Packages/Broken/Sources/Broken/Broken.swift": "struct Broken {}\n",
        "Other.json": """
        {"name": "Other", "products": [], "targets": [
          {"name": "Core", "type": "library", "path": "Sources/Core", "sources": ["Store.swift"]},
          {"name": "CoreTests", "type": "test", "path": "Tests/CoreTests", "sources": ["StoreTests.swift"],
           "target_dependencies": ["Core"]}]}

        """,
      ], prefix: "dpend-root")
    // `swift package --package-path <folder> …`: the folder's JSON, or a manifest that fails.
    try workspace.write(
      "bin/swift",
      """
      #!/bin/sh
      echo "$3" >> "\(workspace.path("describe.log"))"
      case "$3" in
        */Broken) exit 1 ;;
        *) cat "$3.json" ;;
      esac

      """)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: workspace.path("bin/swift"))
    return workspace
  }

  private static func analyze(_ workspace: TemporaryWorkspace, _ arguments: [String]) throws -> ProcessResult {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return try ProcessRunner.run(
      BuiltProduct.dpend, ["analyze", "--verbose"] + arguments, in: workspace.url("Here"),
      environment: ["PATH": workspace.path("bin") + ":" + path])
  }

  private static func described(_ workspace: TemporaryWorkspace) -> [String] {
    let log = (try? String(contentsOfFile: workspace.path("describe.log"), encoding: .utf8)) ?? ""
    let root = workspace.root.standardizedFileURL.path + "/"
    return log.split(separator: "\n").map { $0.hasPrefix(root) ? String($0.dropFirst(root.count)) : String($0) }
  }

  @Test func aPathOutsideTheCurrentPackageIsAnalysedWithItsOwnProjects() throws {
    let workspace = try Self.workspace()
    let other = workspace.root.standardizedFileURL.path + "/Other"
    let first = try Self.analyze(workspace, [other])
    #expect(
      first
        == ProcessResult(
          status: 0, stdout: "",
          stderr: """
            summary cache: 0 reused, 5 parsed
            build targets: 'Core' (1 file, library, from Package.swift); 'CoreTests' (1 file, tests, depends on \
            'Core', from Package.swift); 2 files in no target; 'Broken' (1 file, library, by folder convention)
            0 errors, 0 warnings

            """))
    // The current package is neither described nor given a cache; the analysed one is.
    #expect(Self.described(workspace) == ["Other", "Other/Packages/Broken"])
    #expect(!FileManager.default.fileExists(atPath: workspace.path("Here/.build")))
    #expect(FileManager.default.fileExists(atPath: workspace.path("Other/.build/dpend/projects.json")))

    // A run that builds a graph again describes nothing: the descriptions are kept by the
    // manifests' texts, the one that does not evaluate too.
    try workspace.write("Other/Sources/Core/Store.swift", "public struct Store {}\nstruct Cart {}\n")
    let second = try Self.analyze(workspace, [other])
    #expect(second.status == 0)
    #expect(second.stderr.hasPrefix("summary cache: 4 reused, 1 parsed\n"))
    #expect(Self.described(workspace) == ["Other", "Other/Packages/Broken"])
    // A changed manifest is described again.
    try workspace.write("Other/Packages/Broken/Package.swift", "let package = Package(name: \"Broken\"\n")
    _ = try Self.analyze(workspace, [other])
    #expect(Self.described(workspace) == ["Other", "Other/Packages/Broken", "Other/Packages/Broken"])
  }

  @Test func inputsInsideTheCurrentFolderKeepItAsTheRoot() throws {
    let workspace = try Self.workspace()
    try workspace.write(
      "Here.json",
      #"{"name": "Here", "products": [], "targets": [{"name": "App", "type": "executable", "path": "Sources/Here", "sources": ["Here.swift"]}]}"#
    )
    let result = try Self.analyze(workspace, ["Sources"])
    #expect(
      result
        == ProcessResult(
          status: 0, stdout: "",
          stderr: """
            summary cache: 0 reused, 1 parsed
            build targets: 'App' (1 file, application, from Package.swift)
            0 errors, 0 warnings

            """))
    #expect(Self.described(workspace) == ["Here"])
    #expect(FileManager.default.fileExists(atPath: workspace.path("Here/.build/dpend/projects.json")))
  }

  @Test func anAnswerIsKeptForTheTextsOfTheSpecsAnXcodeGenSpecIncludes() throws {
    let workspace = try TemporaryWorkspace(
      [
        "Shop/project.yml": "name: Shop\ninclude: [App/target.yml]\n",
        "Shop/App/target.yml": "targets:\n  App:\n    type: application\n    platform: iOS\n    sources: [Sources]\n",
        "Shop/App/Sources/Feed.swift": "struct Feed {}\n",
        "Shop/Widget/Clock.swift": "struct Clock {}\n",
      ], prefix: "dpend-root")
    let run = {
      try ProcessRunner.run(
        BuiltProduct.dpend, ["analyze", "--verbose", "--cache-directory", workspace.path("cache")],
        in: workspace.url("Shop"))
    }
    #expect(
      try run().stderr == """
        summary cache: 0 reused, 2 parsed
        build targets: 'App' (1 file, application, iOS, from project.yml); 1 file in no target
        0 errors, 0 warnings

        """)
    #expect(
      try run().stderr == """
        summary cache: 2 reused, 0 parsed
        answer cache: no input changed since the answer was kept; no graph built
        0 errors, 0 warnings

        """)
    // The included spec's sources are its own folder's.
    try workspace.write(
      "Shop/App/target.yml",
      "targets:\n  App:\n    type: application\n    platform: iOS\n    sources: [Sources, ../Widget]\n")
    #expect(
      try run().stderr == """
        summary cache: 2 reused, 0 parsed
        host state: the kept state updated with 0 changed files
        build targets: 'App' (2 files, application, iOS, from project.yml)
        0 errors, 0 warnings

        """)
  }
}
