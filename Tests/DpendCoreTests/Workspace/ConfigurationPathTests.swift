import DpendModel
import DpendTestSupport
import Foundation
import Testing

@testable import DpendWorkspace

/// A checked-in `.dpend.json` cannot make dpend write or read libraries outside the
/// workspace; paths given on the command line are the user's own and are not restricted.
struct ConfigurationPathTests {
  private func settings(_ json: String, overrides: SettingOverrides = SettingOverrides(), in root: URL)
    throws(WorkspaceError)
    -> WorkspaceSettings
  {
    let configuration = try! ProjectConfiguration.parse(json, file: "\(root.path)/.dpend.json")
    return try WorkspaceSettings.resolve(
      configuration, file: "\(root.path)/.dpend.json", root: root.path, overrides: overrides)
  }

  /// A workspace folder with an empty `Sources` directory.
  private func temporaryRoot() throws -> TemporaryWorkspace {
    let workspace = try TemporaryWorkspace(prefix: "dpend-paths")
    try workspace.makeDirectory("Sources")
    return workspace
  }

  @Test(arguments: [
    ("outputFile", #"{"outputFile": "../Deps.swift"}"#, "../Deps.swift", "--output-file"),
    ("outputFile", #"{"outputFile": "Sources/../../Deps.swift"}"#, "Sources/../../Deps.swift", "--output-file"),
    ("outputFile", #"{"outputFile": "/tmp/Deps.swift"}"#, "/tmp/Deps.swift", "--output-file"),
    ("outputFile", #"{"outputFile": "."}"#, ".", "--output-file"),
    ("libraries", #"{"libraries": ["Vendor/A.dpendmodule", "../B.dpendmodule"]}"#, "../B.dpendmodule", "--library"),
  ])
  func aPathLeavingTheWorkspaceIsRefused(field: String, json: String, path: String, flag: String) throws {
    let workspace = try temporaryRoot()
    let root = workspace.root
    #expect(
      throws: WorkspaceError(
        message:
          "\(root.path)/.dpend.json: field '\(field)': '\(path)' is outside the workspace; use a path inside it, or pass \(flag) on the command line"
      )
    ) {
      try settings(json, in: root)
    }
  }

  @Test func aLinkInsideTheWorkspacePointingOutIsRefused() throws {
    let workspace = try temporaryRoot()
    let outside = try temporaryRoot()
    try FileManager.default.createSymbolicLink(at: workspace.url("Generated"), withDestinationURL: outside.root)
    #expect(throws: WorkspaceError.self) {
      try settings(#"{"outputFile": "Generated/Deps.swift"}"#, in: workspace.root)
    }
  }

  @Test func pathsInsideTheWorkspaceAndFlagsAreAccepted() throws {
    let workspace = try temporaryRoot()
    let root = workspace.root
    let inside = try settings(
      #"{"outputFile": "Sources/Generated/Deps.swift", "libraries": ["Vendor/A.dpendmodule"]}"#, in: root)
    #expect(inside.outputFile == "\(root.path)/Sources/Generated/Deps.swift")
    #expect(inside.libraries == ["\(root.path)/Vendor/A.dpendmodule"])
    var overrides = SettingOverrides()
    overrides.outputFile = "/tmp/Elsewhere.swift"
    overrides.libraries = ["../Shared.dpendmodule"]
    let flagged = try settings(
      #"{"outputFile": "../Deps.swift", "libraries": ["../B.dpendmodule"]}"#, overrides: overrides, in: root)
    #expect(flagged.outputFile == "/tmp/Elsewhere.swift")
    #expect(flagged.libraries == ["../Shared.dpendmodule"])
  }

  /// A path already absolute and normalized is its own canonical form without asking
  /// Foundation (which stats it); every other form takes Foundation's road, and both agree.
  @Test func normalizedAbsolutePathsAreTheirOwnCanonicalForm() {
    let normalized = ["/", "/a", "/a/b.swift", "/a/.hidden/b", "/a/.../b", "/a/b..c/d", "/tmp/x y/Z.swift"]
    let other = ["", "a/b", "./a", "/a/", "/a//b", "/a/./b", "/a/../b", "/a/.", "/a/..", "//a", "/a/b/"]
    for path in normalized {
      #expect(PathJoin.isNormalizedAbsolute(path), "\(path)")
      #expect(PathJoin.canonical(path) == URL(fileURLWithPath: path).standardizedFileURL.path, "\(path)")
    }
    for path in other { #expect(!PathJoin.isNormalizedAbsolute(path), "\(path)") }
  }
}
