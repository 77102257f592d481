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
    let describe = { (_: String) -> SwiftPackage.Described in
      calls += 1
      return .json(description)
    }
    let cache = folder.appendingPathComponent(".build/dpend")
    let first = ProjectDescriptions(directory: cache, describePackage: describe)
    #expect(first.describe(folder: folder.path)?.targets.map(\.name) == ["Core"])
    first.save()
    let second = ProjectDescriptions(directory: cache, describePackage: describe)
    #expect(second.describe(folder: folder.path)?.targets.map(\.name) == ["Core"])
    #expect(calls == 1)
    try "// two\n".write(to: manifest, atomically: true, encoding: .utf8)
    #expect(second.describe(folder: folder.path)?.name == "Demo")
    #expect(calls == 2)
  }

  @Test func aManifestThatDoesNotEvaluateIsKeptAsSuchUnlessTheToolchainDidNotRun() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("package-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try "let package = Package(\n".write(
      to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
    let cache = folder.appendingPathComponent(".build/dpend")
    var answers: [SwiftPackage.Described] = [.notRun, .refused]
    var calls = 0
    let describe = { (_: String) -> SwiftPackage.Described in
      calls += 1
      return answers.isEmpty ? .refused : answers.removeFirst()
    }
    // No toolchain: nothing kept, the next run tries again.
    let first = ProjectDescriptions(directory: cache, describePackage: describe)
    #expect(first.describe(folder: folder.path) == nil)
    first.save()
    #expect(!FileManager.default.fileExists(atPath: cache.appendingPathComponent("projects.json").path))
    // The toolchain refuses the manifest: kept, and not asked again for the same text.
    let second = ProjectDescriptions(directory: cache, describePackage: describe)
    #expect(second.describe(folder: folder.path) == nil)
    second.save()
    let third = ProjectDescriptions(directory: cache, describePackage: describe)
    #expect(third.describe(folder: folder.path) == nil)
    #expect((calls, first.described, second.described, third.described) == (2, 1, 1, 0))
  }

  /// The real toolchain: `swift package describe` leaves no lock file behind (SwiftPM makes
  /// one in the temporary folder for each scratch path).
  @Test(.enabled(if: ProjectDescriptionsTests.hasSwift, "no swift on the PATH"))
  func describingAPackageLeavesNothingBehind() throws {
    let marker = "dpend-lock-\(UUID().uuidString)"
    let package = FileManager.default.temporaryDirectory.appendingPathComponent(marker + "-package")
    let temporary = FileManager.default.temporaryDirectory.appendingPathComponent(marker)
    defer {
      try? FileManager.default.removeItem(at: package)
      try? FileManager.default.removeItem(at: temporary)
    }
    try FileManager.default.createDirectory(
      at: package.appendingPathComponent("Sources/Core"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    try """
    // swift-tools-version:5.9
    import PackageDescription
    let package = Package(name: "Demo", targets: [.target(name: "Core")])

    """.write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
    try "struct Store {}\n".write(
      to: package.appendingPathComponent("Sources/Core/Store.swift"), atomically: true, encoding: .utf8)
    let described = SwiftPackage.describing(folder: package.path, temporaryDirectory: temporary)
    guard case .json(let json) = described else {
      Issue.record("not described: \(described)")
      return
    }
    #expect(try SwiftPackage(describing: json).targets.map(\.name) == ["Core"])
    // Neither in the folder it was given nor in this process's temporary folder, where the
    // lock of a scratch path under `temporary` would be named after it.
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [])
    let left = try FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path)
      .filter { $0.contains(marker) && $0 != marker && $0 != marker + "-package" }
    #expect(left == [])
  }

  static let hasSwift = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
    FileManager.default.isExecutableFile(atPath: "\($0)/swift")
  }
}
