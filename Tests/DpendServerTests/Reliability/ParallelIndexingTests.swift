import DpendProtocol
import DpendTestSupport
import Foundation
import Testing

/// Indexing reads, parses and analyses files on every core, and those threads meet on shared
/// locks. Under ThreadSanitizer (CI's second run, `halt_on_error=1`) a lock hand-over it
/// cannot see is reported as a data race and ends the server: `Synchronization.Mutex` on
/// Linux did that in about one indexing in ten, hence `Locked`. Many files and a filter
/// that is not a literal make the threads meet on every lock, at the first indexing and at
/// each reload.
@Suite struct ParallelIndexingTests {
  static let serviceCount = 64

  @Test func aWorkspaceIndexedOnEveryCoreAndReloadedGetsExactDiagnostics() throws {
    // Service0Impl needs Store (at 1️⃣), each other ServiceNImpl the service before it.
    let services = (0..<Self.serviceCount).map { index in
      MarkedText(
        "protocol Service\(index) {}\nfinal class Service\(index)Impl: Service\(index) {\n"
          + "  init(dependency: 1️⃣\(index == 0 ? "Store" : "Service\(index - 1)")) {}\n}\n")
    }
    var files = ["Sources/Store.swift": "protocol Store {}\nfinal class StoreImpl: Store {}\n"]
    for (index, service) in services.enumerated() { files["Sources/Service\(index).swift"] = service.text }
    // Regular expressions, not literals: every decision goes through the filter's shared cache.
    let withoutStore = #"{"implicitFilters": ["Service[0-9]+Impl"]}"#
    let withStore = #"{"implicitFilters": ["(Store|Service[0-9]+)Impl"]}"#
    files[".dpend.json"] = withoutStore
    let workspace = try ServerFixtures.workspace(files)
    let client = try ServerFixtures.start(workspace, capabilities: ServerFixtures.watchingClient)
    let first = workspace.uri("Sources/Service0.swift")
    let missing = try client.waitForDiagnostics(first)
    #expect(
      missing == [
        ServerFixtures.missingDependency(
          "Store", neededBy: "Service0Impl.init(dependency:)", at: services[0].lspRange("1️⃣", covering: "Store"))
      ])
    // Each reload reads every file again and analyses every file with a new filter.
    for round in 1...4 {
      let provided = !round.isMultiple(of: 2)
      try workspace.write(".dpend.json", provided ? withStore : withoutStore)
      client.notify(
        DidChangeWatchedFilesNotification(changes: [
          FileEvent(uri: workspace.uri(".dpend.json"), type: FileEvent.changed)
        ]))
      #expect(try client.waitForDiagnostics(first) == (provided ? [] : missing), "reload \(round)")
    }
    #expect(try client.shutdownAndExit() == 0)
  }
}
