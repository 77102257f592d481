import DpendAnalysis
import DpendHost
import DpendModel
import DpendTestSupport
import DpendWorkspace
import Foundation
import Testing

/// The file system changes under dpend's feet: files vanish between listing and reading,
/// links loop, pipes never end, the workspace itself goes away, trees are huge. Each fault
/// gives a diagnostic or is skipped by rule, never a crash or a hang.
@Suite struct FileSystemFaultTests {
  /// The workspace folder, removed when the test ends.
  private let workspace: TemporaryWorkspace
  private var root: URL { workspace.root }

  init() throws {
    workspace = try TemporaryWorkspace(prefix: "dpend-faults")
  }

  private func write(_ path: String, _ text: String = "protocol P {}\n") throws {
    let url = root.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  private func link(_ path: String, to destination: String) throws {
    try FileManager.default.createSymbolicLink(
      atPath: root.appendingPathComponent(path).path, withDestinationPath: destination)
  }

  private func analyze() throws -> DependencyGraph {
    try WorkspaceLoader.analyze(try WorkspaceSettings.load(root: root.path))
  }

  @Test func filesThatCannotBeReadAreReportedAndTheRestIsAnalysed() throws {
    try write("Sources/Good.swift", "protocol Good {}\nfinal class GoodImpl: Good { init() {} }\n")
    try write(".dpend.json", #"{"implicitFilters": [".*Impl"]}"#)
    // Listed, then gone before it is read: a link to a file that no longer exists.
    try link("Sources/Gone.swift", to: "Deleted.swift")
    // Links looping on themselves and on each other.
    try link("Sources/Loop.swift", to: "Loop.swift")
    try link("Sources/A.swift", to: "B.swift")
    try link("Sources/B.swift", to: "A.swift")
    let graph = try analyze()
    let sources = root.appendingPathComponent("Sources").path
    #expect(
      graph.diagnostics.map(\.message)
        == ["A.swift", "B.swift", "Gone.swift", "Loop.swift"].map {
          "cannot read '\(sources)/\($0)'"
        })
    #expect(graph.diagnostics.allSatisfy { $0.code == .unreadableFile && $0.range.start.offset == 0 })
    #expect(graph.resolved.keys.map(\.name) == ["Good"])
  }

  @Test func pipesAreSkippedAndDirectoryLinksAreNotFollowed() throws {
    try write("Sources/Good.swift")
    // Reading a FIFO would block until a writer comes: it is not a source file.
    #expect(mkfifo(root.appendingPathComponent("Sources/Pipe.swift").path, 0o644) == 0)
    // A directory link back up: following it would find every file again, forever.
    try link("Sources/Again", to: "..")
    // A directory whose name ends in .swift is searched like any directory.
    try write("Sources/Folder.swift/Inner.swift")
    let found = SourceDiscovery(excludes: [], outputFile: nil).files(in: [root.path])
    #expect(found.files == ["Sources/Folder.swift/Inner.swift", "Sources/Good.swift"].map { "\(root.path)/\($0)" })
    #expect(found.problems == [])
  }

  @Test func aWorkspaceFolderThatDisappearsIsADiagnostic() throws {
    try write("Sources/Good.swift")
    let settings = try WorkspaceSettings.load(root: root.path)
    let host = AnalysisHost()
    _ = try WorkspaceLoader.analyze(settings, host: host)
    #expect(host.paths == ["\(root.path)/Sources/Good.swift"])
    try FileManager.default.removeItem(at: root)
    let graph = try WorkspaceLoader.analyze(settings, host: host)
    #expect(
      graph.diagnostics == [
        Diagnostic(
          code: .unreadableFile, message: "input '\(root.path)' does not exist", range: .startOfFile(root.path))
      ])
    // The files that went with it are forgotten.
    #expect(host.paths == [])
  }

  @Test func aReaderThatFailsLeavesTheFileOutAndSaysSo() {
    let host = AnalysisHost()
    let unreadable = host.update(paths: ["A.swift", "B.swift", "C.swift"]) { path in
      path == "B.swift" ? nil : "protocol \(path.prefix(1)) {}\n"
    }
    #expect(unreadable == ["B.swift"])
    #expect(host.paths == ["A.swift", "C.swift"])
  }

  @Test func aTreeOfAHundredThousandFilesSkipsBuildOutputsAndHiddenFolders() throws {
    let manager = FileManager.default
    let started = Date()
    /// Creates `files` empty Swift files under `directory`, 500 to a folder, and returns their paths.
    func fill(_ directory: String, files: Int, perDirectory: Int = 500) throws -> [String] {
      try (0..<files).map { index in
        let folder = root.appendingPathComponent("\(directory)/d\(index / perDirectory)")
        if index % perDirectory == 0 { try manager.createDirectory(at: folder, withIntermediateDirectories: true) }
        let file = folder.appendingPathComponent("F\(index).swift").path
        guard manager.createFile(atPath: file, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
        return file
      }
    }
    _ = try fill(".build/checkouts", files: 40_000)
    _ = try fill("node_modules/package", files: 30_000)
    _ = try fill(".hidden", files: 15_000)
    _ = try fill("Sources/App/.swiftpm", files: 5_000)
    let sources = try fill("Sources/App", files: 10_000)
    let made = Date()
    let found = SourceDiscovery(excludes: [], outputFile: nil).files(in: [root.path])
    let searched = Date()
    // Exactly the sources, in path order: none of the 90,000 files under build outputs and
    // hidden folders, none missing.
    #expect(found.files == sources.sorted())
    #expect(found.problems == [])
    print(
      "100,000-file tree: created in \(Int(made.timeIntervalSince(started) * 1000)) ms, "
        + "10,000 sources found in \(Int(searched.timeIntervalSince(made) * 1000)) ms")
  }
}
