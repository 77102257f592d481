import DpendTestSupport
import DpendWorkspace
import Foundation
import Testing

/// The root of a file the editor opens without a workspace folder (SPEC 9).
@Suite struct WorkspaceRootTests {
  @Test func theOutermostProjectFolderInTheRepositoryIsTheRoot() throws {
    // An app with a local package: the app's folder holds the package's project.
    let repository = try TemporaryWorkspace([
      ".git/HEAD": "ref: refs/heads/main\n", "App/App.xcodeproj/project.pbxproj": "",
      "App/Packages/Core/Package.swift": "", "App/Packages/Core/Sources/Core/Store.swift": "",
    ])
    defer { repository.remove() }
    let root = repository.root.standardizedFileURL.path
    #expect(
      WorkspaceRoot.of(file: repository.path("App/Packages/Core/Sources/Core/Store.swift"), home: "/nowhere")
        == (root, true))
    // Without `.git` the search goes on up, and stops below the home folder.
    try repository.remove(".git/HEAD")
    try FileManager.default.removeItem(atPath: repository.path(".git"))
    #expect(
      WorkspaceRoot.of(file: repository.path("App/Packages/Core/Sources/Core/Store.swift"), home: root)
        == (root + "/App", true))
  }

  @Test func withoutAMarkerTheFilesFolderIsTheRootUnlessTooWide() throws {
    let folder = try TemporaryWorkspace(["Loose/Feed.swift": ""])
    defer { folder.remove() }
    let loose = folder.root.standardizedFileURL.path + "/Loose"
    #expect(WorkspaceRoot.of(file: loose + "/Feed.swift", home: "/nowhere") == (loose, false))
    #expect(WorkspaceRoot.isTooWide("/", home: "/home/dev"))
    #expect(WorkspaceRoot.isTooWide("/home", home: "/home/dev"))
    #expect(WorkspaceRoot.isTooWide("/home/dev", home: "/home/dev"))
    #expect(!WorkspaceRoot.isTooWide("/home/dev/Shop", home: "/home/dev"))
  }
}
