import DpendTestSupport
import DpendWorkspace
import Foundation
import Testing

/// Reading a source file's text (`WorkspaceLoader.readText`): exact bytes, repaired UTF-8,
/// and `nil` rather than a crash for what is not a readable file.
@Suite struct TextFileTests {
  @Test func readsTheExactText() throws {
    let workspace = try TemporaryWorkspace()
    let text = "// é 😀\nfinal class A {}\n"
    try workspace.write("A.swift", text)
    #expect(WorkspaceLoader.readText(workspace.path("A.swift")) == text)
    try workspace.write("Empty.swift", "")
    #expect(WorkspaceLoader.readText(workspace.path("Empty.swift")) == "")
  }

  @Test func readsALargeFileWhole() throws {
    let workspace = try TemporaryWorkspace()
    let text = (0..<40_000).map { "let value\($0) = \($0)\n" }.joined()
    try workspace.write("Large.swift", text)
    let read = WorkspaceLoader.readText(workspace.path("Large.swift"))
    #expect(read?.utf8.count == text.utf8.count)
    #expect(read == text)
  }

  @Test func repairsInvalidUTF8LikeStringDecoding() throws {
    let workspace = try TemporaryWorkspace()
    let bytes: [UInt8] = Array("let a = \"".utf8) + [0xFF, 0xC3] + Array("\"\n".utf8)
    try Data(bytes).write(to: workspace.url("Bad.swift"))
    #expect(WorkspaceLoader.readText(workspace.path("Bad.swift")) == "let a = \"\u{FFFD}\u{FFFD}\"\n")
  }

  @Test func missingFilesAndDirectoriesAreUnreadable() throws {
    let workspace = try TemporaryWorkspace()
    try workspace.write("Folder.swift/Inner.swift", "")
    #expect(WorkspaceLoader.readText(workspace.path("Missing.swift")) == nil)
    #expect(WorkspaceLoader.readText(workspace.path("Folder.swift")) == nil)
  }
}
