import DpendTestSupport
import DpendWorkspace
import Foundation
import Testing

@Suite struct AtomicFileTests {
  @Test func createsDirectoriesWritesAndLeavesNoTemporaryFiles() throws {
    let workspace = try TemporaryWorkspace()
    let path = workspace.path("Generated/Deps.swift")
    #expect(try AtomicFile.write("first\n", to: path) == .written)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "first\n")
    #expect(try AtomicFile.write("first\n", to: path) == .unchanged)
    #expect(try AtomicFile.write("second\n", to: path) == .written)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "second\n")
    #expect(try workspace.contents(of: "Generated") == ["Deps.swift"])
  }

  /// A text known to differ is written without reading the file first (not even when the
  /// file holds that text already), atomically, with no temporary file left.
  @Test func aTextKnownToDifferIsWrittenWithoutComparing() throws {
    let workspace = try TemporaryWorkspace()
    defer { workspace.remove() }
    let path = workspace.path("Generated/Deps.swift")
    #expect(try AtomicFile.write("first é\n", to: path, differs: true) == .written)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "first é\n")
    #expect(try AtomicFile.write("first é\n", to: path, differs: true) == .written)
    #expect(try AtomicFile.write("first é\n", to: path) == .unchanged)
    #expect(try workspace.contents(of: "Generated") == ["Deps.swift"])
  }

  @Test func temporaryFilesOfKilledRunsAreRemovedOnceAMinuteOld() throws {
    let workspace = try TemporaryWorkspace()
    let stale = workspace.url(".Deps.swift.dpend-STALE.tmp")
    let young = workspace.url(".Deps.swift.dpend-YOUNG.tmp")
    let other = workspace.url(".Other.swift.dpend-STALE.tmp")
    for file in [stale, young, other] { try Data("half".utf8).write(to: file) }
    for file in [stale, other] {
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSinceNow: -120)], ofItemAtPath: file.path)
    }
    #expect(try AtomicFile.write("text\n", to: workspace.path("Deps.swift")) == .written)
    // Only the old temporary file of this output goes: a young one may be a run in progress.
    #expect(
      try workspace.contents() == [
        ".Deps.swift.dpend-YOUNG.tmp", ".Other.swift.dpend-STALE.tmp", "Deps.swift",
      ])
  }

  @Test func unwritableDirectoryThrowsAndKeepsNothingHalfWritten() throws {
    let workspace = try TemporaryWorkspace()
    // A regular file where a directory is needed makes the write fail.
    try workspace.write("blocker", "x")
    #expect(throws: (any Error).self) {
      try AtomicFile.write("text", to: workspace.path("blocker/Deps.swift"))
    }
    #expect(try workspace.contents() == ["blocker"])
  }

  @Test func replaceWritesTheBytesAsTheyAreAndLeavesNoTemporaryFiles() throws {
    let workspace = try TemporaryWorkspace()
    let path = workspace.path("cache/summaries.cache")
    let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    try AtomicFile.replace(at: path, with: bytes)
    #expect(FileManager.default.contents(atPath: path) == Data(bytes))
    try AtomicFile.replace(at: path, with: [1, 2, 3])
    #expect(FileManager.default.contents(atPath: path) == Data([1, 2, 3]))
    try AtomicFile.replace(at: path, with: [])
    #expect(FileManager.default.contents(atPath: path) == Data())
    #expect(try workspace.contents(of: "cache") == ["summaries.cache"])
  }

  @Test func replaceInAnUnwritableDirectoryThrowsAndKeepsNothingHalfWritten() throws {
    let workspace = try TemporaryWorkspace()
    try workspace.write("blocker", "x")
    #expect(throws: (any Error).self) { try AtomicFile.replace(at: workspace.path("blocker/a.cache"), with: [1]) }
    #expect(try workspace.contents() == ["blocker"])
  }

  @Test func aProducerThatFailsHalfWayLeavesTheOldFileAndNoTemporary() throws {
    struct Stop: Error {}
    let workspace = try TemporaryWorkspace()
    let path = workspace.path("summaries.cache")
    try AtomicFile.replace(at: path, with: [1, 2, 3])
    #expect(throws: Stop.self) {
      try AtomicFile.replace(at: path) { write in
        try [UInt8](repeating: 9, count: 10).withUnsafeBytes { try write($0) }
        throw Stop()
      }
    }
    #expect(FileManager.default.contents(atPath: path) == Data([1, 2, 3]))
    #expect(try workspace.contents() == ["summaries.cache"])
    try AtomicFile.replace(at: path) { write in
      for piece in [[UInt8]([4, 5]), [], [6]] { try piece.withUnsafeBytes { try write($0) } }
    }
    #expect(FileManager.default.contents(atPath: path) == Data([4, 5, 6]))
  }
}
