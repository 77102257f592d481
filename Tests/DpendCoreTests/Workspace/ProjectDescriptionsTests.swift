import DpendWorkspace
import Foundation
import Testing

/// Project files are read once and kept beside the summary cache, by their text (SPEC 8.6).
@Suite struct ProjectDescriptionsTests {
  @Test func anXcodeProjectIsReadAgainOnlyWhenItsTextChanges() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("projects-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = "/work/App.xcodeproj/project.pbxproj"
    let first = ProjectDescriptions(directory: directory)
    let read = try #require(first.xcodeProject(at: path, text: XcodeProjectTests.project))
    #expect(read == (try XcodeProject(parsing: XcodeProjectTests.project)))
    #expect(first.described == 1)
    first.save()
    #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("projects.json").path))

    // The next run finds it kept: the same targets, nothing read.
    let second = ProjectDescriptions(directory: directory)
    #expect(second.xcodeProject(at: path, text: XcodeProjectTests.project) == read)
    #expect(second.described == 0)
    // A changed text is read again; one that is no project, nothing.
    let renamed = XcodeProjectTests.project.replacingOccurrences(of: "name = Widget;", with: "name = Clock;")
    #expect(second.xcodeProject(at: path, text: renamed)?.targets.map(\.name) == ["App", "AppTests", "Clock"])
    #expect(second.xcodeProject(at: path, text: "{") == nil)
    #expect(second.described == 2)
  }

  @Test func aPackageIsDescribedAgainOnlyWhenItsManifestChanges() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("package-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let manifest = folder.appendingPathComponent("Package.swift")
    try "// one\n".write(to: manifest, atomically: true, encoding: .utf8)
    let description = #"{"name": "Demo", "targets": [{"name": "Core", "type": "library", "path": "Sources/Core"}]}"#
    var calls = 0
    let describe = { (_: String) -> String? in
      calls += 1
      return description
    }
    let cache = folder.appendingPathComponent(".build/dpend")
    let first = ProjectDescriptions(directory: cache, describeText: describe)
    #expect(first.describe(folder: folder.path)?.targets.map(\.name) == ["Core"])
    first.save()
    let second = ProjectDescriptions(directory: cache, describeText: describe)
    #expect(second.describe(folder: folder.path)?.targets.map(\.name) == ["Core"])
    #expect(calls == 1)
    try "// two\n".write(to: manifest, atomically: true, encoding: .utf8)
    #expect(second.describe(folder: folder.path)?.name == "Demo")
    #expect(calls == 2)
  }
}
