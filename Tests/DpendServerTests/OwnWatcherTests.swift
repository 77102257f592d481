import DpendProtocol
import Foundation
import Testing

/// A client that cannot watch files (no dynamic registration): the server watches itself.
@Suite struct OwnWatcherTests {
  @Test func filesWrittenRenamedAndDeletedByAnotherProgramUpdateDiagnostics() throws {
    let workspace = try ServerFixtures.missingStore()
    let client = try TestLSPClient()
    client.keepAlive(workspace)
    try client.initialize(root: workspace.root)
    let feed = workspace.uri("Sources/Feed.swift")
    #expect(try client.diagnostics(for: feed).count == 1)
    // A code generator writes a provider.
    try workspace.write("Sources/Generated.swift", "final class StoreImpl: Store {}\n")
    #expect(try client.diagnostics(for: feed) == [])
    // `git mv` renames it (still provided), then a checkout deletes it: the error is back.
    try FileManager.default.moveItem(
      at: workspace.url("Sources/Generated.swift"), to: workspace.url("Sources/Moved.swift"))
    try workspace.remove("Sources/Moved.swift")
    #expect(try client.diagnostics(for: feed).count == 1)
    // A new directory with a provider inside.
    try workspace.write("Sources/New/Store.swift", "final class StoreImpl: Store {}\n")
    #expect(try client.diagnostics(for: feed) == [])
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test func configurationWrittenOnDiskIsReloaded() throws {
    let workspace = try ServerFixtures.missingStore()
    try workspace.write(".dpend.json", #"{"implicitFilters": ["Nothing"]}"#)
    let client = try TestLSPClient()
    client.keepAlive(workspace)
    try client.initialize(root: workspace.root)
    try workspace.write(".dpend.json", ServerFixtures.configuration)
    #expect(try client.diagnostics(for: workspace.uri("Sources/Feed.swift")).count == 1)
    #expect(try client.shutdownAndExit() == 0)
  }
}
