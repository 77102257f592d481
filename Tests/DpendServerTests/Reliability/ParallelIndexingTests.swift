import DpendProtocol
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
    // Service0Impl needs Store, each other ServiceNImpl the service before it.
    var files = ["Sources/Store.swift": "protocol Store {}\nfinal class StoreImpl: Store {}\n"]
    for index in 0..<Self.serviceCount {
      let dependency = index == 0 ? "Store" : "Service\(index - 1)"
      files["Sources/Service\(index).swift"] =
        "protocol Service\(index) {}\nfinal class Service\(index)Impl: Service\(index) {\n"
        + "  init(dependency: \(dependency)) {}\n}\n"
    }
    // Regular expressions, not literals: every decision goes through the filter's shared cache.
    let withoutStore = #"{"implicitFilters": ["Service[0-9]+Impl"]}"#
    let withStore = #"{"implicitFilters": ["(Store|Service[0-9]+)Impl"]}"#
    files[".dpend.json"] = withoutStore
    let workspace = try ServerWorkspace(files)
    let client = try TestLSPClient()
    client.keepAlive(workspace)
    try client.initialize(root: workspace.root, capabilities: WorkspaceEventsTests.watchingClient)
    let first = workspace.uri("Sources/Service0.swift")
    let missing = try client.diagnostics(for: first)
    #expect(
      missing.map(\.json) == [
        #"{"code":"missing-dependency","message":"missing dependency: nothing provides 'Store', needed by "#
          + #"'Service0Impl.init(dependency:)'","range":{"end":{"character":24,"line":2},"#
          + #""start":{"character":19,"line":2}},"severity":1,"source":"dpend"}"#
      ])
    // Each reload reads every file again and analyses every file with a new filter.
    for round in 1...4 {
      let provided = !round.isMultiple(of: 2)
      try workspace.write(".dpend.json", provided ? withStore : withoutStore)
      client.sendNotification(
        "workspace/didChangeWatchedFiles",
        .parse(#"{"changes":[{"uri":"\#(workspace.uri(".dpend.json"))","type":2}]}"#))
      #expect(try client.diagnostics(for: first) == (provided ? [] : missing), "reload \(round)")
    }
    #expect(try client.shutdownAndExit() == 0)
  }
}
