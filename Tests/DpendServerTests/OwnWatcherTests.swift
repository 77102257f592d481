import DpendProtocol
import DpendTestSupport
import Foundation
import Testing

/// A client that cannot watch files (no dynamic registration): the server watches itself.
@Suite struct OwnWatcherTests {
  @Test func filesWrittenRenamedAndDeletedByAnotherProgramUpdateDiagnostics() throws {
    let workspace = try ServerFixtures.missingStore()
    let client = try ServerFixtures.start(workspace)
    let feed = workspace.uri("Sources/Feed.swift")
    #expect(try client.waitForDiagnostics(feed) == [ServerFixtures.missingStoreDiagnostic])
    // A code generator writes a provider.
    try workspace.write("Sources/Generated.swift", "final class StoreImpl: Store {}\n")
    #expect(try client.waitForDiagnostics(feed) == [])
    // `git mv` renames it (still provided), then a checkout deletes it: the error is back.
    try FileManager.default.moveItem(
      at: workspace.url("Sources/Generated.swift"), to: workspace.url("Sources/Moved.swift"))
    try workspace.remove("Sources/Moved.swift")
    #expect(try client.waitForDiagnostics(feed) == [ServerFixtures.missingStoreDiagnostic])
    // A new directory with a provider inside.
    try workspace.write("Sources/New/Store.swift", "final class StoreImpl: Store {}\n")
    #expect(try client.waitForDiagnostics(feed) == [])
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test func configurationWrittenOnDiskIsReloaded() throws {
    let workspace = try ServerFixtures.missingStore()
    try workspace.write(".dpend.json", #"{"implicitFilters": ["Nothing"]}"#)
    let client = try ServerFixtures.start(workspace)
    try workspace.write(".dpend.json", ServerFixtures.configuration)
    #expect(
      try client.waitForDiagnostics(workspace.uri("Sources/Feed.swift")) == [ServerFixtures.missingStoreDiagnostic])
    #expect(try client.shutdownAndExit() == 0)
  }
}
