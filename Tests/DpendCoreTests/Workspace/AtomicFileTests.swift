import DpendWorkspace
import Foundation
import Testing

@Suite struct AtomicFileTests {
  private let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
    "dpend-atomic-\(UUID().uuidString)")

  @Test func createsDirectoriesWritesAndLeavesNoTemporaryFiles() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("Generated/Deps.swift").path
    #expect(try AtomicFile.write("first\n", to: path) == .written)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "first\n")
    #expect(try AtomicFile.write("first\n", to: path) == .unchanged)
    #expect(try AtomicFile.write("second\n", to: path) == .written)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "second\n")
    let entries = try FileManager.default.contentsOfDirectory(
      atPath: directory.appendingPathComponent("Generated").path)
    #expect(entries == ["Deps.swift"])
  }

  @Test func temporaryFilesOfKilledRunsAreRemovedOnceAMinuteOld() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let stale = directory.appendingPathComponent(".Deps.swift.dpend-STALE.tmp")
    let young = directory.appendingPathComponent(".Deps.swift.dpend-YOUNG.tmp")
    let other = directory.appendingPathComponent(".Other.swift.dpend-STALE.tmp")
    for file in [stale, young, other] { try Data("half".utf8).write(to: file) }
    for file in [stale, other] {
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSinceNow: -120)], ofItemAtPath: file.path)
    }
    #expect(try AtomicFile.write("text\n", to: directory.appendingPathComponent("Deps.swift").path) == .written)
    // Only the old temporary file of this output goes: a young one may be a run in progress.
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == [
        ".Deps.swift.dpend-YOUNG.tmp", ".Other.swift.dpend-STALE.tmp", "Deps.swift",
      ])
  }

  @Test func unwritableDirectoryThrowsAndKeepsNothingHalfWritten() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    // A regular file where a directory is needed makes the write fail.
    let blocker = directory.appendingPathComponent("blocker")
    try Data("x".utf8).write(to: blocker)
    #expect(throws: (any Error).self) {
      try AtomicFile.write("text", to: blocker.appendingPathComponent("Deps.swift").path)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["blocker"])
  }
}
