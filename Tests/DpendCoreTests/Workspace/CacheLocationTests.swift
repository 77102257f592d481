import DpendTestSupport
import Foundation
import Testing

@testable import DpendWorkspace

/// Caches go where the ecosystem expects them (SPEC 9): `.build/dpend` in a package, the
/// user's cache folder for an Xcode project, never a new folder in an app's repository.
@Suite struct CacheLocationTests {
  static let environment = ["XDG_CACHE_HOME": "/tmp/xdg-cache", "HOME": "/home/dev"]

  @Test func aPackageKeepsItsCachesInItsBuildFolder() throws {
    let package = try TemporaryWorkspace(["Package.swift": "// swift-tools-version:5.9\n", "App.xcodeproj/x": ""])
    defer { package.remove() }
    #expect(
      CacheLocation.directory(ofRoot: package.root.path, environment: Self.environment).path
        == package.root.standardizedFileURL.path + "/.build/dpend")
  }

  @Test func anXcodeProjectKeepsItsCachesInTheUsersCacheFolder() throws {
    for marker in ["App.xcodeproj/project.pbxproj", "App.xcworkspace/contents.xcworkspacedata", "project.yml"] {
      let app = try TemporaryWorkspace([marker: "", "Sources/App.swift": "struct App {}\n"])
      defer { app.remove() }
      let root = app.root.standardizedFileURL
      let folder = CacheLocation.folderName(of: root)
      #expect(folder.hasPrefix(root.lastPathComponent + "-") && folder.count == root.lastPathComponent.count + 17)
      #expect(
        CacheLocation.directory(ofRoot: app.root.path, environment: Self.environment).path
          == "/tmp/xdg-cache/dpend/" + folder, "\(marker)")
      #if !os(macOS)
        #expect(
          CacheLocation.directory(ofRoot: app.root.path, environment: ["HOME": "/home/dev"]).path
            == "/home/dev/.cache/dpend/" + folder, "\(marker)")
      #endif
      // A `.build` folder already there (SwiftPM used in it): beside it.
      try app.write(".build/other", "")
      #expect(
        CacheLocation.directory(ofRoot: app.root.path, environment: Self.environment).path
          == root.path + "/.build/dpend")
    }
  }

  @Test func aPlainFolderKeepsItsCachesInItsBuildFolder() throws {
    let folder = try TemporaryWorkspace(["Sources/App.swift": "struct App {}\n"])
    defer { folder.remove() }
    #expect(
      CacheLocation.directory(ofRoot: folder.root.path, environment: Self.environment).path
        == folder.root.standardizedFileURL.path + "/.build/dpend")
  }

  @Test func eachRootHasAFolderOfItsOwn() {
    let first = CacheLocation.folderName(of: URL(fileURLWithPath: "/work/apps/Shop"))
    let second = CacheLocation.folderName(of: URL(fileURLWithPath: "/work/other/Shop"))
    #expect(first != second)
    #expect(first == CacheLocation.folderName(of: URL(fileURLWithPath: "/work/apps/Shop")))
    #expect(first.hasPrefix("Shop-"))
  }
}
